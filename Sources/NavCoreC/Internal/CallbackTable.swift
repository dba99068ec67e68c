import CNavCore
import NavCore

/// One navigator's registered C callbacks as an immutable snapshot, installed in the engine as
/// the navigator's sink: it turns engine events into C calls. Registering a callback installs a
/// new snapshot (`CNavigator.register`), so a registration being replaced can never be called
/// half-way, and its ctx destructor runs once the last snapshot holding it is let go.
final class CallbackTable: EventSink {
    /// The registrations, one slot per kind (per phase for appearance).
    struct Slots: Sendable {
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
        var veto: Registration<CVeto>?

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
    }

    /// The registrations' functions and ctxs, read by the deliveries: plain values, so that a
    /// delivery retains nothing; `slots` keeps them alive as long as this table.
    struct Calls: Sendable {
        let action: Call<navcore_action_fn>?
        let willShow: Call<navcore_appearance_fn>?
        let didShow: Call<navcore_appearance_fn>?
        let willHide: Call<navcore_appearance_fn>?
        let didHide: Call<navcore_appearance_fn>?
        let progress: Call<navcore_progress_fn>?
        let bar: Call<navcore_bar_fn>?
        let payload: Call<navcore_payload_fn>?
        let release: Call<navcore_release_fn>?
        let done: Call<navcore_done_fn>?
        let wakeup: Call<navcore_wakeup_fn>?
        let animator: Call<navcore_transition_fn>?
        let veto: Call<CVeto>?

        init(_ slots: Slots) {
            action = slots.action?.call
            willShow = slots.willShow?.call
            didShow = slots.didShow?.call
            willHide = slots.willHide?.call
            didHide = slots.didHide?.call
            progress = slots.progress?.call
            bar = slots.bar?.call
            payload = slots.payload?.call
            release = slots.release?.call
            done = slots.done?.call
            wakeup = slots.wakeup?.call
            animator = slots.animator?.call
            veto = slots.veto?.call
        }
    }

    let slots: Slots
    private let calls: Calls
    /// The navigator's handle bits.
    private let handleBits: UInt64

    init(handle: UInt64, slots: Slots = Slots()) {
        handleBits = handle
        self.slots = slots
        calls = Calls(slots)
        interest = slots.interest
    }

    /// The navigator's handle, as the C callbacks receive it.
    private var handle: NavigatorHandle? { handleBits.navigatorHandle }

    /// What the engine must produce for these callbacks: nothing for an empty slot.
    let interest: EventInterest

    func deliver(_ event: consuming Event) {
        switch consume event {
        case .action(let action):
            if let callback = calls.action { HostCalls.action(callback, handle, action) }
        case .appearance(let change):
            let callback: Call<navcore_appearance_fn>? =
                switch change.phase {
                case .willShow: calls.willShow
                case .didShow: calls.didShow
                case .willHide: calls.willHide
                case .didHide: calls.didHide
                }
            if let callback { HostCalls.appearance(callback, handle, change) }
        case .transition(let transition):
            // The engine asks for a transition only while an animator is installed.
            if let animator = calls.animator { HostCalls.transition(animator, handle, transition) }
        case .progress(let id, let value):
            if let callback = calls.progress { HostCalls.progress(callback, handle, id, value) }
        case .bar(let shown, let animated):
            if let callback = calls.bar { HostCalls.bar(callback, handle, shown, animated) }
        case .payload(let screen, let text):
            if let callback = calls.payload { HostCalls.payload(callback, handle, screen, text) }
        case .release(let screen):
            if let callback = calls.release { HostCalls.release(callback, handle, screen) }
        case .done(let kind, let outcome):
            if let callback = calls.done { HostCalls.done(callback.function, handle, kind, outcome, callback.ctx) }
        case .result:
            break  // the engine calls the screen's listener itself (EventSink.send)
        }
    }

    func shouldPop(_ top: ScreenRef, trigger: PopTrigger, decision: UInt64) -> VetoAnswer {
        guard let veto = calls.veto else { return .allow }
        return HostCalls.veto(veto, handle, top, trigger, decision)
    }

    func wakeup() {
        if let callback = calls.wakeup { HostCalls.wakeup(callback, handle) }
    }

    /// Nothing to do: the engine lets go of this snapshot, and so of the registrations.
    func navigatorDidEnd() {}
}

extension CallbackTable.Slots {
    /// The event kinds with a callback.
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
