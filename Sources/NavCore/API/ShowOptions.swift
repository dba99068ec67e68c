/// The options of `show` (<doc:Semantics> §8), with its defaults: instant, replace the current top,
/// recycle a screen of the route already in the stack, no payload.
public struct ShowOptions: Sendable {
    /// Animate the change (default: no).
    public var animated: Bool
    /// A new screen replaces the current top instead of going over it (default: yes).
    public var removeCurrent: Bool
    /// Which screen of the route in the stack to reuse (default: `.any`, the one nearest the
    /// top; `.top`: the top only; `.none`).
    public var recycle: Recycle
    /// Text delivered to the shown screen (default: none).
    public var payload: String?

    /// Options with the given values, each defaulting as <doc:Semantics> §8 says.
    public init(animated: Bool = false, removeCurrent: Bool = true, recycle: Recycle = .any, payload: String? = nil) {
        self.animated = animated
        self.removeCurrent = removeCurrent
        self.recycle = recycle
        self.payload = payload
    }
}

/// What a route's factory is asked to make (<doc:Semantics> §8).
public struct RouteRequest: Sendable {
    /// The route's name.
    public let route: String
    /// The id the new screen will have; it is not live until the factory returns.
    public let id: UInt64
    /// The payload of the `show`, if any (it is also delivered after creation).
    public let payload: String?
}

/// How a navigator runs its queue (<doc:Semantics> §9), chosen at creation.
public enum DispatchMode: Sendable {
    /// The thread that asks an op or finishes a transition runs the queue.
    case inline
    /// Asking an op only enqueues it and raises the wakeup handler; the host calls `drain()` on
    /// its UI thread, which runs the queue there.
    case host
}

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

/// One entry of `open` (<doc:Semantics> §14): a route, and the saved state its new screen gets
/// (delivered as its payload), or none.
public struct RouteEntry: Sendable, Equatable, Codable {
    /// The route whose factory makes the screen.
    public var route: String
    /// The new screen's saved state; `nil` for none.
    public var state: String?

    /// An entry of `route` with `state`.
    public init(route: String, state: String? = nil) {
        self.route = route
        self.state = state
    }
}
