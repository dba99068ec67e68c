@_spi(Fronts) import NavCoreEngine

/// What a navigator holds now (<doc:Semantics> §9: consistent at every call; inside a callback, the
/// state at that event). After `destroy()` the stack reads empty, nothing is busy or pending, the
/// state is `.idle`; check `isDestroyed` to tell.
extension Navigator {
    /// The stack, bottom to top.
    public var stack: [Screen] { query([]) { $0.node.stack.map(Screen.init) } }

    /// The top screen.
    public var top: Screen? { query(nil) { $0.node.stack.last.map(Screen.init) } }

    /// The bottom screen.
    public var root: Screen? { query(nil) { $0.node.stack.first.map(Screen.init) } }

    /// The action state (<doc:Semantics> §4).
    public var actionState: ActionState { query(.idle) { $0.node.action } }

    /// Whether an op is in flight.
    public var isBusy: Bool { query(false) { $0.busy } }

    /// How many ops wait in the queue (the op in flight not counted).
    public var pendingCount: Int { query(0) { $0.pending } }

    /// Whether the navigation bar is shown (<doc:Semantics> §8).
    public var isBarShown: Bool { query(true) { $0.node.barShown } }

    /// Whether the navigator is on screen (<doc:Semantics> §7).
    public var isVisible: Bool { query(false) { $0.node.visible } }

    /// Whether a back button or gesture would pop now: idle, nothing queued, two screens or
    /// more (<doc:Semantics> §6). The veto is not asked.
    public var canGoBack: Bool { query(false) { $0.canGoBack } }

    /// The id of the transition waiting for the host, if any.
    public var transitionInFlight: UInt64? { query(nil) { $0.transition?.id } }

    /// The decision a `back` waits for (<doc:Semantics> §13): its veto answered `.later` and
    /// the host has not decided yet; `nil` otherwise, also inside the veto (the decision is
    /// pending once the veto has returned). Meanwhile the navigator is busy with no transition,
    /// its action state is `.idle` and the ops asked wait behind the back (`pendingCount`):
    /// this tells that wait for the user's answer apart from an op at work. It equals the
    /// decision the veto received, and `decide(allow:)` answers it.
    public var pendingDecision: VetoDecision? {
        query(nil) { $0.pendingDecision }.map { VetoDecision(id: $0, control: self) }
    }

    private func query<R: Sendable>(_ whenDestroyed: R, _ body: (borrowing FamilyState) -> R) -> R {
        (try? core.read { body($0) }) ?? whenDestroyed
    }
}
