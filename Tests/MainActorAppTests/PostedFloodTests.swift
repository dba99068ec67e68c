import NavCore
import Testing

/// Posts that arrive faster than they run are drained on the main actor a few milliseconds at a
/// time (a bounded drain, <doc:Semantics> §9): each batch runs in a main-actor job of its own,
/// so the main actor's other work runs between the batches instead of after the whole flood.
@MainActor
@Suite struct PostedFloodTests {
    /// The main-actor job (task) each posted op ran in, in order.
    @MainActor final class Batches {
        var tasks: [Int] = []

        /// How many ops ran in each job, job after job: a change of task between two
        /// consecutive ops is a new job (two jobs in a row are never the same task: each drain's
        /// task is made by the one before, while it runs).
        var sizes: [Int] {
            var sizes: [Int] = []
            for (index, task) in tasks.enumerated() {
                if index > 0, task == tasks[index - 1] { sizes[sizes.count - 1] += 1 } else { sizes.append(1) }
            }
            return sizes
        }
    }

    @Test func postedOpsRunAFewMillisecondsPerMainActorJob() async throws {
        let nav = MainActorNavigator()
        let posts = 200
        let batches = Batches()
        // Each op takes at least 1 ms (its factory), so a drain of 4 ms starts at most 4 ops:
        // the fifth would start 4 ms or more after the drain began.
        try nav.registerRoute("slow") { _ in
            batches.tasks.append(withUnsafeCurrentTask { $0?.hashValue } ?? 0)
            let end = ContinuousClock.now + .milliseconds(1)
            while ContinuousClock.now < end {}
            return nil
        }
        var completed = 0
        for _ in 0..<posts {
            try nav.post("slow", options: ShowOptions(removeCurrent: false, recycle: .none)) { _ in completed += 1 }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while completed < posts && ContinuousClock.now < deadline { await Task.yield() }
        #expect(completed == posts)
        #expect(nav.stack.count == posts)
        let sizes = batches.sizes
        #expect(sizes.reduce(0, +) == posts)
        #expect(sizes.count >= posts / 4, "\(sizes.count) main-actor jobs ran the \(posts) ops")
        #expect(sizes.allSatisfy { $0 <= 4 }, "a job ran \(sizes.max() ?? 0) ops of 1 ms")
    }
}
