import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Navigators.

/// Creates a navigator.
@c public func navcore_navigator_create(_ out: UnsafeMutablePointer<NavigatorHandle?>?, _ dispatch: Int32) -> Int32 {
    do throws(NavigationError) {
        let out = try CAPI.required(out, "the out-parameter")
        guard dispatch == NAVCORE_DISPATCH_INLINE.rawValue || dispatch == NAVCORE_DISPATCH_HOST.rawValue else {
            throw NavigationError(.invalid, "dispatch mode \(dispatch) is not a navcore_dispatch")
        }
        let hostDispatch = dispatch == NAVCORE_DISPATCH_HOST.rawValue
        RuntimeWarmUp.ensure()
        guard let navigator = HandleTable.shared.insert({ CNavigator(handle: $0, hostDispatch: hostDispatch) }) else {
            throw NavigationError(.noMemory, "no navigator handle is left")
        }
        out.pointee = navigator.pointer
        return NAVCORE_OK.rawValue
    } catch {
        return CAPI.fail(error)
    }
}

/// Creates a navigator with options (SPEC §16.12: its dispatch mode and own visible flag).
@c public func navcore_navigator_create_with_options(
    _ out: UnsafeMutablePointer<NavigatorHandle?>?, _ options: UnsafePointer<navcore_create_options>?
) -> Int32 {
    do throws(NavigationError) {
        let out = try CAPI.required(out, "the out-parameter")
        let options = if let options { try CCreateOptions.layout.read(options) } else { CCreateOptions.layout.newestDefaults }
        let dispatch = options.dispatch
        guard dispatch == NAVCORE_DISPATCH_INLINE.rawValue || dispatch == NAVCORE_DISPATCH_HOST.rawValue else {
            throw NavigationError(.invalid, "dispatch mode \(dispatch) is not a navcore_dispatch")
        }
        let hostDispatch = dispatch == NAVCORE_DISPATCH_HOST.rawValue
        let visible = options.visible
        RuntimeWarmUp.ensure()
        guard let navigator = HandleTable.shared.insert({
            CNavigator(handle: $0, hostDispatch: hostDispatch, visible: visible)
        }) else {
            throw NavigationError(.noMemory, "no navigator handle is left")
        }
        out.pointee = navigator.pointer
        return NAVCORE_OK.rawValue
    } catch {
        return CAPI.fail(error)
    }
}

/// Writes the defaults of `version` into `*options` (NAVCORE_CREATE_OPTIONS_INIT's).
@c public func navcore_create_options_init(_ options: UnsafeMutablePointer<navcore_create_options>?, _ version: UInt32) -> Int32 {
    CCreateOptions.layout.initialize(options, version)
}

/// navcore_create_options: version 1 ends with `visible`.
enum CCreateOptions {
    static let layout = VersionedStruct<navcore_create_options>(
        name: "navcore_create_options", initializer: "NAVCORE_CREATE_OPTIONS_INIT", what: "the options",
        sizes: [VersionedStruct.end(of: \navcore_create_options.visible)]
    ) { version in
        navcore_create_options(version: version, dispatch: Int32(bitPattern: NAVCORE_DISPATCH_INLINE.rawValue), visible: true)
    }
}

/// Destroys a navigator; NULL does nothing. One that has a parent is refused (SPEC §16.7).
@c public func navcore_navigator_destroy(_ nav: NavigatorHandle?) -> Int32 {
    guard let nav else { return NAVCORE_OK.rawValue }
    do throws(NavigationError) {
        let navigator: CNavigator
        let hasParent: Bool
        do throws(HandleTable.Refusal) {
            hasParent = try HandleTable.shared.withNavigator(nav.handleBits) { $0.core.hasParent }
        } catch {
            throw error.failure
        }
        guard !hasParent else {
            throw NavigationError(.state, "a navigator that has a parent is not destroyed: it leaves (a child) or its parent dismisses it (a modal)")
        }
        do throws(HandleTable.Refusal) {
            navigator = try HandleTable.shared.remove(nav.handleBits)
        } catch {
            throw error.failure
        }
        try navigator.core.destroy()
        return NAVCORE_OK.rawValue
    } catch {
        return CAPI.fail(error)
    }
}

/// Host dispatch: runs the queue on this thread.
@c public func navcore_drain(_ nav: NavigatorHandle?) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in try navigator.core.drain() }
}

/// Host dispatch: a bounded drain of at most `maxOps` ops (a count beyond `Int.max` is `Int.max`:
/// neither ever runs out).
@c public func navcore_drain_ops(_ nav: NavigatorHandle?, _ maxOps: UInt) -> Int32 {
    drainBounded(nav, maxOps: Int(clamping: maxOps), seconds: nil)
}

/// Host dispatch: a bounded drain that starts another op only within `seconds` of the call.
@c public func navcore_drain_for(_ nav: NavigatorHandle?, _ seconds: Double) -> Int32 {
    drainBounded(nav, maxOps: nil, seconds: seconds)
}

/// Host dispatch: a bounded drain with both limits.
@c public func navcore_drain_ops_for(_ nav: NavigatorHandle?, _ maxOps: UInt, _ seconds: Double) -> Int32 {
    drainBounded(nav, maxOps: Int(clamping: maxOps), seconds: seconds)
}

/// The bounded drains' one body.
private func drainBounded(_ nav: NavigatorHandle?, maxOps: Int?, seconds: Double?) -> Int32 {
    CAPI.call(nav) { navigator throws(NavigationError) in
        try navigator.core.drain(maxOps: maxOps, seconds: seconds).rawValue
    }
}

/// Emit show/hide events while hidden.
@c public func navcore_set_always_appear(_ nav: NavigatorHandle?, _ on: Bool) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in try navigator.core.setAlwaysAppear(on) }
}

/// The navigation-bar threshold.
@c public func navcore_set_bar_threshold(_ nav: NavigatorHandle?, _ threshold: UInt) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        guard let value = Int(exactly: threshold) else {
            throw NavigationError(.invalid, "threshold \(threshold) is too large")
        }
        try navigator.core.setThreshold(value)
    }
}
