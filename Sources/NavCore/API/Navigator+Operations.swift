/// The ops of <doc:Semantics> §2 asked without waiting. Each returns at once: `.ok` when it
/// started, `.queued` when it waits behind others. It throws only when the call itself is wrong
/// (a released screen, a destroyed navigator); then nothing is queued and `completion` is never
/// called. Otherwise the op ends exactly once and `completion` receives its outcome, on the
/// driving thread.
///
/// The label `completion:` is required (`nil` for none): a call without it is the awaiting form
/// (`Navigator+Async.swift`), so `try await nav.push(screen)` waits for the outcome wherever it
/// is written, top-level code included, and `try nav.push(screen)` without `await` does not
/// compile.
extension Navigator {
    /// A completion closure.
    public typealias Completion = @Sendable (Outcome) -> Void

    /// Pushes `screen`; `.duplicate` if it is already in the stack when the op runs.
    @discardableResult
    public func push(_ screen: Screen, animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(PushOp(screen: screen.id, animated: animated), completion)
    }

    /// Pops the top screen; `.noop` with one screen or none. A `result` becomes the popped
    /// screen's result when the pop runs and is not a noop (<doc:Semantics> §12).
    @discardableResult
    public func pop(animated: Bool = true, result: String? = nil, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(PopOp(animated: animated, result: result), completion)
    }

    /// Pops every screen above `screen`; `.notInStack` if it is not in the stack when the op runs.
    @discardableResult
    public func pop(to screen: Screen, animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(PopToOp(screen: screen.id, animated: animated), completion)
    }

    /// Pops every screen above the root.
    @discardableResult
    public func popToRoot(animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(PopToRootOp(animated: animated), completion)
    }

    /// Makes the stack exactly `screens`, bottom to top; the transition style follows UIKit.
    @discardableResult
    public func setStack(_ screens: [Screen], animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(SetOp(screens: screens.map(\.id), animated: animated), completion)
    }

    /// The user's back button: asks the pop veto, then pops.
    @discardableResult
    public func back(animated: Bool = true, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(BackOp(animated: animated), completion)
    }

    /// Starts the user's interactive back gesture (<doc:Semantics> §5). It is never queued: it
    /// fails with `.state` when hidden or without an animator, and `.busy` while an op runs or
    /// waits.
    @discardableResult
    public func beginGesture(completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(GestureOp(), completion)
    }

    /// Runs `block` in queue order, after every op asked before it.
    @discardableResult
    public func run(_ block: @escaping @Sendable () -> Void, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(RunOp(block: .swift(block)), completion)
    }

    /// Tells whether the navigator is on screen (<doc:Semantics> §7); `.noop` when it already is
    /// so.
    @discardableResult
    public func setVisible(_ visible: Bool, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(VisibleOp(visible: visible), completion)
    }

    /// Shows the named route (<doc:Semantics> §8): recycles a screen of the route in the stack or
    /// creates one with the route's factory, with the options' animation, replacement and payload.
    @discardableResult
    public func show(_ route: String, options: ShowOptions = ShowOptions(), completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(ShowOp(route: route, options: options), completion)
    }

    /// `show`, under the name the seeds' notification-based stack uses; callable from any
    /// thread (as every method is).
    @discardableResult
    public func post(_ route: String, options: ShowOptions = ShowOptions(), completion: Completion?) throws(NavigationError) -> RequestStatus {
        try show(route, options: options, completion: completion)
    }

    /// Builds the whole stack from routes in one op (<doc:Semantics> §14; deep links, restoration):
    /// each entry's factory makes a new screen, its state delivered as payload, then the new
    /// screens replace the stack (`set` events, push style). An unknown route ends it
    /// `.unknownRoute` and a failing factory `.factoryFailed`, with the stack unchanged and the
    /// screens it made released. An empty list throws `.invalid`.
    @discardableResult
    public func open(_ entries: [RouteEntry], animated: Bool = false, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(OpenOp(entries: entries, animated: animated), completion)
    }

    /// Opens the stack a saved document describes (`save()`, <doc:Semantics> §14). A malformed
    /// document throws `.invalid` and asks nothing.
    @discardableResult
    public func restore(_ document: String, animated: Bool = false, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try core.restore(document, animated: animated, completion: completion.map { .swift($0) },
                         draining: drainsOnAsk)
    }

    /// Answers a veto that returned `.later` (<doc:Semantics> §13): `allow` pops as if the veto had
    /// allowed it, else the `back` ends `.vetoed`. Acts at once, from any thread; `.state` when
    /// the decision is not the one pending (answered already, or asked inside the veto).
    public func decide(_ decision: VetoDecision, allow: Bool) throws(NavigationError) {
        try core.answerDecision(decision.id, allow: allow)
    }

    private func ask<Op: OperationDefinition>(_ op: Op, _ completion: Completion?) throws(NavigationError) -> RequestStatus {
        try core.ask(Request(op, completion: completion.map { .swift($0) }), draining: drainsOnAsk)
    }
}
