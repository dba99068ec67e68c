/// The Swift API's closures in the engine's handler protocols.

/// A route's factory closure; a thrown error means `factory_failed`.
struct ClosureFactory: RouteFactory {
    let body: @Sendable (RouteRequest) throws -> (any Sendable)?

    func makeObject(route: String, id: UInt64, payload: String?) -> HostObject? {
        do {
            return HostObject(route: route, object: try body(RouteRequest(route: route, id: id, payload: payload)))
        } catch {
            return nil
        }
    }
}

/// A screen's result listener closure.
struct ClosureListener: ResultListener {
    let body: @Sendable (String?) -> Void

    func deliver(_ screen: ScreenRef, result: String?) { body(result) }
}
