extension FamilyState {
    /// The saved tree of the member this hold acts for (SPEC §16.10): its stack's routes and
    /// saved states as queries see them.
    func savedTree() -> SavedTree {
        SavedTree(stack: node.stack.map { RouteEntry(route: $0.route, state: node.screens[$0.id]?.savedState) })
    }
}
