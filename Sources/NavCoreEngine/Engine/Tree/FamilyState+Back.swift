/// The navigator a `back` or `gesture` asked of a navigator acts on (SPEC §16.6): the first on
/// the front path, deepest first, that can pop; a modal met there with fewer than two screens
/// is dismissed (with `dismiss_on_back`) or stops the walk (a wall); a walk that reaches the
/// navigator asked goes on outward, as a back asked of its parent would.
package enum BackTarget: Sendable, Equatable {
    /// The navigator pops its top.
    case pop(NodeID)
    /// The parent dismisses its modal.
    case dismiss(modal: NodeID, parent: NodeID)

    /// The navigator acted on (for a dismissal, the modal): whose veto is asked about its top.
    package var navigator: NodeID {
        switch self {
        case .pop(let navigator): navigator
        case .dismiss(let modal, _): modal
        }
    }

    /// The navigator whose events, animator and action state the op uses.
    var performer: NodeID {
        switch self {
        case .pop(let navigator): navigator
        case .dismiss(_, let parent): parent
        }
    }
}

extension FamilyState {
    /// SPEC §16.6's target of a back asked of `id` now; `nil` for none (no target, or a wall).
    /// The outward walk is a loop that walks each front path once: the part of a parent's
    /// path already walked through (the navigator it came from, on screen, and below) is
    /// not walked again, so a chain of any depth costs time in proportion to its length.
    package func backTarget(of id: NodeID) -> BackTarget? {
        if others.isEmpty { return node.id == id && node.stack.count >= 2 ? .pop(id) : nil }
        var asked = id
        var walked: NodeID?
        var onScreen = isOnScreen(id)
        while true {
            switch walk(from: asked, above: walked) {
            case .found(let target): return target
            case .stopped: return nil
            case .through:
                guard onScreen, let parent = withMember(asked, { $0.parent }) ?? nil else { return nil }
                // A navigator on screen hangs from a placed, visible parent: the parent is on
                // screen unless a modal covers it.
                onScreen = withMember(parent) { $0.visible && !covers($0.modal) } ?? false
                walked = asked
                asked = parent
            }
        }
    }

    private enum Walk {
        case found(BackTarget)
        case stopped
        case through
    }

    /// The walk along the front path from `id`, deepest first, back to `id`; the path stops
    /// above `walked`, a navigator whose path has been walked through already.
    private func walk(from id: NodeID, above walked: NodeID?) -> Walk {
        for navigator in frontPath(from: id, above: walked).reversed() {
            guard let (count, presentation, parent) = withMember(navigator, {
                ($0.stack.count, $0.presentation, $0.parent)
            }) else { continue }
            if count >= 2 { return .found(.pop(navigator)) }
            if let presentation, let parent {
                return presentation.dismissOnBack ? .found(.dismiss(modal: navigator, parent: parent)) : .stopped
            }
        }
        return .through
    }

    /// `id`, then its modal if it has one presented, else its top's active child, repeatedly,
    /// up to `end` (excluded). Only structure decides it: a navigator's own `visible` flag does not.
    func frontPath(from id: NodeID, above end: NodeID?) -> [NodeID] {
        var path: [NodeID] = []
        path.reserveCapacity(8)  // one allocation for the paths of most apps (an array grows 1, 2, 4, 8)
        path.append(id)
        var current = id
        while let next = withMember(current, { $0.frontLinks })?.next, next != end {
            path.append(next)
            current = next
        }
        return path
    }

    /// The gesture's refusals at the call (SPEC §5, §16.6): `state` when its target (or the
    /// navigator asked, without one) is not on screen or its performer has no animator, or when
    /// it would dismiss a modal without two tops to animate between; `busy` while the family is
    /// busy or has queued ops.
    func checkGesture() throws(NavigationError) {
        let target = backTarget(of: node.id)
        guard isOnScreen(target?.navigator ?? node.id) else {
            throw NavigationError(.state, "the gesture's navigator is not on screen")
        }
        guard withMember(target?.performer ?? node.id, { $0.interest.contains(.animator) }) == true else {
            throw NavigationError(.state, "the gesture needs an animator and none is registered")
        }
        if case .dismiss(let modal, let parent) = target {
            let hasTops = withMember(parent, { !$0.stack.isEmpty }) == true
                && withMember(deepestModal(from: modal), { !$0.stack.isEmpty }) == true
            guard hasTops else { throw NavigationError(.state, "the modal's dismissal has no two tops to animate") }
        }
        guard !busy, queue.isEmpty else {
            throw NavigationError(.busy, "the navigator is busy or has queued ops")
        }
    }

    // MARK: Routing: the op asked of one navigator, performed by another

    /// Makes `performer` the navigator the op in flight acts for (its events, its action
    /// state), keeping the navigator it was asked of for its `done` (SPEC §16.6: one op, one
    /// outcome).
    mutating func hand(to performer: NodeID) {
        guard performer != opMember else { return }
        if routedFrom == nil { routedFrom = opMember }
        opMember = performer
        focus(on: performer)
    }

    /// At the op's `done`: the hold acts for the navigator the op was asked of again; an op
    /// that ends later (with `action idle`) goes back to its performer for that last event.
    mutating func returnToAsker(ends: Bool) {
        guard let asker = routedFrom else { return }
        routedFrom = nil
        routedIdle = ends ? nil : opMember
        opMember = asker
        focus(on: asker)
    }

    /// At `action idle`: the performer of a routed op, for its last event.
    mutating func returnToPerformer() {
        guard let performer = routedIdle else { return }
        routedIdle = nil
        opMember = performer
        focus(on: performer)
    }

    /// Removes the members torn down while the op that tore them down was theirs (a `leave`,
    /// a `back` asked of the modal it dismisses), once that op has delivered its `done`;
    /// returns their sinks, to hear their end once the lock is released.
    mutating func removeDeadMembers() -> [InstalledSink] {
        guard !deadMembers.isEmpty else { return [] }
        var ended: [InstalledSink] = []
        var fallback = node.id
        if node.dead, let live = others.first(where: { !$0.dead }) { fallback = live.id }
        let dead = deadMembers
        deadMembers = []
        for id in dead where withMember(id, { $0.dead }) == true {
            if let member = removeMember(id, fallback: fallback) { ended.append(member.installed) }
        }
        return ended
    }
}
