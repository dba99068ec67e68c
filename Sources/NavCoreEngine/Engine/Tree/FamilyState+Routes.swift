extension FamilyState {
    /// SPEC §16.1, route lookup inherits: the factory of `route` in the registry of member
    /// `id`, else of its parent, and so on to the root; `nil` when none has it.
    func inheritedFactory(_ route: String, from id: NodeID) -> (any RouteFactory)? {
        if others.isEmpty { return node.routes[route] }
        var current: NodeID? = id
        while let member = current {
            guard let (factory, parent) = withMember(member, { ($0.routes[route], $0.tree.parent) }) else { return nil }
            if let factory { return factory }
            current = parent
        }
        return nil
    }
}
