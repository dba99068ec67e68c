/// `present M` (SPEC §16.4), asked of the parent P: M becomes P's modal, over P's front
/// (`covers`) or beside it (an overlay). Checked at the call, where M joins P's family as a
/// pending modal (`NavigatorCore.join`). When it runs and P has a modal already, the op ends
/// `invalid` and M is torn down (it never was on screen under P). No action event: P's stack
/// does not change.
package struct PresentOp: OperationDefinition {
    /// M.
    package let child: NavigatorCore
    package let options: PresentOptions

    package init(child: NavigatorCore, options: PresentOptions) {
        self.child = child
        self.options = options
    }

    package var animated: Bool { options.animated }

    package func run(_ family: Family) {
        let modal = child.node
        let plan = family.decide { state -> (ModalTransition, FrontPair?, FrontPair?)? in
            guard state.node.tree.modal == nil, state.isLiveMember(modal) else { return nil }
            let parent = state.node.id
            let before = state.familyFront
            // Whether P was on screen matters only to an animation (read up the whole chain of P's parents).
            let mayAnimate = options.animated && state.node.interest.contains(.animator)
            let wasOnScreen = mayAnimate && state.isOnScreen(parent)
            let x = state.node.stack.last.map { FrontPair(member: parent, screen: $0) }
            state.frontMayChange()
            state.node.tree.pendingModals.removeAll { $0 == modal }
            state.node.tree.modal = modal
            state.updateMember(modal) { member in
                member.visible = true
                member.tree.bound = false
            }
            let front = state.deepestModal(from: modal)
            let y = (state.withMember(front) { $0.stack.last } ?? nil).map { FrontPair(member: front, screen: $0) }
            let animated = wasOnScreen && x != nil && y != nil
            let transition = ModalTransition(
                front: FrontChange(before: before, after: state.familyFront), own: [x, y].compactMap { $0 },
                reason: .present, animated: animated, dismissed: nil)
            return (transition, x, y)
        }
        guard let (transition, x, y) = plan else {
            // SPEC §16.4: P has a modal when this runs; M, pending, is torn down.
            family.deliver(family.decide { $0.tearDown(subtree: modal) })
            return family.end(.invalid)
        }
        family.begin(transition, style: .present, from: x, to: y)
    }
}
