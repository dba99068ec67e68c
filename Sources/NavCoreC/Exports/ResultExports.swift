import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Results (SPEC §12) and the free function of SPEC §15.

/// Frees text a query returned.
@c public func navcore_free(_ text: UnsafeMutableRawPointer?) {
    CText.free(text)
}

/// Sets or clears a live screen's result.
@c public func navcore_screen_set_result(_ nav: NavigatorHandle?, _ screen: UInt64, _ result: UnsafePointer<CChar>?) -> Int32 {
    CAPI.setText(nav, result, "the result") { navigator, text throws(NavigationError) in
        try navigator.core.setResult(screen, text)
    }
}

/// A live screen's result, as the caller's copy.
@c public func navcore_screen_result(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ nav: NavigatorHandle?, _ screen: UInt64
) -> Int32 {
    CAPI.copyText(out, nav) { navigator throws(NavigationError) in try navigator.core.result(of: screen) }
}

/// Attaches, replaces or removes a live screen's result listener.
@c public func navcore_screen_on_result(
    _ nav: NavigatorHandle?, _ screen: UInt64, _ fn: navcore_result_fn?, _ ctx: UnsafeMutableRawPointer?,
    _ destroy: navcore_destroy_fn?
) -> Int32 {
    let listener = registration(fn, ctx, destroy)
    let status = CAPI.perform(nav) { navigator throws(NavigationError) in
        try navigator.core.setResultListener(
            screen, listener.map { CResultListener(registration: $0, handle: navigator.handle) })
    }
    // A failed call keeps nothing: the ctx still belongs to the host.
    if status < 0 { listener?.disownContext() }
    return status
}

/// A C result listener; dropping its registration runs the ctx destructor.
final class CResultListener: ResultListener {
    let registration: Registration<navcore_result_fn>
    let handle: UInt64

    init(registration: Registration<navcore_result_fn>, handle: UInt64) {
        self.registration = registration
        self.handle = handle
    }

    func deliver(_ screen: ScreenRef, result: String?) {
        HostCalls.result(registration.call, handle.navigatorHandle, screen, result)
    }
}

extension CAPI {
    /// Hands `body` the text of a C string (NULL = none), for a call that sets a screen's
    /// result or saved state.
    static func setText(
        _ handle: NavigatorHandle?, _ text: UnsafePointer<CChar>?, _ what: String,
        _ body: (CNavigator, String?) throws(NavigationError) -> Void
    ) -> Int32 {
        perform(handle) { navigator throws(NavigationError) in try body(navigator, try CStrings.optionalText(text, what)) }
    }

    /// Writes a copy of the text `read` returns into `out` (NULL for none), for the caller to
    /// free with `navcore_free` (checked first: a NULL `out` changes nothing).
    static func copyText(
        _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ handle: NavigatorHandle?,
        _ read: (CNavigator) throws(NavigationError) -> String?
    ) -> Int32 {
        perform(handle) { navigator throws(NavigationError) in
            let out = try required(out, "the out-parameter")
            guard let text = try read(navigator) else {
                out.pointee = nil
                return
            }
            guard let copy = CText.copy(text) else { throw NavigationError(.noMemory, "no memory for a copy of the text") }
            out.pointee = copy
        }
    }
}
