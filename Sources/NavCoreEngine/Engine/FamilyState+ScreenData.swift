/// What the host keeps on a screen besides its object — its result, result listener and saved
/// state (SPEC §12, §14) — and the release that hands the result to the listener.
extension FamilyState {
    /// Sets or clears a live screen's result.
    package mutating func setResult(_ id: UInt64, _ text: String?) throws(NavigationError) {
        guard node.screens.update(id, { $0.result = text }) != nil else { throw .noSuchScreen(id) }
    }

    /// Sets or clears a live screen's saved state.
    package mutating func setSavedState(_ id: UInt64, _ text: String?) throws(NavigationError) {
        guard node.screens.update(id, { $0.savedState = text }) != nil else { throw .noSuchScreen(id) }
    }

    /// Attaches (or, with `nil`, removes) a live screen's result listener; the old one is
    /// retired, for the driving thread to drop. Fails with `state` once the screen's release
    /// has begun: its listener may be running.
    package mutating func setListener(_ id: UInt64, _ listener: (any ResultListener)?) throws(NavigationError) {
        guard let record = node.screens[id] else { throw .noSuchScreen(id) }
        guard !record.releasing else {
            throw NavigationError(.state, "screen \(id) is being released; its result listener cannot change")
        }
        let old = node.screens.update(id) { record in
            defer { record.listener = listener }
            return record.listener
        }
        if let old = old ?? nil { retired.append(old) }
    }

    /// A live screen's record, for the result and saved-state queries.
    package func record(_ id: UInt64) throws(NavigationError) -> ScreenRegistry.Record {
        guard let record = node.screens[id] else { throw .noSuchScreen(id) }
        return record
    }

    /// Releases a detached screen at the host's request (SPEC §1): at once, its listener
    /// first. A screen in the stack, held by an op, or already being released cannot be.
    package mutating func discard(_ id: UInt64) throws(NavigationError) {
        guard let record = node.screens[id] else { throw .noSuchScreen(id) }
        guard record.discardable else {
            throw NavigationError(.state, "screen \(id) is in the node.stack or held by an op and cannot be discarded")
        }
        // SPEC §16.7: a detached host screen's children are torn down first.
        if !others.isEmpty, node.tree.hosted[id] != nil { return discardHost(record) }
        if let result = beginRelease(id) { raise(result) }
        raise(.release(record.box))
    }

    /// The first half of every release (SPEC §12): the screen can no longer be discarded nor
    /// its listener changed; returns the listener's `result` event, if it has a listener. The
    /// screen stays live until `release(_:)`.
    mutating func beginRelease(_ id: UInt64) -> Event? {
        let event = node.screens.update(id) { record -> Event? in
            record.releasing = true
            guard let listener = record.listener else { return nil }
            record.listener = nil
            return .result(ResultDelivery(record.box, record.result, listener))
        }
        return event ?? nil
    }

    /// The next event raised outside the op in flight, with the sink of the member it was
    /// raised for, reached in place (the member in focus does not change). A raised `release`
    /// (a discard's) kills the screen's id only now, so that the screen is live inside its
    /// listener's call. An event of a member no longer in the family goes nowhere: its teardown
    /// has delivered what was raised for it (`takeRaised`).
    @inline(__always)
    mutating func popRaised() -> (Event, LentSink)? {
        outbox.isEmpty ? nil : popRaisedEvent()
    }

    /// `popRaised` when the outbox holds events (out of line: every step of every op asks).
    @inline(never)
    private mutating func popRaisedEvent() -> (Event, LentSink)? {
        while !outbox.isEmpty, let raised = outbox.popFirst() {
            let sink = updateMember(raised.member) { member -> LentSink in
                if case .release(let screen) = raised.value { _ = member.screens.remove(screen.id) }
                return member.lentSink
            }
            guard let sink else { continue }
            return (raised.value, sink)
        }
        return nil
    }

    /// A released screen's last events, when nothing else will run before them (teardown,
    /// a failed `open`): its `result` if it has a listener, then its `release`.
    static func finalEvents(of record: ScreenRegistry.Record) -> [Event] {
        var events: [Event] = []
        if let listener = record.listener { events.append(.result(ResultDelivery(record.box, record.result, listener))) }
        events.append(.release(record.box))
        return events
    }
}
