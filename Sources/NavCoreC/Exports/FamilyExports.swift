import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Families: the queries of SPEC §16.9. A navigator they name is written as the
// handle navcore_navigator_create returned for it (borrowed; NULL for none).

@c public func navcore_parent(_ out: UnsafeMutablePointer<NavigatorHandle?>?, _ nav: NavigatorHandle?) -> Int32 {
    writeHandle(out, nav) { state in state.node.tree.parent.map { [$0] } ?? [] }
}

@c public func navcore_modal(_ out: UnsafeMutablePointer<NavigatorHandle?>?, _ nav: NavigatorHandle?) -> Int32 {
    writeHandle(out, nav) { state in state.node.tree.modal.map { [$0] } ?? [] }
}

@c public func navcore_active_child(
    _ out: UnsafeMutablePointer<NavigatorHandle?>?, _ nav: NavigatorHandle?, _ screen: UInt64
) -> Int32 {
    writeHandle(out, nav) { state throws(NavigationError) in
        guard state.node.screens[screen] != nil else { throw .noSuchScreen(screen) }
        return state.node.tree.hosted[screen]?.active.map { [$0] } ?? []
    }
}

@c public func navcore_back_target(_ out: UnsafeMutablePointer<NavigatorHandle?>?, _ nav: NavigatorHandle?) -> Int32 {
    writeHandle(out, nav) { state in state.backTarget(of: state.node.id).map { [$0.navigator] } ?? [] }
}

@c public func navcore_host_screen(_ out: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.node.tree.hostScreen }
}

@c public func navcore_is_modal(_ out: UnsafeMutablePointer<Bool>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.node.tree.presentation != nil }
}

@c public func navcore_is_on_screen(_ out: UnsafeMutablePointer<Bool>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.isOnScreen($0.node.id) }
}

@c public func navcore_children_copy(
    _ outCount: UnsafeMutablePointer<UInt>?, _ buffer: UnsafeMutablePointer<NavigatorHandle?>?, _ capacity: UInt,
    _ nav: NavigatorHandle?, _ screen: UInt64
) -> Int32 {
    CAPI.call(nav) { navigator throws(NavigationError) in
        let outCount = try CAPI.required(outCount, "the count out-parameter")
        if capacity > 0 { _ = try CAPI.required(buffer, "the buffer") }
        let handles = try navigator.handles { state throws(NavigationError) in
            guard state.node.screens[screen] != nil else { throw .noSuchScreen(screen) }
            return state.node.tree.hosted[screen]?.children ?? []
        }
        if let buffer {
            for (offset, handle) in handles.prefix(Int(clamping: capacity)).enumerated() { buffer[offset] = handle }
        }
        outCount.pointee = UInt(clamping: handles.count)
        return NAVCORE_OK.rawValue
    }
}

/// Writes the handle of the one navigator `query` names, or NULL when it names none.
private func writeHandle(
    _ out: UnsafeMutablePointer<NavigatorHandle?>?, _ nav: NavigatorHandle?,
    _ query: (borrowing FamilyState) throws(NavigationError) -> [NodeID]
) -> Int32 {
    CAPI.call(nav) { navigator throws(NavigationError) in
        let out = try CAPI.required(out, "the out-parameter")
        out.pointee = try navigator.handles(query).first ?? nil
        return NAVCORE_OK.rawValue
    }
}
