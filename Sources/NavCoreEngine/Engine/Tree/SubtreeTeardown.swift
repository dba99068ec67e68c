/// What the teardown of a subtree (SPEC §16.7) leaves the driver to deliver with the lock
/// released, in order: the aborted ops' completions and `done` lines, then every release (each
/// screen's `result` if it has a listener, then its `release`), each to the sink of the
/// navigator it belongs to; then the torn-down navigators' fronts hear their end.
package struct SubtreeTeardown: Sendable {
    /// One delivery, to the sink of the navigator it belongs to.
    enum Delivery: Sendable {
        /// An op that ends `aborted`: its completion, then its `done` if the sink listens.
        case aborted(Request, InstalledSink, reportsDone: Bool)
        /// A release's `result` or `release`.
        case event(Event, InstalledSink)
        /// The `release` of a screen still live during its listener's `result` (a discarded
        /// host screen, SPEC §12): its id dies just before the event.
        case release(ScreenBox, member: NodeID, InstalledSink)
    }

    var deliveries: [Delivery] = []
    /// The torn-down navigators' last sinks, told `navigatorDidEnd` after the deliveries.
    var ended: [InstalledSink] = []
    /// Their route factories, dropped only after the lock.
    var routes: [any RouteFactory] = []
}

extension Family {
    /// Delivers a teardown, with the lock released (the driver's work).
    func deliver(_ teardown: SubtreeTeardown) {
        for delivery in teardown.deliveries {
            switch delivery {
            case .aborted(let request, let sink, let reportsDone):
                request.completion?.complete(request.kind, .aborted, through: LentSink(sink))
                if reportsDone { sink.sink.deliver(.done(request.kind, .aborted)) }
            case .event(let event, let sink):
                sink.sink.send(event)
            case .release(let screen, let member, let sink):
                withDriverLock { state in _ = state.updateMember(member) { $0.screens.remove(screen.id) } }
                sink.sink.send(.release(screen))
            }
        }
        withExtendedLifetime(teardown.routes) {}
        for sink in teardown.ended { sink.sink.navigatorDidEnd() }
    }
}

/// The teardown of a subtree (SPEC §16.7): the handles die at once, the queued ops of its
/// navigators end `aborted` (FIFO), then the releases, navigator by navigator from the
/// subtree's root: a navigator's modal's subtree, then its pending modals', then its own
/// screens — the stack top down, then the detached ones in creation order — each after its
/// children, last attached first.
extension FamilyState {
    /// Tears down the subtree of `id` and unlinks it from its parent. Every member of it leaves
    /// the family, but the op's member when it is one of them (a `leave`): it stays, dead,
    /// until its op has delivered its last event (`removeDeadOpMember`).
    mutating func tearDown(subtree id: NodeID) -> SubtreeTeardown {
        var teardown = SubtreeTeardown()
        let members = subtreeMembers(id)
        takeRaised(of: members, into: &teardown)
        for queued in queue.removeAll(where: { members.contains($0.member) }) {
            guard let (sink, reportsDone) = withMember(queued.member, { ($0.installed, $0.interest.contains(.done)) })
            else { continue }
            teardown.deliveries.append(.aborted(queued.value, sink, reportsDone: reportsDone))
        }
        unlink(id)
        release(member: id, into: &teardown)
        for member in members {
            // The op's navigators hear the op's end (its `done`) before they go.
            if member == opMember || member == routedFrom {
                updateMember(member) { $0.dead = true }
            } else if let state = removeMember(member, fallback: opMember) {
                teardown.ended.append(state.installed)
            }
        }
        return teardown
    }

    /// The subtree's navigators, `id` first.
    func subtreeMembers(_ id: NodeID) -> [NodeID] {
        guard let tree = withMember(id, { $0.tree }) else { return [] }
        var members = [id]
        if let modal = tree.modal ?? tree.dismissing { members += subtreeMembers(modal) }
        for pending in tree.pendingModals { members += subtreeMembers(pending) }
        for hosted in tree.hosted.values {
            for child in hosted.children { members += subtreeMembers(child) }
        }
        return members
    }

    /// The events raised for `members` and not yet delivered (a discard's `result` and
    /// `release`, asked inside a callback): they come first, each to its own navigator's sink.
    /// A raised `release` kills its screen's id now, so that the teardown releases it only once.
    private mutating func takeRaised(of members: [NodeID], into teardown: inout SubtreeTeardown) {
        guard !outbox.isEmpty else { return }
        let torn = Set(members)
        for raised in outbox.removeAll(where: { torn.contains($0.member) }) {
            let sink = updateMember(raised.member) { member -> InstalledSink in
                if case .release(let screen) = raised.value { _ = member.screens.remove(screen.id) }
                return member.installed
            }
            if let sink { teardown.deliveries.append(.event(raised.value, sink)) }
        }
    }

    /// Removes `id` from its parent's tree: its host screen's children (and active child),
    /// or the parent's modal or pending modals.
    mutating func unlink(_ id: NodeID) {
        guard let (parent, host) = withMember(id, { ($0.tree.parent, $0.tree.hostScreen) }), let parent else { return }
        updateMember(parent) { owner in
            if owner.tree.modal == id { owner.tree.modal = nil }
            if owner.tree.dismissing == id { owner.tree.dismissing = nil }
            owner.tree.pendingModals.removeAll { $0 == id }
            guard var hosted = owner.tree.hosted[host] else { return }
            hosted.children.removeAll { $0 == id }
            if hosted.active == id { hosted.active = nil }
            owner.tree.hosted[host] = hosted.children.isEmpty ? nil : hosted
        }
    }

    /// A navigator's releases (SPEC §16.7 (3)). `leading`: a navigator and the screens to
    /// release before its stack (a destroy's aborted op's, SPEC §9).
    mutating func release(
        member id: NodeID, leading: (member: NodeID, screens: [ScreenRef])? = nil, into teardown: inout SubtreeTeardown
    ) {
        guard let (tree, stack, sink) = withMember(id, { ($0.tree, $0.stack, $0.installed) }) else { return }
        if let modal = tree.modal ?? tree.dismissing { release(member: modal, leading: leading, into: &teardown) }
        for pending in tree.pendingModals { release(member: pending, leading: leading, into: &teardown) }
        let first = leading?.member == id ? leading?.screens ?? [] : []
        for screen in first + stack.reversed() {
            tearDownChildren(of: screen.id, in: id, leading: leading, into: &teardown)
            if let record = updateMember(id, { $0.screens.removeRecord(screen.id) }) ?? nil {
                for event in Self.finalEvents(of: record) { teardown.deliveries.append(.event(event, sink)) }
            }
        }
        let detached = updateMember(id) { member -> [ScreenRegistry.Record] in
            member.stack.removeAll()
            return member.screens.removeAll()
        } ?? []
        for record in detached {
            tearDownChildren(of: record.box.id, in: id, leading: leading, into: &teardown)
            for event in Self.finalEvents(of: record) { teardown.deliveries.append(.event(event, sink)) }
        }
        teardown.routes += updateMember(id) { $0.routes.removeAll() } ?? []
    }

    /// The releases of the children of screen `screen` of `id`, last attached first.
    private mutating func tearDownChildren(
        of screen: UInt64, in id: NodeID, leading: (member: NodeID, screens: [ScreenRef])?,
        into teardown: inout SubtreeTeardown
    ) {
        guard let hosted = withMember(id, { $0.tree.hosted[screen] }) ?? nil else { return }
        updateMember(id) { $0.tree.hosted[screen] = nil }
        for child in hosted.children.reversed() { release(member: child, leading: leading, into: &teardown) }
    }

    /// Step 8's teardown of a leaving screen's children (SPEC §16.7: before its `result` and
    /// `release`); `nil` when it has none.
    mutating func tearDownChildren(of screen: UInt64) -> SubtreeTeardown? {
        guard let hosted = node.tree.hosted[screen] else { return nil }
        var teardown = SubtreeTeardown()
        for child in hosted.children.reversed() { teardown = merged(teardown, tearDown(subtree: child)) }
        return teardown
    }

    private func merged(_ first: SubtreeTeardown, _ second: SubtreeTeardown) -> SubtreeTeardown {
        var all = first
        all.deliveries += second.deliveries
        all.ended += second.ended
        all.routes += second.routes
        return all
    }

    /// `discard` of a detached screen that hosts children (SPEC §16.7, a teardown made by a
    /// call): the op in flight ends `aborted` if it belongs to their subtrees, the children are
    /// torn down, last attached first, then the screen is released; the driver delivers it all
    /// next, and the queue then moves on as after any op.
    mutating func discardHost(_ record: ScreenRegistry.Record) {
        var teardown = SubtreeTeardown()
        let children = node.tree.hosted[record.box.id]?.children ?? []
        let members = children.flatMap { subtreeMembers($0) }
        let asker = routedFrom ?? opMember
        if busy, members.contains(asker) || members.contains(opMember), let request = takeCurrent()?.request,
           let (sink, reportsDone) = withMember(asker, { ($0.installed, $0.interest.contains(.done)) }) {
            teardown.deliveries.append(.aborted(request, sink, reportsDone: reportsDone))
            routedFrom = nil
            routedIdle = nil
            routedDismissal = nil
            opMember = node.id
        }
        for child in children.reversed() { teardown = merged(teardown, tearDown(subtree: child)) }
        // The screen stays live until its `release`, through its listener's `result` (SPEC §12).
        if let result = beginRelease(record.box.id) { teardown.deliveries.append(.event(result, node.installed)) }
        teardown.deliveries.append(.release(record.box, member: node.id, node.installed))
        pendingTeardowns.append(teardown)
    }
}
