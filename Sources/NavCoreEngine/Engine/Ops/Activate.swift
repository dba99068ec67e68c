/// `activate C` (SPEC §16.3), asked of an attached screen child C: C becomes its host screen's
/// active child, at once and instant (the other child's pairs on screen disappear, C's
/// appear). When C is already active: `noop`, or with retap `pop_to_root` a pop to its root
/// ("tap the selected tab again"), as `pop_to_root` would, never asking the veto.
package struct ActivateOp: OperationDefinition {
    package let options: ActivateOptions

    package init(options: ActivateOptions) {
        self.options = options
    }

    package var animated: Bool { options.animated }

    /// At the call: the navigator is an attached screen child (a root or a modal: `state`).
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        guard state.node.tree.isScreenChild else {
            throw NavigationError(.state, "only a navigator attached to a screen can be activated")
        }
    }

    package func run(_ family: Family) {
        let (isActive, parent, host, me) = family.decide { state in
            let tree = state.node.tree
            let active = tree.parent.flatMap { state.withMember($0) { $0.tree.hosted[tree.hostScreen]?.active } } ?? nil
            return (active == state.node.id, tree.parent, tree.hostScreen, state.node.id)
        }
        if isActive {
            guard options.retap == .popToRoot else { return family.end(.noop) }
            return family.carryOut(family.decide { $0.truncate(keeping: 1, animated: animated) })
        }
        guard let parent else { return family.end(.invalid) }
        // The front with C active, found first; O stays active through its will_hide events.
        let front = family.decide { state -> FrontChange in
            let before = state.familyFront
            let previous = state.withMember(parent) { $0.tree.hosted[host]?.active } ?? nil
            state.updateMember(parent) { $0.tree.hosted[host]?.active = me }
            let after = state.familyFront
            state.updateMember(parent) { $0.tree.hosted[host]?.active = previous }
            return FrontChange(before: before, after: after)
        }
        var hides = front
        hides.shows = []
        var shows = front
        shows.hides = []
        family.willPhase(hides, own: [], reason: .appear, animated: false)
        family.decide { state in
            state.frontMayChange()
            state.updateMember(parent) { $0.tree.hosted[host]?.active = me }
        }
        family.willPhase(shows, own: [], reason: .appear, animated: false)
        family.didPhase(front, own: [], reason: .appear, animated: false)
        family.end(.completed)
    }
}
