/// The thin layer around `NavigatorState` that SPEC §9 asks for: one lock, never held while a
/// callback runs; one driving thread at a time, to which calls from other threads (and from
/// inside callbacks) hand their work; inline and host dispatch.
///
/// Both fronts (the C library and the Swift `Navigator`) call these entry points, passing
/// themselves as the sink that receives the events.
package final class NavigatorCore: Sendable {
    private let state: Lock<NavigatorState>

    /// A navigator in inline (default) or host dispatch mode.
    package init(hostDispatch: Bool) {
        state = Lock(NavigatorState(hostDispatch: hostDispatch))
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
        _ driving: Driving, _ sink: any EventSink,
        _ body: (inout NavigatorState) throws(NavigationError) -> R
    ) throws(NavigationError) -> R {
        let (result, wake, drives) = try state.withLock { state throws(NavigationError) in
            guard !state.destroyed else { throw NavigationError.destroyed }
            let result = try body(&state)
            let drive = state.claimDriver(callerMayDrive: driving == .always || !state.hostDispatch)
            return (result, state.takeWakeupDue(), drive)
        }
        if wake { sink.wakeup() }
        if drives { drive(sink) }
        return result
    }

    /// Reads the state under the lock; fails with `invalid_handle` once destroyed.
    package func read<R: Sendable>(_ body: (borrowing NavigatorState) throws(NavigationError) -> R) throws(NavigationError) -> R {
        try state.withLock { state throws(NavigationError) in
            guard !state.destroyed else { throw NavigationError.destroyed }
            return try body(state)
        }
    }

    /// Changes what emits nothing (interest, always_appear, routes); fails with
    /// `invalid_handle` once destroyed.
    package func configure<R: Sendable>(_ body: (inout NavigatorState) throws(NavigationError) -> R) throws(NavigationError) -> R {
        try state.withLock { state throws(NavigationError) in
            guard !state.destroyed else { throw NavigationError.destroyed }
            return try body(&state)
        }
    }

    /// Whether `destroy` has been called.
    package var isDestroyed: Bool { state.withLock { $0.destroyed } }

    // MARK: Driving

    /// The driver's loop: takes the next piece of work under the lock, does it without.
    private func drive(_ sink: any EventSink) {
        while let work = state.withLock({ $0.nextWork() }) {
            switch work {
            case .deliver(let event): sink.deliver(event)
            case .wakeup: sink.wakeup()
            case .start(let request): run(request, sink)
            case .complete(let change): complete(change, sink)
            case .cancel(let change): cancel(change, sink)
            case .teardown(let teardown):
                for request in teardown.aborted {
                    request.completion?.complete(request.kind, .aborted)
                    if teardown.reportsDone { sink.deliver(.done(request.kind, .aborted)) }
                }
                for screen in teardown.released { sink.deliver(.release(screen)) }
                withExtendedLifetime(teardown.routes) {}
                sink.navigatorDidEnd()
            }
        }
    }

    /// One step of a script: changes the state under the lock, runs the step's host code (an
    /// op's completion or block, if any) and delivers the event the change produced. Events
    /// raised meanwhile by other calls go first, in order, so that a threshold set inside a
    /// callback shows its bar event right after that callback.
    func step(
        _ sink: any EventSink, _ body: (inout NavigatorState) -> Event?, host: () -> Void = {}
    ) {
        while true {
            var raised = false
            var ended: RunningOp?
            let event = state.withLock { state -> Event? in
                if let event = state.outbox.popFirst() {
                    raised = true
                    return event
                }
                let event = body(&state)
                if state.ended != nil { swap(&ended, &state.ended) }
                return event
            }
            if !raised { host() }
            if let event { sink.deliver(event) }
            if !raised {
                withExtendedLifetime(ended) {}
                return
            }
        }
    }

    /// A step that emits nothing but decides: delivers the events raised meanwhile, then
    /// returns what `body` computes under the lock (an op's plan, the top to ask the veto about).
    func decide<Decision>(_ sink: any EventSink, _ body: (inout NavigatorState) -> Decision) -> Decision {
        while true {
            let next = state.withLock { state -> Decided<Decision> in
                if let event = state.outbox.popFirst() { return .raised(event) }
                return .decided(body(&state))
            }
            switch next {
            case .raised(let event): sink.deliver(event)
            case .decided(let decision): return decision
            }
        }
    }
}

/// What `decide` found under the lock: an event to deliver first, or the decision.
private enum Decided<Decision> {
    case raised(Event)
    case decided(Decision)
}
