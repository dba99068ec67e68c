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
