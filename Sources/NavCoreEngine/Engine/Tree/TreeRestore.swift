/// `restore_tree` (SPEC §16.10): the `open` op of a whole saved tree. Every route was looked up
/// before anything is made (`OpenOp.factories`); then, in document order, each new navigator is
/// made and announced to its parent's front (the `child` event, before its screens are made,
/// so that the host registers its callbacks there), and each screen is made by its factory.
/// The navigator asked holds its new screens as `open` does; a new navigator's screens are its
/// stack at once (it is not on screen before the op's change). A failing factory undoes
/// everything made, last made first. Else the asked navigator's stack is set, and at that same
/// step 2 its modal becomes the new one (`placeRestoredModal`); the old one is torn down at
/// step 8, before the old screens leave (`tearDownReplacedModal`).
extension OpenOp {
    func restore(_ tree: SavedTree, factories: [any RouteFactory], in family: Family) {
        var steps: [SavedTree.Step] = []
        tree.walk { steps.append($0) }
        // The made navigators by their index in the tree (0: the navigator asked), and the
        // screens made for each navigator's entries, by entry.
        var nodes = [NodeID](repeating: 0, count: tree.navigators.count)
        var screens = [[UInt64]](repeating: [], count: tree.navigators.count)
        var nextFactory = 0
        let newModalCovers = family.decide { state -> Bool in
            nodes[0] = state.node.id
            state.node.tree.restoring = RestoredModal()
            guard let top = tree.navigators.first, let modal = top.modal,
                  case .modal(_, let covers, _) = tree.place(of: modal) else { return false }
            return covers
        }
        for step in steps {
            switch step {
            case .beginNavigator(let index) where index > 0:
                guard !family.decide({ $0.haltIfDestroyed() }),
                      let place = tree.place(of: index),
                      let link = Self.link(of: index, at: place, in: tree, nodes: nodes, screens: screens)
                else { return }
                let child = family.decide { $0.makeMember(link) }
                nodes[index] = child
                let core = NavigatorCore(member: child, of: family)
                family.memberStep { $0.announce(core, link) }
            case .entry(let index, let position):
                guard !family.decide({ $0.haltIfDestroyed() }), factories.indices.contains(nextFactory),
                      let saved = tree.entry(position, of: index)
                else { return }
                let factory = factories[nextFactory]
                nextFactory += 1
                let entry = saved.entry
                let id = IDSource.next()
                let owner = nodes[index]
                guard let object = factory.makeObject(route: entry.route, id: id, payload: entry.state, owner: owner) else {
                    return undo(family)
                }
                let screen = ScreenBox(id: id, route: entry.route, object: object)
                if index == 0 {
                    family.step { $0.adoptMade(screen, payload: entry.state) }
                } else {
                    let member = nodes[index]
                    family.memberStep { $0.stackMade(screen, payload: entry.state, in: member) }
                    family.memberStep { $0.madeBar(of: member) }
                }
                screens[index].append(id)
            default:
                break
            }
        }
        guard !family.decide({ $0.haltIfDestroyed() }) else { return }
        family.carryOut(family.decide { $0.setMade(animated: animated && !newModalCovers) })
    }

    /// How the navigator at `index` hangs from its parent, made already; `nil` if the tree does
    /// not say (it always does: the walk visits a parent and its entry first).
    private static func link(
        of index: Int, at place: SavedTree.Place, in tree: SavedTree, nodes: [NodeID], screens: [[UInt64]]
    ) -> MadeLink? {
        switch place {
        case .top:
            return nil
        case .child(let parent, let entry):
            guard nodes.indices.contains(parent), screens[parent].indices.contains(entry),
                  let saved = tree.entry(entry, of: parent)
            else { return nil }
            let active = saved.active.map { saved.children?.indices.contains($0) == true && saved.children?[$0] == index }
            return MadeLink(parent: nodes[parent], parentIsAsked: parent == 0, host: screens[parent][entry],
                            active: active ?? false, presentation: nil)
        case .modal(let parent, let covers, let dismissOnBack):
            guard nodes.indices.contains(parent) else { return nil }
            return MadeLink(parent: nodes[parent], parentIsAsked: parent == 0, host: 0, active: false,
                            presentation: Presentation(covers: covers, dismissOnBack: dismissOnBack))
        }
    }

    /// A failing factory: everything made is undone, last made first — the new modal of the
    /// navigator asked (made after all its screens), then its new screens top down, each after
    /// the navigators made under it — and the op ends `factory_failed`, nothing changed.
    private func undo(_ family: Family) {
        let modal = family.decide { state -> SubtreeTeardown? in
            defer { state.node.tree.restoring = nil }
            guard let modal = state.node.tree.restoring?.modal else { return nil }
            return state.tearDown(subtree: modal)
        }
        if let modal { family.deliver(modal) }
        // Taken, not copied: the op names no screen once its release has begun.
        for screen in family.decide({ state in
            defer { state.current?.made = [] }
            return state.current?.made.reversed() ?? []
        }) { family.release(screen) }
        family.end(.factoryFailed)
    }
}

/// Where a navigator made by `restore_tree` hangs: under `parent`, in its screen `host` (the
/// active child when `active`), or as its modal with `presentation`.
struct MadeLink {
    let parent: NodeID
    /// The parent is the navigator asked, whose new modal waits for the op's step 2.
    let parentIsAsked: Bool
    let host: UInt64
    let active: Bool
    let presentation: Presentation?
}

extension FamilyState {
    /// A new member made by `restore_tree`, in the family's dispatch mode, on (its own
    /// `visible` flag), with no host code yet, linked under its parent.
    mutating func makeMember(_ link: MadeLink) -> NodeID {
        frontMayChange()
        var member = NodeState(id: IDSource.nextNode())
        member.tree.parent = link.parent
        member.tree.hostScreen = link.host
        member.tree.presentation = link.presentation
        let id = member.id
        others.append(member)
        updateMember(link.parent) { owner in
            if link.presentation == nil {
                owner.tree.hosted[link.host, default: HostedChildren()].children.append(id)
                if link.active { owner.tree.hosted[link.host]?.active = id }
            } else if link.parentIsAsked {
                owner.tree.pendingModals.append(id)
                owner.tree.restoring?.modal = id
            } else {
                owner.tree.modal = id
            }
        }
        return id
    }

    /// The `child` event of a made navigator, for its parent's sink (always: the front makes its
    /// object there).
    func announce(_ child: NavigatorCore, _ link: MadeLink) -> (Event, LentSink)? {
        withMember(link.parent) { parent in
            (Event.child(ChildEvent(parent: link.parent, screen: link.host, child: child)), parent.lentSink)
        }
    }

    /// A screen a factory made for a navigator `restore_tree` made: at once on top of its stack
    /// (the navigator is not on screen before the op's change, so nothing shows); its payload
    /// becomes its saved state before its `payload` event, for that navigator's sink.
    mutating func stackMade(_ screen: ScreenBox, payload: String?, in id: NodeID) -> (Event, LentSink)? {
        let ref = screen.ref
        frontMayChange()
        return updateMember(id) { member -> (Event, LentSink)? in
            member.screens.add(screen)
            _ = member.screens.markStacked(ref.id)
            member.stack.append(ref)
            guard let payload else { return nil }
            member.screens.update(ref.id) { $0.savedState = payload }
            return member.interest.contains(.payload) ? (.payload(ref, payload), member.lentSink) : nil
        } ?? nil
    }

    /// The bar of a made navigator, after a screen was made on its stack: the threshold its
    /// host set in the `child` event counts from its first screen, as pushes would (SPEC §8),
    /// so its `bar` event comes right after the screen that crosses it.
    mutating func madeBar(of id: NodeID) -> (Event, LentSink)? {
        updateMember(id) { member in member.updateBar(animated: false).map { ($0, member.lentSink) } } ?? nil
    }

    /// Step 2 of a `restore_tree`: its new modal (or none) replaces the old one, which stays
    /// this navigator's, as `dismissing`, until step 8.
    mutating func placeRestoredModal() {
        guard let restoring = node.tree.restoring else { return }
        frontMayChange()
        node.tree.restoring = nil
        node.tree.dismissing = node.tree.modal
        node.tree.modal = restoring.modal
        if let modal = restoring.modal { node.tree.pendingModals.removeAll { $0 == modal } }
    }

    /// Step 8 of a `restore_tree`: the old modal's teardown; `nil` when there was none.
    mutating func tearDownReplacedModal() -> SubtreeTeardown? {
        guard let old = node.tree.dismissing else { return nil }
        return tearDown(subtree: old)
    }
}
