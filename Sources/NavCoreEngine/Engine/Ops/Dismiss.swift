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
        let plan = family.decide { state -> (ModalTransition, FrontPair?, FrontPair?)? in
            guard let modal = state.node.tree.modal else { return nil }
            let parent = state.node.id
            if let result = options.result {
                state.updateMember(modal) { member in
                    if let bottom = member.stack.first { member.screens.update(bottom.id) { $0.result = result } }
                }
            }
            let before = state.familyFront
            let front = state.deepestModal(from: modal)
            let wasOnScreen = state.isOnScreen(front)
            let y = (state.withMember(front) { $0.stack.last } ?? nil).map { FrontPair(member: front, screen: $0) }
            let x = state.node.stack.last.map { FrontPair(member: parent, screen: $0) }
            state.node.tree.modal = nil
            state.node.tree.dismissing = modal
            let animated = options.animated && wasOnScreen && state.node.interest.contains(.animator) && x != nil && y != nil
            let transition = ModalTransition(
                front: FrontChange(before: before, after: state.familyFront), own: [y, x].compactMap { $0 },
                reason: .dismiss, animated: animated, dismissed: modal)
            return (transition, y, x)
        }
        guard let (transition, y, x) = plan else { return family.end(.noop) }
        family.begin(transition, style: .dismiss, from: y, to: x)
    }
}
