/// An op as the host asked it: what to do, and who to tell how it ended. Requests wait in the
/// queue and are validated against the stack only when they run.
package struct Request: Sendable {
    // The fields in this order, the one-byte ones last, so that no padding lies between them:
    // a request is moved whole, and so is the op record that holds it (`RunningOp`).
    /// What to do.
    package let operation: Operation
    /// Told the outcome when the op ends, if the caller gave one. Spelled `Optional`: `T?` on a
    /// `var` gives it a default of `nil`, and with that default every init copies the whole
    /// request once and destroys the first copy.
    package var completion: Optional<CompletionHandler>
    /// The op's kind, as its `done` event names it: stored, since reading it from `operation`
    /// copies the operation's payload.
    package let kind: OperationKind
    /// Whether the caller asked for animation (SPEC §4 decides whether it happens); stored for
    /// the same reason.
    package let animated: Bool

    /// The request of `op`, read through its concrete type (no copy of an `Operation`'s payload).
    package init<Op: OperationDefinition>(_ op: consuming Op, completion: CompletionHandler?) {
        kind = Op.kind
        animated = op.animated
        operation = op.operation
        self.completion = completion
    }

    /// What a cleared op record holds (`RunningOp.recycled`): a request with nothing to let go of.
    static var cleared: Request { Request(operation: .gesture(GestureOp()), completion: nil, kind: .gesture, animated: false) }

    private init(operation: consuming Operation, completion: consuming CompletionHandler?, kind: OperationKind, animated: Bool) {
        self.operation = operation
        self.completion = completion
        self.kind = kind
        self.animated = animated
    }

    /// Whether the op starts at once or is refused, never queued: the gesture (SPEC §5).
    package var startsAtOnce: Bool { kind == .gesture }

    /// Whether the op joins another navigator to this one's family at the call: `attach` and
    /// `present` (SPEC §16.2, §16.4).
    package var joins: Bool { kind == .attach || kind == .present }

    /// The navigator `attach` or `present` joins to the family.
    package var joiningNode: NodeID? {
        switch operation {
        case .attach(let op): op.child.node
        case .present(let op): op.child.node
        default: nil
        }
    }
}
