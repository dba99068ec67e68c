/// The named routes of one navigator and their factories (SPEC §8), keyed by their names' bytes
/// (`RouteName`).
package struct RouteTable: Sendable {
    private var factories: [RouteName: any RouteFactory] = [:]

    package init() {}

    /// Registers `name`; fails with `exists` if it is registered already.
    package mutating func register(_ name: String, factory: any RouteFactory) throws(NavigationError) {
        guard factories[RouteName(name)] == nil else {
            throw NavigationError(.exists, "route '\(name)' is already registered")
        }
        factories[RouteName(name)] = factory
    }

    /// Unregisters `name` and returns its factory, for the caller to drop after the lock;
    /// fails with `invalid` if it is not registered.
    package mutating func unregister(_ name: String) throws(NavigationError) -> any RouteFactory {
        guard let factory = factories.removeValue(forKey: RouteName(name)) else {
            throw NavigationError(.invalid, "route '\(name)' is not registered")
        }
        return factory
    }

    /// The factory of `name`, if registered.
    package subscript(name: String) -> (any RouteFactory)? { factories[RouteName(name)] }

    /// Unregisters every route (at destroy) and returns the factories, for the caller to drop
    /// after the lock.
    package mutating func removeAll() -> [any RouteFactory] {
        defer { factories.removeAll() }
        return Array(factories.values)
    }
}
