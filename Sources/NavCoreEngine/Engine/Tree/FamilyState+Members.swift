/// A family's members by id (SPEC §16.1): the one this lock hold acts for is `node`, the others
/// wait in `others`; these reach any of them without moving the focus.
extension FamilyState {
    /// Whether `id` is a live member of this family (not torn down).
    package func isLiveMember(_ id: NodeID) -> Bool {
        withMember(id) { !$0.dead } ?? false
    }

    /// What `body` reads of the member `id`, lent in place (a read copies no member); `nil`
    /// when it is no member.
    @inline(__always)
    package func withMember<R>(_ id: NodeID, _ body: (borrowing NodeState) -> R) -> R? {
        if node.id == id { return body(node) }
        guard let index = others.index(of: id) else { return nil }
        return others.read(at: index, body)
    }

    /// What the walks of the front read of the member `id` (`FrontLinks`); `nil` when it is no
    /// member.
    @inline(__always)
    func frontLinks(of id: NodeID) -> FrontLinks? {
        if node.id == id { return node.frontLinks }
        return others.frontLinks(of: id)
    }

    /// The sink of the member the op in flight is for (`opMember`): a routed op's asker at its
    /// `done`, while its performer may still be in focus.
    var opMemberSink: LentSink? {
        if node.id == opMember { return node.lentSink }
        return withMember(opMember) { $0.lentSink }
    }

    /// Changes the member `id`; `nil` when it is no member.
    @discardableResult
    package mutating func updateMember<R>(_ id: NodeID, _ body: (inout NodeState) -> R) -> R? {
        if node.id == id { return body(&node) }
        guard let index = others.index(of: id) else { return nil }
        return body(&others[index])
    }

    /// Takes the member `id` out of the family; the op's member moves to `fallback` if it was
    /// the one removed. Returns the member's state.
    mutating func removeMember(_ id: NodeID, fallback: NodeID) -> NodeState? {
        frontMayChange()
        if node.id == id {
            focus(on: fallback)
            if node.id == id { return nil }  // no other member to act for
        }
        guard let index = others.index(of: id) else { return nil }
        if opMember == id { opMember = node.id }
        return others.remove(at: index)
    }

    /// The appearance event of one front pair for its navigator's sink, if it listens.
    func appearance(of pair: FrontPair, _ phase: AppearancePhase, _ reason: AppearanceReason,
                    animated: Bool) -> (Event, LentSink)? {
        withMember(pair.member) { member -> (Event, LentSink)? in
            guard member.interest.contains(.appearance(phase)) else { return nil }
            let event = Event.appearance(
                AppearanceEvent(phase: phase, screen: pair.screen, reason: reason, animated: animated))
            return (event, member.lentSink)
        } ?? nil
    }
}

extension FamilyState {
    /// The factory of route `name` for the navigator this hold acts for: its own, else its
    /// parent's, and so on to the root (SPEC §16.1, route lookup inherits).
    func factory(of name: String) -> (any RouteFactory)? {
        if let factory = node.routes[name] { return factory }
        var current = node.tree.parent
        while let id = current {
            guard let (factory, parent) = withMember(id, { ($0.routes[name], $0.tree.parent) }) else { return nil }
            if let factory { return factory }
            current = parent
        }
        return nil
    }
}
