import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — The pop veto (SPEC §6) and its deferred answer (SPEC §13). There is one veto: each
// registration replaces the other's.

@c public func navcore_on_pop_veto(
    _ nav: NavigatorHandle?, _ fn: navcore_veto_fn?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn.map(CVeto.yesNo), ctx, destroy) { $0.veto = $1 }
}

@c public func navcore_on_pop_veto_deferrable(
    _ nav: NavigatorHandle?, _ fn: navcore_deferrable_veto_fn?, _ ctx: UnsafeMutableRawPointer?,
    _ destroy: navcore_destroy_fn?
) -> Int32 {
    CAPI.register(nav, fn.map(CVeto.deferrable), ctx, destroy) { $0.veto = $1 }
}

/// Answers the pending veto decision.
@c public func navcore_decide(_ nav: NavigatorHandle?, _ decision: UInt64, _ allow: Bool) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in try navigator.core.answerDecision(decision, allow: allow) }
}

/// The host's veto function: the bool one of SPEC §6 (non-zero = yes) or the three-way one of §13.
enum CVeto {
    case yesNo(navcore_veto_fn)
    case deferrable(navcore_deferrable_veto_fn)
}
