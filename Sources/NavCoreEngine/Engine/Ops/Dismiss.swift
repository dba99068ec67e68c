/// `dismiss` (SPEC §16.4), asked of the parent P: its modal M is shown out and torn down;
/// `noop` without a modal. A result given becomes the result of M's bottom screen before the
/// first event, as `pop`'s does (SPEC §12). No action event: P's stack does not change.
package struct DismissOp: OperationDefinition {
    package let options: DismissOptions

    package init(options: DismissOptions) {
        self.options = options
    }

    package var animated: Bool { options.animated }

    /// At the call: the result is text (SPEC §15).
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        try Text.check(options.result, "result")
    }

    package func run(_ family: Family) {
        let plan = family.decide { $0.planDismissal(result: options.result, animated: options.animated) }
        guard let (transition, y, x) = plan else { return family.end(.noop) }
        family.begin(transition, style: .dismiss, from: y, to: x)
    }
}

extension FamilyState {
    /// A dismissal of the modal of the member this hold acts for, P (SPEC §16.4), once its tree
    /// has changed: the result set on the modal's bottom screen, the modal moved to
    /// `dismissing`; its transition with the tops it goes from (Y) and to (X). `nil` when P has
    /// no modal. Also a deep link's focus step (`Family.bringToFront`).
    mutating func planDismissal(result: String?, animated asked: Bool) -> (ModalTransition, FrontPair?, FrontPair?)? {
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
        node.tree.modal = nil
        node.tree.dismissing = modal
        let animated = asked && wasOnScreen && node.interest.contains(.animator) && x != nil && y != nil
        let transition = ModalTransition(
            front: FrontChange(before: before, after: familyFront), own: [y, x].compactMap { $0 },
            reason: .dismiss, animated: animated, dismissed: modal)
        return (transition, y, x)
    }
}
