import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Saved state, save, open and restore (SPEC §14).

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

/// Builds the whole stack from routes in one op.
@c public func navcore_open(
    _ nav: NavigatorHandle?, _ entries: UnsafePointer<navcore_route_entry>?, _ count: UInt, _ animated: Bool,
    _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in
        guard count > 0 else { throw NavigationError(.invalid, "open needs at least one entry") }
        let buffer = try CArrays.elements(entries, count: count, "the entries")
        var routeEntries: [RouteEntry] = []
        routeEntries.reserveCapacity(Swift.min(buffer.count, 1024))
        for entry in buffer {
            routeEntries.append(
                RouteEntry(route: try CStrings.text(entry.route, "an entry's route"),
                           state: try CStrings.optionalText(entry.state, "an entry's state")))
        }
        return Request(OpenOp(entries: routeEntries, animated: animated), completion: navigator.completion(done, ctx))
    }
}

/// Parses a saved document and asks `open` with its entries. The document is read where the
/// host keeps it (its UTF-8 checked by the reader): a large one is not copied first.
@c public func navcore_restore(
    _ nav: NavigatorHandle?, _ document: UnsafePointer<CChar>?, _ animated: Bool, _ done: navcore_done_fn?,
    _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.call(nav) { navigator throws(NavigationError) in
        let document = try CStrings.bytes(document, "the document")
        return try navigator.core.restore(utf8: document, animated: animated, completion: navigator.completion(done, ctx)).rawValue
    }
}
