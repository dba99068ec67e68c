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

    /// The did-phase, a dismissed modal's teardown, then `done … completed` (the parent's).
    func complete(_ transition: ModalTransition) {
        didPhase(transition.front, own: transition.own, reason: transition.reason, animated: transition.animated)
        if let dismissed = transition.dismissed {
            deliver(decide { $0.tearDown(subtree: dismissed) })
        }
        end(.completed)
    }
}

extension FamilyState {
    /// A present's or dismiss's transition goes to the host's animator; the op waits.
    mutating func beginTransition(_ transition: ModalTransition, style: TransitionStyle, from: ScreenRef, to: ScreenRef) -> Event {
        let id = nextTransitionID()
        setPhase(.waiting(transition: id, interactive: false))
        current?.modal = transition
        return .transition(TransitionEvent(id: id, style: style, from: from, to: to, interactive: false))
    }
}
