/// How an accepted operation ended (<doc:Semantics> §2). Every accepted op ends exactly once.
///
/// The raw values are the `NAVCORE_OUTCOME_*` constants of `include/navcore.h`.
public enum Outcome: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The op did what it was asked.
    case completed = 0
    /// There was nothing to do (for example `pop` with one screen).
    case noop = 1
    /// The host cancelled the interactive back gesture.
    case cancelled = 2
    /// The pop veto refused a user-initiated pop.
    case vetoed = 3
    /// The screen was already in the stack, or a `set` list named a screen twice.
    case duplicate = 4
    /// `pop_to` named a screen that is not in the stack when the op ran.
    case notInStack = 5
    /// The op could not run: an empty `set` list, or a screen released before the op ran.
    case invalid = 6
    /// `show` named a route that is not registered when the op ran.
    case unknownRoute = 7
    /// The route's factory failed to create the screen's object.
    case factoryFailed = 8
    /// The navigator was destroyed before the op ended.
    case aborted = 9

    /// The spelling used by <doc:Semantics> and the scenario traces, e.g. `not_in_stack`.
    public var description: String {
        switch self {
        case .completed: "completed"
        case .noop: "noop"
        case .cancelled: "cancelled"
        case .vetoed: "vetoed"
        case .duplicate: "duplicate"
        case .notInStack: "not_in_stack"
        case .invalid: "invalid"
        case .unknownRoute: "unknown_route"
        case .factoryFailed: "factory_failed"
        case .aborted: "aborted"
        }
    }
}
