/// An operation as the host asked it: what to do, whether to animate, and who to tell how it
/// ended. Requests wait in the queue and are validated against the stack only when they run.
package struct Request: Sendable {
    /// What to do.
    package var operation: Operation
    /// Whether the caller asked for animation (SPEC §4 decides whether it happens).
    package var animated: Bool
    /// Told the outcome when the op ends, if the caller gave one.
    package var completion: (any CompletionHandler)?

    package init(_ operation: Operation, animated: Bool, completion: (any CompletionHandler)?) {
        self.operation = operation
        self.animated = animated
        self.completion = completion
    }

    /// The op's kind, as its `done` event names it.
    package var kind: OperationKind { operation.kind }
}

/// The ops of SPEC §2 with their arguments.
package enum Operation: Sendable {
    case push(UInt64)
    case pop
    case popTo(UInt64)
    case popToRoot
    case set([UInt64])
    case back
    case gesture
    case run(any RunBlock)
    case visible(Bool)
    case show(ShowRequest)

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
        }
    }
}

/// The arguments of `show` (SPEC §8) other than `animated`.
package struct ShowRequest: Sendable {
    /// The route to show.
    package var route: String
    /// Whether a newly created screen replaces the current top.
    package var removeCurrent: Bool
    /// Whether a screen of the route already in the stack is reused.
    package var recycle: Bool
    /// Text delivered to the shown screen, if any.
    package var payload: String?

    package init(route: String, removeCurrent: Bool, recycle: Bool, payload: String?) {
        self.route = route
        self.removeCurrent = removeCurrent
        self.recycle = recycle
        self.payload = payload
    }
}
