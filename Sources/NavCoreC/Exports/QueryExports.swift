import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Queries. Each checks its out-parameter first and reads under the lock.

@c public func navcore_stack_count(_ out: UnsafeMutablePointer<UInt>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { UInt(clamping: $0.node.stack.count) }
}

@c public func navcore_stack_get(_ out: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?, _ index: UInt) -> Int32 {
    CAPI.query(out, nav) { state throws(NavigationError) in
        guard let position = Int(exactly: index), state.node.stack.indices.contains(position) else {
            throw NavigationError(.invalid, "index \(index) is outside the stack of \(state.node.stack.count)")
        }
        return state.node.stack[position].id
    }
}

@c public func navcore_stack_copy(
    _ outCount: UnsafeMutablePointer<UInt>?, _ buffer: UnsafeMutablePointer<UInt64>?, _ capacity: UInt,
    _ nav: NavigatorHandle?
) -> Int32 {
    CAPI.call(nav) { navigator throws(NavigationError) in
        let outCount = try CAPI.required(outCount, "the count out-parameter")
        if capacity > 0 { _ = try CAPI.required(buffer, "the buffer") }
        let ids = try navigator.core.read { $0.node.stack.map { $0.id } }
        if let buffer {
            for (offset, id) in ids.prefix(Int(clamping: capacity)).enumerated() { buffer[offset] = id }
        }
        outCount.pointee = UInt(clamping: ids.count)
        return NAVCORE_OK.rawValue
    }
}

@c public func navcore_top(_ out: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.node.stack.last?.id ?? 0 }
}

@c public func navcore_root(_ out: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.node.stack.first?.id ?? 0 }
}

@c public func navcore_action_state(_ out: UnsafeMutablePointer<Int32>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.node.action.rawValue }
}

@c public func navcore_is_busy(_ out: UnsafeMutablePointer<Bool>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.busy }
}

@c public func navcore_pending_count(_ out: UnsafeMutablePointer<UInt>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { UInt(clamping: $0.pending) }
}

@c public func navcore_is_bar_shown(_ out: UnsafeMutablePointer<Bool>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.node.barShown }
}

@c public func navcore_is_visible(_ out: UnsafeMutablePointer<Bool>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.node.visible }
}

@c public func navcore_can_go_back(_ out: UnsafeMutablePointer<Bool>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.canGoBack }
}

@c public func navcore_transition_current(_ out: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.transition?.id ?? 0 }
}

@c public func navcore_pending_decision(_ out: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?) -> Int32 {
    CAPI.query(out, nav) { $0.pendingDecision ?? 0 }
}
