/// Where a `MainActorNavigator`'s events and questions go; every handler runs on the main
/// actor and receives what it acts on, so none needs to capture the navigator.
extension MainActorNavigator {
    /// The host's animator (<doc:Semantics> §4): receives every animated transition and later ends
    /// it with `transition.finish()` (or `cancel()`). Without one every op is instant and the
    /// gesture is refused. `nil` removes it.
    public func setAnimator(_ animator: (@MainActor (Transition) -> Void)?) {
        navigator.setAnimator(animator.map { animator in
            onMainActor { [weak self] (transition: Transition) in
                guard let self else { return }
                animator(transition.controlled(by: self))
            }
        })
    }

    /// The pop veto (<doc:Semantics> §6): asked about the top screen before a `back` or a `gesture`
    /// pops it; `false` ends the op `.vetoed`. `nil` removes it.
    public func setPopVeto(_ shouldPop: (@MainActor (Screen, PopTrigger) -> Bool)?) {
        guard let shouldPop else { return navigator.setPopVeto(nil) }
        navigator.setPopVeto { screen, trigger in MainActor.assumeIsolated { shouldPop(screen, trigger) } }
    }

    /// The three-way pop veto (<doc:Semantics> §6, §13): it may answer `.later`, then decide
    /// with `decision.decide(allow:)` or `navigator.decide(decision, allow:)` — the navigator is
    /// passed in, so a dialog's callback may use it without the veto capturing it. `nil`
    /// removes it.
    public func setDeferrablePopVeto(
        _ veto: (@MainActor (MainActorNavigator, Screen, PopTrigger, VetoDecision) -> VetoAnswer)?
    ) {
        guard let veto else { return navigator.setDeferrablePopVeto(nil) }
        navigator.setDeferrablePopVeto { [weak self] screen, trigger, decision in
            MainActor.assumeIsolated {
                guard let self else { return .allow }
                return veto(self, screen, trigger, decision.controlled(by: self))
            }
        }
    }

    /// Registers a named route; `factory` makes the object of each new screen of the route, on
    /// the main actor, and throws to fail the op with `.factoryFailed`.
    public func registerRoute(
        _ name: String, factory: @escaping @MainActor (RouteRequest) throws -> (any Sendable)?
    ) throws(NavigationError) {
        try navigator.registerRoute(name) { request in try MainActor.assumeIsolated { try factory(request) } }
    }

    /// Unregisters a named route; `.invalid` if it is not registered.
    public func unregisterRoute(_ name: String) throws(NavigationError) {
        try navigator.unregisterRoute(name)
    }

    /// Attaches `screen`'s result listener (<doc:Semantics> §12), called on the main actor right
    /// before the screen's release; `nil` removes it.
    public func onResult(of screen: Screen, _ listener: (@MainActor (String?) -> Void)?) throws(NavigationError) {
        try navigator.onResult(of: screen, listener.map { onMainActor($0) })
    }

    /// Adds an observer of every event, called on the main actor; keep the token to remove it.
    @discardableResult
    public func addObserver(_ observer: @escaping @MainActor (NavigationEvent) -> Void) -> ObserverToken {
        navigator.addObserver(onMainActor { [weak self] (event: NavigationEvent) in
            observer(self.map(event.controlled) ?? event)
        })
    }

    /// Removes an observer.
    public func removeObserver(_ token: ObserverToken) {
        navigator.removeObserver(token)
    }

    /// A stream of every event from now on; it finishes when the navigator is destroyed.
    /// Iterated in `@MainActor` code, its body runs on the main actor; its transitions end on
    /// the main actor, as the animator's do.
    public func events() -> AsyncMapSequence<AsyncStream<NavigationEvent>, NavigationEvent> {
        navigator.events().map { [weak self] event in self.map(event.controlled) ?? event }
    }
}
