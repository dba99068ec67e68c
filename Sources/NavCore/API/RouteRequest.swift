/// What a route's factory is asked to make (<doc:Semantics> §8).
public struct RouteRequest: Sendable {
    /// The route's name.
    public let route: String
    /// The id the new screen will have; it is not live until the factory returns.
    public let id: UInt64
    /// The payload of the `show`, if any (it is also delivered after creation).
    public let payload: String?
    /// The navigator that will own the new screen: the one asked, or — for a route found in an
    /// ancestor's registry (<doc:Semantics> §16.1, route lookup inherits) — that descendant,
    /// not the navigator that registered the route. `nil` only if its object is gone.
    public let navigator: Navigator?
}
