/// A piece of work the driving thread does with the lock released.
package enum Work: Sendable {
    /// Deliver an event raised outside the op in flight, to the sink current when it is taken.
    case deliver(Event, LentSink)
    /// Drop host code the navigator let go of.
    case drop([any AnyObject & Sendable])
    /// Host mode: raise `wakeup` (a queued op waits for `drain`).
    case wakeup(any EventSink)
    /// Run the script of an op that has just started.
    case start(RunningOp)
    /// The host finished the transition: steps 7–11.
    case complete(StackChange, showsAppearance: Bool)
    /// The host cancelled the interactive transition.
    case cancel(StackChange, showsAppearance: Bool)
    /// The host finished a present's or dismiss's transition (SPEC §16.4).
    case completeModal(ModalTransition)
    /// The host cancelled a gesture's dismissal (SPEC §16.4).
    case cancelModal(ModalTransition)
    /// The host answered the pending veto decision of the `back` in flight (SPEC §13); its
    /// animation flag as asked.
    case decided(animated: Bool, allow: Bool)
    /// `destroy`, or the teardown of a subtree (SPEC §9, §16.7): its deliveries in order, then
    /// the torn-down navigators' fronts are let go.
    case teardown(SubtreeTeardown)
}

/// The scheduling of SPEC §3 and §9: which thread drives, and what it does next.
extension FamilyState {
    /// Whether a driver has something to do now.
    var hasWork: Bool {
        if !outbox.isEmpty || driver.awaitsTeardown || actsAtOnce || !pendingTeardowns.isEmpty { return true }
        return !busy && !queue.isEmpty && canStartOps
    }

    /// Whether the op in flight has work that acts at once in both dispatch modes: a gesture
    /// that has just started, a finished or cancelled transition, a decided veto.
    private var actsAtOnce: Bool {
        switch currentPhase {
        case .pending, .finishRequested, .cancelRequested, .decided: true
        case .running, .waiting, .deciding, .halted, nil: false
        }
    }

    /// What a caller does after its change, with the lock released.
    package enum Claim: Sendable {
        /// Nothing: nothing to do, or another thread is driving and will do it.
        case none
        /// Drive: deliver, run ops, drop retired host code.
        case drive
        /// Only drop retired host code (a host-mode caller that may not deliver anything), as
        /// the driver for that long, so that no callback runs meanwhile.
        case dropRetired
    }

    /// After a call changed the state: what the caller does. `wasDriven`: whether a thread
    /// drove when the call took the lock (a drain or a destroy asked meanwhile is handed to it).
    /// A caller that may not drive (a post in host mode) leaves undelivered events to the next
    /// `drain`, and wakes the host for it; it still drops what it retired, so that a replaced
    /// callback's ctx is destroyed at once.
    package mutating func claimDriver(callerMayDrive: Bool, wasDriven: Bool) -> Claim {
        guard !wasDriven else { return .none }
        if hasWork {
            if callerMayDrive {
                driver.claim()
                return .drive
            }
            raiseWakeup()
        } else {
            driver.release()  // a drain with nothing to run now ends here, not at a later finish
        }
        guard !retired.isEmpty else { return .none }
        driver.claim()
        return callerMayDrive ? .drive : .dropRetired
    }

    /// What a `dropRetired` caller does next.
    package enum RetiredStep: Sendable {
        /// Drop this batch.
        case drop([any AnyObject & Sendable])
        /// The dropped code asked for what acts at once (a `destroy`, a `gesture`, a *finish*,
        /// *cancel* or `decide`): drive, as the caller of that call would have.
        case drive
        /// Nothing is left: the caller has stopped driving.
        case done
    }

    /// The next step of a `dropRetired` caller; when nothing is left to drop it stops driving
    /// (waking the host if work arrived meanwhile), unless the dropped code (a ctx destructor)
    /// asked for something that acts at once: that runs now, on this thread, which is outside
    /// any delivery, so that an accepted op never waits for a wakeup the host may not have
    /// (docs/semantics.md reading 21).
    package mutating func nextRetired() -> RetiredStep {
        if !retired.isEmpty { return .drop(takeRetired()) }
        if driver.awaitsTeardown || actsAtOnce { return .drive }
        let waiting = hasWork  // a drain handed to this caller counts: the host is woken for it
        driver.release()
        if waiting { raiseWakeup() }
        return .done
    }

    /// What the driver does next, in order: events raised meanwhile; the teardown once the
    /// op in flight has finished its synchronous part; the op in flight's next part; the next
    /// queued op (inline mode, or during a drain while its budget lasts); in host mode a
    /// `wakeup` for ops left queued. `nil` ends the driving, in the same lock.
    package mutating func nextWork() -> Work? {
        if let (event, sink) = popRaised() { return .deliver(event, sink) }
        if !retired.isEmpty { return .drop(takeRetired()) }
        if !pendingTeardowns.isEmpty { return .teardown(pendingTeardowns.removeFirst()) }
        if currentPhase == nil, hasDeadMembers { return .teardown(endDeadMembers()) }
        if driver.awaitsTeardown && currentPhase != .running { return tearDownFamily() }
        if let phase = currentPhase {
            let work: Work?
            switch phase {
            case .pending: work = current.map { .start($0) }
            case .finishRequested:
                let shows = current?.showsAppearance ?? false
                work = (current?.change).flatMap { $0 }.map { .complete($0, showsAppearance: shows) }
                    ?? opModal.take().map { .completeModal($0) }
            case .cancelRequested:
                let shows = current?.showsAppearance ?? false
                work = (current?.change).flatMap { $0 }.map { .cancel($0, showsAppearance: shows) }
                    ?? opModal.take().map { .cancelModal($0) }
            case .decided(let allow): work = (current?.request.animated).map { .decided(animated: $0, allow: allow) }
            case .running, .waiting, .deciding, .halted: work = nil
            }
            if let work {
                setPhase(.running)
                return work
            }
        } else if canStartOps, !queue.isEmpty, driver.drainAdmitsStart(), let queued = queue.popFirst() {
            updateMember(queued.member) { $0.queuedOps -= 1 }
            let op = start(queued.value, member: queued.member)
            setPhase(.running)
            return .start(op)
        } else if !queue.isEmpty, driver.takeQuietWakeup() {
            return .wakeup(rootSink)
        }
        driver.release()  // a drain ends with it
        return nil
    }
}

extension FamilyState {
    /// The members torn down while an op of theirs ran, which stayed, dead, for its events (a
    /// routed back that popped its asker's host screen, a discard made in the op's `done`
    /// callback), once it has ended: they leave, and their fronts are let go after the lock.
    private mutating func endDeadMembers() -> SubtreeTeardown {
        var teardown = SubtreeTeardown()
        teardown.ended = removeDeadMembers()
        return teardown
    }

    /// Hands over what was retired, for the driver to drop with the lock released.
    package mutating func takeRetired() -> [any AnyObject & Sendable] {
        defer { retired = [] }
        return retired
    }
}

extension FamilyState {
    /// `destroy` (SPEC §9, §16.7): the teardown of the whole family — the op in flight, then
    /// every queued op, FIFO, whichever navigator each was asked of, end `aborted`; then every
    /// live screen is released, each after its `result` if it has a listener, in tree order
    /// from the root; the performing navigator's screens that its aborted op was removing (top
    /// down) and made (last made first) come before its stack (then the stack from the top
    /// down, the detached ones in creation order). No action event. Every member's front is let
    /// go.
    private mutating func tearDownFamily() -> Work {
        driver.tearDown()
        frontMayChange()
        var teardown = SubtreeTeardown()
        var aborted: [Queued<Request>] = []
        // A routed op ends as the navigator it was asked of (SPEC §16.6), not as its performer.
        if let request = current?.request { aborted.append(Queued(request, member: routedFrom ?? opMember)) }
        aborted += queue.removeAll()
        for queued in aborted {
            guard let (sink, reportsDone) = withMember(queued.member, { ($0.installed, $0.interest.contains(.done)) })
            else { continue }
            teardown.deliveries.append(.aborted(queued.value, sink, reportsDone: reportsDone))
        }
        var leading: [ScreenRef] = []
        if let change = current?.change, change.removesScreens { change.disappearing.refs.forEachBackwards { leading.append($0) } }
        leading += current?.made.reversed() ?? []
        let performer = opMember
        // Kept until the records are removed: its change owns the screens it was removing.
        let op = takeCurrent()
        release(member: root, leading: (performer, leading), into: &teardown)
        teardown.ended.append(node.install(SilentSink()))
        for index in others.indices { teardown.ended.append(others[index].install(SilentSink())) }
        withExtendedLifetime(op) {}
        return .teardown(teardown)
    }
}
