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
            case .teardown(let events, let leftovers):
                for event in events { sink.deliver(event) }
                withExtendedLifetime(leftovers) {}
                sink.navigatorDidEnd()
            }
        }
    }

    /// One step of a script: changes the state under the lock and delivers the event the
    /// change produced. Events raised meanwhile by other calls go first, in order, so that a
    /// threshold set inside a callback shows its bar event right after that callback.
    func step(_ sink: any EventSink, _ body: (inout NavigatorState) -> Event?) {
        while true {
            let (raised, own, ended) = state.withLock { state -> (Event?, Event?, RunningOp?) in
                if let event = state.outbox.popFirst() { return (event, nil, nil) }
                let event = body(&state)
                defer { state.ended = nil }
                return (nil, event, state.ended)
            }
            if let raised {
                sink.deliver(raised)
                continue
            }
            if let own { sink.deliver(own) }
            withExtendedLifetime(ended) {}
            return
        }
    }

    /// Reads the state under the lock, for a script's decisions between steps.
    func peek<R: Sendable>(_ body: (inout NavigatorState) -> R) -> R {
        state.withLock { body(&$0) }
    }
}
