extension FamilyState {
    /// The saved tree of the member this hold acts for (SPEC §16.10): its stack's routes and
    /// saved states as queries see them, and under each screen of a stack its children (bound
    /// ones too: attached, active only if active), and each navigator's presented modal. Not
    /// pending modals, nor the children of detached screens. Iterative, as deep as the family.
    func savedTree() -> SavedTree {
        var tree = SavedTree(stack: entries(of: node))
        if others.isEmpty { return tree }
        var pending: [(member: NodeID, index: Int)] = [(node.id, 0)]
        while let (id, index) = pending.popLast() {
            guard let (stack, tree: links) = withMember(id, { ($0.stack, $0.tree) }) else { continue }
            for (position, screen) in stack.enumerated() {
                guard let hosted = links.hosted[screen.id] else { continue }
                for child in hosted.children {
                    guard let made = tree.addChild(to: index, entry: position, active: hosted.active == child) else { continue }
                    add(child, at: made, to: &tree, pending: &pending)
                }
            }
            if let modal = links.modal, let presentation = withMember(modal, { $0.tree.presentation }) ?? nil,
               let made = tree.addModal(to: index, covers: presentation.covers, dismissOnBack: presentation.dismissOnBack) {
                add(modal, at: made, to: &tree, pending: &pending)
            }
        }
        return tree
    }

    /// Gives the tree's navigator `index` the stack of member `id`, whose own children come later.
    private func add(_ id: NodeID, at index: Int, to tree: inout SavedTree, pending: inout [(member: NodeID, index: Int)]) {
        for entry in withMember(id, { entries(of: $0) }) ?? [] { tree.append(entry, to: index) }
        pending.append((id, index))
    }

    /// A member's stack as saved entries, bottom to top.
    private func entries(of member: NodeState) -> [RouteEntry] {
        member.stack.map { RouteEntry(route: $0.route, state: member.screens[$0.id]?.savedState) }
    }
}
