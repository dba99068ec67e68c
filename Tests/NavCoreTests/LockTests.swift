@testable import NavCoreEngine
import Foundation
import Testing

/// `Lock` over its `LockPrimitive`: an atomic word taken and released without a system call,
/// and a mutex and condition variable that a thread finding it held sleeps on. The tests make
/// threads contend, so that takers go through the sleeping path, and check that no update is
/// lost and that every sleeper is woken (a lost wakeup leaves a thread asleep: the test fails
/// when its threads have not all finished after a minute).
@Suite struct LockTests {
    /// Runs `body(thread)` on `count` threads at once and waits for them all, for a minute at
    /// most (a thread still asleep on the lock then is never woken); records a failure then.
    private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for thread in 0..<count {
            group.enter()
            Thread.detachNewThread {
                body(thread)
                group.leave()
            }
        }
        #expect(group.wait(timeout: .now() + 60) == .success, "a thread is still waiting for the lock")
    }

    @Test func contendedIncrementsLoseNoUpdate() {
        let counter = Lock(0)
        let threads = 8
        let rounds = 50_000
        onThreads(threads) { _ in
            for _ in 0..<rounds { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == threads * rounds)
    }

    /// A holder keeps the lock while the others queue up behind it, asleep; each release wakes
    /// one of them, which must then find the lock and take it.
    @Test func everySleeperIsWokenInTurn() {
        let order = Lock<[Int]>([])
        let threads = 6
        order.lock()
        onThreads(threads + 1) { thread in
            if thread == threads {
                usleep(100_000)  // the others are asleep on the lock by now
                order.unlock { $0.append(-1) }
                return
            }
            order.withLock { $0.append(thread) }
        }
        let taken = order.withLock { $0 }  // the lock was released: a sleeper left behind fails above
        #expect(taken.first == -1)
        #expect(Set(taken.dropFirst()) == Set(0..<threads))
    }

    /// Two locks taken together (`withLocks`) by threads naming them in both orders: the fixed
    /// order by address keeps them from deadlocking, contended or not.
    @Test func twoLocksInEitherOrderDoNotDeadlock() {
        let first = Lock(0)
        let second = Lock(0)
        onThreads(4) { thread in
            for _ in 0..<20_000 {
                if thread % 2 == 0 {
                    Lock.withLocks(first, second) { $0 += 1; $1 += 1 }
                } else {
                    Lock.withLocks(second, first) { $0 += 1; $1 += 1 }
                }
            }
        }
        #expect(first.withLock { $0 } == 80_000)
        #expect(second.withLock { $0 } == 80_000)
    }
}
