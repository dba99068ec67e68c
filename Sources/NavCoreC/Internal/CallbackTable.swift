import CNavCore
import NavCore

/// One navigator's registered callbacks, one slot per kind (per phase for appearance).
struct CallbackTable: Sendable {
    var action: Registration<navcore_action_fn>?
    var willShow: Registration<navcore_appearance_fn>?
    var didShow: Registration<navcore_appearance_fn>?
    var willHide: Registration<navcore_appearance_fn>?
    var didHide: Registration<navcore_appearance_fn>?
    var progress: Registration<navcore_progress_fn>?
    var bar: Registration<navcore_bar_fn>?
    var payload: Registration<navcore_payload_fn>?
    var release: Registration<navcore_release_fn>?
    var done: Registration<navcore_done_fn>?
    var wakeup: Registration<navcore_wakeup_fn>?
    var animator: Registration<navcore_transition_fn>?
    var veto: Registration<navcore_veto_fn>?

    /// The appearance callback of one phase.
    subscript(phase: AppearancePhase) -> Registration<navcore_appearance_fn>? {
        get {
            switch phase {
            case .willShow: willShow
            case .didShow: didShow
            case .willHide: willHide
            case .didHide: didHide
            }
        }
        set {
            switch phase {
            case .willShow: willShow = newValue
            case .didShow: didShow = newValue
            case .willHide: willHide = newValue
            case .didHide: didHide = newValue
            }
        }
    }

    /// What the engine must produce for these callbacks: nothing for an empty slot.
    var interest: EventInterest {
        var interest: EventInterest = []
        if action != nil { interest.insert(.action) }
        for phase in AppearancePhase.allCases where self[phase] != nil { interest.insert(.appearance(phase)) }
        if progress != nil { interest.insert(.progress) }
        if bar != nil { interest.insert(.bar) }
        if payload != nil { interest.insert(.payload) }
        if done != nil { interest.insert(.done) }
        if animator != nil { interest.insert(.animator) }
        if veto != nil { interest.insert(.veto) }
        return interest
    }
}
