@_spi(Fronts) import NavCoreEngine

/// A navigation stack and its queue of operations: UIKit's `UINavigationController` without
/// UIKit, for any toolkit that draws the screens itself (<doc:Semantics>).
///
/// Every method may be called from any thread and from inside any callback. Ops return at once
/// with `.ok` (started) or `.queued`; their outcome arrives through the completion, the
/// `async` forms, the delegate and observers. Callbacks run on the thread that drives the
/// navigator, one at a time, never with a lock held.
///
/// ```swift
/// let nav = Navigator()
/// nav.setAnimator { transition in
///     myToolkit.slide(transition) { Task { try await transition.finish() } }
/// }
/// let home = try nav.makeScreen(route: "home", object: HomeView())
/// let outcome = try await nav.push(home)
/// ```
///
/// Releasing the last reference destroys the navigator as `destroy()` would; a handler that
/// captured the navigator would keep it alive, so handlers use what they are given (a
/// transition finishes itself). An app whose UI is on the main actor makes it with
/// `dispatch: .mainActor` (<doc:ConcurrencyAndTheMainActor>).
public final class Navigator: Sendable {
    let core: NavigatorCore
    /// How it runs its queue and where its callbacks run, chosen at creation.
    public let dispatch: DispatchMode
    /// How the handlers reach this navigator.
    let link: NavigatorLink
    /// What the `.mainActor` configuration keeps on the main actor (its delegate, the
    /// observation handlers); `nil` in the other modes.
    let mainActor: MainActorDelivery?

    /// A navigator with an empty stack, in the given dispatch mode (<doc:Semantics> §9), with its
    /// own `visible` flag on or off (<doc:Semantics> §16.12: a navigator to attach or present
    /// is made hidden, so that its first screen emits no event before it is on screen).
    public init(dispatch: DispatchMode = .inline, visible: Bool = true) {
        let link = NavigatorLink()
        core = NavigatorCore(
            hostDispatch: dispatch != .inline, sink: HandlerSet(HandlerSet.Handlers(link: link)), visible: visible)
        self.dispatch = dispatch
        self.link = link
        mainActor = dispatch == .mainActor ? MainActorDelivery() : nil
        link.attach(self)
        NavigatorDirectory.shared.register(self)
        if dispatch == .mainActor { deliverOnMainActor() }
    }

    /// The object of a navigator navcore made inside this one's family (`restore_tree`, <doc:Semantics>
    /// §16.10), made in its parent's `child` event: kept by the family until its teardown.
    init(madeBy core: NavigatorCore, dispatch: DispatchMode) {
        let link = NavigatorLink()
        self.core = core
        self.dispatch = dispatch
        self.link = link
        mainActor = dispatch == .mainActor ? MainActorDelivery() : nil
        link.attach(self)
        NavigatorDirectory.shared.register(self)
        NavigatorDirectory.shared.keep(core.node)
        updateHandlers { _ in }
        if dispatch == .mainActor { deliverOnMainActor() }
    }

    deinit {
        link.detach()
        NavigatorDirectory.shared.unregister(core.node)
        // A main-actor navigator's last reference may go on any thread; its destroy (releases,
        // aborted completions) is delivered on the main actor all the same.
        guard mainActor != nil, !MainActorCheck.isCurrent else {
            try? core.destroy()
            return
        }
        let core = core
        Task { @MainActor in try? core.destroy() }
    }

    /// Installs new handlers derived from the current ones; returns them, or `nil` once the
    /// navigator is destroyed.
    @discardableResult
    func updateHandlers(newWakeup: Bool = false, _ change: (inout HandlerSet.Handlers) -> Void) -> HandlerSet.Handlers? {
        let installed = try? core.replaceSink(newWakeup: newWakeup) { (current: HandlerSet?) in
            var handlers = current?.handlers ?? HandlerSet.Handlers(link: link)
            change(&handlers)
            return HandlerSet(handlers)
        }
        return installed?.handlers
    }

    // MARK: Screens

    /// Creates a detached screen of `route` carrying `object` (<doc:Semantics> §1). It is released
    /// when it leaves the stack, when discarded, or when the navigator is destroyed.
    public func makeScreen(route: String = "", object: (any Sendable)? = nil) throws(NavigationError) -> Screen {
        let host = SwiftObject(route: route, object: object)
        if host.mainActorFeedback != nil && mainActor == nil {
            throw NavigationError(.state, "a MainActorScreenFeedback object needs a navigator made with dispatch: .mainActor")
        }
        let id = try core.createScreen(route: route, object: .swift(host))
        // Built here rather than looked up again: a destroy from another thread right after
        // the creation must not make this call fail once the screen exists (<doc:Semantics> §10).
        return Screen(id: id, host: host)
    }

    /// Releases a detached screen at once (its result listener, then its release), in both
    /// dispatch modes. A screen in the stack, or held by an op (entering or leaving the stack,
    /// made by the `show` or `open` in flight, or already being released), cannot be
    /// discarded (`.state`, SPEC §1).
    public func discard(_ screen: Screen) throws(NavigationError) {
        try checkDrivingThread()
        try core.discard(screen.id)
    }

    /// Marks (`true`) or unmarks a screen as retained (SPEC §17): a retained screen that leaves
    /// the stack is detached (event `.detach`) instead of released, and stays live to be pushed
    /// again, set or discarded. Unmarking never releases. A call, not an op; `.noSuchScreen`
    /// for a dead screen, `.state` once its release has begun.
    public func retain(_ screen: Screen, _ on: Bool) throws(NavigationError) {
        try core.retain(screen.id, on)
    }

    /// Whether a live screen is marked retained (SPEC §17).
    public func isRetained(_ screen: Screen) throws(NavigationError) -> Bool {
        try core.isRetained(screen.id)
    }

    /// The live screen with this id.
    public func screen(_ id: UInt64) throws(NavigationError) -> Screen {
        try core.read { state throws(NavigationError) in
            guard let record = state.node.screens[id] else { throw .noSuchScreen(id) }
            return Screen(record.screen)
        }
    }

    // MARK: Transitions (<doc:Semantics> §4, §5)

    /// The host's animator ended the transition `id`: the op completes.
    public func finishTransition(_ id: UInt64) throws(NavigationError) {
        try checkDrivingThread()
        try core.finishTransition(id)
        drainOnMainActor()
    }

    /// The host cancelled the interactive transition `id`: the pop is undone.
    public func cancelTransition(_ id: UInt64) throws(NavigationError) {
        try checkDrivingThread()
        try core.cancelTransition(id)
        drainOnMainActor()
    }

    /// Reports the progress (0…1) of the interactive transition `id` to observers.
    public func updateTransition(_ id: UInt64, progress: Double) throws(NavigationError) {
        try checkDrivingThread()
        try core.reportProgress(id, progress)
        drainOnMainActor()
    }

    // MARK: Configuration

    /// Emits show/hide events even while hidden (<doc:Semantics> §7; default off).
    public func setAlwaysAppear(_ on: Bool) throws(NavigationError) {
        try core.setAlwaysAppear(on)
    }

    /// Sets the navigation-bar threshold N: the bar is shown iff N = 0 or the stack has at least
    /// N screens (<doc:Semantics> §8). A change of the bar is emitted at once.
    public func setBarThreshold(_ threshold: Int) throws(NavigationError) {
        try checkDrivingThread()
        try core.setThreshold(threshold)
        drainOnMainActor()
    }

    /// Registers a named route; `factory` makes the object of each new screen of the route and
    /// throws to fail the `show` with `.factoryFailed`. A second registration fails with
    /// `.exists`.
    public func registerRoute(
        _ name: String, factory: @escaping @Sendable (RouteRequest) throws -> (any Sendable)?
    ) throws(NavigationError) {
        try core.registerRoute(name, factory: ClosureFactory(body: factory))
    }

    /// Unregisters a named route; `.invalid` if it is not registered.
    public func unregisterRoute(_ name: String) throws(NavigationError) {
        try core.unregisterRoute(name)
    }

    // MARK: Dispatch and lifetime (<doc:Semantics> §9)

    /// Host dispatch mode: runs the queue on the calling thread, until it is empty or an op
    /// waits for its transition. Call it on the UI thread when the wakeup handler asks.
    public func drain() throws(NavigationError) {
        try checkDrivingThread()
        try core.drain()
        tellStateMayHaveChanged()
    }

    /// Host dispatch mode: a bounded drain (<doc:Semantics> §9) that starts at most `maxOps`
    /// ops (the first one it can always; an op already started runs to its next wait). Returns
    /// `.queued` when ops are left in the queue and none waits for the host — the wakeup
    /// handler has then been called again, so come back after the UI's other work — else `.ok`.
    /// A count below 1 is `.invalid`. In inline mode it is harmless and returns `.ok`.
    @discardableResult
    public func drain(maxOps: Int) throws(NavigationError) -> RequestStatus {
        try checkDrivingThread()
        defer { tellStateMayHaveChanged() }
        return try core.drain(maxOps: maxOps, seconds: nil)
    }

    /// Host dispatch mode: a bounded drain (<doc:Semantics> §9) that starts another op only
    /// while less than `duration` has passed since the call began (on a monotonic clock), so a
    /// UI thread that other threads flood gets control back after one op plus `duration`;
    /// `.zero` starts exactly one op. Returns `.queued` or `.ok` as `drain(maxOps:)` does. A
    /// negative duration is `.invalid`.
    @discardableResult
    public func drain(for duration: Duration) throws(NavigationError) -> RequestStatus {
        try checkDrivingThread()
        defer { tellStateMayHaveChanged() }
        return try core.drain(maxOps: nil, seconds: DrainBudget.seconds(duration))
    }

    /// Host dispatch mode: a bounded drain with both limits: another op starts only while
    /// fewer than `maxOps` were started and less than `duration` has passed.
    @discardableResult
    public func drain(maxOps: Int, for duration: Duration) throws(NavigationError) -> RequestStatus {
        try checkDrivingThread()
        defer { tellStateMayHaveChanged() }
        return try core.drain(maxOps: maxOps, seconds: DrainBudget.seconds(duration))
    }

    /// Ends the navigator: the op in flight and every queued op end `.aborted`, every live
    /// screen is released, and every later call fails with `.invalidHandle`. Inside a callback
    /// it takes effect when the outermost call into the navigator returns.
    public func destroy() throws(NavigationError) {
        try checkDrivingThread()
        try core.destroy()
    }

    /// Whether `destroy()` has been called.
    public var isDestroyed: Bool { core.isDestroyed }
}
