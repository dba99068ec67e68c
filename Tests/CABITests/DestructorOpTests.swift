import CNavCore
import Testing

/// An op asked from a ctx destructor that runs inside a registration call (outside any
/// delivery) must act at once or be refused, never be accepted and then stay stuck until a
/// wakeup nobody registered (docs/semantics.md reading 21).
@Suite("Ops asked from a ctx destructor inside a registration call")
struct DestructorOpTests {
    @Test("host mode, no wakeup: a gesture from a replaced callback's destructor runs at once")
    func gestureFromDestructorRunsAtOnce() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: [.animator, .done, .release, .action])
        defer { h.close() }
        let a = h.screen("A"), b = h.screen("B")
        expectStatus(navcore_set_stack(h.nav, [a, b], 2, false, nil, nil), NAVCORE_QUEUED)
        expectStatus(navcore_drain(h.nav))
        _ = h.r.take()
        let gesture = Locked(Int32(99))
        h.r.on("destroy release") { gesture.set(navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("g"))) }
        #expect(h.register(.release, ctx: "release#2") == OK, "replacing on_release runs the old ctx destructor")
        #expect(gesture.value == OK)
        #expect(h.r.take(["transition", "action"]) == [
            "action will_pop +A -B animated", "action did_pop +A -B animated", "transition pop B>A interactive",
        ], "the accepted gesture acted at once, on the registering thread")
        let transition = h.transition
        #expect(transition != 0)
        expectStatus(navcore_transition_cancel(h.nav, transition))
        #expect(h.r.take(["completion"]) == ["completion g gesture cancelled"])
        #expect(!h.busy)
    }

    @Test("host mode, no wakeup: a decide from a replaced callback's destructor acts at once")
    func decideFromDestructorActsAtOnce() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: [.done, .release])
        defer { h.close() }
        let a = h.screen("A"), b = h.screen("B")
        expectStatus(navcore_set_stack(h.nav, [a, b], 2, false, nil, nil), NAVCORE_QUEUED)
        expectStatus(navcore_on_pop_veto_deferrable(h.nav, h.r.deferrableVetoFn, h.ctx("veto"), nil))
        h.r.deferredAnswers = ["B": Int32(NAVCORE_VETO_LATER.rawValue)]
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("b")), NAVCORE_QUEUED)
        expectStatus(navcore_drain(h.nav))
        #expect(h.busy, "the back waits for its decision")
        let decided = Locked(Int32(99))
        h.r.on("destroy release") { decided.set(navcore_decide(h.nav, h.r.lastDecision, true)) }
        #expect(h.register(.release, ctx: "release#2") == OK)
        #expect(decided.value == OK)
        #expect(h.r.take(["completion"]) == ["completion b back completed"], "decided before the registration returned")
        #expect(!h.busy && h.stack == ["A"])
    }
}
