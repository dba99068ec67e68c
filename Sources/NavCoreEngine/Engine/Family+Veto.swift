/// The pop veto of `back` and `gesture` (SPEC §6, §13): asked about the top when the op runs,
/// and the host's later decision.
extension Family {
    /// `back` and `gesture` (SPEC §6, §13): the veto is asked about the top at this moment,
    /// and only when there is something to pop. A `back` whose veto answers later waits for
    /// the host's `decide`; for a gesture, later counts as no.
    func userPop(_ trigger: PopTrigger, animated: Bool) {
        switch askVeto(trigger) {
        case nil: end(.noop)
        case (.refuse, _)?: end(.vetoed)
        case (.later, _)? where trigger == .gesture: end(.vetoed)
        case (.later, let decision)?: settle { $0.setPhase(.deciding(decision)) }
        case (.allow, _)?: popOrDismiss(animated: animated, interactive: trigger == .gesture)
        }
    }

    /// The veto's answer about the top and the decision id it was given, `nil` when there is
    /// nothing to pop. In a family the question goes to the back target (SPEC §16.6), which
    /// performs the op from then on; a modal with no screen to dismiss is not asked. The sink
    /// that asks is let go on return, so that a veto replaced meanwhile is not kept for the
    /// whole op.
    private func askVeto(_ trigger: PopTrigger) -> (VetoAnswer, UInt64)? {
        let (top, veto, asks) = decide { state -> (ScreenRef?, (any EventSink)?, Bool) in
            if !state.others.isEmpty {
                state.rememberFrontPath(from: state.node.id)
                guard let target = state.backTarget(of: state.node.id) else { return (nil, nil, true) }
                state.hand(to: target.navigator)
                if case .dismiss(_, let parent) = target { state.routedDismissal = parent }
                let top = state.node.stack.last
                return (top, state.node.interest.contains(.veto) ? state.node.sink : nil, top != nil)
            }
            return (state.node.stack.count >= 2 ? state.node.stack.last : nil,
                    state.node.interest.contains(.veto) ? state.node.sink : nil, true)
        }
        guard let top else { return asks ? nil : (.allow, 0) }
        let decision = IDSource.nextDecision()
        return (veto?.shouldPop(top, trigger: trigger, decision: decision) ?? .allow, decision)
    }

    /// SPEC §13: the host answered a `back`'s pending decision: pop as if the veto had allowed
    /// it (animated per the rules at this moment), or end `vetoed`.
    func resume(animated: Bool, allow: Bool) {
        guard allow else { return end(.vetoed) }
        popOrDismiss(animated: animated, interactive: false)
    }

    /// The allowed pop of the top, or, when the back target is a modal (SPEC §16.6), its
    /// parent's dismissal of it.
    private func popOrDismiss(animated: Bool, interactive: Bool) {
        let plan = decide { state -> Plan? in
            guard let parent = state.routedDismissal else { return state.pop(animated: animated, interactive: interactive) }
            state.routedDismissal = nil
            state.hand(to: parent)
            return nil
        }
        guard let plan else { return dismissModal(animated: animated, result: nil, interactive: interactive) }
        carryOut(plan)
    }
}
