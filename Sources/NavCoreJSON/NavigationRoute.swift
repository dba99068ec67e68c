import Foundation
import NavCore

/// A route declared as a type (opt-in, over the string contract of routes): each value names
/// its route and is its own payload, carried as JSON text. A screen shown for a value gets the
/// value back, typed, in its factory and from its saved state; no `as?` at each use.
///
/// ```swift
/// enum AppRoute: NavigationRoute {
///     case inbox
///     case message(id: Int)
///     var name: String { switch self { case .inbox: "inbox"; case .message: "message" } }
/// }
/// let routes = nav.routes(AppRoute.self)
/// try routes.register("inbox", "message") { route, request in Page(for: route) }
/// try await routes.show(.message(id: 42))
/// ```
public protocol NavigationRoute: Codable, Hashable, Sendable {
    /// The route's name in the string contract: the factory that makes its screens, and the
    /// `route` of the saved document.
    var name: String { get }
}

extension NavigationRoute {
    /// The value a payload or saved state carries (the JSON text `payload` encodes).
    public init(payload text: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(text.utf8))
    }

    /// The JSON text that carries this value: a screen's payload and saved state.
    public var payload: String {
        get throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return String(decoding: try encoder.encode(self), as: UTF8.self)
        }
    }
}

/// The routes of type `Route` of a navigator made with `dispatch: .mainActor`: registration, `show` and `open` with typed
/// values, and the typed value of a screen. It holds the navigator: keep it where the
/// navigator is kept (a handler should not).
@MainActor
public struct TypedRoutes<Route: NavigationRoute> {
    /// The navigator the routes belong to.
    public let navigator: Navigator

    /// Registers one factory for the routes of these names: it receives the value the screen
    /// was shown or opened for, decoded from its payload (a screen shown by name without a
    /// payload, or with one that is not a `Route`, fails the op with `.factoryFailed`). It runs
    /// on the main actor; `.state` for a navigator in another mode.
    public func register(
        _ names: String..., factory: @escaping @MainActor (Route, RouteRequest) throws -> (any Sendable)?
    ) throws {
        for name in names {
            try navigator.registerRoute(name) { @MainActor request in
                try factory(try Route(payload: request.payload ?? ""), request)
            }
        }
    }

    /// Shows the route of `route`'s name with `route` as its payload, and waits for the outcome.
    public func show(_ route: Route, options: ShowOptions = ShowOptions()) async throws -> Outcome {
        try await navigator.show(route.name, options: options.carrying(route))
    }

    /// Shows `route` without waiting: `.ok` or `.queued` at once, the outcome to `completion`.
    @discardableResult
    public func show(
        _ route: Route, options: ShowOptions = ShowOptions(), completion: Navigator.Completion?
    ) throws -> RequestStatus {
        try navigator.show(route.name, options: options.carrying(route), completion: completion)
    }

    /// Makes the stack exactly screens of these routes, bottom to top, and waits for the outcome.
    public func open(_ routes: [Route], animated: Bool = false) async throws -> Outcome {
        try await navigator.open(routes.map { RouteEntry(route: $0.name, state: try $0.payload) }, animated: animated)
    }

    /// The value `screen` was shown for, or last received as payload (its saved state); `nil`
    /// when it has none.
    public func route(of screen: Screen) throws -> Route? {
        try navigator.savedState(of: screen).map { try Route(payload: $0) }
    }
}

extension Navigator {
    /// This navigator's routes of type `Route`.
    @MainActor
    public func routes<Route: NavigationRoute>(_ type: Route.Type) -> TypedRoutes<Route> {
        TypedRoutes(navigator: self)
    }
}

extension ShowOptions {
    /// These options with `route`'s payload.
    fileprivate func carrying(_ route: some NavigationRoute) throws -> ShowOptions {
        var options = self
        options.payload = try route.payload
        return options
    }
}
