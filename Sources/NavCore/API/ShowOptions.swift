/// The options of `show` (SPEC §8), with its defaults: instant, replace the current top,
/// recycle a screen of the route already in the stack, no payload.
public struct ShowOptions: Sendable {
    /// Animate the change (default: no).
    public var animated: Bool
    /// A new screen replaces the current top instead of going over it (default: yes).
    public var removeCurrent: Bool
    /// Reuse the screen of the route nearest the top, if any (default: yes).
    public var recycle: Bool
    /// Text delivered to the shown screen (default: none).
    public var payload: String?

    /// Options with the given values, each defaulting as SPEC §8 says.
    public init(animated: Bool = false, removeCurrent: Bool = true, recycle: Bool = true, payload: String? = nil) {
        self.animated = animated
        self.removeCurrent = removeCurrent
        self.recycle = recycle
        self.payload = payload
    }
}

/// What a route's factory is asked to make (SPEC §8).
public struct RouteRequest: Sendable {
    /// The route's name.
    public let route: String
    /// The id the new screen will have; it is not live until the factory returns.
    public let id: UInt64
    /// The payload of the `show`, if any (it is also delivered after creation).
    public let payload: String?
}

/// How a navigator runs its queue (SPEC §9), chosen at creation.
public enum DispatchMode: Sendable {
    /// The thread that asks an op or finishes a transition runs the queue.
    case inline
    /// Asking an op only enqueues it and raises the wakeup handler; the host calls `drain()` on
    /// its UI thread, which runs the queue there.
    case host
}
