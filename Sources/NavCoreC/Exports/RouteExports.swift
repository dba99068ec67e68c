import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Routes.

@c public func navcore_route_register(
    _ nav: NavigatorHandle?, _ name: UnsafePointer<CChar>?, _ factory: navcore_factory_fn?,
    _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        let name = try CStrings.text(name, "the route name")
        let function = try CAPI.required(factory, "the factory")
        // Built only once the arguments are valid: a failed call must not run the destructor.
        let factory = CFactory(
            registration: Registration(function, ctx: ctx, destroy: destroy), handle: navigator.handle,
            node: navigator.core.node)
        do throws(NavigationError) {
            try navigator.core.registerRoute(name, factory: factory)
        } catch {
            factory.registration.disownContext()
            throw error
        }
    }
}

@c public func navcore_route_unregister(_ nav: NavigatorHandle?, _ name: UnsafePointer<CChar>?) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        try navigator.core.unregisterRoute(try CStrings.text(name, "the route name"))
    }
}
