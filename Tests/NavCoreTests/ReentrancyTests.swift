import Foundation
import NavCore
import Testing

/// SPEC §9: queries inside callbacks see the state at that event; calls from callbacks are
/// normal use (ops asked there are queued, never nested); destroy inside a callback; work
/// handed to the driving thread; host dispatch mode with wakeup and drain.
@Suite struct ReentrancyTests {
    /// Records, at every event, what the queries answer from inside the observer.
    private func snapshots(of h: Harness) -> Locked<[String]> {
        let seen = Locked<[String]>([])
        h.nav.addObserver { [nav = h.nav] event in
            let stack = nav.stack.map(\.route).joined(separator: " ")
            let top = nav.top?.route ?? "-"
            seen.append("\(traceLine(event)) | \(stack) | top \(top) | \(nav.actionState) | busy \(nav.isBusy)")
        }
        return seen
    }

    @Test func queriesInsideAPushsCallbacksSeeTheOldStackAtWillAndTheNewOneAfter() throws {
        let h = Harness()
        try h.stack("A")
        let seen = snapshots(of: h)
        try h.nav.push(try h.screen("B"), completion: nil)
        try h.finish()
        #expect(seen.value == [
            "action will_push +B -A animated | A | top A | will_push | busy true",
            "action did_push +B -A animated | A B | top B | did_push | busy true",
            "will_hide A push animated | A B | top B | did_push | busy true",
            "will_show B push animated | A B | top B | did_push | busy true",
            "transition push A>B | A B | top B | did_push | busy true",
            "did_hide A push animated | A B | top B | did_push | busy true",
            "did_show B push animated | A B | top B | did_push | busy true",
            "action push_completed +B -A animated | A B | top B | push_completed | busy true",
            "done push completed | A B | top B | push_completed | busy true",
            "action idle | A B | top B | idle | busy false",
        ])
    }

    @Test func queriesInsideAPopsCallbacksSeeTheStateAtEachEvent() throws {
        let h = Harness()
        try h.stack("A", "B", "C")
        let seen = snapshots(of: h)
        try h.nav.pop(animated: false, completion: nil)
        #expect(seen.value == [
            "action will_pop +B -C instant | A B C | top C | will_pop | busy true",
            "action did_pop +B -C instant | A B | top B | did_pop | busy true",
            "will_hide C pop instant | A B | top B | did_pop | busy true",
            "will_show B pop instant | A B | top B | did_pop | busy true",
            "did_hide C pop instant | A B | top B | did_pop | busy true",
            "did_show B pop instant | A B | top B | did_pop | busy true",
            "release C | A B | top B | did_pop | busy true",
            "action pop_completed +B -C instant | A B | top B | pop_completed | busy true",
            "done pop completed | A B | top B | pop_completed | busy true",
            "action idle | A B | top B | idle | busy false",
        ])
    }

    @Test func queriesInsideASetsCallbacksSeeTheOldStackAtWillAndTheNewOneAfter() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        let seen = snapshots(of: h)
        try h.nav.setStack([screens[1], try h.screen("C")], animated: false, completion: nil)
        #expect(seen.value.first == "action will_set +C -A instant | A B | top B | will_set | busy true")
        #expect(seen.value.dropFirst().first == "action did_set +C -A instant | B C | top C | did_set | busy true")
    }

    @Test func queriesInsideACancelledGesturesCallbacksSeeTheRestoredStack() throws {
        let h = Harness()
        try h.stack("A", "B")
        try h.nav.beginGesture(completion: nil)
        let seen = snapshots(of: h)
        try h.nav.cancelTransition(try #require(h.nav.transitionInFlight))
        #expect(seen.value == [
            "will_hide A cancel animated | A B | top B | did_pop | busy true",
            "will_show B cancel animated | A B | top B | did_pop | busy true",
            "did_hide A cancel animated | A B | top B | did_pop | busy true",
            "did_show B cancel animated | A B | top B | did_pop | busy true",
            "action pop_cancelled +A -B animated | A B | top B | pop_cancelled | busy true",
            "done gesture cancelled | A B | top B | pop_cancelled | busy true",
            "action idle | A B | top B | idle | busy false",
        ])
    }

    @Test func aReleasedScreensIdIsDeadInsideItsReleaseEvent() throws {
        let h = Harness(animator: false)
        try h.stack("A", "B")
        let codes = Locked<[NavigationError.Code]>([])
        h.nav.addObserver { [nav = h.nav] event in
            guard case .released(let screen) = event else { return }
            do { _ = try nav.screen(screen.id) } catch let error as NavigationError { codes.update { $0.append(error.code) } } catch {}
        }
        try h.nav.pop(completion: nil)
        #expect(codes.value == [.noSuchScreen])
    }

    @Test func theDelegateAndTheScreensObjectSeeTheStateAtTheirEvent() throws {
        let nav = Navigator()
        let seen = Locked<[String]>([])
        let delegate = SnapshotDelegate(seen)
        nav.delegate = delegate
        let b = FeedbackRecorder("B") { [weak nav] line in
            seen.append("\(line) | \(nav?.stack.map(\.route).joined(separator: " ") ?? "?")")
        }
        try nav.push(try nav.makeScreen(route: "A"), completion: nil)
        seen.update { $0.removeAll() }
        try nav.push(try nav.makeScreen(route: "B", object: b), animated: false, completion: nil)
        #expect(seen.value == [
            "delegate will_push | A",
            "delegate did_push | A B",
            "B will_show push instant | A B",
            "delegate willShow B | A B",
            "B did_show push instant | A B",
            "delegate didShow B | A B",
            "delegate push_completed | A B",
            "delegate idle | A B",
        ])
    }

    @Test func opsAskedInsideCallbacksAreQueuedAndRunAfterTheCurrentOp() throws {
        let h = Harness()
        try h.nav.registerRoute("R") { [nav = h.nav] _ in
            h.log.append("factory asked: \((try? nav.run({ h.log.append("run from factory") }, completion: nil)) ?? .ok)")
            return nil
        }
        try h.stack("A")
        let statuses = Locked<[String]>([])
        let fired = Locked<Set<String>>([])
        @Sendable func once(_ key: String) -> Bool { fired.update { $0.insert(key).inserted } }
        h.nav.addObserver { [nav = h.nav] event in
            if case .appearance(let change) = event, change.phase == .didShow, change.screen.route == "B", once("did_show") {
                let status = try? nav.push(try nav.makeScreen(route: "C"), animated: false, completion: nil)
                statuses.append("did_show: \(status.map { "\($0)" } ?? "failed")")
            }
        }
        h.nav.setPopVeto { [nav = h.nav] _, _ in
            if once("veto") { statuses.append("veto: \((try? nav.run ({ h.log.append("run from veto") }, completion: nil)).map { "\($0)" } ?? "failed")") }
            return true
        }
        try h.nav.push(try h.screen("B"), animated: false) { [nav = h.nav] _ in
            statuses.append("completion: \((try? nav.back(animated: false, completion: nil)).map { "\($0)" } ?? "failed")")
        }
        try h.nav.run ({ [nav = h.nav] in
            statuses.append("block: \((try? nav.show("R", options: ShowOptions(removeCurrent: false), completion: nil)).map { "\($0)" } ?? "failed")")
        }, completion: nil)
        #expect(statuses.value == ["did_show: queued", "completion: queued", "veto: queued", "block: queued"])
        let order = h.trace().filter { $0.hasPrefix("done") || $0.hasPrefix("run") || $0.hasPrefix("factory") }
        #expect(order == [
            "done push completed",  // B: its did_show asked push C, its completion asked back
            "done push completed",  // C
            "done back completed",  // C popped; the veto asked a run
            "run from veto", "done run completed",
            "done run completed",  // the test's own block, which asked show R
            "factory asked: queued",
            "done show completed",
            "run from factory", "done run completed",
        ])
        #expect(h.names == ["A", "B", "R"])
    }

    @Test func opsAskedInsideCallbacksAreQueuedEvenWhenNoOpIsInFlight() throws {
        let h = Harness()
        try h.stack("A")
        let statuses = Locked<[String]>([])
        // A run's and a noop's `done` come after their op has ended; `action idle` too.
        try h.nav.run({}) { [nav = h.nav] _ in
            statuses.append("run done: busy \(nav.isBusy) \((try? nav.run ({}, completion: nil)).map { "\($0)" } ?? "failed")")
        }
        try h.nav.pop { [nav = h.nav] _ in
            statuses.append("noop done: busy \(nav.isBusy) \((try? nav.run ({}, completion: nil)).map { "\($0)" } ?? "failed")")
        }
        let once = Locked(true)
        h.nav.addObserver { [nav = h.nav] event in
            guard case .action(let change) = event, change.state == .idle, once.update({ first in let was = first; first = false; return was }) else { return }
            statuses.append("idle: busy \(nav.isBusy) \((try? nav.run ({}, completion: nil)).map { "\($0)" } ?? "failed")")
        }
        try h.nav.push(try h.screen("B"), animated: false, completion: nil)
        #expect(statuses.value == [
            "run done: busy false queued",
            "noop done: busy false queued",
            "idle: busy false queued",
        ])
        #expect(h.nav.pendingCount == 0, "and they ran afterwards")
    }

    @Test func callbacksNeverNest() throws {
        let h = Harness()
        let depth = Counter()
        let nested = Counter()
        let maxDepth = Locked(0)
        h.nav.addObserver { [nav = h.nav] event in
            let now = depth.increment()
            maxDepth.update { $0 = max($0, now) }
            if now > 1 { nested.increment() }
            // Every event asks another op until there are plenty.
            if case .done = event, (nav.stack.count) < 6 {
                _ = try? nav.push(try nav.makeScreen(route: "S"), animated: false, completion: nil)
            }
            depth.decrement()
        }
        try h.nav.push(try h.screen("A"), completion: nil)
        #expect(h.nav.stack.count == 6)
        #expect(nested.value == 0)
        #expect(maxDepth.value == 1)
    }

    @Test func destroyInsideACallbackTakesEffectWhenTheOutermostCallReturns() throws {
        let h = Harness()
        try h.stack("A")
        let inside = Locked<[String]>([])
        let queuedOutcome = Completions()
        h.nav.addObserver { [nav = h.nav] event in
            guard case .appearance(let change) = event, change.phase == .willShow, change.screen.route == "B" else { return }
            _ = try? nav.run({ inside.append("the queued block ran") }, completion: queuedOutcome.handler)
            do { try nav.destroy() } catch { inside.append("destroy failed: \(error)") }
            inside.append("destroyed \(nav.isDestroyed)")
            do { try nav.pop(completion: nil) } catch let error as NavigationError { inside.append("pop: \(error.code)") } catch {}
        }
        let status = try h.nav.push(try h.screen("B"), animated: false, completion: nil)
        #expect(status == .ok, "the outer call itself succeeds")
        #expect(inside.value == ["destroyed true", "pop: invalid_handle"])
        #expect(queuedOutcome.received == [.aborted])
        #expect(h.trace() == [
            "action will_push +B -A instant",
            "action did_push +B -A instant",
            "will_hide A push instant",
            "will_show B push instant",
            // The current op finishes its synchronous part…
            "did_hide A push instant",
            "did_show B push instant",
            "action push_completed +B -A instant",
            "done push completed",
            "action idle",
            // …then nothing new starts: the queued op is aborted and every screen released.
            "done run aborted",
            "release B",
            "release A",
        ])
        #expect(h.nav.isDestroyed)
        expectError(.invalidHandle) { try h.nav.pop(completion: nil) }
    }

    @Test func destroyInsideTheAnimatorAbortsTheOpThatWouldWait() throws {
        let h = Harness(animator: false)
        try h.stack("A")
        h.nav.setAnimator { [nav = h.nav] _ in try? nav.destroy() }
        let completions = Completions()
        try h.nav.push(try h.screen("B"), completion: completions.handler)
        #expect(completions.received == [.aborted])
        #expect(h.trace().suffix(4) == ["transition push A>B", "done push aborted", "release B", "release A"])
    }

    @Test func barAndReleaseRaisedInsideACallbackArriveRightAfterIt() throws {
        let h = Harness()
        try h.stack("A")
        let detached = try h.screen("D")
        h.nav.addObserver { [nav = h.nav] event in
            if case .appearance(let change) = event, change.phase == .didShow, change.screen.route == "B" {
                try? nav.setBarThreshold(5)
                try? nav.discard(detached)
            }
        }
        try h.nav.push(try h.screen("B"), animated: false, completion: nil)
        let trace = h.trace()
        let index = try #require(trace.firstIndex(of: "did_show B push instant"))
        #expect(Array(trace[(index + 1)...].prefix(3)) == ["bar hidden instant", "release D", "action push_completed +B -A instant"])
    }

    @Test func aCallFromAnotherThreadWhileOneThreadDrivesIsHandedToThatThread() throws {
        let h = Harness()
        try h.stack("A")
        let b = try h.screen("B")
        let eventThreads = Locked<Set<UInt>>([])
        h.nav.addObserver { _ in eventThreads.update { _ = $0.insert(currentThreadID()) } }
        let otherStatus = Locked<String>("not asked")
        let stackWhenAnswered = Locked<[String]>([])
        let answered = DispatchSemaphore(value: 0)
        try h.nav.run ({ [nav = h.nav] in
            DispatchQueue.global().async {
                let status = try? nav.push(b, animated: false, completion: nil)
                otherStatus.update { $0 = status.map { "\($0)" } ?? "failed" }
                answered.signal()
            }
            // The other thread's call returns while this callback still runs: it only queued.
            if answered.wait(timeout: .now() + 30) == .timedOut { otherStatus.update { $0 = "timed out" } }
            stackWhenAnswered.update { $0 = nav.stack.map(\.route) }
        }, completion: nil)
        #expect(otherStatus.value == "queued")
        #expect(stackWhenAnswered.value == ["A"])
        #expect(h.names == ["A", "B"], "the push ran on this thread before its call returned")
        #expect(eventThreads.value == [currentThreadID()])
    }

    // MARK: Host dispatch mode

    @Test func hostModeWakesTheHostOnceUntilItDrains() throws {
        let h = Harness(dispatch: .host)
        let wakeups = Counter()
        h.nav.setWakeupHandler { wakeups.increment() }
        try h.nav.push(try h.screen("A"), completion: nil)
        try h.nav.push(try h.screen("B"), completion: nil)
        try h.nav.push(try h.screen("C"), completion: nil)
        #expect(wakeups.value == 1)
        #expect(h.nav.stack.isEmpty)
        try h.nav.drain()
        #expect(h.names == ["A", "B"], "the drain runs until an op waits for its transition")
        try h.finish()
        // finish acts at once, and the pending queue raises a wakeup instead of running.
        #expect(h.names == ["A", "B"])
        #expect(wakeups.value == 2)
        try h.nav.run ({}, completion: nil)
        #expect(wakeups.value == 2, "not again before the host drains")
        try h.nav.drain()
        #expect(h.names == ["A", "B", "C"])
        try h.finish()
        #expect(h.nav.pendingCount == 1)
        try h.nav.drain()
        #expect(h.nav.pendingCount == 0)
        #expect(!h.nav.isBusy)
    }

    @Test func hostModeDeliversEveryCallbackOnTheDrainingThread() throws {
        let nav = Navigator(dispatch: .host)
        try nav.registerRoute("R") { _ in nil }
        let wake = DispatchSemaphore(value: 0)
        let stopping = Locked(false)
        nav.setWakeupHandler { wake.signal() }
        let callbackThreads = Locked<Set<UInt>>([])
        nav.addObserver { _ in callbackThreads.update { _ = $0.insert(currentThreadID()) } }
        let uiThread = Locked<UInt>(0)
        let uiStopped = DispatchSemaphore(value: 0)
        let ui = Thread {
            uiThread.update { $0 = currentThreadID() }
            while true {
                wake.wait()
                if stopping.value { break }
                try? nav.drain()
            }
            uiStopped.signal()
        }
        ui.start()

        let posters = 4
        let perPoster = 50
        let done = DispatchSemaphore(value: 0)
        let statuses = Locked<[RequestStatus]>([])
        DispatchQueue.concurrentPerform(iterations: posters) { poster in
            for index in 0..<perPoster {
                let completion: Navigator.Completion = { _ in
                    callbackThreads.update { _ = $0.insert(currentThreadID()) }
                    done.signal()
                }
                let status: RequestStatus?
                switch index % 3 {
                case 0: status = try? nav.push(try nav.makeScreen(route: "p\(poster)"), completion: completion)
                case 1: status = try? nav.post("R", options: ShowOptions(payload: "\(poster)"), completion: completion)
                default: status = try? nav.run({ callbackThreads.update { _ = $0.insert(currentThreadID()) } }, completion: completion)
                }
                if let status { statuses.update { $0.append(status) } }
            }
        }
        var ended = 0
        while ended < posters * perPoster, done.wait(timeout: .now() + 30) == .success { ended += 1 }
        stopping.update { $0 = true }
        wake.signal()
        #expect(uiStopped.wait(timeout: .now() + 30) == .success)

        #expect(ended == posters * perPoster)
        #expect(statuses.value.count == posters * perPoster)
        #expect(statuses.value.allSatisfy { $0 == .queued })
        #expect(callbackThreads.value == [uiThread.value], "every callback ran on the draining thread")
        try nav.destroy()
    }
}

/// Calls `letGo` when it is let go: captured by an op's completion, it tells when, and under
/// which conditions, the engine lets go of the op's host code.
private final class CallsWhenLetGo: Sendable {
    let letGo: @Sendable () -> Void
    init(_ letGo: @escaping @Sendable () -> Void) { self.letGo = letGo }
    deinit { letGo() }
}

extension ReentrancyTests {
    /// An op's completion is let go after the op's last event, with no lock held (SPEC §9: no
    /// host code runs under the lock), also when the op's record is kept for the next op. In
    /// host mode the ops wait for `drain`, so the engine holds the only reference to each
    /// completion, and a captured object whose deinit queries the navigator gets its answer
    /// once the op has ended. Under the lock the query would wait forever, so the ops run on a
    /// thread of their own, waited for with a bound.
    @Test func anOpsCompletionIsLetGoWithNoLockHeld() throws {
        let nav = Navigator(dispatch: .host)
        let answers = Locked<[String]>([])
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { finished.signal() }
            do {
                try nav.push(try nav.makeScreen(route: "A"), animated: false, completion: nil)
                for _ in 0..<3 {
                    // Made in the capture list: the completion holds the only reference.
                    try nav.push(try nav.makeScreen(route: "B"), animated: false) {
                        [probe = CallsWhenLetGo { answers.append("\(nav.stack.count) screens") }] _ in _ = probe
                    }
                    try nav.pop(animated: false, completion: nil)
                    try nav.drain()
                }
            } catch {
                answers.append("failed: \(error)")
            }
        }
        #expect(finished.wait(timeout: .now() + 60) == .success)
        // Each push's completion is let go once the push has ended, before its pop runs.
        #expect(answers.value == ["2 screens", "2 screens", "2 screens"])
    }
}

/// A delegate that records its action and show callbacks with the stack it sees.
final class SnapshotDelegate: NavigatorDelegate {
    let seen: Locked<[String]>
    init(_ seen: Locked<[String]>) { self.seen = seen }

    private func stack(_ navigator: Navigator) -> String { navigator.stack.map(\.route).joined(separator: " ") }

    func navigator(_ navigator: Navigator, actionDidChange change: ActionChange) {
        seen.append("delegate \(change.state) | \(stack(navigator))")
    }

    func navigator(_ navigator: Navigator, willShow screen: Screen, reason: AppearanceReason, animated: Bool) {
        seen.append("delegate willShow \(screen.route) | \(stack(navigator))")
    }

    func navigator(_ navigator: Navigator, didShow screen: Screen, reason: AppearanceReason, animated: Bool) {
        seen.append("delegate didShow \(screen.route) | \(stack(navigator))")
    }
}
