/// `open (R1,s1)..(Rn,sn)` (SPEC §14): new screens made by the routes' factories become the
/// whole stack (deep links, `restore`). Every route is checked first (`unknown_route`, nothing
/// changes); then each entry's factory makes a new screen, held by the op, with the entry's
/// state as payload; then they become the stack (`set` events, push style). A failing factory
/// releases what the op made, last made first (`factory_failed`, the stack unchanged).
///
/// `restore_tree` asks the same op with a whole saved tree (SPEC §16.10, `TreeRestore.swift`).
package struct OpenOp: OperationDefinition {
    /// What it builds: entries, or `restore_tree`'s saved tree. One field, so that the op is as
    /// small as before trees (every op is moved and copied as the `Operation` enum).
    package let source: Source
    package let animated: Bool
    /// Whether the op then brings the navigator to the front of its family (SPEC §16.10).
    package let focus: Bool

    /// What an `open` builds.
    package enum Source: Sendable {
        /// A stack, bottom to top; never empty once validated.
        case entries([RouteEntry])
        /// `restore_tree`'s saved tree (SPEC §16.10).
        case tree(SavedTree)
    }

    /// The op of `entries`, or of `tree` when there is one; `options`, when given, replace
    /// `animated` (C's navcore_open_options carries its own).
    package init(entries: [RouteEntry], animated: Bool, options: OpenOptions? = nil, tree: SavedTree? = nil) {
        source = tree.map { .tree($0) } ?? .entries(entries)
        self.animated = options?.animated ?? animated
        focus = options?.focus ?? false
    }

    /// The entries of a stack (none for a tree).
    package var entries: [RouteEntry] {
        if case .entries(let entries) = source { return entries }
        return []
    }

    /// `restore_tree`'s saved tree, if it is one.
    package var tree: SavedTree? {
        if case .tree(let tree) = source { return tree }
        return nil
    }

    /// `restore_tree`'s op.
    package init(tree: SavedTree, animated: Bool) {
        self.init(entries: [], animated: animated, tree: tree)
    }

    /// At the call: at least one entry (the tree's top, for `restore_tree`), and every route
    /// and state is text (SPEC §15).
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        if let tree {
            guard tree.navigators.first?.entries.isEmpty == false else {
                throw NavigationError(.invalid, "restore_tree needs at least one entry in its top stack")
            }
            for navigator in tree.navigators {
                for saved in navigator.entries { try Self.check(saved.entry) }
            }
            return
        }
        guard !entries.isEmpty else { throw NavigationError(.invalid, "open needs at least one entry") }
        for entry in entries { try Self.check(entry) }
    }

    private static func check(_ entry: RouteEntry) throws(NavigationError) {
        try Text.check(entry.route, "route name")
        try Text.check(entry.state, "saved state")
    }

    /// The route check, all before any factory: the entries' factories in document order,
    /// looked up along the family (SPEC §16.1) and taken now (so that unregistering a route
    /// meanwhile does not affect the op), or `nil` when a route is not registered.
    func factories(_ state: borrowing FamilyState) -> [any RouteFactory]? {
        var factories: [any RouteFactory] = []
        if let tree {
            var found = true
            tree.walk { step in
                guard found, case .entry(let index, let position) = step,
                      let route = tree.entry(position, of: index)?.entry.route
                else { return }
                if let factory = state.factory(of: route) {
                    factories.append(factory)
                } else {
                    found = false
                }
            }
            return found ? factories : nil
        }
        factories.reserveCapacity(entries.count)
        for entry in entries {
            guard let factory = state.factory(of: entry.route) else { return nil }
            factories.append(factory)
        }
        return factories
    }

    /// A `destroy` meanwhile stops it before the next factory (the teardown releases what it
    /// made).
    package func run(_ family: Family) {
        let (found, owner) = family.decide { (factories($0), $0.node.id) }
        guard let factories = found else { return family.end(.unknownRoute) }
        let entries: [RouteEntry]
        switch source {
        case .tree(let tree): return restore(tree, factories: factories, in: family)
        case .entries(let stack): entries = stack
        }
        for (entry, factory) in zip(entries, factories) {
            guard !family.decide({ $0.haltIfDestroyed() }) else { return }
            let id = IDSource.next()
            guard let object = factory.makeObject(route: entry.route, id: id, payload: entry.state, owner: owner) else {
                // Taken, not copied: the op names no screen once its release has begun.
                for screen in family.decide({ state in
                    defer { state.current?.made = [] }
                    return state.current?.made.reversed() ?? []
                }) { family.release(screen) }
                return family.end(.factoryFailed)
            }
            family.step { $0.adoptMade(ScreenBox(id: id, route: entry.route, object: object), payload: entry.state) }
        }
        guard !family.decide({ $0.haltIfDestroyed() }) else { return }
        family.carryOut(family.decide { $0.setMade(animated: animated) })
    }
}

extension FamilyState {
    /// Registers a screen a factory made, held by the op until it enters the stack (SPEC §1);
    /// its payload becomes its saved state before its `payload` event, which this returns.
    mutating func adoptMade(_ screen: ScreenBox, payload: String?) -> Event? {
        node.screens.add(screen, held: true)
        current?.made.append(screen.ref)
        return deliverPayload(payload, to: screen.ref)
    }

    /// The change once every factory has made its screen: the new screens become the whole
    /// stack, push style (none of them was in the stack).
    mutating func setMade(animated: Bool) -> Plan {
        let made = current?.made ?? []
        current?.made = []
        for screen in made { node.screens.update(screen.id) { $0.held = false } }
        // None of them was in the stack, so nothing of the stack is kept: no set of ids to build.
        return replace(with: made, kept: [], animated: animated)
    }
}
