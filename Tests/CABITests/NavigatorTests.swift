import CNavCore
import Foundation
import Glibc
import Testing

/// navcore.h, "Navigators": navcore_navigator_create, navcore_navigator_destroy, navcore_drain,
/// navcore_set_always_appear, navcore_set_bar_threshold; handles (destroyed, forged, NULL) and
/// host dispatch (wakeup and drain).
@Suite("Navigators") struct NavigatorTests {
    // MARK: Create

    @Test("create makes a visible, empty, idle navigator with the bar shown, in either dispatch mode")
    func createdNavigatorStartsVisibleEmptyAndIdle() {
        for dispatch in [NAVCORE_DISPATCH_INLINE, NAVCORE_DISPATCH_HOST] {
            var nav: Nav?
            expectStatus(navcore_navigator_create(&nav, c(dispatch)))
            #expect(nav != nil)
            var count = 99, visible = false, bar = false, busy = true, top: UInt64 = 9, state: Int32 = -1
            expectStatus(navcore_stack_count(&count, nav))
            expectStatus(navcore_is_visible(&visible, nav))
            expectStatus(navcore_is_bar_shown(&bar, nav))
            expectStatus(navcore_is_busy(&busy, nav))
            expectStatus(navcore_top(&top, nav))
            expectStatus(navcore_action_state(&state, nav))
            #expect(count == 0 && visible && bar && !busy && top == 0 && state == c(NAVCORE_ACTION_IDLE))
            expectStatus(navcore_navigator_destroy(nav))
        }
    }

    @Test("create refuses a NULL out-parameter and an unknown dispatch mode, and writes nothing")
    func createRefusesBadArguments() {
        expectError(navcore_navigator_create(nil, c(NAVCORE_DISPATCH_INLINE)), NAVCORE_ERR_INVALID)
        let sentinel = Nav(bitPattern: 0x7777)
        for mode: Int32 in [2, -1, 1000] {
            var nav = sentinel
            expectError(navcore_navigator_create(&nav, mode), NAVCORE_ERR_INVALID, "dispatch \(mode)")
            #expect(nav == sentinel)
        }
    }

    // MARK: Destroy and handles

    @Test("destroy accepts NULL, and a second destroy of the same handle is invalid_handle")
    func destroyAcceptsNullAndRefusesADestroyedHandle() {
        expectStatus(navcore_navigator_destroy(nil))
        var nav: Nav?
        expectStatus(navcore_navigator_create(&nav, c(NAVCORE_DISPATCH_INLINE)))
        expectStatus(navcore_navigator_destroy(nav))
        expectError(navcore_navigator_destroy(nav), NAVCORE_ERR_INVALID_HANDLE)
    }

    /// Every function that takes a navigator, called with valid other arguments (completions
    /// and destructors with the ctx token "never", which must never be called).
    static func everyCall(_ r: Recorder) -> [(name: String, call: (Nav?) -> Int32)] {
        let never = r.token("never")
        let done = r.doneFn, destroy = r.destroyFn
        return [
            ("navcore_navigator_destroy", { navcore_navigator_destroy($0) }),
            ("navcore_drain", { navcore_drain($0) }),
            ("navcore_set_always_appear", { navcore_set_always_appear($0, true) }),
            ("navcore_set_bar_threshold", { navcore_set_bar_threshold($0, 2) }),
            ("navcore_screen_create", { nav in var id: UInt64 = 0; return navcore_screen_create(&id, nav, "x", nil) }),
            ("navcore_screen_discard", { navcore_screen_discard($0, 1) }),
            ("navcore_screen_object", { nav in var o: UnsafeMutableRawPointer?; return navcore_screen_object(&o, nav, 1) }),
            ("navcore_screen_route", { nav in var n = 0; return navcore_screen_route(&n, nil, 0, nav, 1) }),
            ("navcore_push", { navcore_push($0, 1, true, done, never) }),
            ("navcore_pop", { navcore_pop($0, true, done, never) }),
            ("navcore_pop_to", { navcore_pop_to($0, 1, true, done, never) }),
            ("navcore_pop_to_root", { navcore_pop_to_root($0, true, done, never) }),
            ("navcore_set_stack", { nav in let ids: [UInt64] = [1]; return navcore_set_stack(nav, ids, 1, true, done, never) }),
            ("navcore_back", { navcore_back($0, true, done, never) }),
            ("navcore_gesture_begin", { navcore_gesture_begin($0, done, never) }),
            ("navcore_run", { navcore_run($0, r.runFn, done, never) }),
            ("navcore_set_visible", { navcore_set_visible($0, false, done, never) }),
            ("navcore_show", { navcore_show($0, "x", nil, done, never) }),
            ("navcore_post", { navcore_post($0, "x", nil, done, never) }),
            ("navcore_transition_finish", { navcore_transition_finish($0, 1) }),
            ("navcore_transition_cancel", { navcore_transition_cancel($0, 1) }),
            ("navcore_transition_progress", { navcore_transition_progress($0, 1, 0.5) }),
            ("navcore_route_register", { navcore_route_register($0, "x", r.factoryFn, never, destroy) }),
            ("navcore_route_unregister", { navcore_route_unregister($0, "x") }),
            ("navcore_on_action", { navcore_on_action($0, r.actionFn, never, destroy) }),
            ("navcore_on_appearance", { navcore_on_appearance($0, c(NAVCORE_PHASE_WILL_SHOW), r.appearanceFn, never, destroy) }),
            ("navcore_on_progress", { navcore_on_progress($0, r.progressFn, never, destroy) }),
            ("navcore_on_bar", { navcore_on_bar($0, r.barFn, never, destroy) }),
            ("navcore_on_payload", { navcore_on_payload($0, r.payloadFn, never, destroy) }),
            ("navcore_on_release", { navcore_on_release($0, r.releaseFn, never, destroy) }),
            ("navcore_on_done", { navcore_on_done($0, done, never, destroy) }),
            ("navcore_on_wakeup", { navcore_on_wakeup($0, r.wakeupFn, never, destroy) }),
            ("navcore_on_transition", { navcore_on_transition($0, r.transitionFn, never, destroy) }),
            ("navcore_on_pop_veto", { navcore_on_pop_veto($0, r.vetoFn, never, destroy) }),
            ("navcore_stack_count", { nav in var n = 0; return navcore_stack_count(&n, nav) }),
            ("navcore_stack_get", { nav in var id: UInt64 = 0; return navcore_stack_get(&id, nav, 0) }),
            ("navcore_stack_copy", { nav in var n = 0; return navcore_stack_copy(&n, nil, 0, nav) }),
            ("navcore_top", { nav in var id: UInt64 = 0; return navcore_top(&id, nav) }),
            ("navcore_root", { nav in var id: UInt64 = 0; return navcore_root(&id, nav) }),
            ("navcore_action_state", { nav in var s: Int32 = 0; return navcore_action_state(&s, nav) }),
            ("navcore_is_busy", { nav in var b = false; return navcore_is_busy(&b, nav) }),
            ("navcore_pending_count", { nav in var n = 0; return navcore_pending_count(&n, nav) }),
            ("navcore_is_bar_shown", { nav in var b = false; return navcore_is_bar_shown(&b, nav) }),
            ("navcore_is_visible", { nav in var b = false; return navcore_is_visible(&b, nav) }),
            ("navcore_can_go_back", { nav in var b = false; return navcore_can_go_back(&b, nav) }),
            ("navcore_transition_current", { nav in var id: UInt64 = 0; return navcore_transition_current(&id, nav) }),
        ]
    }

    @Test("every function refuses a destroyed handle with invalid_handle, calling no completion or destructor")
    func everyFunctionRefusesADestroyedHandle() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        expectStatus(navcore_navigator_destroy(h.nav))
        let afterDestroy = h.r.history.count
        for (name, call) in Self.everyCall(h.r) {
            expectError(call(h.nav), NAVCORE_ERR_INVALID_HANDLE, "\(name)")
        }
        #expect(h.r.history.dropFirst(afterDestroy).isEmpty, "nothing is called back after destroy")
        #expect(h.r.destroyCount("never") == 0)
    }

    @Test("every function refuses a NULL handle with invalid (destroy accepts it)")
    func everyFunctionRefusesANullHandle() {
        let r = Recorder()
        defer { r.freeTrampolines() }
        for (name, call) in Self.everyCall(r) where name != "navcore_navigator_destroy" {
            expectError(call(nil), NAVCORE_ERR_INVALID, "\(name)")
        }
        #expect(r.history.isEmpty)
    }

    @Test("forged handles are refused with invalid_handle and never read through")
    func forgedHandlesAreRefused() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let live = UInt(bitPattern: h.nav)
        var forged: [Nav] = [
            Nav(bitPattern: 0x1)!, Nav(bitPattern: 0x8)!, Nav(bitPattern: 0xDEAD_BEEF)!,
            Nav(bitPattern: UInt.max)!, Nav(bitPattern: 0x7FFF_FFFF_0001)!,
            Nav(bitPattern: live &+ (1 << 32))!,  // a generation of the live handle's slot that never was
            // The last slot (8,388,607 navigators up), which nothing comes near: a slot a few
            // thousand above the live one may be another test's, running in parallel.
            Nav(bitPattern: live | 0xFF_FFFE)!,
        ]
        // A struct of the header's type in host memory: navcore never reads through a handle.
        let hostMemory = Nav.allocate(capacity: 1)
        hostMemory.initialize(to: navcore_navigator(private_: UInt64(live)))
        defer { hostMemory.deallocate() }
        forged.append(hostMemory)
        for fake in forged {
            for (name, call) in Self.everyCall(h.r) {
                expectError(call(fake), NAVCORE_ERR_INVALID_HANDLE, "\(name) with \(fake)")
            }
        }
        #expect(h.stack == ["A"], "the live navigator is untouched")
        #expect(h.r.destroyCount("never") == 0)
    }

    @Test("a destroyed handle stays invalid after its slot is reused by a new navigator")
    func destroyedHandleStaysInvalidAfterSlotReuse() {
        let old = Harness()
        defer { old.close() }
        old.build("A")
        let oldBits = UInt(bitPattern: old.nav)
        expectStatus(navcore_navigator_destroy(old.nav))
        // Handles encode their slot in bits 1-23 and the slot's generation above them (see
        // HandleTable). Free slots are reused last freed first, and other tests run in parallel:
        // the deep-family tests free 100,000 slots at once, which may bury the freed one. So keep
        // creating, and hold every navigator made until the slot comes back: destroying them
        // would put them back on top, and the search would take the same slots again forever.
        // The slot comes back once those tests end; the deadline is only a safety net.
        let slotMask: UInt = 0xFF_FFFE
        var created: [Nav] = []
        var reusing: Nav?
        let deadline = Date().addingTimeInterval(180)
        while reusing == nil && Date() < deadline {
            var nav: Nav?
            expectStatus(navcore_navigator_create(&nav, c(NAVCORE_DISPATCH_INLINE)))
            guard let nav else { break }
            if UInt(bitPattern: nav) & slotMask == oldBits & slotMask {
                reusing = nav
            } else {
                created.append(nav)
            }
        }
        defer { for nav in created + [reusing].compactMap({ $0 }) { expectStatus(navcore_navigator_destroy(nav)) } }
        #expect(reusing != nil, "a new navigator reused the destroyed navigator's slot")
        #expect(UInt(bitPattern: reusing) != oldBits)
        var screen: UInt64 = 0
        if let reusing {
            expectStatus(navcore_screen_create(&screen, reusing, "B", nil))
            expectStatus(navcore_push(reusing, screen, false, nil, nil))
        }
        for (name, call) in Self.everyCall(old.r) {
            expectError(call(old.nav), NAVCORE_ERR_INVALID_HANDLE, "\(name) with the old handle")
        }
        if let reusing {
            var count = 0
            expectStatus(navcore_stack_count(&count, reusing))
            #expect(count == 1, "the new navigator was not touched through the old handle")
        }
        #expect(old.r.destroyCount("never") == 0)
    }

    @Test("destroy aborts the waiting op then the queued ops (FIFO), releases every screen, then runs each destructor once")
    func destroyAbortsReleasesAndDestroysInOrder() {
        let h = Harness()
        defer { h.close() }
        #expect(h.route("R") == OK)
        h.build("A", "B")
        let c = h.screen("C")
        _ = (h.screen("D"), h.screen("E"))  // detached until the end
        expectStatus(navcore_push(h.nav, c, true, h.r.doneFn, h.ctx("c1")))
        expectStatus(navcore_pop(h.nav, true, h.r.doneFn, h.ctx("c2")), NAVCORE_QUEUED)
        expectStatus(navcore_run(h.nav, h.r.runFn, h.r.doneFn, h.ctx("r1")), NAVCORE_QUEUED)
        expectStatus(navcore_set_visible(h.nav, false, h.r.doneFn, h.ctx("c3")), NAVCORE_QUEUED)
        expectStatus(navcore_show(h.nav, "R", nil, h.r.doneFn, h.ctx("c4")), NAVCORE_QUEUED)
        #expect(h.pending == 4)
        _ = h.r.take()
        expectStatus(navcore_navigator_destroy(h.nav))
        let lines = h.r.take()
        let events = lines.filter { !$0.hasPrefix("destroy ") }
        #expect(events == [
            "completion c1 push aborted", "done push aborted",
            "completion c2 pop aborted", "done pop aborted",
            "completion r1 run aborted", "done run aborted",
            "completion c3 visible aborted", "done visible aborted",
            "completion c4 show aborted", "done show aborted",
            "release C", "release B", "release A", "release D", "release E",
        ])
        let destructors = lines.drop { !$0.hasPrefix("destroy ") }
        #expect(destructors.allSatisfy { $0.hasPrefix("destroy ") }, "destructors run after the last event")
        #expect(Set(destructors) == Set(Hook.allCases.map { "destroy \($0.rawValue)" } + ["destroy route:R"]))
        #expect(destructors.count == Hook.allCases.count + 1, "each destructor exactly once")
        #expect(h.r.releaseCounts == ["A": 1, "B": 1, "C": 1, "D": 1, "E": 1])
        expectError(navcore_transition_finish(h.nav, 1), NAVCORE_ERR_INVALID_HANDLE)
    }

    // MARK: Drain, always_appear, bar threshold

    @Test("drain is harmless in inline mode")
    func drainIsHarmlessInline() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        expectStatus(navcore_drain(h.nav))
        #expect(h.r.take().isEmpty)
        #expect(h.stack == ["A", "B"])
    }

    @Test("always_appear emits show and hide events, instant, while the navigator is hidden")
    func alwaysAppearEmitsEventsWhileHidden() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B"), c = h.screen("C")
        expectStatus(navcore_set_visible(h.nav, false, nil, nil))
        #expect(h.r.take(["will_hide", "did_hide", "done"]) == [
            "will_hide A disappear instant", "did_hide A disappear instant", "done visible completed",
        ])
        expectStatus(navcore_push(h.nav, b, true, nil, nil))
        #expect(h.r.take(["action", "will_show", "did_show", "will_hide", "did_hide", "transition"]) == [
            "action will_push +B -A instant", "action did_push +B -A instant",
            "action push_completed +B -A instant", "action idle",
        ])
        expectStatus(navcore_set_always_appear(h.nav, true))
        expectStatus(navcore_push(h.nav, c, true, nil, nil))
        #expect(h.r.take(["will_show", "did_show", "will_hide", "did_hide", "transition"]) == [
            "will_hide B push instant", "will_show C push instant", "did_hide B push instant", "did_show C push instant",
        ])
        expectStatus(navcore_set_always_appear(h.nav, false))
        expectStatus(navcore_pop(h.nav, true, nil, nil))
        #expect(h.r.take(["will_show", "did_show", "will_hide", "did_hide", "release"]) == ["release C"])
    }

    @Test("bar threshold: a change is emitted at once (instant), ops cross it at step 4, too large is invalid")
    func barThresholdEmitsChanges() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B")
        expectStatus(navcore_set_bar_threshold(h.nav, 2))
        #expect(h.r.take() == ["bar hidden instant"])
        var shown = true
        expectStatus(navcore_is_bar_shown(&shown, h.nav))
        #expect(!shown)
        expectStatus(navcore_push(h.nav, b, true, nil, nil))
        #expect(Array(h.r.take().prefix(4)) == [
            "action will_push +B -A animated", "action did_push +B -A animated", "bar shown animated",
            "will_hide A push animated",
        ])
        h.finish()
        expectStatus(navcore_set_bar_threshold(h.nav, 2))
        expectStatus(navcore_set_bar_threshold(h.nav, 0))
        #expect(h.r.take(["bar"]).isEmpty, "no change, no event")
        expectStatus(navcore_set_bar_threshold(h.nav, 3))
        #expect(h.r.take(["bar"]) == ["bar hidden instant"])
        // size_t arrives in Swift as Int: -1 is SIZE_MAX, beyond the engine's range.
        expectError(navcore_set_bar_threshold(h.nav, -1), NAVCORE_ERR_INVALID, "threshold SIZE_MAX")
        expectStatus(navcore_is_bar_shown(&shown, h.nav))
        #expect(!shown, "the failed call changed nothing")
    }

    // MARK: Host dispatch

    @Test("host dispatch: asking only enqueues, wakeup is raised once until drain, drain runs the queue")
    func hostDispatchWakesUpOnceAndDrainRuns() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST)
        defer { h.close() }
        let a = h.screen("A"), b = h.screen("B"), c = h.screen("C")
        expectStatus(navcore_push(h.nav, a, false, h.r.doneFn, h.ctx("c1")), NAVCORE_QUEUED)
        expectStatus(navcore_push(h.nav, b, true, h.r.doneFn, h.ctx("c2")), NAVCORE_QUEUED)
        expectStatus(navcore_push(h.nav, c, false, h.r.doneFn, h.ctx("c3")), NAVCORE_QUEUED)
        #expect(h.r.take() == ["wakeup"])
        #expect(h.stack.isEmpty && h.pending == 3)
        expectStatus(navcore_drain(h.nav))
        #expect(h.stack == ["A", "B"], "the drain stops at the op waiting for its transition")
        #expect(h.pending == 1)
        #expect(h.r.take(["completion", "wakeup"]) == ["completion c1 push completed"])
        expectStatus(navcore_drain(h.nav))
        #expect(h.r.take().isEmpty, "a drain while an op waits runs nothing")
        h.finish()  // finish acts at once; the pending queue then raises wakeup instead of running
        #expect(h.r.take(["completion", "wakeup"]) == ["completion c2 push completed", "wakeup"])
        #expect(h.stack == ["A", "B"] && h.pending == 1)
        expectStatus(navcore_drain(h.nav))
        #expect(h.r.take(["completion", "wakeup"]) == ["completion c3 push completed"])
        #expect(h.stack == ["A", "B", "C"] && h.pending == 0)
    }

    @Test("host dispatch: a post from another thread wakes the host there; every other callback arrives on the draining thread")
    func hostDispatchDeliversOnTheDrainingThread() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST)
        defer { h.close() }
        #expect(h.route("R") == OK)
        let posted = Locked(Int32(99))
        onNewThread {
            var options = showOptions(animated: false, remove_current: true, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
            posted.set("hello".withCString { text in
                options.payload = text
                return navcore_post(h.nav, "R", &options, nil, nil)
            })
        }
        #expect(posted.value == QUEUED)
        #expect(h.r.history == ["wakeup"], "posting only enqueued and woke the host")
        expectStatus(navcore_drain(h.nav))
        let threads = h.r.threads
        #expect(threads.map(\.line) == [
            "wakeup", "factory R payload=hello", "payload R hello", "action will_push +R instant",
            "action did_push +R instant", "will_show R push instant", "did_show R push instant",
            "action push_completed +R instant", "done show completed", "action idle",
        ])
        // The drain ran on this (live) thread, so no other thread can share its id.
        #expect(threads.first.map { pthread_equal($0.thread, pthread_self()) == 0 } == true, "wakeup ran on the posting thread")
        #expect(threads.dropFirst().allSatisfy { pthread_equal($0.thread, pthread_self()) != 0 })
    }
}

/// A value guarded by a lock, for results produced on other threads.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func set(_ value: Value) { lock.withLock { stored = value } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

/// Runs `body` on a new thread and waits for it to end.
func onNewThread(_ body: @escaping @Sendable () -> Void) {
    let ended = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        ended.signal()
    }
    thread.start()
    ended.wait()
}
