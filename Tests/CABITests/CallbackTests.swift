import CNavCore
import Foundation
import Glibc
import Testing

/// navcore.h, "Callbacks": navcore_on_action, navcore_on_appearance, navcore_on_progress,
/// navcore_on_bar, navcore_on_payload, navcore_on_release, navcore_on_done, navcore_on_wakeup,
/// navcore_on_transition, navcore_on_pop_veto: what each receives, replacement and removal,
/// ctx destructors, completions, and callbacks that call back in (also to destroy).
@Suite("Callbacks") struct CallbackTests {
    /// Drives a host-dispatch navigator (route "R" registered) through every kind of event.
    /// Statuses are not checked: which callbacks are registered varies.
    static func exercise(_ h: Harness) {
        let a = h.screen("A"), b = h.screen("B"), d = h.screen("D")
        func drain() { _ = navcore_drain(h.nav) }
        func finish() { if h.transition != 0 { _ = navcore_transition_finish(h.nav, h.transition) } }
        _ = navcore_set_bar_threshold(h.nav, 2)  // bar hidden
        _ = navcore_push(h.nav, a, false, nil, nil)  // wakeup
        var keep = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        "p".withCString { keep.payload = $0; _ = navcore_show(h.nav, "R", &keep, nil, nil) }
        drain()  // bar shown at 2 screens
        _ = navcore_push(h.nav, b, true, nil, nil)
        drain()
        finish()
        _ = navcore_gesture_begin(h.nav, nil, nil)
        _ = navcore_transition_progress(h.nav, h.transition, 0.5)
        finish()
        _ = navcore_back(h.nav, false, nil, nil)
        drain()
        _ = navcore_screen_discard(h.nav, d)
        _ = navcore_set_bar_threshold(h.nav, 0)
        _ = navcore_set_visible(h.nav, false, nil, nil)
        _ = navcore_set_visible(h.nav, true, nil, nil)
        drain()
        _ = navcore_pop_to_root(h.nav, false, nil, nil)
        drain()
        _ = navcore_screen_discard(h.nav, a)  // in the stack: refused
    }

    /// The lines a registration of `hook` produces.
    static func lines(of hook: Hook, in lines: [String]) -> [String] {
        let prefixes: [String] = switch hook {
        case .action: ["action "]
        case .willShow, .didShow, .willHide, .didHide: [hook.rawValue + " "]
        case .progress: ["progress "]
        case .bar: ["bar "]
        case .payload: ["payload "]
        case .release: ["release "]
        case .done: ["done ", "completion "]
        case .wakeup: ["wakeup"]
        case .animator: ["transition "]
        case .veto: ["should_pop "]
        }
        return lines.filter { line in prefixes.contains { line.hasPrefix($0) } }
    }

    @Test("every callback is called with the navigator, its own ctx and the screens' objects")
    func everyCallbackReceivesItsArguments() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST)
        defer { h.close() }
        expectStatus(h.route("R"))
        Self.exercise(h)
        let lines = h.r.take()
        for hook in Hook.allCases {
            #expect(!Self.lines(of: hook, in: lines).isEmpty, "the exercise reaches \(hook)")
        }
        let mismatches = lines.filter { $0.contains("nav=?") || $0.contains("ctx=") || $0.contains("object=") || $0.contains("route=") || $0.contains("id=") }
        #expect(mismatches.isEmpty)
        #expect(lines.contains("progress 0.50") && lines.contains("payload R p") && lines.contains("release D"))
    }

    @Test("registering again replaces the callback and destroys the old ctx once; registering NULL removes it and destroys the ctx once",
          arguments: Hook.allCases)
    func replaceAndRemove(_ hook: Hook) {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: Set(Hook.allCases).subtracting([hook]))
        defer { h.close() }
        expectStatus(h.route("R"))
        expectStatus(h.register(hook, ctx: "first"))
        Self.exercise(h)
        let first = Self.lines(of: hook, in: h.r.take())
        #expect(!first.isEmpty && first.allSatisfy { $0.contains("first") })

        expectStatus(h.register(hook, ctx: "second"))
        #expect(h.r.destroyCount("first") == 1 && h.r.destroyCount("second") == 0)
        Self.exercise(h)
        let second = Self.lines(of: hook, in: h.r.take())
        #expect(!second.isEmpty && second.allSatisfy { $0.contains("second") })

        expectStatus(h.register(hook, remove: true, ctx: "removed"))
        #expect(h.r.destroyCount("first") == 1 && h.r.destroyCount("second") == 1)
        Self.exercise(h)
        #expect(Self.lines(of: hook, in: h.r.take()).isEmpty, "a removed callback is not called")

        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.destroyCount("first") == 1 && h.r.destroyCount("second") == 1, "not again at destroy")
        #expect(h.r.destroyCount("removed") == 0)
    }

    @Test("a NULL destructor is allowed; the registration works and nothing is called at its end")
    func nullDestructorIsAllowed() {
        let h = Harness(hooks: [])
        defer { h.close() }
        expectStatus(navcore_on_done(h.nav, h.r.doneFn, h.ctx("done"), nil))
        expectStatus(navcore_run(h.nav, h.r.runFn, nil, h.ctx("r1")))
        expectStatus(navcore_on_done(h.nav, nil, nil, nil))
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.take() == ["run r1", "done run completed"])
    }

    @Test("a registration that fails runs no destructor and keeps the previous registration")
    func failedRegistrationRunsNoDestructor() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        for phase: Int32 in [4, -1, 100] {
            expectError(navcore_on_appearance(h.nav, phase, h.r.appearanceFn, h.ctx("bad"), h.r.destroyFn), NAVCORE_ERR_INVALID,
                        "phase \(phase)")
        }
        #expect(h.r.destroyCount("bad") == 0)
        expectStatus(navcore_push(h.nav, h.screen("B"), false, nil, nil))
        #expect(h.r.take(["will_show"]) == ["will_show B push instant"], "the old will_show registration is in place")
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.destroyCount("bad") == 0)
        #expect(h.r.destroyCount("will_show") == 1)
    }

    @Test("a callback replaced from inside itself is destroyed only after it returned",
          arguments: [(Hook.action, "action will_push"), (.willShow, "will_show B"), (.animator, "transition push"),
                      (.release, "release A"), (.done, "done set"), (.veto, "should_pop B")])
    func replacedInsideItself(_ hook: Hook, _ line: String) {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let inside = Locked<[Int]>([])
        h.r.on(line) {
            inside.update { $0.append(Int(h.register(hook, remove: true))) }
            inside.update { $0.append(h.r.destroyCount(hook.rawValue)) }
        }
        let b = h.screen("B"), c = h.screen("C")
        expectStatus(navcore_push(h.nav, b, true, nil, nil))
        h.finish()
        expectStatus(navcore_back(h.nav, false, nil, nil))
        expectStatus(navcore_set_stack(h.nav, [c], 1, false, nil, nil))
        #expect(inside.value == [Int(OK), 0], "the destructor did not run inside the callback")
        #expect(h.r.destroyCount(hook.rawValue) == 1)
        let afterRemoval = h.r.history.drop { $0 != "destroy \(hook.rawValue)" }.dropFirst()
        #expect(Self.lines(of: hook, in: Array(afterRemoval)).isEmpty, "not called after its removal")
    }

    @Test("completions are called exactly once, in FIFO order, with aborted at destroy")
    func completionsAbortedOnceAtDestroy() {
        let h = Harness(hooks: [.animator, .release])
        defer { h.close() }
        h.build("A")
        expectStatus(navcore_push(h.nav, h.screen("B"), true, h.r.doneFn, h.ctx("c0")))
        for index in 1...100 {
            let ctx = h.ctx("c\(index)")
            let status = switch index % 5 {
            case 0: navcore_pop(h.nav, true, h.r.doneFn, ctx)
            case 1: navcore_run(h.nav, h.r.runFn, h.r.doneFn, ctx)
            case 2: navcore_set_visible(h.nav, index % 2 == 0, h.r.doneFn, ctx)
            case 3: navcore_back(h.nav, false, h.r.doneFn, ctx)
            default: navcore_push(h.nav, h.screen("S\(index)"), true, h.r.doneFn, ctx)
            }
            expectStatus(status, NAVCORE_QUEUED)
        }
        #expect(h.pending == 100)
        expectStatus(navcore_navigator_destroy(h.nav))
        let completions = h.r.take(["completion"])
        #expect(completions.count == 101)
        #expect(completions.enumerated().allSatisfy { $0.element.hasPrefix("completion c\($0.offset) ") && $0.element.hasSuffix(" aborted") })
        #expect(!h.r.history.contains { $0.hasPrefix("run ") }, "no queued block ran")
        #expect(h.r.releaseCounts.count == 22 && h.r.releaseCounts.values.allSatisfy { $0 == 1 })
    }

    /// The events at which a callback destroys its own navigator.
    static let destroyPoints = [
        "action will_push", "action did_push", "will_hide G", "will_show B", "transition push", "did_show B",
        "action push_completed", "completion c1", "done push", "action idle", "run r1", "should_pop",
        "factory R", "payload R", "release B", "completion c4",
    ]

    @Test("a callback may destroy its own navigator: the current op finishes its synchronous part, nothing new starts, everything ends once",
          arguments: destroyPoints)
    func callbackDestroysItsNavigator(_ point: String) {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        h.build("A")
        // A gate: the ops below queue behind this push until its transition is finished.
        expectStatus(navcore_push(h.nav, h.screen("G"), true, h.r.doneFn, h.ctx("gate")))
        expectStatus(navcore_push(h.nav, h.screen("B"), true, h.r.doneFn, h.ctx("c1")), NAVCORE_QUEUED)
        expectStatus(navcore_run(h.nav, h.r.runFn, h.r.doneFn, h.ctx("r1")), NAVCORE_QUEUED)
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("c2")), NAVCORE_QUEUED)
        var options = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        "p".withCString { options.payload = $0; expectStatus(navcore_show(h.nav, "R", &options, h.r.doneFn, h.ctx("c3")), NAVCORE_QUEUED) }
        expectStatus(navcore_pop_to_root(h.nav, false, h.r.doneFn, h.ctx("c4")), NAVCORE_QUEUED)
        expectStatus(navcore_run(h.nav, h.r.runFn, h.r.doneFn, h.ctx("r2")), NAVCORE_QUEUED)
        let hookedFrom = h.r.history.count
        let inside = Locked<[String]>([])
        h.r.on(point) {
            inside.update { $0.append(statusName(navcore_navigator_destroy(h.nav))) }
            var count = 0
            inside.update { $0.append(statusName(navcore_stack_count(&count, h.nav))) }
            inside.update { $0.append(statusName(navcore_pop(h.nav, false, h.r.doneFn, h.ctx("never")))) }
        }
        h.finish()  // the gate
        var transition: UInt64 = 0
        if navcore_transition_current(&transition, h.nav) == OK, transition != 0 {
            expectStatus(navcore_transition_finish(h.nav, transition))  // B's push, if the navigator lives
        }

        #expect(inside.value == ["ok", "invalid_handle", "invalid_handle"], "the destroy was reached and took the handle at once")
        var count = 0
        expectError(navcore_stack_count(&count, h.nav), NAVCORE_ERR_INVALID_HANDLE)
        let history = h.r.history
        let trigger = history[hookedFrom...].firstIndex { $0 == point || $0.hasPrefix(point + " ") } ?? history.endIndex
        // The current op may go on to its `done` (and `action idle`); after that only aborted
        // ops, releases and destructors.
        var after = history[trigger...]
        if let end = after.firstIndex(where: { $0.hasPrefix("done ") }) {
            after = after[(end + 1)...]
            if after.first == "action idle" { after = after.dropFirst() }
        }
        #expect(after.allSatisfy { $0.hasSuffix(" aborted") || $0.hasPrefix("release ") || $0.hasPrefix("destroy ") },
                "no new op started after the destroy: \(after)")
        for ctx in ["gate", "c1", "r1", "c2", "c3", "c4", "r2"] {
            #expect(history.filter { $0.hasPrefix("completion \(ctx) ") }.count == 1, "completion \(ctx) exactly once")
        }
        #expect(!history.contains { $0.contains("never") })
        #expect(h.r.releaseCounts.values.allSatisfy { $0 == 1 })
        #expect(Set(h.r.releaseCounts.keys).isSuperset(of: ["A", "G", "B"]))
        let destructors = history.drop { !$0.hasPrefix("destroy ") }
        #expect(destructors.allSatisfy { $0.hasPrefix("destroy ") }, "the destructors run after the last event")
        #expect(Set(destructors) == Set(Hook.allCases.map { "destroy \($0.rawValue)" } + ["destroy route:R"]))
        #expect(destructors.count == Hook.allCases.count + 1)
    }

    @Test("the veto's answer decides back and gesture; by_gesture tells them apart; no veto = allowed")
    func vetoDecides() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B", "C")
        h.r.refusals = ["C"]
        expectStatus(navcore_back(h.nav, true, h.r.doneFn, h.ctx("c1")))
        expectStatus(navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("c2")))
        #expect(h.r.take(["should_pop", "completion"]) == [
            "should_pop C button no", "completion c1 back vetoed", "should_pop C gesture no", "completion c2 gesture vetoed",
        ])
        expectStatus(h.register(.veto, remove: true))
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("c3")))
        #expect(h.r.take(["should_pop", "completion"]) == ["completion c3 back completed"])
        #expect(h.stack == ["A", "B"])
    }

    @Test("the done observer runs after the op's completion, for every op, also those without a completion")
    func doneObserverFollowsCompletion() {
        let h = Harness()
        defer { h.close() }
        let a = h.screen("A")
        expectStatus(navcore_push(h.nav, a, false, h.r.doneFn, h.ctx("c1")))
        expectStatus(navcore_pop(h.nav, false, nil, nil))
        #expect(h.r.take(["completion", "done"]) == ["completion c1 push completed", "done push completed", "done pop noop"])
    }
}

/// SPEC §9: calls from other threads while one thread delivers callbacks.
extension CallbackTests {
    @Test("a call from another thread while callbacks are delivered returns at once; its op runs on the delivering thread")
    func otherThreadHandsWorkToTheDeliveringThread() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B"), c = h.screen("C")
        let result = Locked<(status: Int32, returned: Bool)>((99, false))
        h.r.on("action did_push +B") {
            let returned = DispatchSemaphore(value: 0)
            let thread = Thread {
                result.set((navcore_push(h.nav, c, false, h.r.doneFn, h.ctx("other")), true))
                returned.signal()
            }
            thread.start()
            // The other thread's call must return while this callback still runs (no deadlock).
            if returned.wait(timeout: .now() + 10) == .timedOut { result.set((-100, false)) }
        }
        expectStatus(navcore_push(h.nav, b, false, h.r.doneFn, h.ctx("c1")))
        #expect(result.value.returned && result.value.status == QUEUED)
        #expect(h.r.take(["completion"]) == ["completion c1 push completed", "completion other push completed"])
        #expect(h.stack == ["A", "B", "C"])
        let me = pthread_self()
        #expect(h.r.threads.allSatisfy { pthread_equal($0.thread, me) != 0 }, "every callback ran on the driving thread")
    }

    @Test("destroy from another thread while callbacks are delivered: the delivering thread ends everything once")
    func destroyFromAnotherThreadWhileDelivering() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B")
        expectStatus(navcore_push(h.nav, b, true, h.r.doneFn, h.ctx("c1")))
        expectStatus(navcore_run(h.nav, h.r.runFn, h.r.doneFn, h.ctx("r1")), NAVCORE_QUEUED)
        let status = Locked(Int32(99))
        h.r.on("did_show B") {
            let returned = DispatchSemaphore(value: 0)
            Thread {
                status.set(navcore_navigator_destroy(h.nav))
                returned.signal()
            }.start()
            if returned.wait(timeout: .now() + 10) == .timedOut { status.set(-100) }
        }
        h.finish()
        #expect(status.value == OK)
        let history = h.r.history
        #expect(history.filter { $0.hasPrefix("completion c1 ") } == ["completion c1 push completed"])
        #expect(history.filter { $0.hasPrefix("completion r1 ") } == ["completion r1 run aborted"])
        #expect(!history.contains("run r1"))
        #expect(h.r.releaseCounts == ["A": 1, "B": 1])
        #expect(Hook.allCases.allSatisfy { h.r.destroyCount($0.rawValue) == 1 })
        let me = pthread_self()
        #expect(h.r.threads.allSatisfy { pthread_equal($0.thread, me) != 0 }, "the teardown ran on the delivering thread")
    }

    @Test("a destroy inside the wakeup callback (host dispatch) ends everything once")
    func destroyInsideWakeup() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST)
        defer { h.close() }
        let a = h.screen("A")
        let status = Locked(Int32(99))
        h.r.on("wakeup") { status.set(navcore_navigator_destroy(h.nav)) }
        let pushed = navcore_push(h.nav, a, false, h.r.doneFn, h.ctx("c1"))
        #expect(pushed == QUEUED || pushed == OK)
        #expect(status.value == OK)
        #expect(h.r.history.filter { $0.hasPrefix("completion c1 ") } == ["completion c1 push aborted"])
        #expect(h.r.releaseCounts == ["A": 1])
        #expect(Hook.allCases.allSatisfy { h.r.destroyCount($0.rawValue) == 1 })
        expectError(navcore_drain(h.nav), NAVCORE_ERR_INVALID_HANDLE)
    }

    @Test("threshold and discard inside a callback emit their bar and release events right after that callback")
    func eventsRaisedInsideACallback() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B"), d = h.screen("D")
        let statuses = Locked<[Int32]>([])
        h.r.on("action will_push") {
            statuses.update { $0.append(navcore_set_bar_threshold(h.nav, 5)) }
            statuses.update { $0.append(navcore_screen_discard(h.nav, d)) }
            statuses.update { $0.append(navcore_screen_discard(h.nav, b)) }  // entering: refused
        }
        expectStatus(navcore_push(h.nav, b, false, nil, nil))
        #expect(statuses.value.map(statusName) == ["ok", "ok", "state"])
        #expect(Array(h.r.take().prefix(4)) == [
            "action will_push +B -A instant", "bar hidden instant", "release D", "action did_push +B -A instant",
        ])
    }
}

/// Destructors and host dispatch events.
extension CallbackTests {
    @Test("a ctx destructor may call back into navcore: at replacement it can register again; at destroy the handle is already dead")
    func destructorMayCallBackIn() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let statuses = Locked<[String]>([])
        h.r.on("destroy action") {
            statuses.update { $0.append(statusName(navcore_on_action(h.nav, h.r.actionFn, h.ctx("again"), h.r.destroyFn))) }
        }
        h.r.on("destroy again") {
            var count = 0
            statuses.update { $0.append(statusName(navcore_stack_count(&count, h.nav))) }
            statuses.update { $0.append(statusName(navcore_on_done(h.nav, h.r.doneFn, h.ctx("late"), h.r.destroyFn))) }
        }
        expectStatus(h.register(.action, ctx: "replacement"))
        #expect(statuses.value == ["ok"], "the destructor ran after the call's locks were released")
        #expect(h.r.destroyCount("replacement") == 1, "replaced from inside the old destructor")
        expectStatus(navcore_pop(h.nav, false, nil, nil))
        #expect(h.r.take(["action"]) == [], "a pop of one screen is a noop: no action event")
        expectStatus(navcore_push(h.nav, h.screen("B"), false, nil, nil))
        #expect(h.r.take(["action"]).first == "action will_push +B -A instant ctx=again")
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(statuses.value == ["ok", "invalid_handle", "invalid_handle"])
        #expect(h.r.destroyCount("again") == 1 && h.r.destroyCount("late") == 0)
    }

    @Test("host dispatch: a threshold's bar waits for the drain, on the draining thread; a discard releases at once, on its own")
    func hostDispatchRaisedEvents() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST)
        defer { h.close() }
        let d = h.screen("D")
        let statuses = Locked<[Int32]>([])
        onNewThread { statuses.update { $0.append(navcore_set_bar_threshold(h.nav, 2)) } }
        #expect(statuses.value == [OK])
        #expect(h.r.take() == ["wakeup"])
        expectStatus(navcore_drain(h.nav))
        #expect(h.r.take() == ["bar hidden instant"])
        let me = pthread_self()
        #expect(h.r.threads.dropFirst().allSatisfy { pthread_equal($0.thread, me) != 0 })
        let discarder = Locked<pthread_t?>(nil)
        onNewThread {
            discarder.set(pthread_self())
            statuses.update { $0.append(navcore_screen_discard(h.nav, d)) }
        }
        #expect(statuses.value == [OK, OK])
        #expect(h.r.take() == ["release D"], "SPEC §9: a discard releases at once, on the calling thread")
        #expect(h.r.threads.last.map { pthread_equal($0.thread, discarder.value ?? me) != 0 } == true)
    }
}
