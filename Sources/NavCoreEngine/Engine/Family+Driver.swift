/// The family's driver (SPEC §9): the one thread at a time that delivers the family's
/// callbacks and runs its ops, with the lock released while host code runs. A call becomes the
/// driver under the lock (`NavigatorCore.perform`), then drives the family it acted in.
///
/// The driver's lock holds check no forward: only a quiet family is merged
/// (`FamilyState.isQuiet`), and a family with a driver is not quiet, so the family being driven
/// stays where it is until the drive ends. Only the calls (`NavigatorCore`) follow forwards.
extension Family {
    /// Runs `body` under this family's lock, acting for the member whose op is in flight (or
    /// ran last): the driver's holds, whose steps are that op's. No focus of its own: between
    /// lock holds the state always acts for that member (`FamilyState.node`).
    @inline(__always)
    func withDriverLock<R>(_ body: (inout FamilyState) -> R) -> R {
        state.withLock { body(&$0) }
    }

    /// Raises `wakeup` on `sink` (a caller's, with the lock released: it may overlap
    /// callbacks), then lets go of the sink under the lock of the family it is in now: if it
    /// was replaced meanwhile, it is retired, so that its host code is dropped by a driver,
    /// never beside a callback. Returns the family whose driver the caller has become to drop
    /// it, if it has. Out of line: host mode only, and kept out of every call's code.
    @inline(never)
    func raiseWakeup(_ sink: inout (any EventSink)?) -> Family? {
        guard sink != nil else { return nil }
        sink?.wakeup()
        let family = lockCurrent()
        return family.state.unlock(handing: ()) { state, _ in state.takeBack(&sink) ? family : nil }
    }

    /// The driver's loop: takes the next piece of work under the lock, does it without;
    /// `first` when the caller took it already, in the hold that made it the driver.
    @inline(never)
    func drive(_ first: consuming Work? = nil) {
        var next = first ?? withDriverLock { $0.nextWork() }
        // An op that ended in its `start`: its record, cleared, goes back to the family.
        var spare: RunningOp?
        while let work = next.take() {
            defer {
                next = withDriverLock { state in
                    if spare != nil { state.spareOp = spare.take() }
                    return state.nextWork()
                }
            }
            switch consume work {
            case .deliver(let event, let sink): sink.send(event)
            case .drop(let retired): withExtendedLifetime(retired) {}
            case .wakeup(let sink): sink.wakeup()
            case .start(let op):
                run(op)
                // When nobody else holds it (not the state, not a waiting transition), it has ended.
                spare = RunningOp.recycled(op)
            case .complete(let change, let showsAppearance): complete(change, showsAppearance: showsAppearance)
            case .cancel(let change, let showsAppearance): cancel(change, showsAppearance: showsAppearance)
            case .completeModal(let transition): complete(transition)
            case .cancelModal(let transition): cancel(transition)
            case .decided(let animated, let allow): resume(animated: animated, allow: allow)
            case .teardown(let teardown): deliver(teardown)
            }
        }
    }

    /// Drops retired host code as the driver, delivering nothing (a host-mode caller); drives
    /// on only for what the dropped code asked that acts at once (a teardown, a gesture, …).
    func dropRetired() {
        while true {
            var wakeup: (any EventSink)?
            let next = withDriverLock { state in
                let next = state.nextRetired()  // first: stopping may raise a wakeup
                if state.takeWakeupDue() { wakeup = state.rootSink }
                return next
            }
            if raiseWakeup(&wakeup) != nil { continue }
            switch next {
            case .drop(let retired): withExtendedLifetime(retired) {}
            case .drive: return drive()
            case .done: return
            }
        }
    }

    /// One step of a script: changes the state under the lock, runs the step's host code (an
    /// op's completion or block, if any) and delivers the event the change produced. Events
    /// raised meanwhile by other calls go first, in order, so that a threshold set inside a
    /// callback shows its bar event right after that callback.
    func step(_ body: (inout FamilyState) -> Event?, host: () -> Void = {}) {
        let delivery = decide { state in body(&state).map { ($0, state.node.lentSink) } }
        host()
        switch consume delivery {
        case .some((let event, let sink)): sink.send(event)
        case .none: break
        }
    }

    /// Consecutive steps of a script, numbered `0..<count`: a step whose event nobody listens
    /// to (it emits nothing) is followed by the next one in the same lock hold, as nothing
    /// reaches the host between them, so no callback can see the state between them; a step
    /// that emits ends the hold, its event is delivered, and the next step opens a hold of its
    /// own (after the events raised meanwhile, as every step). Step bodies raise nothing
    /// themselves (only calls do, from other threads or from callbacks, outside the hold), so
    /// the order of SPEC §9 is kept. `host` (an op's completion) runs after the hold of the
    /// last step, before that step's event.
    @inline(__always)
    func steps(_ count: Int, _ body: (inout FamilyState, Int) -> Event?, host: () -> Void = {}) {
        var next = 0
        while next < count {
            var hostDue = false
            step({ state in
                while true {
                    let index = next
                    next += 1
                    let event = body(&state, index)
                    // Returned as is, not unwrapped and wrapped again: an event is a large value.
                    if case .none = event, next < count { continue }
                    hostDue = next == count
                    return event
                }
            }, host: { if hostDue { host() } })
        }
    }

    /// A step whose change of state needs the op's planned change: lent to `body` for the
    /// step, not captured (a capture would copy it for every event).
    func step(_ change: borrowing StackChange, _ body: (inout FamilyState, borrowing StackChange) -> Event?) {
        step { body(&$0, change) }
    }

    /// The steps that end an op (`done` for ops without action events, else `action idle`),
    /// the last of which ends it: the ended op leaves the lock with the event and is dropped
    /// only after the delivery, as it may hold host closures whose deinit must not run under
    /// the lock.
    @inline(__always)
    func finalSteps(_ count: Int, _ body: (inout FamilyState, Int) -> Event?, host: () -> Void = {}) {
        var ended: RunningOp?
        steps(count, { state, index in
            let event = body(&state, index)
            // Moved only when the op did end (`done` of an op with action events does not).
            if index == count - 1 { ended = state.takeEnded() }
            return event
        }, host: host)
        withExtendedLifetime(ended) {}
    }

    /// `finalSteps` of one step.
    @inline(__always)
    func finalStep(_ body: (inout FamilyState) -> Event?) {
        finalSteps(1) { state, _ in body(&state) }
    }

    /// The lock section of every step: first drops retired host code (a replaced callback ends
    /// before the next event) and delivers the events raised meanwhile, then returns what
    /// `body` computes under the lock (an op's plan, the top to ask the veto about, an event).
    /// Generic, so one copy per kind of decision: what interrupts it is handled by one function
    /// out of line (`deliverInterruption`), not by every copy.
    @inline(__always)
    func decide<Decision>(_ body: (inout FamilyState) -> Decision) -> Decision {
        while true {
            let decided = withDriverLock { state -> Decision? in
                state.retired.isEmpty && state.outbox.isEmpty ? body(&state) : nil
            }
            if case .some(let decision) = consume decided { return decision }
            deliverInterruption()
        }
    }

    /// What comes before a step's decision: drops retired host code (taken in a lock hold of
    /// its own), or delivers the next event raised meanwhile.
    @inline(never)
    private func deliverInterruption() {
        switch withDriverLock({ state -> Interruption in
            if !state.retired.isEmpty { return .dropRetired(state.takeRetired()) }
            if let (event, sink) = state.popRaised() { return .raised(event, sink) }
            return .none
        }) {
        case .dropRetired(let retired): withExtendedLifetime(retired) {}
        case .raised(let event, let sink): sink.send(event)
        case .none: break
        }
    }

    /// The lock section that must come first after a callback returns: `body` changes the state
    /// before anything raised inside the callback reaches the host, then `decide` delivers that.
    /// SPEC §13: a veto's decision is pending from the moment the hook returns later, so a
    /// `decide` made from the events raised inside the hook (a discard's result and release, a
    /// threshold's bar) answers it.
    func settle(_ body: (inout FamilyState) -> Void) {
        withDriverLock { body(&$0) }
        decide { _ in }
    }
}

/// What comes before a step's decision (`Family.deliverInterruption`): retired host code to
/// drop, an event raised meanwhile to deliver, or nothing (both were dealt with meanwhile).
private enum Interruption {
    case dropRetired([any AnyObject & Sendable])
    case raised(Event, LentSink)
    case none
}
