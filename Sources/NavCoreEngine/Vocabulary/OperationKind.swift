/// The kinds of operation a navigator runs through its queue (<doc:Semantics> §2).
///
/// The raw values are the `NAVCORE_OP_*` constants of `include/navcore.h`.
public enum OperationKind: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Push one screen.
    case push = 0
    /// Pop the top screen.
    case pop = 1
    /// Pop every screen above a given one.
    case popTo = 2
    /// Pop every screen above the root.
    case popToRoot = 3
    /// Replace the whole stack.
    case set = 4
    /// The user's back button: asks the pop veto, then pops.
    case back = 5
    /// The user's interactive back gesture.
    case gesture = 6
    /// A host code block, run in queue order.
    case run = 7
    /// The host says whether the navigator is on screen.
    case visible = 8
    /// Show a named route (also called "post").
    case show = 9
    /// Build the whole stack from routes (deep links, `restore`).
    case open = 10

    /// The spelling used by <doc:Semantics> and the scenario traces, e.g. `pop_to_root`.
    public var description: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .popTo: "pop_to"
        case .popToRoot: "pop_to_root"
        case .set: "set"
        case .back: "back"
        case .gesture: "gesture"
        case .run: "run"
        case .visible: "visible"
        case .show: "show"
        case .open: "open"
        }
    }
}
