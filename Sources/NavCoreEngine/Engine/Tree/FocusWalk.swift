/// `open … focus` (SPEC §16.10, a deep link into a tab): once the asked navigator C's stack is
/// built (after its `set_completed`, before its `done`), the same op brings C to the front,
/// one link at a time from C up to the root, inner steps first, each instant. For a screen
/// child of S in P: activate it if it is not active; if S is not P's top, P pops to S (P's
/// own action events, from `will_pop` to `action idle`; the walk stops if S is not in P's
/// stack); then P's modal is dismissed, unless it is sticky (`dismiss_on_back` off): the walk
/// stops there, C built behind it. A modal's link does nothing: the walk goes on from its
/// parent. Each step emits the front rule's events, so under a covering modal only its
/// dismissal shows.
extension Family {
    func bringToFront() {
        var child = decide { $0.node.id }
        while let link = decide({ $0.focusLink(of: child) }) {
            switch link {
            case .modal(let parent):
                child = parent
            case .screen(let parent, let host):
                if decide({ $0.activeChild(of: host, in: parent) != child }) {
                    _ = changeFront { state in
                        state.updateMember(parent) { $0.tree.hosted[host]?.active = child }
                        return nil
                    }
                }
                guard let plan = decide({ $0.planFocusPop(of: parent, to: host) }) else { return }
                if case .change(let change) = plan { pop(change, of: parent) }
                guard popsModal(of: parent) else { return }
                child = parent
            }
        }
    }

    /// A focus step's pop of `member` to a screen of its own: SPEC §4's steps with the front
    /// rule's events, instant, the releases with their children torn down first, and its own
    /// `action idle`. The op (the asked navigator's: its request, its `done`) is lent to
    /// `member` meanwhile, so that these steps act for it.
    private func pop(_ change: StackChange, of member: NodeID) {
        let asker = decide { state -> NodeID in
            defer { state.lend(to: member) }
            return state.opMember
        }
        var before: [FrontPair] = []
        var front = FrontChange()
        var own: [FrontPair] = []
        step { state in
            before = state.familyFront
            return state.enter(.will, of: change)
        }
        step { state in
            state.apply(change)
            front = FrontChange(before: before, after: state.familyFront)
            own = state.ownPairs(of: change)
            return state.enter(.did, of: change)
        }
        step { $0.node.updateBar(animated: false) }
        willPhase(front, own: own, reason: .pop, animated: false)
        didPhase(front, own: own, reason: .pop, animated: false)
        change.disappearing.refs.forEachBackwards { release($0) }
        step { $0.enter(.completed, of: change) }
        step { $0.becomeIdle() }
        decide { $0.lend(to: asker) }
    }

    /// A focus step's dismissal of `member`'s modal, instant (SPEC §16.4's events, then the
    /// modal's teardown). False when the modal is sticky: the walk stops there.
    private func popsModal(of member: NodeID) -> Bool {
        let plan = decide { state -> (ModalTransition, FrontPair?, FrontPair?)?? in
            guard let modal = state.withMember(member, { $0.tree.modal }) ?? nil else { return .some(nil) }
            let sticky = state.withMember(modal) { $0.tree.presentation?.dismissOnBack == false } ?? false
            guard !sticky else { return nil }
            state.focus(on: member)
            defer { state.focus(on: state.opMember) }
            return .some(state.planDismissal(result: nil, animated: false))
        }
        guard let plan else { return false }
        guard let (transition, _, _) = plan else { return true }
        willPhase(transition.front, own: transition.own, reason: transition.reason, animated: false)
        didPhase(transition.front, own: transition.own, reason: transition.reason, animated: false)
        if let dismissed = transition.dismissed { deliver(decide { $0.tearDown(subtree: dismissed) }) }
        return true
    }

}

/// How a navigator hangs from its parent, for the focus walk.
enum FocusLink {
    case screen(parent: NodeID, host: UInt64)
    case modal(parent: NodeID)
}

extension FamilyState {
    /// Lends the op in flight to `member`: the driver's steps act for it until it is lent back.
    mutating func lend(to member: NodeID) {
        opMember = member
        focus(on: member)
    }

    /// Whether the op in flight is an `open` with `focus`.
    var focuses: Bool {
        if case .open(let op) = current?.request.operation { return op.focus }
        return false
    }

    /// The link from `member` to its parent; `nil` for a root (the walk's end).
    func focusLink(of member: NodeID) -> FocusLink? {
        guard let tree = withMember(member, { $0.tree }), let parent = tree.parent else { return nil }
        return tree.presentation == nil ? .screen(parent: parent, host: tree.hostScreen) : .modal(parent: parent)
    }

    /// The active child of screen `host` of `member`.
    func activeChild(of host: UInt64, in member: NodeID) -> NodeID? {
        withMember(member) { $0.tree.hosted[host]?.active } ?? nil
    }

    /// `member`'s pop down to `host`, instant: `.end(.noop)` when `host` is its top already;
    /// `nil` when `host` is not in its stack (the walk stops).
    mutating func planFocusPop(of member: NodeID, to host: UInt64) -> Plan? {
        focus(on: member)
        defer { focus(on: opMember) }
        guard let index = node.stack.firstIndex(where: { $0.id == host }) else { return nil }
        return truncate(keeping: index + 1, animated: false)
    }
}
