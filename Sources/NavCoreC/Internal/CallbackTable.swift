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
        /// A screen of this navigator has hooks of its own (`CScreenHooks`): appearance and
        /// payload events are made even when no navigator callback wants them.
        var screenHooks = false

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

    let slots: Slots
    /// The navigator's handle bits.
    private let handleBits: UInt64

    init(handle: UInt64, slots: Slots = Slots()) {
        handleBits = handle
        self.slots = slots
        interest = slots.interest
    }

    /// The navigator's handle, as the C callbacks receive it.
    private var handle: NavigatorHandle? { handleBits.navigatorHandle }

    /// What the engine must produce for these callbacks: nothing for an empty slot.
    let interest: EventInterest

    func deliver(_ event: consuming Event) {
        switch consume event {
        case .action(let action):
            if let callback = slots.action { HostCalls.action(callback, handle, action) }
        case .appearance(let change):
            // A switch on the fields rather than `slots[phase]`: the getter would copy `slots`.
            let callback: Registration<navcore_appearance_fn>? =
                switch change.phase {
                case .willShow: slots.willShow
                case .didShow: slots.didShow
                case .willHide: slots.willHide
                case .didHide: slots.didHide
                }
            change.screen.object.screenHooks?.appearance(handle, change)
            if let callback { HostCalls.appearance(callback.function, callback.ctx, handle, change) }
        case .transition(let transition):
            // The engine asks for a transition only while an animator is installed.
            if let animator = slots.animator { HostCalls.transition(animator, handle, transition) }
        case .progress(let id, let value):
            if let callback = slots.progress { HostCalls.progress(callback, handle, id, value) }
        case .bar(let shown, let animated):
            if let callback = slots.bar { HostCalls.bar(callback, handle, shown, animated) }
        case .payload(let screen, let text):
            screen.object.screenHooks?.payload(handle, screen, text)
            if let callback = slots.payload { HostCalls.payload(callback.function, callback.ctx, handle, screen, text) }
        case .release(let screen):
            let hooks = screen.object.screenHooks
            hooks?.release(handle, screen)
            if let callback = slots.release { HostCalls.release(callback.function, callback.ctx, handle, screen) }
            hooks?.destroyContext()
        case .done(let kind, let outcome):
            if let callback = slots.done { HostCalls.done(callback.function, handle, kind, outcome, callback.ctx) }
        case .result:
            break  // the engine calls the screen's listener itself (EventSink.send)
        }
    }

    func shouldPop(_ top: ScreenRef, trigger: PopTrigger, decision: UInt64) -> VetoAnswer {
        guard let veto = slots.veto else { return .allow }
        return HostCalls.veto(veto, handle, top, trigger, decision)
    }

    func wakeup() {
        if let callback = slots.wakeup { HostCalls.wakeup(callback, handle) }
    }

    /// Nothing to do: the engine lets go of this snapshot, and so of the registrations.
    func navigatorDidEnd() {}
}

extension CallbackTable.Slots {
    /// The event kinds with a callback.
    var interest: EventInterest {
        var interest: EventInterest = []
        if action != nil { interest.insert(.action) }
        for phase in AppearancePhase.allCases where screenHooks || self[phase] != nil {
            interest.insert(.appearance(phase))
        }
        if progress != nil { interest.insert(.progress) }
        if bar != nil { interest.insert(.bar) }
        if screenHooks || payload != nil { interest.insert(.payload) }
        if done != nil { interest.insert(.done) }
        if animator != nil { interest.insert(.animator) }
        if veto != nil { interest.insert(.veto) }
        return interest
    }
}
