/// Names one veto question, for a deferred answer (<doc:Semantics> §13): answer with its
/// `decide(allow:)`, or pass it to `Navigator.decide(_:allow:)`. Its id is non-zero and never
/// reused in the process.
public struct VetoDecision: Hashable, Sendable {
    /// The decision id, as the C API's `decide` takes it.
    public let id: UInt64
    /// The navigator that asked, for `decide(allow:)`; held weakly.
    weak var control: (any NavigatorControl)?

    /// The decision with this id (e.g. one a C host passed along).
    public init(id: UInt64) { self.id = id }

    init(id: UInt64, control: (any NavigatorControl)?) {
        self.id = id
        self.control = control
    }

    /// Decisions are equal when their ids are.
    public static func == (lhs: VetoDecision, rhs: VetoDecision) -> Bool { lhs.id == rhs.id }

    /// Hashes the id, in line with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
