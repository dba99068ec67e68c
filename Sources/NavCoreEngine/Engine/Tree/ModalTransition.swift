/// A present or dismiss once it has changed the tree (SPEC §16.4): the front pairs it hides and
/// shows, the tops that carry its reason (X, the parent's top, and Y, the modal chain's
/// front-most top), its effective animation, and for a dismiss the modal to tear down after
/// the did-phase. Kept in the op in flight while its transition plays.
package struct ModalTransition: Sendable {
    let front: FrontChange
    let own: [FrontPair]
    let reason: AppearanceReason
    let animated: Bool
    /// The dismissed modal.
    let dismissed: NodeID?
    /// Whether the host may cancel it (a gesture's dismissal).
    var interactive = false
}

extension Family {
    /// A present's or dismiss's events after its change (SPEC §16.4): the will-phase, the
    /// transition `from`>`to` to the parent's animator if animated (the op then waits for
    /// *finish*), else at once the rest (`complete`).
    func begin(_ transition: ModalTransition, style: TransitionStyle, from: FrontPair?, to: FrontPair?) {
        willPhase(transition.front, own: transition.own, reason: transition.reason, animated: transition.animated)
        var waits = false
        if transition.animated, let from, let to {
            step { state in
                guard state.node.interest.contains(.animator) else { return nil }
                waits = true
                return state.beginTransition(transition, style: style, from: from.screen, to: to.screen)
            }
        }
        if !waits { complete(transition) }
    }

    /// The did-phase, a dismissed modal's teardown, then `done … completed` (the parent's, or
    /// for a routed back the navigator's it was asked of, delivered even when the teardown
    /// killed it).
    func complete(_ transition: ModalTransition) {
        didPhase(transition.front, own: transition.own, reason: transition.reason, animated: transition.animated)
        guard let dismissed = transition.dismissed else { return end(.completed) }
        deliver(decide { $0.tearDown(subtree: dismissed) })
        end(.completed)  // a modal dead since its teardown (a back asked of it) leaves next (`nextWork`)
    }

    /// SPEC §16.4: the host cancelled a gesture's dismissal. The modal is presented again, the
    /// front rule's events run back with reason `cancel` for its two tops; nothing is torn down.
    func cancel(_ transition: ModalTransition) {
        let modal = transition.dismissed
        decide { state in
            state.frontMayChange()
            state.node.tree.modal = modal
            state.node.tree.dismissing = nil
        }
        let back = transition.front.reversed
        willPhase(back, own: transition.own, reason: .cancel, animated: transition.animated)
        didPhase(back, own: transition.own, reason: .cancel, animated: transition.animated)
        end(.cancelled)
    }

    /// SPEC §16.4 `dismiss`, performed by the navigator this hold acts for (asked of it, or a
    /// back routed to it): `noop` without a modal. The result, if any, becomes the modal's
    /// bottom screen's result before the first event; the modal leaves the front at once
    /// (`modal` is none from the will-phase on) and is torn down after the did-phase.
    func dismissModal(animated: Bool, result: String?, interactive: Bool) {
        let plan = decide { $0.planDismissal(result: result, animated: animated, interactive: interactive) }
        guard let (transition, y, x) = plan else { return end(.noop) }
        begin(transition, style: .dismiss, from: y, to: x)
    }
}

extension FamilyState {
    /// A dismissal of the modal of the member this hold acts for, P (SPEC §16.4), once its tree
    /// has changed: the result set on the modal's bottom screen, the modal moved to
    /// `dismissing`; its transition with the tops it goes from (Y) and to (X). `nil` when P has
    /// no modal. Also a deep link's focus step (`Family.bringToFront`).
    mutating func planDismissal(result: String?, animated asked: Bool, interactive: Bool = false)
        -> (ModalTransition, FrontPair?, FrontPair?)? {
        guard let modal = node.tree.modal else { return nil }
        let parent = node.id
        if let result {
            updateMember(modal) { member in
                if let bottom = member.stack.first { member.screens.update(bottom.id) { $0.result = result } }
            }
        }
        let before = familyFront
        let front = deepestModal(from: modal)
        let wasOnScreen = isOnScreen(front)
        let y = (withMember(front) { $0.stack.last } ?? nil).map { FrontPair(member: front, screen: $0) }
        let x = node.stack.last.map { FrontPair(member: parent, screen: $0) }
        frontMayChange()
        node.tree.modal = nil
        node.tree.dismissing = modal
        let animated = asked && wasOnScreen && node.interest.contains(.animator) && x != nil && y != nil
        var transition = ModalTransition(
            front: FrontChange(before: before, after: familyFront), own: [y, x].compactMap { $0 },
            reason: .dismiss, animated: animated, dismissed: modal)
        transition.interactive = interactive && animated
        return (transition, y, x)
    }

    /// The navigators of the present's or dismiss's transition with the animator, from and to
    /// (SPEC §16.12's `from_navigator`, `to_navigator`); empty when none waits.
    package var modalTransitionMembers: [NodeID] {
        guard let transition = opModal, transition.animated else { return [] }
        return transition.own.map { $0.member }
    }

    /// A present's or dismiss's transition goes to the host's animator; the op waits.
    mutating func beginTransition(_ transition: ModalTransition, style: TransitionStyle, from: ScreenRef, to: ScreenRef) -> Event {
        let id = nextTransitionID()
        setPhase(.waiting(transition: id, interactive: transition.interactive))
        opModal = transition
        return .transition(TransitionEvent(id: id, style: style, from: from, to: to, interactive: transition.interactive))
    }
}
