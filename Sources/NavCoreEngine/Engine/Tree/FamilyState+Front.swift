/// Where a family's navigators are on screen (SPEC §16.5) and its front pairs (§16.1), which
/// the front rule compares before and after each op's change.
extension FamilyState {
    /// SPEC §16.5 placed: a root; a screen child whose parent is placed, visible, not covered,
    /// has the host screen as top and the child as its active child; a presented modal of a
    /// placed, visible parent. A loop up the parents: a chain of any depth.
    package func isPlaced(_ id: NodeID) -> Bool {
        guard var below = frontLinks(of: id) else { return false }
        var child = id
        while let parent = below.parent {
            guard let owner = frontLinks(of: parent), owner.visible else { return false }
            if below.isModal {
                guard owner.modal == child else { return false }
            } else {
                guard owner.top == below.hostScreen, owner.topActive == child, !covers(owner.modal) else { return false }
            }
            child = parent
            below = owner
        }
        return true
    }

    /// Whether `member`'s modal is presented over it with `covers`.
    func isCovered(_ member: borrowing NodeState) -> Bool {
        covers(member.modal)
    }

    /// Whether `modal`, a navigator's modal, is presented with `covers`.
    func covers(_ modal: NodeID?) -> Bool {
        guard let modal else { return false }
        return withMember(modal) { $0.presentation?.covers ?? false } ?? false
    }

    /// SPEC §16.5 on screen: placed, its own `visible` flag on, not covered. For a family of
    /// one, section 7's visible.
    package func isOnScreen(_ id: NodeID) -> Bool {
        if others.isEmpty { return node.id == id && node.visible }
        guard let (visible, modal) = withMember(id, { ($0.visible, $0.modal) }) else { return false }
        return visible && !covers(modal) && isPlaced(id)
    }

    /// The front pairs on screen of the whole family, in tree order.
    var familyFront: [FrontPair] {
        var pairs: [FrontPair] = []
        collectPairs(root, into: &pairs)
        return pairs
    }

    /// The front pairs on screen of `id`'s subtree, in tree order.
    func frontPairs(of id: NodeID) -> [FrontPair] {
        var pairs: [FrontPair] = []
        if isPlaced(id) { collectPairs(id, into: &pairs) }
        return pairs
    }

    /// The pairs of a placed navigator's subtree that are on screen: its own, then its top's
    /// active child's subtree, then its modal's subtree (tree order). The navigators still to
    /// visit wait on an explicit stack, the next one last: a tree of any depth.
    private func collectPairs(_ id: NodeID, into pairs: inout [FrontPair]) {
        var waiting = [id]
        while let id = waiting.popLast() {
            guard let (shows, top, active, modal) = withMember(id, { member in
                let top = member.stack.last
                return (member.visible && !isCovered(member), top, top.flatMap { member.tree.hosted[$0.id]?.active },
                        member.visible ? member.tree.modal : nil)
            }) else { continue }
            if let modal { waiting.append(modal) }
            if shows, let top {
                pairs.append(FrontPair(member: id, screen: top))
                if let active { waiting.append(active) }
            }
        }
    }

    /// The navigator in front of `id` along its modal chain (itself without a modal): the one
    /// whose top a present or dismiss of `id`'s modal shows or hides (SPEC §16.4's Y).
    func deepestModal(from id: NodeID) -> NodeID {
        var current = id
        while let next = withMember(current, { $0.tree.modal }) ?? nil { current = next }
        return current
    }
}
