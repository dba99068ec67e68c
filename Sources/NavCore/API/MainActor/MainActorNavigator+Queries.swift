/// What a `MainActorNavigator` holds now (see `Navigator`'s queries); read on the main actor,
/// they see the state as the last callback left it.
extension MainActorNavigator {
    /// The stack, bottom to top.
    public var stack: [Screen] { navigator.stack }
    /// The top screen.
    public var top: Screen? { navigator.top }
    /// The bottom screen.
    public var root: Screen? { navigator.root }
    /// The action state (<doc:Semantics> §4).
    public var actionState: ActionState { navigator.actionState }
    /// Whether an op is in flight.
    public var isBusy: Bool { navigator.isBusy }
    /// How many ops wait in the queue (the op in flight not counted).
    public var pendingCount: Int { navigator.pendingCount }
    /// Whether the navigation bar is shown (<doc:Semantics> §8).
    public var isBarShown: Bool { navigator.isBarShown }
    /// Whether the navigator is on screen (<doc:Semantics> §7).
    public var isVisible: Bool { navigator.isVisible }
    /// Whether a back button or gesture would pop now (<doc:Semantics> §6).
    public var canGoBack: Bool { navigator.canGoBack }
    /// The id of the transition waiting for the host, if any.
    public var transitionInFlight: UInt64? { navigator.transitionInFlight }
    /// The decision a `back` waits for (<doc:Semantics> §13), answered on the main actor; `nil`
    /// when none is pending (see `Navigator.pendingDecision`).
    public var pendingDecision: VetoDecision? { navigator.pendingDecision?.controlled(by: self) }

    /// Sets (or clears) `screen`'s result (<doc:Semantics> §12).
    public func setResult(_ result: String?, for screen: Screen) throws(NavigationError) {
        try navigator.setResult(result, for: screen)
    }

    /// `screen`'s result.
    public func result(of screen: Screen) throws(NavigationError) -> String? {
        try navigator.result(of: screen)
    }

    /// Sets (or clears) `screen`'s saved state (<doc:Semantics> §14).
    public func setSavedState(_ state: String?, for screen: Screen) throws(NavigationError) {
        try navigator.setSavedState(state, for: screen)
    }

    /// `screen`'s saved state.
    public func savedState(of screen: Screen) throws(NavigationError) -> String? {
        try navigator.savedState(of: screen)
    }

    /// The saved document of the stack (<doc:Semantics> §14).
    public func save() throws(NavigationError) -> String {
        try navigator.save()
    }
}
