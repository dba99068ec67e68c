import NavCore
import Synchronization
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
        /// consecutive ops is a new job.
        var sizes: [Int] {
            var sizes: [Int] = []
            for (index, task) in tasks.enumerated() {
                if index > 0, task == tasks[index - 1] { sizes[sizes.count - 1] += 1 } else { sizes.append(1) }
            }
            return sizes
        }
    }

    @Test func postedOpsRunAFewMillisecondsPerMainActorJob() async throws {
        let nav = Navigator(dispatch: .mainActor)
        let posts = 200
        let batches = Batches()
        // Each op takes at least 1 ms (its factory), so a drain of 4 ms starts at most 4 ops:
        // the fifth would start 4 ms or more after the drain began.
        try nav.registerRoute("slow") { @MainActor _ in
            batches.tasks.append(withUnsafeCurrentTask { $0?.hashValue } ?? 0)
            let end = ContinuousClock.now + .milliseconds(1)
            while ContinuousClock.now < end {}
            return nil
        }
        // Posted from another thread: queued at the call (asked on the main actor, they would run
        // at once). The main actor is held until every post is queued, so the posts wake the
        // navigator once and each later job is made by the job before it, while it runs: two jobs
        // in a row are then two live tasks, never one task's address reused by the next (which
        // would count them as one job).
        let completed = Atomic(0)
        let queued = Atomic(false)
        let poster = Task.detached {
            defer { queued.store(true, ordering: .releasing) }
            for _ in 0..<posts {
                try nav.post("slow", options: ShowOptions(removeCurrent: false, recycle: .none)) { _ in
                    completed.add(1, ordering: .relaxed)
                }
            }
        }
        while !queued.load(ordering: .acquiring) {}
        try await poster.value
        let deadline = ContinuousClock.now + .seconds(60)
        while completed.load(ordering: .relaxed) < posts && ContinuousClock.now < deadline { await Task.yield() }
        #expect(completed.load(ordering: .relaxed) == posts)
        #expect(nav.stack.count == posts)
        let sizes = batches.sizes
        #expect(sizes.reduce(0, +) == posts)
        #expect(sizes.count >= posts / 4, "\(sizes.count) main-actor jobs ran the \(posts) ops")
        #expect(sizes.allSatisfy { $0 <= 4 }, "a job ran \(sizes.max() ?? 0) ops of 1 ms")
    }
}
