import CNavCore
import Testing

/// navcore.h, "Deferred veto" (SPEC §13): navcore_on_pop_veto_deferrable
/// (navcore_deferrable_veto_fn) and navcore_decide.
@Suite("Deferred veto")
struct DeferredVetoTests {
    static let later = Int32(NAVCORE_VETO_LATER.rawValue)

    @Test("later: the back waits, busy, until decide; a wrong or answered id fails with state")
    func laterThenDecide() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A", "B")
        expectStatus(navcore_on_pop_veto_deferrable(h.nav, h.r.deferrableVetoFn, h.ctx("veto"), h.r.destroyFn))
        #expect(h.r.destroyCount("veto") == 1, "the bool veto it replaces is let go")
        h.r.deferredAnswers = ["B": Self.later]
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("b")))
        let decision = h.r.lastDecision
        #expect(decision != 0)
        #expect(h.busy && h.stack == ["A", "B"])
        expectStatus(navcore_push(h.nav, h.screen("C"), false, nil, nil), NAVCORE_QUEUED)
        expectError(navcore_gesture_begin(h.nav, nil, nil), NAVCORE_ERR_BUSY)
        expectError(navcore_decide(h.nav, decision &+ 1, true), NAVCORE_ERR_STATE)
        expectStatus(navcore_decide(h.nav, decision, true))
        #expect(h.r.take(["should_pop", "completion"]) == ["should_pop B button later", "completion b back completed"])
        #expect(h.stack == ["A", "C"] && ids.count == 2)
        expectError(navcore_decide(h.nav, decision, false), NAVCORE_ERR_STATE)
    }

    @Test("decide no ends the back vetoed; from another thread in host mode it acts at once")
    func decideNoFromAnotherThread() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST)
        defer { h.close() }
        let a = h.screen("A"), b = h.screen("B")
        expectStatus(navcore_set_stack(h.nav, [a, b], 2, false, nil, nil), NAVCORE_QUEUED)
        expectStatus(navcore_on_pop_veto_deferrable(h.nav, h.r.deferrableVetoFn, h.ctx("veto"), nil))
        h.r.deferredAnswers = ["B": Self.later]
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("b")), NAVCORE_QUEUED)
        expectStatus(navcore_drain(h.nav))
        let decision = h.r.lastDecision
        let status = Locked(Int32(99))
        onNewThread { status.set(navcore_decide(h.nav, decision, false)) }
        expectStatus(status.value)
        #expect(h.r.take(["completion"]) == ["completion b back vetoed"])
        #expect(!h.busy && h.stack == ["A", "B"])
    }

    @Test("for a gesture, later counts as no; an unknown answer refuses")
    func gestureLaterIsNo() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        expectStatus(navcore_on_pop_veto_deferrable(h.nav, h.r.deferrableVetoFn, h.ctx("veto"), nil))
        h.r.deferredAnswers = ["B": Self.later]
        expectStatus(navcore_gesture_begin(h.nav, h.r.doneFn, h.ctx("g")))
        h.r.deferredAnswers = ["B": 7]
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("b")))
        #expect(h.r.take(["completion"]) == ["completion g gesture vetoed", "completion b back vetoed"])
        #expect(!h.busy)
    }

    @Test("destroy while a decision is pending aborts the back; a later decide fails with invalid_handle")
    func destroyWhilePending() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        expectStatus(navcore_on_pop_veto_deferrable(h.nav, h.r.deferrableVetoFn, h.ctx("veto"), nil))
        h.r.deferredAnswers = ["B": Self.later]
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("b")))
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.take(["completion"]) == ["completion b back aborted"])
        expectError(navcore_decide(h.nav, h.r.lastDecision, true), NAVCORE_ERR_INVALID_HANDLE)
    }
}
