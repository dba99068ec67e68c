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

    @Test("navcore_pending_decision names the decision a back waits for, from the veto's return until decide")
    func pendingDecisionQuery() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        expectStatus(navcore_on_pop_veto_deferrable(h.nav, h.r.deferrableVetoFn, h.ctx("veto"), nil))
        h.r.deferredAnswers = ["B": Self.later]
        #expect(h.pendingDecision == 0)
        var insideVeto: UInt64 = 99
        h.r.on("should_pop B button later") { insideVeto = h.pendingDecision }
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("b")))
        #expect(insideVeto == 0, "pending once the veto has returned, not inside it")
        let decision = h.r.lastDecision
        #expect(decision != 0 && h.pendingDecision == decision)
        // What the other queries read meanwhile, and which only this one tells apart from work.
        #expect(h.busy && h.transition == 0 && h.state == "idle")
        expectStatus(navcore_push(h.nav, h.screen("C"), false, nil, nil), NAVCORE_QUEUED)
        #expect(h.pending == 1 && h.pendingDecision == decision)
        expectError(navcore_pending_decision(nil, h.nav), NAVCORE_ERR_INVALID)
        expectStatus(navcore_decide(h.nav, decision, false))
        #expect(h.pendingDecision == 0 && h.stack == ["A", "B", "C"])

        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("again")))
        #expect(h.pendingDecision == 0, "no veto question for C: the back popped at once")
        expectStatus(navcore_back(h.nav, false, h.r.doneFn, h.ctx("last")))
        let second = h.r.lastDecision
        #expect(second != decision && h.pendingDecision == second)
        expectStatus(navcore_navigator_destroy(h.nav))
        var out: UInt64 = 7
        expectError(navcore_pending_decision(&out, h.nav), NAVCORE_ERR_INVALID_HANDLE)
        #expect(out == 7, "not written on failure")
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
