import CNavCore
import Foundation
import Testing

/// navcore.h, "Transitions": navcore_transition_finish, navcore_transition_cancel,
/// navcore_transition_progress, the animator's navcore_transition, and the back gesture
/// (SPEC §5).
@Suite("Transitions") struct TransitionTests {
    @Test("the animator receives the transition's id, style, screens and objects; transition_current follows it")
    func animatorReceivesTheTransition() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B")
        expectStatus(navcore_push(h.nav, b, true, nil, nil))
        let transition = h.r.lastTransition
        #expect(transition?.id != 0 && transition?.id == h.transition)
        #expect(transition?.style == c(NAVCORE_STYLE_PUSH))
        #expect(transition?.from == h.id("A") && transition?.to == b)
        #expect(transition?.from_object == h.ctx("A") && transition?.to_object == h.ctx("B"))
        #expect(transition?.interactive == false)
        h.finish()
        #expect(h.transition == 0)
        expectStatus(navcore_pop(h.nav, true, nil, nil))
        let pop = h.r.lastTransition
        #expect(pop?.style == c(NAVCORE_STYLE_POP) && pop?.from == b && pop?.to == h.id("A"))
        #expect(pop?.id != transition?.id, "each transition has its own id")
        h.finish()
    }

    @Test("finish with a wrong id, or with no transition in flight, fails with state and changes nothing")
    func finishWithWrongIDIsState() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        expectError(navcore_transition_finish(h.nav, 1), NAVCORE_ERR_STATE, "no transition in flight")
        expectStatus(navcore_push(h.nav, h.screen("B"), true, nil, nil))
        let id = h.transition
        _ = h.r.take()
        expectError(navcore_transition_finish(h.nav, id &+ 1), NAVCORE_ERR_STATE, "wrong id")
        expectError(navcore_transition_finish(h.nav, 0), NAVCORE_ERR_STATE, "id 0")
        #expect(h.r.take().isEmpty && h.state == "did_push" && h.transition == id)
        expectStatus(navcore_transition_finish(h.nav, id))
        expectError(navcore_transition_finish(h.nav, id), NAVCORE_ERR_STATE, "finished already")
        #expect(h.state == "idle")
    }

    @Test("cancel refuses a transition that is not interactive, a wrong id, and no transition, with state")
    func cancelRefusesNonInteractive() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        expectError(navcore_transition_cancel(h.nav, 1), NAVCORE_ERR_STATE, "no transition")
        expectStatus(navcore_push(h.nav, h.screen("B"), true, nil, nil))
        let id = h.transition
        _ = h.r.take()
        expectError(navcore_transition_cancel(h.nav, id), NAVCORE_ERR_STATE, "a push cannot be cancelled")
        expectError(navcore_transition_cancel(h.nav, id &+ 7), NAVCORE_ERR_STATE, "wrong id")
        #expect(h.r.take().isEmpty && h.stack == ["A", "B"] && h.transition == id)
        h.finish()
    }

    @Test("progress: state outside an interactive transition; invalid out of 0…1 or NaN; reported to the observer")
    func progressIsCheckedAndReported() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        expectError(navcore_transition_progress(h.nav, 1, 0.5), NAVCORE_ERR_STATE, "no transition")
        expectStatus(navcore_push(h.nav, h.screen("C"), true, nil, nil))
        expectError(navcore_transition_progress(h.nav, h.transition, 0.5), NAVCORE_ERR_STATE, "not interactive")
        h.finish()
        expectStatus(navcore_gesture_begin(h.nav, nil, nil))
        let id = h.transition
        _ = h.r.take()
        for bad in [-0.01, 1.01, .nan, .infinity, -.infinity] {
            expectError(navcore_transition_progress(h.nav, id, bad), NAVCORE_ERR_INVALID, "progress \(bad)")
        }
        expectError(navcore_transition_progress(h.nav, id &+ 1, 0.5), NAVCORE_ERR_STATE, "wrong id")
        for good in [0, 0.25, 1] { expectStatus(navcore_transition_progress(h.nav, id, good)) }
        #expect(h.r.take() == ["progress 0.00", "progress 0.25", "progress 1.00"])
        expectStatus(navcore_transition_finish(h.nav, id))
        #expect(h.stack == ["A", "B"])
    }

    @Test("a finished gesture pops: veto by gesture, interactive pop transition, release, done gesture completed")
    func finishedGesturePops() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B", "C")
        expectStatus(navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("g1")))
        #expect(h.r.take() == [
            "should_pop C gesture yes", "action will_pop +B -C animated", "action did_pop +B -C animated",
            "will_hide C pop animated", "will_show B pop animated", "transition pop C>B interactive",
        ])
        #expect(h.r.lastTransition?.interactive == true)
        #expect(h.stack == ["A", "B"], "the stack already shows the pop")
        h.finish()
        #expect(h.r.take() == [
            "did_hide C pop animated", "did_show B pop animated", "release C", "action pop_completed +B -C animated",
            "completion g1 gesture completed", "done gesture completed", "action idle",
        ])
    }

    @Test("a cancelled gesture restores the stack and the bar and closes every will_* with a did_*; nothing is released")
    func cancelledGestureRestores() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B", "C")
        expectStatus(navcore_set_bar_threshold(h.nav, 3))
        let c = h.id("C")
        expectStatus(navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("g1")))
        #expect(h.r.take() == [
            "should_pop C gesture yes", "action will_pop +B -C animated", "action did_pop +B -C animated",
            "bar hidden animated", "will_hide C pop animated", "will_show B pop animated", "transition pop C>B interactive",
        ])
        let queued = h.screen("D")
        expectStatus(navcore_push(h.nav, queued, false, h.r.doneFn, h.ctx("c2")), NAVCORE_QUEUED)
        expectStatus(navcore_transition_progress(h.nav, h.transition, 0.4))
        expectStatus(navcore_transition_cancel(h.nav, h.transition))
        #expect(h.r.take() == [
            "progress 0.40", "bar shown animated", "will_hide B cancel animated", "will_show C cancel animated",
            "did_hide B cancel animated", "did_show C cancel animated", "action pop_cancelled +B -C animated",
            "completion g1 gesture cancelled", "done gesture cancelled", "action idle",
            "action will_push +D -C instant", "action did_push +D -C instant", "will_hide C push instant",
            "will_show D push instant", "did_hide C push instant", "did_show D push instant",
            "action push_completed +D -C instant", "completion c2 push completed", "done push completed", "action idle",
        ], "then the queue drains as after any op")
        #expect(h.stack == ["A", "B", "C", "D"])
        var object: UnsafeMutableRawPointer?
        expectStatus(navcore_screen_object(&object, h.nav, c))
        #expect(object == h.ctx("C"), "the cancelled pop released nothing")
    }

    @Test("gesture: state when hidden or without an animator, busy while an op runs or waits, vetoed by the veto")
    func gestureRefusals() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        let never = h.ctx("never")
        expectStatus(h.register(.animator, remove: true))
        expectError(navcore_gesture_begin(h.nav, h.r.doneFn, never), NAVCORE_ERR_STATE, "no animator")
        expectStatus(h.register(.animator, ctx: "animator"))
        expectStatus(navcore_set_visible(h.nav, false, nil, nil))
        expectError(navcore_gesture_begin(h.nav, h.r.doneFn, never), NAVCORE_ERR_STATE, "hidden")
        expectStatus(navcore_set_visible(h.nav, true, nil, nil))
        expectStatus(navcore_push(h.nav, h.screen("C"), true, nil, nil))
        expectError(navcore_gesture_begin(h.nav, h.r.doneFn, never), NAVCORE_ERR_BUSY, "an op waits for its transition")
        h.finish()
        h.r.refusals = ["C"]
        _ = h.r.take()
        expectStatus(navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("g1")))
        #expect(h.r.take() == ["should_pop C gesture no", "completion g1 gesture vetoed", "done gesture vetoed"])
        #expect(!h.r.history.contains { $0.contains("never") })
    }

    @Test("gesture in host dispatch is busy while ops are only queued, and acts at once when idle")
    func gestureInHostDispatch() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST)
        defer { h.close() }
        let a = h.screen("A"), b = h.screen("B")
        expectStatus(navcore_set_stack(h.nav, [a, b], 2, false, nil, nil), NAVCORE_QUEUED)
        expectError(navcore_gesture_begin(h.nav, nil, nil), NAVCORE_ERR_BUSY, "the queue is not empty")
        expectStatus(navcore_drain(h.nav))
        _ = h.r.take()
        expectStatus(navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("g1")))
        #expect(h.r.take(["transition"]) == ["transition pop B>A interactive"], "the gesture starts at once, without drain")
        h.finish()
        #expect(h.r.take(["completion"]) == ["completion g1 gesture completed"])
    }

    @Test("an animator removed while an op plans to animate: the transition finishes at once")
    func removedAnimatorFinishesAtOnce() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        h.r.on("action will_push") { expectStatus(h.register(.animator, remove: true)) }
        expectStatus(navcore_push(h.nav, h.screen("B"), true, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.destroyCount("animator") == 1)
        #expect(h.r.take(["transition", "will_show", "did_show", "completion", "destroy"]) == [
            "destroy animator", "will_show B push animated", "did_show B push animated", "completion c1 push completed",
        ], "the events keep the planned flag; no transition reaches the host")
        #expect(h.stack == ["A", "B"] && !h.busy && h.transition == 0)
    }

    @Test("finish called from inside the animator callback completes the op after the callback returns")
    func finishInsideAnimator() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let status = Locked(Int32(99))
        h.r.on("transition push") { status.set(navcore_transition_finish(h.nav, h.r.lastTransition?.id ?? 0)) }
        expectStatus(navcore_push(h.nav, h.screen("B"), true, h.r.doneFn, h.ctx("c1")))
        #expect(status.value == OK)
        #expect(h.r.take(["transition", "did_show", "completion"]) == [
            "transition push A>B", "did_show B push animated", "completion c1 push completed",
        ])
        #expect(!h.busy && h.transition == 0)
    }
}
