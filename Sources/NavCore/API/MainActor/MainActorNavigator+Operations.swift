/// The ops of <doc:Semantics> §2 asked without waiting, as in inline mode: each starts at once on
/// the main actor (`.ok`) or waits behind the op in flight (`.queued`, and always inside a
/// callback) and returns; its outcome reaches `completion`, on the main actor. The label
/// `completion:` is required (`nil` for none), so that these forms never stand in for the awaiting
/// ones, which have no `completion:`.
extension MainActorNavigator {
    /// A completion closure, called on the main actor.
    public typealias Completion = @MainActor (Outcome) -> Void

    /// Pushes `screen`; `.duplicate` if it is already in the stack when the op runs.
    @discardableResult
    public func push(_ screen: Screen, animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.push(screen, animated: animated, completion: completion) }
    }

    /// Pops the top screen, with an optional `result` for it (<doc:Semantics> §12).
    @discardableResult
    public func pop(animated: Bool = true, result: String? = nil, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.pop(animated: animated, result: result, completion: completion) }
    }

    /// Pops every screen above `screen`.
    @discardableResult
    public func pop(to screen: Screen, animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.pop(to: screen, animated: animated, completion: completion) }
    }

    /// Pops every screen above the root.
    @discardableResult
    public func popToRoot(animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.popToRoot(animated: animated, completion: completion) }
    }

    /// Makes the stack exactly `screens`, bottom to top.
    @discardableResult
    public func setStack(_ screens: [Screen], animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.setStack(screens, animated: animated, completion: completion) }
    }

    /// The user's back button: asks the pop veto, then pops.
    @discardableResult
    public func back(animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.back(animated: animated, completion: completion) }
    }

    /// Starts the interactive back gesture (<doc:Semantics> §5): `.state` when hidden or without an
    /// animator, `.busy` while an op runs or waits.
    @discardableResult
    public func beginGesture(completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.beginGesture(completion: completion) }
    }

    /// Runs `block` on the main actor in queue order, after every op asked before it.
    @discardableResult
    public func run(_ block: @escaping @MainActor () -> Void, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.run({ MainActor.assumeIsolated { block() } }, completion: completion) }
    }

    /// Tells whether the navigator is on screen (<doc:Semantics> §7).
    @discardableResult
    public func setVisible(_ visible: Bool, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.setVisible(visible, completion: completion) }
    }

    /// Shows the named route (<doc:Semantics> §8).
    @discardableResult
    public func show(_ route: String, options: ShowOptions = ShowOptions(), completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.show(route, options: options, completion: completion) }
    }

    /// Builds the whole stack from routes in one op (<doc:Semantics> §14).
    @discardableResult
    public func open(_ entries: [RouteEntry], animated: Bool = false, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.open(entries, animated: animated, completion: completion) }
    }

    /// Opens the stack a saved document describes (`save()`, <doc:Semantics> §14).
    @discardableResult
    public func restore(_ document: String, animated: Bool = false, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(completion) { completion throws(NavigationError) in try asker.restore(document, animated: animated, completion: completion) }
    }

    /// Answers a veto that returned `.later` (<doc:Semantics> §13); the queue then runs on.
    public func decide(_ decision: VetoDecision, allow: Bool) throws(NavigationError) {
        try navigator.decide(decision, allow: allow)
        drain()
    }

    /// Shows the named route from any thread or actor, without waiting for the main actor:
    /// the op is queued at the call, in call order, and runs on the main actor's next turn
    /// (`.queued`); `completion` runs there too.
    @discardableResult
    public nonisolated func post(
        _ route: String, options: ShowOptions = ShowOptions(), completion: Completion?
    ) throws(NavigationError) -> RequestStatus {
        try navigator.show(route, options: options, completion: completion.map(onMainActor))
    }

    /// Asks an op through the draining view of the underlying navigator (it runs here, on the
    /// main actor, as in inline mode), with `completion` made callable from it.
    private func ask(
        _ completion: Completion?, _ body: (Navigator.Completion?) throws(NavigationError) -> RequestStatus
    ) throws(NavigationError) -> RequestStatus {
        defer { stateMayHaveChanged() }
        return try body(completion.map(onMainActor))
    }
}
