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
            switch walked == nil ? walkRemembered(from: asked) : walk(from: asked, above: walked) {
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

    /// The walk along the front path from `id` (`id`, then its modal if it has one presented,
    /// else its top's active child, repeatedly; only structure decides it, a navigator's own
    /// `visible` flag does not), stopped above `walked`, a navigator whose path has been walked
    /// through already. The path is read top down, once, without collecting it: what decides
    /// is the deepest navigator that can pop or is a modal, so each one found replaces the one
    /// found above it.
    private func walk(from id: NodeID, above walked: NodeID?) -> Walk {
        var result = Walk.through
        var current = id
        while let links = frontLinks(of: current) {
            if let decided = Self.decides(current, links) { result = decided }
            guard let next = links.next, next != walked else { break }
            current = next
        }
        return result
    }

    /// `walk(from: id, above: nil)` over the remembered front path of `id`, if it is the one
    /// remembered (`FrontPathMemo`), read from the bottom up: the deepest member that can pop
    /// or is a modal decides, so the first one met from the bottom is the walk's result.
    private func walkRemembered(from id: NodeID) -> Walk {
        guard let memo = frontPathMemo, memo.member == id else { return walk(from: id, above: nil) }
        memo.check(against: self)
        for member in memo.path.reversed() {
            if let links = frontLinks(of: member), let decided = Self.decides(member, links) { return decided }
        }
        return .through
    }

    /// What the member `id` on a walk's path decides, if anything: it pops when it can, a modal
    /// that cannot is dismissed (with `dismiss_on_back`) or stops the walk (a wall).
    private static func decides(_ id: NodeID, _ links: FrontLinks) -> Walk? {
        if links.count >= 2 { return .found(.pop(id)) }
        guard let presentation = links.presentation, let parent = links.parent else { return nil }
        return presentation.dismissOnBack ? .found(.dismiss(modal: id, parent: parent)) : .stopped
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

    /// At a routed op's `done`, once `returnToAsker` made the op its asker's again: whether the
    /// asker, out of focus (the performer stays in focus for its `action idle`), listens to
    /// `done` (SPEC §16.6: the navigator asked reports the outcome).
    var askerHearsDoneOutOfFocus: Bool {
        node.id != opMember && withMember(opMember, { $0.interest.contains(.done) }) == true
    }

    /// At the op's `done`: the op is the asker's again; an op that ends later (with `action
    /// idle`) goes back to its performer for that last event. Only an op that ends here moves
    /// the focus: otherwise the performer stays in focus for its `action idle`, and the `done`
    /// reaches the asker's sink without a swap (`Family.done`).
    mutating func returnToAsker(ends: Bool) {
        guard let asker = routedFrom else { return }
        routedFrom = nil
        routedIdle = ends ? nil : opMember
        opMember = asker
        if ends { focus(on: asker) }
    }

    /// At `action idle`: the performer of a routed op, for its last event (in focus already:
    /// it is the `stepMember` that every hold in between focused back on).
    mutating func returnToPerformer() {
        guard let performer = routedIdle else { return }
        routedIdle = nil
        opMember = performer
        focus(on: performer)
    }

    /// Removes the members torn down while the op that tore them down was theirs (a `leave`,
    /// a `back` asked of the modal it dismisses or routed past its asker's host screen, a
    /// discard in the op's `done` callback), once that op has ended (`nextWork`); returns
    /// their sinks, to hear their end once the lock is released.
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
