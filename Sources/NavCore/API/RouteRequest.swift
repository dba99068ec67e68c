/// What a route's factory is asked to make (<doc:Semantics> §8).
public struct RouteRequest: Sendable {
    /// The route's name.
    public let route: String
    /// The id the new screen will have; it is not live until the factory returns.
    public let id: UInt64
    /// The payload of the `show`, if any (it is also delivered after creation).
    public let payload: String?
}
