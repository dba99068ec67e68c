/// The navigation action state machine (<doc:Semantics> §4, after QMUI's `QMUINavigationAction`).
///
/// `idle` → `will_<k>` → `did_<k>` → `<k>_completed` → `idle` for k in push, pop, set;
/// a cancelled interactive pop goes `will_pop` → `did_pop` → `pop_cancelled` → `idle`.
/// The raw values are the `NAVCORE_ACTION_*` constants of `include/navcore.h`.
public enum ActionState: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// No stack-changing op is between its `will` and its end.
    case idle = 0
    /// A push is about to change the stack.
    case willPush = 1
    /// A push has changed the stack; its transition may still run.
    case didPush = 2
    /// A push has ended.
    case pushCompleted = 3
    /// A pop (of any kind) is about to change the stack.
    case willPop = 4
    /// A pop has changed the stack; its transition may still run.
    case didPop = 5
    /// A pop has ended.
    case popCompleted = 6
    /// A `set` is about to change the stack.
    case willSet = 7
    /// A `set` has changed the stack; its transition may still run.
    case didSet = 8
    /// A `set` has ended.
    case setCompleted = 9
    /// An interactive pop was cancelled and the stack restored.
    case popCancelled = 10

    /// The spelling used by <doc:Semantics> and the scenario traces, e.g. `will_push`.
    public var description: String {
        switch self {
        case .idle: "idle"
        case .willPush: "will_push"
        case .didPush: "did_push"
        case .pushCompleted: "push_completed"
        case .willPop: "will_pop"
        case .didPop: "did_pop"
        case .popCompleted: "pop_completed"
        case .willSet: "will_set"
        case .didSet: "did_set"
        case .setCompleted: "set_completed"
        case .popCancelled: "pop_cancelled"
        }
    }
}
