/// The pop veto's answer (<doc:Semantics> §6, §13).
public enum VetoAnswer: Sendable, Equatable {
    /// Pop.
    case allow
    /// Do not pop: the op ends `.vetoed`.
    case refuse
    /// The host decides later, with `Navigator.decide(_:allow:)` and the `VetoDecision` the veto
    /// received. A `back` waits for it (busy, its later ops queued behind it); for a gesture,
    /// later counts as `refuse`.
    case later
}
