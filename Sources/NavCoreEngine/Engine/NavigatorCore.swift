/// One navigator as the fronts hold it: a handle to its node in its family, and the thin layer
/// around `FamilyState` that SPEC §9 asks for: one lock per family, never held while a callback
/// runs; one driving thread per family at a time, to which calls from other threads (and from
/// inside callbacks) hand their work; inline and host dispatch.
///
/// Both fronts (the C library and the Swift `Navigator`) call these entry points; their host
/// code reaches the engine as the sink installed in the navigator's node (`install(_:)`).
package final class NavigatorCore: Sendable {
    /// The family this navigator was made in. A merge moves the navigator into another family
    /// and leaves this one forwarding there, so what the core holds never changes: every lock
    /// hold follows the forwards to the family the navigator is in now (none in a family of one).
    private let origin: Family
    /// This navigator in its family.
    package let node: NodeID

    /// A navigator in inline (default) or host dispatch mode, delivering to `sink`: a family of one.
    package init(hostDispatch: Bool, sink: any EventSink) {
        var member = NodeState(id: IDSource.nextNode())
        _ = member.install(sink)
        node = member.id
        origin = Family(hostDispatch: hostDispatch, node: member)
    }

    /// The family this navigator is in now.
    var family: Family { origin.current }

    // MARK: The lock

    /// Runs `body` under the lock of this navigator's family, acting for this navigator.
    @inline(__always)
    private func withState<R, E: Error>(_ body: (inout FamilyState) throws(E) -> R) throws(E) -> R {
        try withState(handing: ()) { state, _ throws(E) in try body(&state) }
    }

    /// `withState` that hands `argument` to `body` to consume.
    @inline(__always)
    private func withState<Argument, R, E: Error>(
        handing argument: consuming Argument, _ body: (inout FamilyState, consuming Argument) throws(E) -> R
    ) throws(E) -> R {
        try origin.withLock(handing: argument) { state, argument throws(E) in
            state.focus(on: node)
            return try body(&state, argument)
        }
    }

    /// Runs `body` under the lock of this navigator's family, acting for the member whose op is
    /// in flight (or ran last): the driver's holds, whose steps are that op's.
    @inline(__always)
    private func withOpState<R>(_ body: (inout FamilyState) -> R) -> R {
        origin.withLock(handing: ()) { state, _ in
            state.focus(on: state.opMember)
            return body(&state)
        }
    }

    /// Who may become the driver after a call.
    package enum Driving: Sendable {
        /// In inline mode only: asking ops, thresholds, discards.
        case inlineOnly
        /// Always: `drain`, `finish`, `cancel`, `progress`, `gesture`, `destroy`, which act at
        /// once in host mode too.
        case always
    }

    // MARK: The one way in

    /// Runs `body` on the state under the lock (failing with `invalid_handle` once destroyed),
    /// then, with the lock released, raises a due wakeup and drives the navigator if this
    /// caller should and nobody else is.
    package func perform<R: Sendable>(
        _ driving: Driving, _ body: (inout FamilyState) throws(NavigationError) -> R
    ) throws(NavigationError) -> R {
        try perform(driving, handing: ()) { state, _ throws(NavigationError) in try body(&state) }
    }

    /// `perform` that hands `argument` to `body` to consume (a request that moves into the
    /// queue): passed through rather than captured, as a capture would copy it.
    func perform<Argument, R: Sendable>(
        _ driving: Driving, handing argument: consuming Argument,
        _ body: (inout FamilyState, consuming Argument) throws(NavigationError) -> R
    ) throws(NavigationError) -> R {
        var wakeup: (any EventSink)?
        let (result, claim) = try withState(handing: argument) { state, argument throws(NavigationError) in
            guard !state.destroyed else { throw NavigationError.destroyed }
            let wasDriven = state.driver.isDriven
            let result = try body(&state, argument)
            let claim = state.claimDriver(callerMayDrive: driving == .always || !state.hostDispatch, wasDriven: wasDriven)
            if state.takeWakeupDue() { wakeup = state.rootSink }
            return (result, claim)
        }
        let mustDrop = raiseWakeup(&wakeup)
        switch claim {
        case .none: if mustDrop { dropRetired() }
        case .drive: drive()
        case .dropRetired: dropRetired()
        }
        return result
    }

    /// Raises `wakeup` on `sink` (a caller's, with the lock released: it may overlap
    /// callbacks), then lets go of the sink under the lock: if it was replaced meanwhile, it is
    /// retired, so that its host code is dropped by a driver, never beside a callback. Returns
    /// whether the caller has become the driver that must drop it.
    private func raiseWakeup(_ sink: inout (any EventSink)?) -> Bool {
        guard sink != nil else { return false }
        sink?.wakeup()
        return withState { $0.takeBack(&sink) }
    }

    /// Reads the state under the lock; fails with `invalid_handle` once destroyed.
    package func read<R: Sendable>(_ body: (borrowing FamilyState) throws(NavigationError) -> R) throws(NavigationError) -> R {
        try withState { state throws(NavigationError) in
            guard !state.destroyed else { throw NavigationError.destroyed }
            return try body(state)
        }
    }

    /// Fails with `invalid_handle` once destroyed: the first check of a call that validates an
    /// argument without the lock (a document to parse), so that a destroyed navigator's status
    /// comes first, as everywhere (SPEC §9).
    package func checkLive() throws(NavigationError) {
        try read { _ in }
    }

    /// Changes what emits nothing (always_appear, routes, results, saved states); fails with
    /// `invalid_handle` once destroyed. Internal: the fronts change the state only through the
    /// calls of NavigatorCore+Calls.swift, which use it.
    func configure<R: Sendable>(_ body: (inout FamilyState) throws(NavigationError) -> R) throws(NavigationError) -> R {
        try withState { state throws(NavigationError) in
            guard !state.destroyed else { throw NavigationError.destroyed }
            return try body(&state)
        }
    }

    /// Installs the sink that `change` derives from the current one (the front's new host
    /// code). The replaced sink is retired: the driving thread drops it, as dropping it may run
    /// host code (a ctx destructor, a closure's deinit). Fails once destroyed, or when `change`
    /// throws, keeping nothing. `newWakeup`: the change registers or replaces the wakeup callback, which SPEC §9 calls
    /// once at once when work waits (host mode).
    package func replaceSink<Sink: EventSink>(
        newWakeup: Bool = false, _ change: (Sink?) throws(NavigationError) -> Sink
    ) throws(NavigationError) -> Sink {
        try perform(.inlineOnly) { state throws(NavigationError) in
            let sink = try change(state.node.sink as? Sink)
            state.retired.append(state.node.install(sink))
            if newWakeup { state.wakeLateRegistrant() }
            return sink
        }
    }

    /// What `body` reads from the installed sink, if it is a `Sink`, evaluated under the lock.
    /// Only the value leaves the lock, never the sink: were the sink handed out, a registration
    /// replacing it meanwhile could leave this thread with its last reference, and its host
    /// code (a ctx destructor, a closure's deinit) would be dropped here, beside callbacks,
    /// rather than by the driver.
    package func readSink<Sink: EventSink, Value: Sendable>(_: Sink.Type, _ body: (Sink) -> Value) -> Value? {
        withState { state in (state.node.sink as? Sink).map(body) }
    }

    /// Whether `destroy` has been called.
    package var isDestroyed: Bool { withState { $0.destroyed } }

    // MARK: Driving

    /// The driver's loop: takes the next piece of work under the lock, does it without.
    private func drive() {
        while let work = withOpState({ $0.nextWork() }) {
            switch work {
            case .deliver(let event, let sink): sink.send(event)
            case .drop(let retired): withExtendedLifetime(retired) {}
            case .wakeup(let sink): sink.wakeup()
            case .start(let request): run(request)
            case .complete(let change, let showsAppearance): complete(change, showsAppearance: showsAppearance)
            case .cancel(let change, let showsAppearance): cancel(change, showsAppearance: showsAppearance)
            case .decided(let animated, let allow): resume(animated: animated, allow: allow)
            case .teardown(let teardowns): for teardown in teardowns { tearDown(teardown) }
            }
        }
    }

    /// Drops retired host code as the driver, delivering nothing (a host-mode caller); drives
    /// on only for what the dropped code asked that acts at once (a teardown, a gesture, …).
    private func dropRetired() {
        while true {
            var wakeup: (any EventSink)?
            let next = withState { state in
                let next = state.nextRetired()  // first: stopping may raise a wakeup
                if state.takeWakeupDue() { wakeup = state.rootSink }
                return next
            }
            if raiseWakeup(&wakeup) { continue }
            switch next {
            case .drop(let retired): withExtendedLifetime(retired) {}
            case .drive: return drive()
            case .done: return
            }
        }
    }

    /// SPEC §9 destroy, with the lock released: the aborted ops end, the screens are released,
    /// and the front's last sink hears it and is let go.
    private func tearDown(_ teardown: Teardown) {
        let sink = teardown.sink.sink
        for request in teardown.aborted {
            request.completion?.complete(request.kind, .aborted, through: LentSink(teardown.sink))
            if teardown.reportsDone { sink.deliver(.done(request.kind, .aborted)) }
        }
        for event in teardown.released { sink.send(event) }
        withExtendedLifetime(teardown.routes) {}
        sink.navigatorDidEnd()
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
    func finalStep(_ body: (inout FamilyState) -> Event?) {
        finalSteps(1) { state, _ in body(&state) }
    }

    /// The lock section of every step: first drops retired host code (a replaced callback ends
    /// before the next event) and delivers the events raised meanwhile, then returns what
    /// `body` computes under the lock (an op's plan, the top to ask the veto about, an event).
    func decide<Decision>(_ body: (inout FamilyState) -> Decision) -> Decision {
        while true {
            let next = withOpState { state -> Decided<Decision> in
                if !state.retired.isEmpty { return .dropRetired }
                if let event = state.popRaised() { return .raised(event, state.node.lentSink) }
                return .decided(body(&state))
            }
            switch next {
            case .dropRetired: withExtendedLifetime(withState { $0.takeRetired() }) {}
            case .raised(let event, let sink): sink.send(event)
            case .decided(let decision): return decision
            }
        }
    }

    /// The lock section that must come first after a callback returns: `body` changes the state
    /// before anything raised inside the callback reaches the host, then `decide` delivers that.
    /// SPEC §13: a veto's decision is pending from the moment the hook returns later, so a
    /// `decide` made from the events raised inside the hook (a discard's result and release, a
    /// threshold's bar) answers it.
    func settle(_ body: (inout FamilyState) -> Void) {
        withOpState { body(&$0) }
        decide { _ in }
    }
}

/// What `decide` found under the lock: retired host code to drop first (taken in a lock hold of
/// its own: carried beside every result, an empty batch would still be released on every step),
/// an event to deliver first, or the decision.
private enum Decided<Decision> {
    case dropRetired
    case raised(Event, LentSink)
    case decided(Decision)
}
