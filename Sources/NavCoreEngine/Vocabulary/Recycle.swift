/// Which screen of the route already in the stack `show` reuses (<doc:Semantics> §8). A Boolean
/// literal keeps the meaning of the former `Bool` option: `true` = `.any`, `false` = `.none`.
public enum Recycle: Sendable, ExpressibleByBooleanLiteral {
    /// The screen of the route nearest the top, if any (the default): it gets the payload and
    /// is popped to.
    case any
    /// The top, if it is of the route ("single top"): a double tap never opens the same screen
    /// twice, and a lower screen of the route is never popped to.
    case top
    /// None: always a new screen.
    case none

    /// `true` = `.any`, `false` = `.none`.
    public init(booleanLiteral value: Bool) {
        self = value ? .any : .none
    }
}
