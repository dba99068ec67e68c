import NavCore
import Testing

/// SPEC §3: one FIFO queue per navigator; `ok` when an op starts at once, `queued` otherwise;
/// the queue never stalls, drops, merges or reorders; a block runs exactly once.
@Suite struct QueueTests {
    @Test func anOpAskedOfAnIdleNavigatorStartsAtOnce() throws {
        let h = Harness()
        #expect(try h.nav.push(try h.screen("A"), completion: nil) == .ok)
        #expect(!h.nav.isBusy, "a first screen is instant: the op has already ended")
        #expect(try h.nav.push(try h.screen("B"), completion: nil) == .ok)
        #expect(h.nav.isBusy, "the push waits for its transition")
        #expect(h.nav.pendingCount == 0)
    }

    @Test func anOpAskedWhileBusyIsQueuedAndCountedAsPending() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)
        #expect(try h.nav.run({}, completion: nil) == .queued)
        #expect(try h.nav.pop(animated: false, completion: nil) == .queued)
        #expect(try h.nav.setVisible(false, completion: nil) == .queued)
        #expect(h.nav.pendingCount == 3)
        #expect(h.nav.isBusy)
        try h.finish()
        #expect(h.nav.pendingCount == 0)
    }

    @Test func queuedOpsRunInTheOrderTheyWereAsked() throws {
        let h = Harness()
        try h.nav.registerRoute("R") { _ in nil }
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)
        try h.nav.run ({ h.log.append("run 1") }, completion: nil)
        try h.nav.push(try h.screen("C"), animated: false, completion: nil)
        try h.nav.run ({ h.log.append("run 2") }, completion: nil)
        try h.nav.pop(animated: false, completion: nil)
        try h.nav.show("R", options: ShowOptions(removeCurrent: false), completion: nil)
        try h.nav.run ({ h.log.append("run 3") }, completion: nil)
        try h.nav.popToRoot(animated: false, completion: nil)
        try h.finish()
        let order = h.trace().filter { $0.hasPrefix("done") || $0.hasPrefix("run") }
        #expect(order == [
            "done push completed",
            "run 1", "done run completed",
            "done push completed",
            "run 2", "done run completed",
            "done pop completed",
            "done show completed",
            "run 3", "done run completed",
            "done pop_to_root completed",
        ])
        #expect(h.names == ["A"])
    }

    @Test func theQueueMovesOnAfterNoopsAndFailedOps() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        try h.nav.pop(completion: nil)  // waits
        let completions = Completions()
        try h.nav.pop(completion: completions.handler)  // noop: A alone
        try h.nav.push(screens[0], completion: completions.handler)  // duplicate
        try h.nav.setStack([], completion: completions.handler)  // invalid
        try h.nav.pop(to: try h.screen("X"), completion: completions.handler)  // not_in_stack
        try h.nav.show("nowhere", completion: completions.handler)  // unknown_route
        let ran = Counter()
        try h.nav.run({ ran.increment() }, completion: completions.handler)
        try h.finish()
        #expect(completions.received == [.noop, .duplicate, .invalid, .notInStack, .unknownRoute, .completed])
        #expect(ran.value == 1)
        #expect(!h.nav.isBusy)
        #expect(h.nav.pendingCount == 0)
    }

    @Test func theQueueMovesOnAfterAVetoedBack() throws {
        let h = Harness()
        try h.stack("A", "B")
        h.nav.setPopVeto { _, _ in false }
        try h.nav.push(try h.screen("C"), completion: nil)  // waits
        let completions = Completions()
        try h.nav.back(completion: completions.handler)
        try h.nav.run({}, completion: completions.handler)
        try h.finish()
        #expect(completions.received == [.vetoed, .completed])
        #expect(!h.nav.isBusy)
    }

    @Test func theQueueMovesOnAfterACancelledGesture() throws {
        let h = Harness()
        try h.stack("A", "B")
        try h.nav.beginGesture(completion: nil)
        let ran = Counter()
        #expect(try h.nav.run ({ ran.increment() }, completion: nil) == .queued)
        #expect(try h.nav.push(try h.screen("C"), animated: false, completion: nil) == .queued)
        try h.nav.cancelTransition(try #require(h.nav.transitionInFlight))
        #expect(ran.value == 1)
        #expect(h.names == ["A", "B", "C"])
        #expect(!h.nav.isBusy)
        #expect(h.nav.pendingCount == 0)
    }

    @Test func aBlockRunsExactlyOnceAndTheQueueMovesOnAfterIt() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)  // waits
        let counts = Locked<[Int]>([0, 0, 0])
        for index in 0..<3 { try h.nav.run ({ counts.update { $0[index] += 1 } }, completion: nil) }
        try h.nav.pop(completion: nil)  // animated: waits after the blocks
        try h.finish()
        #expect(counts.value == [1, 1, 1])
        #expect(h.nav.isBusy, "the pop after the blocks started and waits")
        try h.finish()
        try h.nav.push(try h.screen("C"), animated: false, completion: nil)
        try h.nav.destroy()
        #expect(counts.value == [1, 1, 1])
    }

    @Test func anOpLeavesTheQueueBeforeItRuns() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)  // waits
        let seen = Locked<[String]>([])
        try h.nav.run ({ [nav = h.nav] in seen.append("first: pending \(nav.pendingCount) busy \(nav.isBusy)") }, completion: nil)
        try h.nav.run ({ [nav = h.nav] in seen.append("second: pending \(nav.pendingCount) busy \(nav.isBusy)") }, completion: nil)
        try h.finish()
        #expect(seen.value == ["first: pending 1 busy true", "second: pending 0 busy true"])
    }

    @Test func aLongQueueDrainsCompletelyAndInOrder() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)  // waits
        let order = Locked<[Int]>([])
        let count = 10_000
        for index in 0..<count { try h.nav.run ({ order.update { $0.append(index) } }, completion: nil) }
        #expect(h.nav.pendingCount == count)
        try h.finish()
        #expect(order.value == Array(0..<count))
        #expect(h.nav.pendingCount == 0)
        #expect(!h.nav.isBusy)
    }

    @Test func inHostDispatchModeEveryOpIsQueuedUntilTheHostDrains() throws {
        let h = Harness(dispatch: .host)
        let wakeups = Counter()
        h.nav.setWakeupHandler { wakeups.increment() }
        let a = try h.screen("A")
        #expect(try h.nav.push(a, completion: nil) == .queued)
        #expect(try h.nav.run({}, completion: nil) == .queued)
        #expect(h.nav.stack.isEmpty)
        #expect(h.nav.pendingCount == 2)
        #expect(!h.nav.isBusy)
        #expect(wakeups.value == 1)
        try h.nav.drain()
        #expect(h.nav.stack == [a])
        #expect(h.nav.pendingCount == 0)
        #expect(h.trace().filter { $0.hasPrefix("done") } == ["done push completed", "done run completed"])
    }
}
