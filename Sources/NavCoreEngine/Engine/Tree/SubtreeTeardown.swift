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
        tearDown(subtree: id, into: &teardown)
        return teardown
    }

    /// `tearDown(subtree:)` adding to `teardown`: the teardowns of a screen's children, one
    /// after another, in one value (merging each into the ones before would copy them all
    /// again: N children, N² steps).
    mutating func tearDown(subtree id: NodeID, into teardown: inout SubtreeTeardown) {
        frontMayChange()
        let members = subtreeMembers(id)
        let torn = Set(members)
        takeRaised(of: torn, into: &teardown)
        // Their queued ops, FIFO, found without reading the queue behind the last of them.
        let waiting = members.reduce(0) { sum, member in sum + (withMember(member) { $0.queuedOps } ?? 0) }
        for queued in queue.removeFirst(waiting, where: { torn.contains($0.member) }) {
            guard let (sink, reportsDone) = withMember(queued.member, { ($0.installed, $0.interest.contains(.done)) })
            else { continue }
            teardown.deliveries.append(.aborted(queued.value, sink, reportsDone: reportsDone))
        }
        unlink(id)
        release(member: id, into: &teardown)
        for member in members {
            // The op's navigators hear the op's end (its `done`, its performer's `action idle`)
            // before they go; with no op in flight, `opMember` names the last op's and nobody
            // waits for anything.
            if busy, member == opMember || member == routedFrom || member == routedIdle {
                updateMember(member) { $0.dead = true }
                deadMembers.append(member)
            } else if let state = removeMember(member, fallback: opMember) {
                teardown.ended.append(state.installed)
            }
        }
    }

    /// The subtree's navigators, `id` first, each before its modal's subtree, its pending
    /// modals' and its children's. The navigators still to visit wait on an explicit stack,
    /// the next one last: a subtree of any depth.
    func subtreeMembers(_ id: NodeID) -> [NodeID] {
        var members: [NodeID] = []
        var waiting = [id]
        while let id = waiting.popLast() {
            guard let tree = withMember(id, { $0.tree }) else { continue }
            members.append(id)
            var next: [NodeID] = []
            if let modal = tree.modal ?? tree.dismissing { next.append(modal) }
            next += tree.pendingModals
            for hosted in tree.hosted.values { next += hosted.children }
            waiting += next.reversed()
        }
        return members
    }

    /// The events raised for the navigators `torn` and not yet delivered (a discard's `result` and
    /// `release`, asked inside a callback): they come first, each to its own navigator's sink.
    /// A raised `release` kills its screen's id now, so that the teardown releases it only once.
    private mutating func takeRaised(of torn: Set<NodeID>, into teardown: inout SubtreeTeardown) {
        guard !outbox.isEmpty else { return }
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

    /// One step of a subtree's releases, on `release(member:)`'s explicit stack.
    private enum ReleaseStep {
        /// A navigator's releases: its modal's, its pending modals', then its screens'.
        case member(NodeID)
        /// The releases of the children of a screen of a navigator, last attached first.
        case children(screen: UInt64, of: NodeID)
        /// A stack screen's own release, after its children's.
        case screen(UInt64, of: NodeID, InstalledSink)
        /// The navigator's detached screens, each after its children, in creation order.
        case detached(NodeID, InstalledSink)
        /// A detached screen's own release, after its children's.
        case record(ScreenRegistry.Record, InstalledSink)
        /// The navigator's route factories, dropped after the lock.
        case routes(NodeID)
    }

    /// A navigator's releases (SPEC §16.7 (3)), its subtree's included. `leading`: a navigator
    /// and the screens to release before its stack (a destroy's aborted op's, SPEC §9). The
    /// steps still to take wait on an explicit stack, the next one last: a subtree of any depth.
    mutating func release(
        member id: NodeID, leading: (member: NodeID, screens: [ScreenRef])? = nil, into teardown: inout SubtreeTeardown
    ) {
        var waiting: [ReleaseStep] = [.member(id)]
        while let step = waiting.popLast() {
            var next: [ReleaseStep] = []
            switch step {
            case .member(let id):
                guard let (tree, stack, sink) = withMember(id, { ($0.tree, $0.stack, $0.installed) }) else { continue }
                if let modal = tree.modal ?? tree.dismissing { next.append(.member(modal)) }
                next += tree.pendingModals.map { .member($0) }
                let first = leading?.member == id ? leading?.screens ?? [] : []
                for screen in first + stack.reversed() {
                    next += [.children(screen: screen.id, of: id), .screen(screen.id, of: id, sink)]
                }
                next += [.detached(id, sink), .routes(id)]
            case .children(let screen, let id):
                guard let hosted = withMember(id, { $0.tree.hosted[screen] }) ?? nil else { continue }
                updateMember(id) { $0.tree.hosted[screen] = nil }
                next = hosted.children.reversed().map { .member($0) }
            case .screen(let screen, let id, let sink):
                if let record = updateMember(id, { $0.screens.removeRecord(screen) }) ?? nil {
                    for event in Self.finalEvents(of: record) { teardown.deliveries.append(.event(event, sink)) }
                }
            case .detached(let id, let sink):
                let detached = updateMember(id) { member -> [ScreenRegistry.Record] in
                    member.stack.removeAll()
                    return member.screens.removeAll()
                } ?? []
                for record in detached { next += [.children(screen: record.box.id, of: id), .record(record, sink)] }
            case .record(let record, let sink):
                for event in Self.finalEvents(of: record) { teardown.deliveries.append(.event(event, sink)) }
            case .routes(let id):
                teardown.routes += updateMember(id) { $0.routes.removeAll() } ?? []
            }
            waiting += next.reversed()
        }
    }

    /// Step 8's teardown of a leaving screen's children (SPEC §16.7: before its `result` and
    /// `release`); `nil` when it has none.
    mutating func tearDownChildren(of screen: UInt64) -> SubtreeTeardown? {
        guard let children = takeChildren(of: screen) else { return nil }
        var teardown = SubtreeTeardown()
        for child in children.reversed() { tearDown(subtree: child, into: &teardown) }
        return teardown
    }

    /// Unlinks every child of the navigator's screen `screen` at once and returns them, in
    /// attach order; `nil` when it has none. Their teardowns then find nothing to unlink from
    /// the screen: each unlinking itself would search the list (N children, N² steps).
    private mutating func takeChildren(of screen: UInt64) -> [NodeID]? {
        guard let children = node.children(attachedTo: screen) else { return nil }
        frontMayChange()
        node.tree.hosted[screen] = nil
        return children
    }

    /// `discard` of a detached screen that hosts children (SPEC §16.7, a teardown made by a
    /// call): the op in flight ends `aborted` if it belongs to their subtrees and has not
    /// reported its outcome yet (a discard in its `done` callback leaves it to end with its
    /// `action idle`), the children are torn down, last attached first, then the screen is
    /// released; the driver delivers it all next, and the queue then moves on as after any op.
    mutating func discardHost(_ record: ScreenRegistry.Record) {
        var teardown = SubtreeTeardown()
        let children = takeChildren(of: record.box.id) ?? []
        let members = children.flatMap { subtreeMembers($0) }
        let asker = routedFrom ?? opMember
        if busy, !reported, members.contains(asker) || members.contains(opMember),
           let request = takeCurrent()?.request,
           let (sink, reportsDone) = withMember(asker, { ($0.installed, $0.interest.contains(.done)) }) {
            teardown.deliveries.append(.aborted(request, sink, reportsDone: reportsDone))
            routedFrom = nil
            routedIdle = nil
            routedDismissal = nil
            opMember = node.id
        }
        for child in children.reversed() { tearDown(subtree: child, into: &teardown) }
        // The screen stays live until its `release`, through its listener's `result` (SPEC §12).
        if let result = beginRelease(record.box.id) { teardown.deliveries.append(.event(result, node.installed)) }
        teardown.deliveries.append(.release(record.box, member: node.id, node.installed))
        pendingTeardowns.append(teardown)
    }
}
