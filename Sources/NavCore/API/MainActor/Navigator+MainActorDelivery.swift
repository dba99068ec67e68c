/// The `.mainActor` configuration (<doc:ConcurrencyAndTheMainActor>): a host-dispatch navigator
/// whose every driving call is made on the main actor, so that every callback runs there.
///
/// - An op asked on the main actor drains the queue before the call returns (the engine's
///   `askDraining`): to the caller this is inline mode.
/// - An op asked on another thread is queued at the call, in order, and the wakeup schedules a
///   bounded drain (`postedOpsBudget`) on the main actor's next turn.
/// - The calls that act at once (finish, cancel, progress, decide, drain, discard, the
///   gesture, the threshold, destroy) throw `.state` off the main actor instead of running
///   callbacks there; on it, they drain afterwards, as inline mode would.
extension Navigator {
    /// How long one main-actor turn runs ops posted from other threads before it lets the main
    /// actor's other work run (a bounded drain, <doc:Semantics> §9): the drain that stops on it
    /// wakes the navigator again, which schedules the next turn.
    static let postedOpsBudget: Duration = .milliseconds(4)

    /// Installs the configuration's wakeup (a drain on the main actor's next turn) and the
    /// first observer, which tells screen objects, the state-change handlers and the delegate.
    func deliverOnMainActor() {
        updateHandlers(newWakeup: true) { handlers in
            handlers.ownWakeup = { [weak self] in
                Task { @MainActor in self?.drainPosted() }
            }
        }
        addObserver { [weak self] event in
            guard let self, let front = self.mainActor, MainActorCheck.isCurrent else { return }
            MainActor.assumeIsolated { front.notify(event, from: self) }
        }
    }

    /// Runs the ops posted from other threads, for at most `postedOpsBudget` (plus one op).
    @MainActor
    private func drainPosted() {
        _ = try? core.drain(maxOps: nil, seconds: DrainBudget.seconds(Self.postedOpsBudget))
        mainActor?.stateMayHaveChanged(self)
    }

    /// Throws `.state` when this is a main-actor navigator and the caller is not on the main
    /// actor: the call would run callbacks on the calling thread.
    func checkDrivingThread() throws(NavigationError) {
        guard mainActor != nil, !MainActorCheck.isCurrent else { return }
        throw NavigationError(
            .state, "a navigator made with dispatch: .mainActor is driven on the main actor (await the call there)")
    }

    /// Whether an op asked now drains the queue at once: a main-actor navigator asked on the
    /// main actor.
    var asksDrain: Bool { mainActor != nil && MainActorCheck.isCurrent }

    /// After a call that acted at once on a main-actor navigator (on the main actor): runs what
    /// waits in the queue, as inline mode would, and tells the state-change handlers.
    func drainOnMainActor() {
        guard let front = mainActor else { return }
        try? core.drain()
        MainActor.assumeIsolated { front.stateMayHaveChanged(self) }
    }

    /// Tells a main-actor navigator's state-change handlers (called on the main actor).
    func tellStateMayHaveChanged() {
        guard let front = mainActor, MainActorCheck.isCurrent else { return }
        MainActor.assumeIsolated { front.stateMayHaveChanged(self) }
    }

    /// The main-actor delivery, or `.state` for a navigator in another mode.
    @MainActor
    func mainActorDelivery(for what: String) throws(NavigationError) -> MainActorDelivery {
        guard let mainActor else {
            throw NavigationError(.state, "\(what) needs a navigator made with dispatch: .mainActor")
        }
        return mainActor
    }

    /// The main-actor delegate, held weakly; only a navigator made with `dispatch: .mainActor`
    /// has one (`nil` otherwise).
    @MainActor
    public var mainActorDelegate: (any MainActorNavigatorDelegate)? { mainActor?.delegate }

    /// Sets the main-actor delegate (held weakly): told of every event on the main actor, after
    /// the screen's own object and before the observers. `.state` unless the navigator was
    /// made with `dispatch: .mainActor`.
    @MainActor
    public func setMainActorDelegate(_ delegate: (any MainActorNavigatorDelegate)?) throws(NavigationError) {
        try mainActorDelivery(for: "a MainActorNavigatorDelegate").delegate = delegate
    }

    /// Adds a handler told of every possible change of the state (after every event, and after
    /// every call that may have changed the state without one: an op queued, a drain) and
    /// tells it now; its owner removes it with the token when it goes. `.state` unless the
    /// navigator was made with `dispatch: .mainActor`.
    @MainActor
    package func onStateChange(
        _ handler: @escaping @MainActor (Navigator, NavigationEvent?) -> Void
    ) throws(NavigationError) -> ObserverToken {
        let front = try mainActorDelivery(for: "observing the state")
        let token = front.add(handler)
        handler(self, nil)
        return token
    }

    /// Removes a state-change handler.
    @MainActor
    package func removeStateChangeHandler(_ token: ObserverToken) {
        mainActor?.remove(token)
    }

    /// How many state-change handlers are added.
    @MainActor
    package var stateChangeHandlerCount: Int { mainActor?.handlerCount ?? 0 }
}

/// What a main-actor navigator keeps on the main actor: its `MainActorNavigatorDelegate` and
/// the handlers told of every possible change of its state (what an observable mirror
/// refreshes from).
@MainActor
final class MainActorDelivery: Sendable {
    weak var delegate: (any MainActorNavigatorDelegate)?
    private var stateChangeHandlers: [(token: Int, body: @MainActor (Navigator, NavigationEvent?) -> Void)] = []
    private var nextToken = 1

    nonisolated init() {}

    func add(_ handler: @escaping @MainActor (Navigator, NavigationEvent?) -> Void) -> ObserverToken {
        defer { nextToken += 1 }
        stateChangeHandlers.append((nextToken, handler))
        return ObserverToken(value: nextToken)
    }

    func remove(_ token: ObserverToken) {
        stateChangeHandlers.removeAll { $0.token == token.value }
    }

    var handlerCount: Int { stateChangeHandlers.count }

    /// Tells the state-change handlers, with the event that changed it if any.
    func stateMayHaveChanged(_ navigator: Navigator, by event: NavigationEvent? = nil) {
        for handler in stateChangeHandlers { handler.body(navigator, event) }
    }

    /// Tells the screen's `MainActorScreenFeedback` object, the state-change handlers, then the
    /// delegate.
    func notify(_ event: NavigationEvent, from navigator: Navigator) {
        event.notifyMainActorScreenObject()
        stateMayHaveChanged(navigator, by: event)
        delegate?.receive(event, from: navigator)
    }
}

/// A main-actor closure of one argument in the form the engine stores (`@Sendable`, callable
/// from any thread): called on the main actor, which a main-actor navigator guarantees for every
/// callback; off it (never expected) it answers `otherwise` instead of trapping.
func onMainActor<Argument: Sendable, Result: Sendable>(
    otherwise: Result, _ body: @escaping @MainActor (Argument) -> Result
) -> @Sendable (Argument) -> Result {
    { argument in
        guard MainActorCheck.isCurrent else { return otherwise }
        return MainActor.assumeIsolated { body(argument) }
    }
}
