/// Where a navigator's events and questions go.
extension Navigator {
    /// The delegate, held weakly.
    public var delegate: (any NavigatorDelegate)? {
        get { core.readSink(HandlerSet.self) { $0.handlers.delegate } ?? nil }
        set { updateHandlers { $0.delegate = newValue } }
    }

    /// The host's animator (<doc:Semantics> §4): receives every animated transition, and must later
    /// call `finishTransition(_:)` (or `cancelTransition(_:)`) with its id. Without one, every op
    /// is instant and the gesture is refused. `nil` removes it.
    public func setAnimator(_ animator: (@Sendable (Transition) -> Void)?) {
        updateHandlers { $0.animator = animator }
    }

    /// The pop veto (<doc:Semantics> §6): asked about the top screen before a `back` or a `gesture`
    /// pops it; `false` ends the op `.vetoed`. `nil` removes it (every pop allowed).
    public func setPopVeto(_ shouldPop: (@Sendable (Screen, PopTrigger) -> Bool)?) {
        updateHandlers { handlers in
            handlers.veto = shouldPop.map { shouldPop in { @Sendable screen, trigger, _ in shouldPop(screen, trigger) ? .allow : .refuse } }
        }
    }

    /// The three-way pop veto (<doc:Semantics> §6, §13): it may answer `.later` and decide
    /// afterwards, from any thread, with the `VetoDecision` it received (`decision.decide(allow:)`)
    /// — e.g. after a "Discard changes?" dialog. `nil` removes it (every pop allowed).
    ///
    /// ```swift
    /// nav.setDeferrablePopVeto { screen, trigger, decision in
    ///     guard screen.route == "compose", trigger == .button else { return .allow }
    ///     dialog.ask("Discard changes?") { yes in Task { try await decision.decide(allow: yes) } }
    ///     return .later
    /// }
    /// ```
    public func setDeferrablePopVeto(_ veto: (@Sendable (Screen, PopTrigger, VetoDecision) -> VetoAnswer)?) {
        updateHandlers { $0.veto = veto }
    }

    /// Host dispatch mode: called once when work waits for `drain()`, and not again until the
    /// host has drained. It may be called from any thread, also while another callback runs:
    /// it should only schedule `drain()` on the UI thread.
    public func setWakeupHandler(_ wakeup: (@Sendable () -> Void)?) {
        updateHandlers(newWakeup: wakeup != nil) { $0.wakeup = wakeup }
    }

    /// Adds an observer of every event; keep the token to remove it.
    @discardableResult
    public func addObserver(_ observer: @escaping @Sendable (NavigationEvent) -> Void) -> ObserverToken {
        addObserver(observer, end: nil)
    }

    /// Removes an observer.
    public func removeObserver(_ token: ObserverToken) {
        updateHandlers { $0.observers.removeAll { $0.token == token.value } }
    }

    /// A stream of every event from now on. It finishes when the navigator is destroyed;
    /// ending its iteration removes it.
    public func events() -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream<NavigationEvent>.makeStream()
        let token = addObserver({ continuation.yield($0) }, end: { continuation.finish() })
        continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
        if isDestroyed { continuation.finish() }
        return stream
    }

    private func addObserver(
        _ observer: @escaping @Sendable (NavigationEvent) -> Void, end: (@Sendable () -> Void)?
    ) -> ObserverToken {
        let handlers = updateHandlers { handlers in
            handlers.observers.append(HandlerSet.Observer(token: handlers.nextToken, body: observer, end: end))
            handlers.nextToken += 1
        }
        return ObserverToken(value: (handlers?.nextToken ?? 1) - 1)
    }
}

/// Identifies an observer for `Navigator.removeObserver(_:)`.
/// (A main-actor navigator identifies its state-change handlers by one too.)
public struct ObserverToken: Hashable, Sendable {
    let value: Int
}
