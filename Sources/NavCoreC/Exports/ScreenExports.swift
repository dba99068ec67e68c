import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Screens.

/// Creates a detached screen.
@c public func navcore_screen_create(
    _ out: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?, _ route: UnsafePointer<CChar>?,
    _ object: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.createScreen(out, nav, route) { _ throws(NavigationError) in .address(UInt(bitPattern: object)) }
}

/// Creates a detached screen with hooks of its own; their ctx destructor runs after its release.
@c public func navcore_screen_create_with_hooks(
    _ out: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?, _ route: UnsafePointer<CChar>?,
    _ object: UnsafeMutableRawPointer?, _ hooks: UnsafePointer<navcore_screen_hooks>?
) -> Int32 {
    CAPI.createScreen(out, nav, route) { navigator throws(NavigationError) in
        let hooks = try CScreenHooks(try CAPI.required(hooks, "the hooks struct"))
        try navigator.enableScreenHooks()
        return .hookedAddress(UInt(bitPattern: object), hooks)
    }
}

/// Starts a `navcore_screen_hooks` of `version`: every hook NULL, only that version's bytes written.
@c public func navcore_screen_hooks_init(_ hooks: UnsafeMutablePointer<navcore_screen_hooks>?, _ version: UInt32) -> Int32 {
    CScreenHooks.layout.initialize(hooks, version)
}

/// Releases a detached screen.
@c public func navcore_screen_discard(_ nav: NavigatorHandle?, _ screen: UInt64) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in try navigator.core.discard(screen) }
}

/// Marks or unmarks a screen as retained (SPEC §17).
@c public func navcore_screen_retain(_ nav: NavigatorHandle?, _ screen: UInt64, _ on: Bool) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in try navigator.core.retain(screen, on) }
}

/// Whether a live screen is marked retained (SPEC §17).
@c public func navcore_screen_is_retained(
    _ out: UnsafeMutablePointer<Bool>?, _ nav: NavigatorHandle?, _ screen: UInt64
) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        let out = try CAPI.required(out, "the out-parameter")
        out.pointee = try navigator.core.isRetained(screen)
    }
}

/// The host object of a live screen.
@c public func navcore_screen_object(
    _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ nav: NavigatorHandle?, _ screen: UInt64
) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        let out = try CAPI.required(out, "the out-parameter")
        let object = try navigator.core.read { state throws(NavigationError) in try state.live(screen).object }
        out.pointee = object.pointer
    }
}

/// Copies a live screen's route, snprintf style.
@c public func navcore_screen_route(
    _ outLength: UnsafeMutablePointer<UInt>?, _ buffer: UnsafeMutablePointer<CChar>?, _ size: UInt,
    _ nav: NavigatorHandle?, _ screen: UInt64
) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        let outLength = try CAPI.required(outLength, "the length out-parameter")
        if size > 0 { _ = try CAPI.required(buffer, "the buffer") }
        let route = try navigator.core.read { state throws(NavigationError) in try state.live(screen).route }
        let bytes = Array(route.utf8)
        if let buffer, size > 0 {
            let copied = Swift.min(bytes.count, Int(clamping: size) - 1)
            for (offset, byte) in bytes.prefix(copied).enumerated() {
                buffer[offset] = CChar(bitPattern: byte)
            }
            buffer[copied] = 0
        }
        outLength.pointee = UInt(clamping: bytes.count)
    }
}

extension CAPI {
    /// Creates a detached screen whose host object `object` makes, after the argument checks
    /// (which come first, so that a failing call keeps nothing).
    static func createScreen(
        _ out: UnsafeMutablePointer<UInt64>?, _ handle: NavigatorHandle?, _ route: UnsafePointer<CChar>?,
        _ object: (CNavigator) throws(NavigationError) -> HostObject
    ) -> Int32 {
        perform(handle) { navigator throws(NavigationError) in
            let out = try required(out, "the out-parameter")
            let route = try CStrings.text(route, "the route", whenNull: "")
            out.pointee = try navigator.core.createScreen(route: route, object: try object(navigator))
        }
    }
}

extension FamilyState {
    /// The live screen `id` of the navigator the call was made on.
    func live(_ id: UInt64) throws(NavigationError) -> ScreenRef {
        guard let record = node.screens[id] else {
            throw NavigationError(.noSuchScreen, "screen \(id) is not a live screen of this navigator")
        }
        return record.screen
    }
}
