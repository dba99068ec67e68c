/// The handlers of a navigator made with `dispatch: .mainActor`, typed `@MainActor`: each is a
/// second form of a registration, chosen by a closure that says `@MainActor`:
///
/// ```swift
/// let nav = Navigator(dispatch: .mainActor)
/// try nav.setAnimator { @MainActor transition in
///     view.slide(transition)            // main-actor state, no `await`
/// }
/// ```
///
/// (A closure without the attribute is the nonisolated form; under Swift 6 a body that touches
/// main-actor state then does not compile.) Each is itself `@MainActor` and throws `.state` on
/// a navigator made in another mode, whose callbacks may run on any thread: a wrong
/// configuration is an error at the call, never a trap at a callback. They receive what they
/// act on, so none needs to capture the navigator.
extension Navigator {
    /// The host's animator (<doc:Semantics> §4), on the main actor: receives every animated
    /// transition and later ends it with `transition.finish()` (or `cancel()`). `nil` removes it.
    @MainActor
    public func setAnimator(mainActor animator: (@MainActor (Transition) -> Void)?) throws(NavigationError) {
        _ = try mainActorDelivery(for: "a @MainActor animator")
        setAnimator(animator.map { onMainActor(otherwise: (), $0) })
    }

    /// The pop veto (<doc:Semantics> §6), on the main actor: `false` ends the op `.vetoed`. `nil`
    /// removes it. A veto that cannot be asked (reached off the main actor, never expected)
    /// answers no: a screen is never popped without its veto's consent.
    @MainActor
    public func setPopVeto(mainActor shouldPop: (@MainActor (Screen, PopTrigger) -> Bool)?) throws(NavigationError) {
        _ = try mainActorDelivery(for: "a @MainActor pop veto")
        guard let shouldPop else { return setPopVeto(nil) }
        let body = onMainActor(otherwise: false) { (question: VetoQuestion) in shouldPop(question.screen, question.trigger) }
        setPopVeto { screen, trigger in body(VetoQuestion(screen: screen, trigger: trigger, decision: nil)) }
    }

    /// The three-way pop veto (<doc:Semantics> §6, §13), on the main actor: it may answer
    /// `.later`, then decide with `decision.decide(allow:)` or `navigator.decide(decision,
    /// allow:)` — the navigator is passed in, so a dialog's callback may use it without the
    /// veto capturing it. `nil` removes it. A veto that cannot be asked (reached off the main
    /// actor, or once the navigator is gone) answers `.refuse`.
    @MainActor
    public func setDeferrablePopVeto(
        mainActor veto: (@MainActor (Navigator, Screen, PopTrigger, VetoDecision) -> VetoAnswer)?
    ) throws(NavigationError) {
        _ = try mainActorDelivery(for: "a @MainActor pop veto")
        guard let veto else { return setDeferrablePopVeto(nil) }
        let link = link
        let body = onMainActor(otherwise: VetoAnswer.refuse) { (question: VetoQuestion) in
            guard let navigator = link.navigator, let decision = question.decision else { return .refuse }
            return veto(navigator, question.screen, question.trigger, decision)
        }
        setDeferrablePopVeto { screen, trigger, decision in
            body(VetoQuestion(screen: screen, trigger: trigger, decision: decision))
        }
    }

    /// Registers a named route whose `factory` runs on the main actor (and throws to fail the
    /// op with `.factoryFailed`).
    @MainActor
    public func registerRoute(
        _ name: String, mainActor factory: @escaping @MainActor (RouteRequest) throws -> (any Sendable)?
    ) throws(NavigationError) {
        _ = try mainActorDelivery(for: "a @MainActor route factory")
        try registerRoute(name) { request in
            guard MainActorCheck.isCurrent else { throw NavigationError(.state, "a factory off the main actor") }
            return try MainActor.assumeIsolated { try factory(request) }
        }
    }

    /// Attaches `screen`'s result listener (<doc:Semantics> §12), called on the main actor right
    /// before the screen's release; `nil` removes it.
    @MainActor
    public func onResult(of screen: Screen, mainActor listener: (@MainActor (String?) -> Void)?) throws(NavigationError) {
        _ = try mainActorDelivery(for: "a @MainActor result listener")
        try onResult(of: screen, listener.map { onMainActor(otherwise: (), $0) })
    }

    /// Adds an observer of every event, called on the main actor; keep the token to remove it.
    @discardableResult
    @MainActor
    public func addObserver(mainActor observer: @escaping @MainActor (NavigationEvent) -> Void) throws(NavigationError) -> ObserverToken {
        _ = try mainActorDelivery(for: "a @MainActor observer")
        return addObserver(onMainActor(otherwise: (), observer))
    }

    /// Asks the op `request` describes, as `ask(_:completion:)` does, with a completion told
    /// the outcome on the main actor.
    @discardableResult
    @MainActor
    public func ask(
        _ request: consuming NavigationRequest, mainActorCompletion completion: (@MainActor (Outcome) -> Void)?
    ) throws(NavigationError) -> RequestStatus {
        _ = try mainActorDelivery(for: "a @MainActor completion")
        return try ask(consume request, completion: completion.map { onMainActor(otherwise: (), $0) })
    }

    /// Runs `block` in queue order, on the main actor, and waits for the op's outcome.
    @MainActor
    public func run(mainActor block: @escaping @MainActor () -> Void) async throws(NavigationError) -> Outcome {
        _ = try mainActorDelivery(for: "a @MainActor run block")
        let body = onMainActor(otherwise: ()) { (_: Void) in block() }
        return try await perform(.run { body(()) })
    }
}

/// What the veto is asked, as one value for `onMainActor`.
private struct VetoQuestion: Sendable {
    let screen: Screen
    let trigger: PopTrigger
    let decision: VetoDecision?
}
