import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Callbacks. Each replaces its slot; NULL empties it. A failed call keeps nothing,
// so the ctx destructor is not called for it.

@c public func navcore_on_action(
    _ nav: NavigatorHandle?, _ fn: navcore_action_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.action = $1 }
}

@c public func navcore_on_appearance(
    _ nav: NavigatorHandle?, _ phase: Int32, _ fn: navcore_appearance_fn?, _ ctx: UnsafeMutableRawPointer?,
    _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        guard let phase = AppearancePhase(rawValue: phase) else {
            throw NavigationError(.invalid, "phase \(phase) is not a navcore_phase")
        }
        try navigator.register { $0[phase] = registration(fn, ctx, destroy).map(Slot.init) }
    }
}

@c public func navcore_on_progress(
    _ nav: NavigatorHandle?, _ fn: navcore_progress_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.progress = $1 }
}

@c public func navcore_on_bar(
    _ nav: NavigatorHandle?, _ fn: navcore_bar_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.bar = $1 }
}

@c public func navcore_on_payload(
    _ nav: NavigatorHandle?, _ fn: navcore_payload_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.payload = $1 }
}

@c public func navcore_on_release(
    _ nav: NavigatorHandle?, _ fn: navcore_release_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.release = $1 }
}

@c public func navcore_on_detach(
    _ nav: NavigatorHandle?, _ fn: navcore_release_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.detach = $1 }
}

@c public func navcore_on_child(
    _ nav: NavigatorHandle?, _ fn: navcore_child_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.child = $1 }
}

@c public func navcore_on_done(
    _ nav: NavigatorHandle?, _ fn: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.done = $1 }
}

@c public func navcore_on_wakeup(
    _ nav: NavigatorHandle?, _ fn: navcore_wakeup_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    // SPEC §9: registered while work waits, the new wakeup is called once at once.
    CAPI.perform(nav) { navigator throws(NavigationError) in
        try navigator.register(newWakeup: fn != nil) { $0.wakeup = registration(fn, ctx, destroy).map(Slot.init) }
    }
}

@c public func navcore_on_transition(
    _ nav: NavigatorHandle?, _ fn: navcore_transition_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn, ctx, destroy) { $0.animator = $1 }
}
