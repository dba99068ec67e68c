import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Transitions.

@c public func navcore_transition_finish(_ nav: NavigatorHandle?, _ id: UInt64) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in try navigator.core.finishTransition(id) }
}

@c public func navcore_transition_cancel(_ nav: NavigatorHandle?, _ id: UInt64) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in try navigator.core.cancelTransition(id) }
}

@c public func navcore_transition_progress(_ nav: NavigatorHandle?, _ id: UInt64, _ progress: Double) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in try navigator.core.reportProgress(id, progress) }
}
