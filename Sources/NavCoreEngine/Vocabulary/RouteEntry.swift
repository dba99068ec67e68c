/// One entry of `open` (<doc:Semantics> §14): a route, and the saved state its new screen gets
/// (delivered as its payload), or none.
public struct RouteEntry: Sendable, Equatable {
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
