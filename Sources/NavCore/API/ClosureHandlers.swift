@_spi(Fronts) import NavCoreEngine

/// The Swift API's closures as the engine's route factories and result listeners.

/// A route's factory closure; a thrown error means `factory_failed`.
final class ClosureFactory: RouteFactory {
    let body: @Sendable (RouteRequest) throws -> (any Sendable)?

    init(body: @escaping @Sendable (RouteRequest) throws -> (any Sendable)?) { self.body = body }

    func makeObject(route: String, id: UInt64, payload: String?, owner: NodeID) -> HostObject? {
        do {
            let request = RouteRequest(route: route, id: id, payload: payload,
                                       navigator: NavigatorDirectory.shared.navigator(owner))
            return HostObject(route: route, object: try body(request))
        } catch {
            return nil
        }
    }
}

/// A screen's result listener closure.
final class ClosureListener: ResultListener {
    let body: @Sendable (String?) -> Void

    init(body: @escaping @Sendable (String?) -> Void) { self.body = body }

    func deliver(_ screen: ScreenRef, result: String?) { body(result) }
}
