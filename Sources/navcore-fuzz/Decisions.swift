import CNavCore

// SPEC §13's deferred veto: the three-way hook's registration and `decide` with the pending
// decision, the last one received (answered already, or asked from inside the hook), ids
// around it, zero, the maximum, another navigator's or raw bytes.

extension Harness {
    /// `veto_hook mode`: mode % 3: 0 register the three-way veto, 1 remove it, 2 register it
    /// without a destructor (either kind of veto takes the one veto slot).
    func vetoHook(_ r: inout Reader, _ t: Resolved) {
        register(.deferrableVeto, mode: r.int(3), t)
    }

    /// `decide dsel allow`: dsel % 8: 0 the decision pending (as the harness knows it), 1 the
    /// last one the hook received, 2 that + 1, 3 zero, 4 UInt64.max, 5 another navigator's
    /// last, 6 the last - 1, 7 the next 8 bytes raw. The pending id must be accepted, any other
    /// fails with state, and nothing stays pending after an accepted decide.
    func decide(_ r: inout Reader, _ t: Resolved) {
        let last = t.model?.lastDecision ?? 0
        let id: UInt64
        switch r.int(8) {
        case 0: id = t.model.map(pendingDecision(of:)) ?? 0
        case 1: id = last
        case 2: id = last &+ 1
        case 3: id = 0
        case 4: id = .max
        case 5: id = navigators.last { $0 !== t.model && $0.lastDecision != 0 }?.lastDecision ?? 5
        case 6: id = last &- 1
        default: id = r.uint64()
        }
        let allow = r.flag()
        // Any member may decide the family's pending decision (SPEC §16.6).
        let pending = t.live.map(pendingDecision(of:)) ?? 0
        // The model changes before the call: the op goes on inside it (its callbacks may ask
        // the veto again, and a new decision may be pending when the call returns).
        if id == pending, let nav = t.live {
            for member in members(of: nav) where member.pendingDecision == id { member.pendingDecision = 0 }
        }
        let status = navcore_decide(t.handle, id, allow)
        let what = "decide(\(id), \(allow))"
        expect(status, what, t)
        guard let nav = t.live, !nav.destroyed else { return }
        let expected = pending != 0 && id == pending ? NAVCORE_OK : NAVCORE_ERR_STATE
        if status != expected.rawValue {
            violation("\(what) returned \(status), expected \(expected.rawValue) (pending \(pending))")
        }
    }
}
