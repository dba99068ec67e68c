import NavCore
import Testing

/// Posts that arrive faster than they run are drained on the main actor a few milliseconds at a
/// time (a bounded drain, <doc:Semantics> §9), so the main actor's other work runs between the
/// batches instead of after the whole flood.
@MainActor
@Suite struct PostedFloodTests {
    /// Counts the posted shows that have completed (on the main actor).
    @MainActor final class Tally {
        var completed = 0
    }

    @Test func theMainActorRunsOtherWorkBetweenBatchesOfPostedOps() async throws {
        let nav = MainActorNavigator()
        let posts = 200
        let tally = Tally()
        // Each op takes about 1 ms (its factory), so the flood is about 200 ms of ops.
        try nav.registerRoute("slow") { _ in
            let end = ContinuousClock.now + .milliseconds(1)
            while ContinuousClock.now < end {}
            return nil
        }
        for _ in 0..<posts {
            try nav.post("slow", options: ShowOptions(removeCurrent: false, recycle: .none)) { _ in tally.completed += 1 }
        }
        // Between two turns of this loop the main actor runs its other jobs, the drains among
        // them: one drain of the whole queue would take it from 0 to 200 at once.
        var seen: Set<Int> = []
        let deadline = ContinuousClock.now + .seconds(60)
        while tally.completed < posts && ContinuousClock.now < deadline {
            seen.insert(tally.completed)
            await Task.yield()
        }
        #expect(tally.completed == posts)
        #expect(seen.contains { $0 > 0 && $0 < posts }, "the main actor got no turn during the flood: \(seen.sorted())")
        #expect(nav.stack.count == posts)
    }
}
