/// An operation as the host asked it: what to do, whether to animate, and who to tell how it
/// ended. Requests wait in the queue and are validated against the stack only when they run.
package struct Request: Sendable {
    // The fields in this order, the one-byte ones last, so that no padding lies between them:
    // a request is moved whole, and so is the op record that holds it (`RunningOp`).
    /// What to do.
    package let operation: Operation
    /// Told the outcome when the op ends, if the caller gave one.
    package var completion: CompletionHandler?
    /// The op's kind, as its `done` event names it: stored, since reading it from `operation`
    /// copies the operation's payload.
    package let kind: OperationKind
    /// Whether the caller asked for animation (SPEC §4 decides whether it happens).
    package var animated: Bool

    package init(_ operation: Operation, animated: Bool, completion: CompletionHandler?) {
        kind = operation.kind
        self.operation = operation
        self.animated = animated
        self.completion = completion
    }
}

/// The ops of SPEC §2 with their arguments.
package enum Operation: Sendable {
    case push(UInt64)
    /// `pop`, carrying a result for the screen it removes, if any (SPEC §12).
    case pop(result: String?)
    case popTo(UInt64)
    case popToRoot
    case set([UInt64])
    case back
    case gesture
    case run(RunBlock)
    case visible(Bool)
    case show(ShowRequest)
    /// `open`: new screens of these routes become the whole stack (SPEC §14); never empty.
    case open([RouteEntry])

    /// The op's kind.
    package var kind: OperationKind {
        switch self {
        case .push: .push
        case .pop: .pop
        case .popTo: .popTo
        case .popToRoot: .popToRoot
        case .set: .set
        case .back: .back
        case .gesture: .gesture
        case .run: .run
        case .visible: .visible
        case .show: .show
        case .open: .open
        }
    }
}

/// The arguments of `show` (SPEC §8) other than `animated`.
package struct ShowRequest: Sendable {
    /// The route to show.
    package var route: String
    /// Whether a newly created screen replaces the current top.
    package var removeCurrent: Bool
    /// Which screen of the route already in the stack is reused, if any.
    package var recycle: Recycle
    /// Text delivered to the shown screen, if any.
    package var payload: String?

    package init(route: String, removeCurrent: Bool, recycle: Recycle, payload: String?) {
        self.route = route
        self.removeCurrent = removeCurrent
        self.recycle = recycle
        self.payload = payload
    }
}
