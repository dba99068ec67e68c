/// A navigator for an app whose UI lives on the main actor: every callback — animator, veto,
/// route factories, `run` blocks, completions, result listeners, `MainActorScreenFeedback`,
/// the delegate, observers — runs on the main actor, and the `async` forms resume there.
///
/// It is a `Navigator` in host dispatch mode (<doc:Semantics> §9) whose wakeup drains on the main
/// actor: an op asked on the main actor, or a transition finished there, runs the queue before the
/// call returns, as in inline mode; an op posted from another thread
/// (`post(_:options:completion:)`) is queued at the call, in order, and runs on the main actor's
/// next turn. Other threads and actors reach the rest with `await`.
///
/// ```swift
/// @MainActor func start() async throws {
///     let nav = MainActorNavigator()
///     nav.setAnimator { transition in
///         Task { try await transition.finish() }  // when the slide ends
///     }
///     let home = try nav.makeScreen(route: "home", object: HomeView())
///     let outcome = try await nav.push(home)
/// }
/// ```
///
/// Handlers receive what they act on (the transition, the decision, the navigator), so none
/// needs to capture the navigator; dropping the last reference destroys it, on the main actor.
@MainActor
public final class MainActorNavigator: Sendable {
    /// The navigator underneath, in host dispatch mode, driven only on the main actor.
    let navigator: Navigator
    /// The same navigator, asking ops that drain at once (on the main actor, the caller).
    let asker: Navigator

    /// The delegate, held weakly.
    public weak var delegate: (any MainActorNavigatorDelegate)?
    /// Told of every event and after every call that may have changed the state without one
    /// (an op queued, a drain; then with no event): what an observable mirror refreshes from.
    private var stateChangeHandlers: [(token: Int, body: @MainActor (MainActorNavigator, NavigationEvent?) -> Void)] = []
    /// The token of the next state-change handler.
    private var nextStateChangeToken = 1

    /// How long one main-actor turn runs ops posted from other threads before it lets the main
    /// actor's other work run (a bounded drain, <doc:Semantics> §9): the drain that stops on it
    /// wakes the navigator again, which schedules the next turn. So threads that post faster
    /// than ops run never hold the main actor for longer than this plus one op.
    static let postedOpsBudget: Duration = .milliseconds(4)

    /// A navigator, visible, with an empty stack.
    public init() {
        let navigator = Navigator(dispatch: .host)
        self.navigator = navigator
        asker = Navigator(drainingAsksOf: navigator)
        navigator.setWakeupHandler { [weak navigator] in
            Task { @MainActor in try? navigator?.drain(for: MainActorNavigator.postedOpsBudget) }
        }
        // First observer: screen objects and the delegate hear each event before observers.
        navigator.addObserver(onMainActor { [weak self] event in self?.notify(event) })
    }

    isolated deinit {
        try? navigator.destroy()
    }

    /// Runs what waits in the queue now, on the main actor (after a transition ended or a
    /// decision was made here, or when a post from another thread woke the navigator up).
    func drain() {
        try? navigator.drain()
        stateMayHaveChanged()
    }

    /// Adds a handler told of every possible change of the state (see `stateChangeHandlers`)
    /// and tells it now; its owner removes it with the token when it goes.
    package func onStateChange(
        _ handler: @escaping @MainActor (MainActorNavigator, NavigationEvent?) -> Void
    ) -> ObserverToken {
        let token = nextStateChangeToken
        nextStateChangeToken += 1
        stateChangeHandlers.append((token, handler))
        handler(self, nil)
        return ObserverToken(value: token)
    }

    /// Removes a state-change handler.
    package func removeStateChangeHandler(_ token: ObserverToken) {
        stateChangeHandlers.removeAll { $0.token == token.value }
    }

    /// How many state-change handlers are added.
    package var stateChangeHandlerCount: Int { stateChangeHandlers.count }

    /// Tells the state-change handlers, with the event that changed it if any.
    func stateMayHaveChanged(by event: NavigationEvent? = nil) {
        for handler in stateChangeHandlers { handler.body(self, event) }
    }

    /// Tells the screen's `MainActorScreenFeedback` object, the state-change handlers, then the
    /// delegate.
    private func notify(_ event: NavigationEvent) {
        let event = event.controlled(by: self)
        event.notifyMainActorScreenObject()
        stateMayHaveChanged(by: event)
        delegate?.receive(event, from: self)
    }

    // MARK: Screens

    /// Creates a detached screen of `route` carrying `object` (<doc:Semantics> §1).
    public func makeScreen(route: String = "", object: (any Sendable)? = nil) throws(NavigationError) -> Screen {
        try navigator.makeScreen(route: route, object: object)
    }

    /// Releases a detached screen; a screen in the stack cannot be discarded (`.state`).
    public func discard(_ screen: Screen) throws(NavigationError) {
        try navigator.discard(screen)
    }

    /// The live screen with this id.
    public func screen(_ id: UInt64) throws(NavigationError) -> Screen {
        try navigator.screen(id)
    }

    // MARK: Transitions (<doc:Semantics> §4, §5)

    /// The host's animator ended the transition `id`: the op completes.
    public func finishTransition(_ id: UInt64) throws(NavigationError) {
        try navigator.finishTransition(id)
        drain()
    }

    /// The host cancelled the interactive transition `id`: the pop is undone.
    public func cancelTransition(_ id: UInt64) throws(NavigationError) {
        try navigator.cancelTransition(id)
        drain()
    }

    /// Reports the progress (0…1) of the interactive transition `id` to observers.
    public func updateTransition(_ id: UInt64, progress: Double) throws(NavigationError) {
        try navigator.updateTransition(id, progress: progress)
        drain()
    }

    // MARK: Configuration

    /// Emits show/hide events even while hidden (<doc:Semantics> §7; default off).
    public func setAlwaysAppear(_ on: Bool) throws(NavigationError) {
        try navigator.setAlwaysAppear(on)
    }

    /// Sets the navigation-bar threshold (<doc:Semantics> §8); a change of the bar is emitted at
    /// once.
    public func setBarThreshold(_ threshold: Int) throws(NavigationError) {
        try navigator.setBarThreshold(threshold)
        drain()
    }

    /// Ends the navigator: the op in flight and every queued op end `.aborted`, every live
    /// screen is released, and every later call fails with `.invalidHandle`.
    public func destroy() throws(NavigationError) {
        try navigator.destroy()
    }

    /// Whether `destroy()` has been called.
    public var isDestroyed: Bool { navigator.isDestroyed }
}

extension MainActorNavigator: NavigatorControl {}

/// A main-actor closure of one argument in the form the underlying navigator stores (`@Sendable`,
/// callable from any thread): the navigator calls it on the main actor only, since every call that
/// drives it is made there, which `assumeIsolated` checks. (Closures of other arities wrap
/// themselves in the same way.)
func onMainActor<Argument: Sendable, Result: Sendable>(
    _ body: @escaping @MainActor (Argument) -> Result
) -> @Sendable (Argument) -> Result {
    { argument in MainActor.assumeIsolated { body(argument) } }
}
