/// The calls of SPEC §16 on a navigator's place in its family: `attach` and `present` join
/// another navigator's family to this one's at the call (§16.2.1, §16.4, §16.8), and the
/// queries of §16.9, which name navigators by their node ids (each front maps them to its own
/// objects).
extension NavigatorCore {
    /// `attach` and `present` at the call: checks the child against this navigator in SPEC
    /// §16.2.1's order, then merges its family into this one and links it, bound (to its host
    /// screen for `attach`, as a pending modal for `present`). A failing call changes nothing.
    func join(_ operation: Operation) throws(NavigationError) {
        switch operation {
        case .attach(let op):
            try merge(op.child, link: .screen(op.screen))
        case .present(let op):
            try merge(op.child, link: .modal(Presentation(covers: op.options.covers, dismissOnBack: op.options.dismissOnBack)))
        default:
            return
        }
    }

    /// Moves `child`'s family into this navigator's (SPEC §16.8) and, with a `link`, hangs the
    /// child there, bound. Its members then share this family's queue, lock and driver; each
    /// keeps its stack, screens, routes, action state, flags and front. Both families' locks
    /// are taken in one fixed order (by address), and no other code holds two family locks, so
    /// merges never deadlock; a call that locked the child's old family meanwhile finds it
    /// forwarded and follows it. Of two crossing merges the second finds both navigators in one
    /// family and fails with `state`. Without a `link` (the membership change alone, which the
    /// tests of the merge use) the checks are the membership's: destroyed, dispatch modes, a
    /// quiet child family.
    package func merge(_ child: NavigatorCore, link: Link? = nil) throws(NavigationError) {
        while true {
            let parent = family
            let moving = child.family
            if parent === moving {
                try parent.state.withLock { state throws(NavigationError) in
                    try refuseJoin(of: child, link, within: state)
                }
            }
            let merged = try Lock.withLocks(parent.state, moving.state) { into, from throws(NavigationError) -> Bool in
                // Merged elsewhere between finding the families and locking them: look again.
                guard into.forward == nil, from.forward == nil else { return false }
                try check(joining: child, link, into: into, from: from)
                into.adopt(&from, forwardingTo: parent)
                if let link { into.link(child.node, to: node, link) }
                return true
            }
            if merged { return }
        }
    }

    /// How a joining navigator hangs from its parent.
    package enum Link: Sendable {
        /// Attached to this screen of the parent.
        case screen(UInt64)
        /// Presented as a modal with these options.
        case modal(Presentation)
    }

    /// SPEC §16.2.1 for a child of another family: dead handles, then a mode mismatch, then the
    /// host screen, then the structure and what the child shows, then its family's work.
    private func check(joining child: NavigatorCore, _ link: Link?, into: FamilyState, from: FamilyState)
        throws(NavigationError) {
        guard !into.destroyed, !from.destroyed, into.isLiveMember(node), from.isLiveMember(child.node) else {
            throw NavigationError.destroyed
        }
        guard into.hostDispatch == from.hostDispatch else {
            throw NavigationError(.invalid, "the navigators have different dispatch modes")
        }
        if let link {
            try checkHostScreen(link, in: into)
            guard from.withMember(child.node, { $0.tree.parent }) == .some(nil) else {
                throw NavigationError(.state, "the navigator already has a parent")
            }
            guard from.frontPairs(of: child.node).isEmpty else {
                throw NavigationError(.state, "the navigator shows a top on screen: hide it first (visible off)")
            }
        }
        guard from.isQuiet else {
            throw NavigationError(.busy, "the navigator's family is busy, has queued ops or work in hand")
        }
    }

    /// SPEC §16.2.1 when both navigators are in one family already: it always fails — with
    /// `invalid` for the navigator itself, else after the host screen's check with `state` (the
    /// child has a parent, or is the family's root); without a link, with `state`.
    private func refuseJoin(of child: NavigatorCore, _ link: Link?, within state: FamilyState) throws(NavigationError) {
        guard !state.destroyed, state.isLiveMember(node), state.isLiveMember(child.node) else {
            throw NavigationError.destroyed
        }
        if let link {
            guard child.node != node else { throw NavigationError(.invalid, "a navigator cannot be its own child") }
            try checkHostScreen(link, in: state)
        }
        throw NavigationError(.state, "the navigator is in this navigator's family already")
    }

    /// `attach`'s host screen: live and this navigator's, its release not begun.
    private func checkHostScreen(_ link: Link, in state: FamilyState) throws(NavigationError) {
        guard case .screen(let screen) = link else { return }
        guard let record = state.withMember(node, { $0.screens[screen] }) ?? nil else { throw .noSuchScreen(screen) }
        guard !record.releasing else {
            throw NavigationError(.state, "screen \(screen) is being released: nothing can be attached to it")
        }
    }

    // MARK: Queries (SPEC §16.9)

    /// The parent's node id; `nil` for a root.
    package func parentNode() throws(NavigationError) -> NodeID? {
        try read { $0.node.tree.parent }
    }

    /// The presented modal's node id (a pending one is not yet it, nor one being dismissed).
    package func modalNode() throws(NavigationError) -> NodeID? {
        try read { $0.node.tree.modal }
    }

    /// The screen this navigator is attached to; 0 for a root or a modal.
    package func hostScreen() throws(NavigationError) -> UInt64 {
        try read { $0.node.tree.hostScreen }
    }

    /// Whether this navigator is a modal (pending or presented).
    package func isModal() throws(NavigationError) -> Bool {
        try read { $0.node.tree.presentation != nil }
    }

    /// Whether this navigator is on screen (SPEC §16.5).
    package func isOnScreen() throws(NavigationError) -> Bool {
        try read { $0.isOnScreen($0.node.id) }
    }

    /// The navigator a back asked now would act on (for a dismissal, the modal); `nil` for none
    /// (SPEC §16.6).
    package func backTargetNode() throws(NavigationError) -> NodeID? {
        try read { $0.backTarget(of: $0.node.id)?.navigator }
    }

    /// The navigators `query` names, each as `front` reads it from its installed sink (a C
    /// handle), in one read under the lock: the sinks never leave it.
    package func members<Value: Sendable>(
        _ query: (borrowing FamilyState) throws(NavigationError) -> [NodeID], _ front: (any EventSink) -> Value?
    ) throws(NavigationError) -> [Value?] {
        try read { state throws(NavigationError) in
            try query(state).map { id in state.withMember(id) { front($0.sink) } ?? nil }
        }
    }

    /// Whether this navigator has a parent; `destroy` refuses it (SPEC §16.7).
    package var hasParent: Bool { ((try? parentNode()) ?? nil) != nil }

    /// The children attached to `screen` (a live screen of this navigator), in attach order.
    package func children(of screen: UInt64) throws(NavigationError) -> [NodeID] {
        try read { state throws(NavigationError) in
            guard state.node.screens.contains(screen) else { throw .noSuchScreen(screen) }
            return state.node.tree.hosted[screen]?.children ?? []
        }
    }

    /// The active child of `screen` (a live screen of this navigator), if it has one.
    package func activeChild(of screen: UInt64) throws(NavigationError) -> NodeID? {
        try read { state throws(NavigationError) in
            guard state.node.screens.contains(screen) else { throw .noSuchScreen(screen) }
            return state.node.tree.hosted[screen]?.active
        }
    }
}

extension FamilyState {
    /// Links the joined navigator `child` under `parent` (both members now), bound.
    mutating func link(_ child: NodeID, to parent: NodeID, _ link: NavigatorCore.Link) {
        frontMayChange()
        updateMember(child) { member in
            member.tree.parent = parent
            member.tree.bound = true
            switch link {
            case .screen(let screen): member.tree.hostScreen = screen
            case .modal(let presentation): member.tree.presentation = presentation
            }
        }
        updateMember(parent) { owner in
            switch link {
            case .screen(let screen): owner.tree.hosted[screen, default: HostedChildren()].children.append(child)
            case .modal: owner.tree.pendingModals.append(child)
            }
        }
    }
}
