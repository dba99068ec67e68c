import Foundation
import NavCore
import Testing

/// SPEC §9's bounded drain through the Swift API: a count, a time on a monotonic clock, or
/// both; `queued` with a wakeup raised again when ops are left, `ok` otherwise; invalid budgets
/// run nothing; harmless in inline mode. (Its event order is pinned by the scenarios:
/// spec/scenarios-planned/35 and Tests/Scenarios/39–41.)
@Suite struct BoundedDrainTests {
    /// A host-dispatch navigator with `count` run ops queued, each recording its index and
    /// taking `cost`; counts the wakeups.
    final class Flood: Sendable {
        let h = Harness(dispatch: .host)
        let wakeups = Counter()
        let ran = Locked<[Int]>([])

        init(_ count: Int, cost: Duration = .zero) throws {
            h.nav.setWakeupHandler { [wakeups] in wakeups.increment() }
            for index in 0..<count {
                try h.nav.run({ [ran] in
                    let end = ContinuousClock.now + cost
                    while ContinuousClock.now < end {}
                    ran.update { $0.append(index) }
                }, completion: nil)
            }
        }
    }

    @Test func aCountStartsThatManyOpsThenWakesTheHostAgain() throws {
        let f = try Flood(5)
        #expect(f.wakeups.value == 1)
        #expect(try f.h.nav.drain(maxOps: 2) == .queued)
        #expect(f.ran.value == [0, 1])
        #expect(f.h.nav.pendingCount == 3)
        #expect(f.wakeups.value == 2)
        #expect(try f.h.nav.drain(maxOps: 3) == .ok)
        #expect(f.ran.value == [0, 1, 2, 3, 4])
        #expect(f.wakeups.value == 2)
    }

    @Test func aTimeOfZeroStartsExactlyOneOp() throws {
        let f = try Flood(3)
        for (expected, status) in [([0], RequestStatus.queued), ([0, 1], .queued), ([0, 1, 2], .ok)] {
            #expect(try f.h.nav.drain(for: .zero) == status)
            #expect(f.ran.value == expected)
        }
        #expect(f.wakeups.value == 3)
    }

    /// Ops that take longer than the budget: each drain starts the first, then finds the time
    /// spent (the clock reads at least the op's cost) and stops.
    @Test func aTimeStopsTheDrainOnceItHasPassed() throws {
        let f = try Flood(3, cost: .milliseconds(20))
        #expect(try f.h.nav.drain(for: .milliseconds(5)) == .queued)
        #expect(f.ran.value == [0])
        #expect(try f.h.nav.drain(for: .seconds(600)) == .ok)
        #expect(f.ran.value == [0, 1, 2])
    }

    @Test func withBothTheFirstLimitReachedStops() throws {
        let f = try Flood(6)
        #expect(try f.h.nav.drain(maxOps: 4, for: .seconds(600)) == .queued)
        #expect(f.ran.value == [0, 1, 2, 3])
        #expect(try f.h.nav.drain(maxOps: 4, for: .zero) == .queued)
        #expect(f.ran.value == [0, 1, 2, 3, 4])
    }

    @Test func anInvalidBudgetRunsNothingAndChangesNothing() throws {
        let f = try Flood(2)
        expectError(.invalid) { try f.h.nav.drain(maxOps: 0) }
        expectError(.invalid) { try f.h.nav.drain(maxOps: -1) }
        expectError(.invalid) { try f.h.nav.drain(for: .nanoseconds(-1)) }
        expectError(.invalid) { try f.h.nav.drain(maxOps: 0, for: .seconds(1)) }
        #expect(f.ran.value.isEmpty)
        #expect(f.h.nav.pendingCount == 2)
        // The wakeup raised for the queued ops is still outstanding: no drain began.
        try f.h.nav.run({}, completion: nil)
        #expect(f.wakeups.value == 1)
    }

    @Test func aDrainStoppedByAnOpWaitingForItsTransitionReturnsOkWithoutAWakeup() throws {
        let h = Harness(dispatch: .host)
        let wakeups = Counter()
        h.nav.setWakeupHandler { wakeups.increment() }
        try h.nav.push(try h.screen("A"), animated: false, completion: nil)
        try h.nav.push(try h.screen("B"), completion: nil)
        try h.nav.run({}, completion: nil)
        #expect(try h.nav.drain(maxOps: 5) == .ok)
        #expect(h.names == ["A", "B"])
        #expect(h.nav.isBusy)
        #expect(h.nav.pendingCount == 1)
        #expect(wakeups.value == 1)
        try h.finish()
        #expect(wakeups.value == 2)
        #expect(try h.nav.drain(for: .zero) == .ok)
        #expect(h.nav.pendingCount == 0)
    }

    @Test func inInlineModeItIsHarmless() throws {
        let h = Harness()
        try h.nav.push(try h.screen("A"), animated: false, completion: nil)
        try h.nav.push(try h.screen("B"), completion: nil)
        #expect(try h.nav.run({}, completion: nil) == .queued)
        #expect(try h.nav.drain(maxOps: 1) == .ok)
        #expect(try h.nav.drain(for: .zero) == .ok)
        #expect(h.nav.pendingCount == 1)
        expectError(.invalid) { try h.nav.drain(maxOps: 0) }
        try h.finish()
        #expect(h.nav.pendingCount == 0)
    }

    /// A host that drains only when woken, a few ops at a time, while threads post: every op
    /// runs exactly once, in each thread's order, on the host's thread, and no wakeup is lost
    /// (a lost one would leave ops queued with nobody to drain them: the wait times out).
    @Test func aHostDrainingInBudgetsWhenWokenNeverStallsUnderConcurrentPosts() throws {
        let h = Harness(dispatch: .host)
        let woken = DispatchSemaphore(value: 0)
        h.nav.setWakeupHandler { woken.signal() }
        let threads = 4, perThread = 500
        let ran = Locked<[[Int]]>(Array(repeating: [], count: threads))
        let hostThread = currentThreadID()
        let offThread = Counter()
        let posted = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: posted) {
                for index in 0..<perThread {
                    _ = try? h.nav.run({
                        if currentThreadID() != hostThread { offThread.increment() }
                        ran.update { $0[thread].append(index) }
                    }, completion: nil)
                }
            }
        }
        var drains = 0
        while ran.value.map(\.count).reduce(0, +) < threads * perThread {
            try #require(woken.wait(timeout: .now() + 10) == .success, "a wakeup was lost: ops are queued and nobody was woken")
            drains += 1
            if drains % 2 == 0 {
                _ = try h.nav.drain(maxOps: 3)
            } else {
                _ = try h.nav.drain(for: .microseconds(50))
            }
        }
        posted.wait()
        #expect(ran.value.allSatisfy { $0 == Array(0..<perThread) })
        #expect(offThread.value == 0)
        #expect(h.nav.pendingCount == 0)
    }
}
