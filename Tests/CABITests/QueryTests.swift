import CNavCore
import Foundation
import Testing

/// navcore.h, "Queries": navcore_stack_count, navcore_stack_get, navcore_stack_copy, navcore_top,
/// navcore_root, navcore_action_state, navcore_is_busy, navcore_pending_count,
/// navcore_is_bar_shown, navcore_is_visible, navcore_can_go_back, navcore_transition_current —
/// at rest, while an op waits, from inside callbacks, and from another thread.
@Suite("Queries") struct QueryTests {
    /// Every query at once.
    struct Snapshot: Equatable, CustomStringConvertible {
        var stack: [UInt64] = []
        var count = -1
        var top: UInt64 = 99, root: UInt64 = 99
        var state = "?"
        var busy = false, barShown = false, visible = false, canGoBack = false
        var pending = -1
        var transition: UInt64 = 99

        init() {}

        init(_ nav: Nav, sourceLocation: SourceLocation = #_sourceLocation) {
            var full = 0
            #expect(navcore_stack_copy(&full, nil, 0, nav) == OK, sourceLocation: sourceLocation)
            stack = [UInt64](repeating: 0, count: full)
            var copied = 0
            #expect(navcore_stack_copy(&copied, &stack, stack.count, nav) == OK, sourceLocation: sourceLocation)
            #expect(navcore_stack_count(&count, nav) == OK, sourceLocation: sourceLocation)
            for index in stack.indices {
                var id: UInt64 = 0
                #expect(navcore_stack_get(&id, nav, index) == OK, sourceLocation: sourceLocation)
                #expect(id == stack[index], sourceLocation: sourceLocation)
            }
            #expect(navcore_top(&top, nav) == OK, sourceLocation: sourceLocation)
            #expect(navcore_root(&root, nav) == OK, sourceLocation: sourceLocation)
            var raw: Int32 = -1
            #expect(navcore_action_state(&raw, nav) == OK, sourceLocation: sourceLocation)
            state = String(cString: navcore_action_string(raw))
            #expect(navcore_is_busy(&busy, nav) == OK, sourceLocation: sourceLocation)
            #expect(navcore_pending_count(&pending, nav) == OK, sourceLocation: sourceLocation)
            #expect(navcore_is_bar_shown(&barShown, nav) == OK, sourceLocation: sourceLocation)
            #expect(navcore_is_visible(&visible, nav) == OK, sourceLocation: sourceLocation)
            #expect(navcore_can_go_back(&canGoBack, nav) == OK, sourceLocation: sourceLocation)
            #expect(navcore_transition_current(&transition, nav) == OK, sourceLocation: sourceLocation)
        }

        var description: String {
            "stack \(stack) count \(count) top \(top) root \(root) \(state) busy \(busy) pending \(pending) bar \(barShown) visible \(visible) back \(canGoBack) transition \(transition)"
        }
    }

    @Test("an empty navigator: count 0, top and root 0, idle, not busy, nothing pending, bar shown, visible, no back")
    func emptyNavigator() {
        let h = Harness()
        defer { h.close() }
        let snapshot = Snapshot(h.nav)
        #expect(snapshot.stack.isEmpty && snapshot.count == 0 && snapshot.top == 0 && snapshot.root == 0)
        #expect(snapshot.state == "idle" && !snapshot.busy && snapshot.pending == 0 && snapshot.transition == 0)
        #expect(snapshot.barShown && snapshot.visible && !snapshot.canGoBack)
    }

    @Test("queries follow the stack: count, get, copy, top, root, can_go_back")
    func queriesFollowTheStack() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A", "B", "C")
        let snapshot = Snapshot(h.nav)
        #expect(snapshot.stack == ids && snapshot.count == 3 && snapshot.root == ids[0] && snapshot.top == ids[2])
        #expect(snapshot.canGoBack && !snapshot.busy && snapshot.state == "idle")
        expectStatus(navcore_pop_to_root(h.nav, false, nil, nil))
        let root = Snapshot(h.nav)
        #expect(root.stack == [ids[0]] && root.top == ids[0] && root.root == ids[0] && !root.canGoBack)
    }

    @Test("busy, pending, action state, transition_current and can_go_back while an op waits for its transition")
    func queriesWhileAnOpWaits() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A", "B")
        expectStatus(navcore_push(h.nav, h.screen("C"), true, nil, nil))
        expectStatus(navcore_pop(h.nav, false, nil, nil), NAVCORE_QUEUED)
        expectStatus(navcore_run(h.nav, h.r.runFn, nil, h.ctx("r1")), NAVCORE_QUEUED)
        let waiting = Snapshot(h.nav)
        #expect(waiting.busy && waiting.pending == 2 && waiting.state == "did_push" && !waiting.canGoBack)
        #expect(waiting.transition != 0 && waiting.transition == h.r.lastTransition?.id)
        #expect(waiting.stack == ids + [h.id("C")])
        h.finish()
        let done = Snapshot(h.nav)
        #expect(!done.busy && done.pending == 0 && done.state == "idle" && done.transition == 0 && done.canGoBack)
        #expect(done.stack == ids)
    }

    @Test("is_visible and is_bar_shown follow set_visible and the threshold")
    func visibilityAndBar() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        expectStatus(navcore_set_bar_threshold(h.nav, 3))
        expectStatus(navcore_set_visible(h.nav, false, nil, nil))
        var snapshot = Snapshot(h.nav)
        #expect(!snapshot.visible && !snapshot.barShown && snapshot.canGoBack)
        expectStatus(navcore_push(h.nav, h.screen("C"), true, nil, nil))
        snapshot = Snapshot(h.nav)
        #expect(snapshot.barShown && !snapshot.busy, "hidden: instant, the threshold reached")
        expectStatus(navcore_set_visible(h.nav, true, nil, nil))
        #expect(Snapshot(h.nav).visible)
    }

    @Test("stack_copy copies snprintf style: at most capacity ids, bottom to top, and the full count")
    func stackCopyIsSnprintfStyle() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A", "B", "C", "D")
        var count = 0
        expectStatus(navcore_stack_copy(&count, nil, 0, h.nav))
        #expect(count == 4, "capacity 0 with a NULL buffer only counts")
        for capacity in [1, 2, 3, 4, 5, 8] {
            var buffer = [UInt64](repeating: 0xEEEE, count: 8)
            count = 0
            expectStatus(navcore_stack_copy(&count, &buffer, capacity, h.nav))
            let copied = min(capacity, 4)
            #expect(count == 4, "capacity \(capacity)")
            #expect(Array(buffer.prefix(copied)) == Array(ids.prefix(copied)), "capacity \(capacity)")
            #expect(buffer[copied...].allSatisfy { $0 == 0xEEEE }, "capacity \(capacity): nothing written past the ids")
        }
        var buffer = [UInt64](repeating: 0xEEEE, count: 2)
        count = 77
        expectError(navcore_stack_copy(&count, nil, 2, h.nav), NAVCORE_ERR_INVALID, "a NULL buffer with a capacity")
        expectError(navcore_stack_copy(nil, &buffer, 2, h.nav), NAVCORE_ERR_INVALID, "a NULL count")
        #expect(count == 77 && buffer == [0xEEEE, 0xEEEE], "nothing is written on failure")
    }

    @Test("stack_get refuses an index out of range with invalid and writes nothing")
    func stackGetOutOfRange() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        var id: UInt64 = 4242
        expectError(navcore_stack_get(&id, h.nav, 2), NAVCORE_ERR_INVALID)
        expectError(navcore_stack_get(&id, h.nav, -1), NAVCORE_ERR_INVALID, "SIZE_MAX")
        #expect(id == 4242)
    }

    @Test("every query refuses a NULL out-parameter with invalid")
    func queriesRefuseNullOut() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        expectError(navcore_stack_count(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_stack_get(nil, h.nav, 0), NAVCORE_ERR_INVALID)
        expectError(navcore_stack_copy(nil, nil, 0, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_top(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_root(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_action_state(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_is_busy(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_pending_count(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_is_bar_shown(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_is_visible(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_can_go_back(nil, h.nav), NAVCORE_ERR_INVALID)
        expectError(navcore_transition_current(nil, h.nav), NAVCORE_ERR_INVALID)
    }

    @Test("queries inside callbacks see the state at that event: will_* the old stack, did_* and later the new one")
    func queriesInsideCallbacks() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A")
        let a = ids[0], b = h.screen("B")
        let seen = Locked<[String: Snapshot]>([:])
        for line in ["action will_push", "action did_push", "will_hide A push", "will_show B push", "transition push",
                     "did_show B push", "action push_completed", "completion c1", "action will_pop", "action did_pop",
                     "release B", "action pop_completed"] {
            h.r.on(line) {
                let snapshot = Snapshot(h.nav)
                seen.update { $0[line] = snapshot }
            }
        }
        expectStatus(navcore_push(h.nav, b, true, h.r.doneFn, h.ctx("c1")))
        expectStatus(navcore_pop(h.nav, false, nil, nil), NAVCORE_QUEUED)
        h.finish()
        let s = seen.value
        #expect(s.count == 12)
        #expect(s["action will_push"]?.stack == [a] && s["action will_push"]?.state == "will_push")
        #expect(s["action will_push"]?.busy == true && s["action will_push"]?.top == a)
        #expect(s["action did_push"]?.stack == [a, b] && s["action did_push"]?.state == "did_push")
        #expect(s["will_hide A push"]?.stack == [a, b] && s["will_show B push"]?.top == b)
        #expect(s["transition push"]?.transition == h.r.lastTransition?.id && s["transition push"]?.transition != 0)
        #expect(s["transition push"]?.pending == 0, "the pop is asked after the push call returned")
        #expect(s["did_show B push"]?.stack == [a, b] && s["did_show B push"]?.transition == 0)
        #expect(s["did_show B push"]?.pending == 1, "the queued pop waits")
        #expect(s["action push_completed"]?.state == "push_completed")
        #expect(s["completion c1"]?.stack == [a, b])
        #expect(s["action will_pop"]?.stack == [a, b] && s["action will_pop"]?.state == "will_pop")
        #expect(s["action did_pop"]?.stack == [a] && s["action did_pop"]?.state == "did_pop")
        #expect(s["release B"]?.stack == [a])
        #expect(s["action pop_completed"]?.state == "pop_completed" && s["action pop_completed"]?.pending == 0)
        for (line, snapshot) in s { #expect(snapshot.busy, "\(line): busy while the op runs") }
    }

    @Test("queries inside callbacks on a destroyed navigator fail with invalid_handle")
    func queriesAfterDestroyInsideCallback() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let statuses = Locked<[String]>([])
        h.r.on("action did_push") {
            _ = navcore_navigator_destroy(h.nav)
            var count = 0, top: UInt64 = 0
            statuses.update { $0.append(statusName(navcore_stack_count(&count, h.nav))) }
            statuses.update { $0.append(statusName(navcore_top(&top, h.nav))) }
        }
        expectStatus(navcore_push(h.nav, h.screen("B"), false, nil, nil))
        #expect(statuses.value == ["invalid_handle", "invalid_handle"])
    }

    @Test("queries from other threads while one thread drives ops see a consistent stack")
    func queriesFromOtherThreads() {
        let h = Harness(hooks: [.action, .release, .done, .animator])
        defer { h.close() }
        let root = h.build("R")[0]
        let stop = Locked(false)
        let problems = Locked<[String]>([])
        let readersDone = DispatchSemaphore(value: 0)
        let readers = (0..<2).map { _ in
            Thread {
                defer { readersDone.signal() }
                while !stop.value {
                    var buffer = [UInt64](repeating: 0, count: 16)
                    var count = 0
                    guard navcore_stack_copy(&count, &buffer, buffer.count, h.nav) == OK else {
                        problems.update { $0.append("stack_copy failed") }
                        return
                    }
                    if count < 1 || count > 3 || buffer[0] != root { problems.update { $0.append("stack \(buffer.prefix(count))") } }
                    var busy = false, pending = 0
                    _ = navcore_is_busy(&busy, h.nav)
                    _ = navcore_pending_count(&pending, h.nav)
                }
            }
        }
        let finished = DispatchSemaphore(value: 0)
        let driver = Thread {
            for round in 0..<300 {
                var id: UInt64 = 0
                _ = navcore_screen_create(&id, h.nav, "S", nil)
                _ = navcore_push(h.nav, id, round.isMultiple(of: 2), nil, nil)
                var transition: UInt64 = 0
                if navcore_transition_current(&transition, h.nav) == OK, transition != 0 {
                    _ = navcore_transition_finish(h.nav, transition)
                }
                _ = navcore_pop(h.nav, false, nil, nil)
            }
            finished.signal()
        }
        for reader in readers { reader.start() }
        driver.start()
        finished.wait()
        stop.set(true)
        for _ in readers { readersDone.wait() }
        #expect(problems.value.isEmpty)
        #expect(h.stack == ["R"])
    }
}
