/// One op of SPEC §2 as the engine runs it. Each op has a file of its own in `Engine/Ops/`,
/// which defines a value of this protocol — the op's arguments — with the op's validation at
/// the call and its script: the plan it makes when it runs (SPEC §2: against the stack of that
/// moment) and the events it emits (SPEC §4). `Operation` holds one of them in the queue; the
/// steps every stack change shares (`begin`, `complete`, `cancel`, `release`, `done`) are
/// the family's driver's (Family+Scripts.swift).
package protocol OperationDefinition: Sendable {
    /// The op's kind, as its completion and `done` event name it.
    static var kind: OperationKind { get }
    /// The op in the queue's form.
    var operation: Operation { get }
    /// The request of this op, asked with `completion`. Each op's own (generated), so that the
    /// request is built where the op's type is known: a front's call of the generic
    /// `Request.init` crosses into this module unspecialised, through the protocol's witnesses.
    consuming func request(completion: consuming CompletionHandler?) -> Request
    /// Whether the caller asked for a transition (SPEC §4 decides whether it happens); `false`
    /// for an op that never animates.
    var animated: Bool { get }
    /// The validation at the call (SPEC §2): the arguments alone, and whether the screens they
    /// name are live; run under the lock, after the navigator is known to be live. A failure
    /// queues nothing.
    func validate(_ state: borrowing FamilyState) throws(NavigationError)
    /// Runs the op that has just started, on the driving thread, to its end or until it waits
    /// for the host (a transition, a decision).
    func run(_ family: Family)
}

extension OperationDefinition {
    package var animated: Bool { false }

    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {}
}
