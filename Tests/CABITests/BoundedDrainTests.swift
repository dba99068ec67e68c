import CNavCore
import Testing

/// SPEC §9's bounded drain through the header: navcore_drain_ops, navcore_drain_for and
/// navcore_drain_ops_for start the first op they can, then another only while the budget lasts;
/// NAVCORE_QUEUED (with the wakeup called again) when ops are left, NAVCORE_OK otherwise.
@Suite("Bounded drains")
struct BoundedDrainTests {
    /// A host-dispatch navigator with run ops r1…r`count` queued.
    func flood(_ count: Int) -> Harness {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: [.wakeup])
        for index in 1...count {
            expectStatus(navcore_run(h.nav, h.r.runFn, nil, h.ctx("r\(index)")), NAVCORE_QUEUED)
        }
        #expect(h.r.take() == ["wakeup"])
        return h
    }

    @Test("a count, a time, both: each stops where its budget runs out and wakes the host again")
    func budgets() {
        let h = flood(6)
        defer { h.close() }
        expectStatus(navcore_drain_ops(h.nav, 2), NAVCORE_QUEUED)
        #expect(h.r.take() == ["run r1", "run r2", "wakeup"])
        expectStatus(navcore_drain_for(h.nav, 0), NAVCORE_QUEUED)
        #expect(h.r.take() == ["run r3", "wakeup"])
        expectStatus(navcore_drain_ops_for(h.nav, 2, .infinity), NAVCORE_QUEUED)
        #expect(h.r.take() == ["run r4", "run r5", "wakeup"])
        expectStatus(navcore_drain_ops(h.nav, Int.max))
        #expect(h.r.take() == ["run r6"])
    }

    @Test("a count of 0, a negative or NaN time: invalid, nothing runs, no wakeup is reset")
    func invalidBudgets() {
        let h = flood(2)
        defer { h.close() }
        expectError(navcore_drain_ops(h.nav, 0), NAVCORE_ERR_INVALID)
        expectError(navcore_drain_for(h.nav, -1e-9), NAVCORE_ERR_INVALID)
        expectError(navcore_drain_for(h.nav, .nan), NAVCORE_ERR_INVALID)
        expectError(navcore_drain_ops_for(h.nav, 1, -.infinity), NAVCORE_ERR_INVALID)
        expectStatus(navcore_run(h.nav, h.r.runFn, nil, h.ctx("r3")), NAVCORE_QUEUED)
        #expect(h.r.take().isEmpty, "the first wakeup is still outstanding")
        var pending = 0
        expectStatus(navcore_pending_count(&pending, h.nav))
        #expect(pending == 3)
    }
}
