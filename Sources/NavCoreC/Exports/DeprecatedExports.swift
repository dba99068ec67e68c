import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Deprecated names: the first 1.0 builds' functions, renamed or replaced since. Each
// forwards to the function it names, so it behaves as that one does, statuses included.

@c public func navcore_set_animator(
    _ nav: NavigatorHandle?, _ fn: navcore_transition_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    navcore_on_transition(nav, fn, ctx, destroy)
}

@c public func navcore_set_pop_veto(
    _ nav: NavigatorHandle?, _ fn: navcore_veto_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    navcore_on_pop_veto(nav, fn, ctx, destroy)
}

@c public func navcore_set_pop_veto_deferrable(
    _ nav: NavigatorHandle?, _ fn: navcore_deferrable_veto_fn?, _ ctx: UnsafeMutableRawPointer?,
    _ destroy: navcore_destroy_fn?
) -> Int32 {
    navcore_on_pop_veto_deferrable(nav, fn, ctx, destroy)
}

/// navcore_show with the first builds' unversioned options, made into the current ones: the
/// legacy fields over the defaults, and `recycle` (which navcore_show checks) in place of the
/// legacy bool.
@c public func navcore_show_recycling(
    _ nav: NavigatorHandle?, _ route: UnsafePointer<CChar>?, _ options: UnsafePointer<navcore_legacy_show_options>?,
    _ recycle: Int32, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    var current = CShowOptions.layout.newestDefaults
    if let legacy = options?.pointee {
        current.animated = legacy.animated
        current.remove_current = legacy.remove_current
        current.payload = legacy.payload
    }
    current.recycle = recycle
    return navcore_show(nav, route, &current, done, ctx)
}
