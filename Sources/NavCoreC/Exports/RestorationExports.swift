import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Saved state, save, open and restore (SPEC §14, save_tree §16.10); navcore_open,
// navcore_restore and their kin are functions of an op (OperationExports.swift).

/// Sets or clears a live screen's saved state.
@c public func navcore_screen_set_saved_state(
    _ nav: NavigatorHandle?, _ screen: UInt64, _ state: UnsafePointer<CChar>?
) -> Int32 {
    CAPI.setText(nav, state, "the saved state") { navigator, text throws(NavigationError) in
        try navigator.core.setSavedState(screen, text)
    }
}

/// A live screen's saved state, as the caller's copy.
@c public func navcore_screen_saved_state(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ nav: NavigatorHandle?, _ screen: UInt64
) -> Int32 {
    CAPI.copyText(out, nav) { navigator throws(NavigationError) in try navigator.core.savedState(of: screen) }
}

/// The saved document of the stack, as the caller's copy.
@c public func navcore_save(_ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.copyText(out, nav) { navigator throws(NavigationError) in SavedDocument.encode(try navigator.core.savedEntries()) }
}

/// The saved tree of the navigator and its subtree (SPEC §16.10), as the caller's copy.
@c public func navcore_save_tree(_ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.copyText(out, nav) { navigator throws(NavigationError) in try navigator.core.savedTree().text }
}
