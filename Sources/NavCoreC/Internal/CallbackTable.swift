import CNavCore
@_spi(Fronts) import NavCoreEngine

/// One navigator's registered C callbacks as an immutable snapshot, installed in the engine as
/// the navigator's sink: it turns engine events into C calls. Registering a callback installs a
/// new snapshot (`CNavigator.register`), so a registration being replaced can never be called
/// half-way, and its ctx destructor runs once the last snapshot holding it is let go.
final class CallbackTable: EventSink {
    /// The registrations, one slot per kind (per phase for appearance).
    struct Slots: Sendable {
        var action: Slot<navcore_action_fn>?
        var willShow: Slot<navcore_appearance_fn>?
        var didShow: Slot<navcore_appearance_fn>?
        var willHide: Slot<navcore_appearance_fn>?
        var didHide: Slot<navcore_appearance_fn>?
        var progress: Slot<navcore_progress_fn>?
        var bar: Slot<navcore_bar_fn>?
        var payload: Slot<navcore_payload_fn>?
        var release: Slot<navcore_release_fn>?
        /// A retained screen's detach (SPEC §17): the release callback's arguments, the id live.
        var detach: Slot<navcore_release_fn>?
        var done: Slot<navcore_done_fn>?
        /// A navigator navcore made under this one (SPEC §16.10).
        var child: Slot<navcore_child_fn>?
        var wakeup: Slot<navcore_wakeup_fn>?
        var animator: Slot<navcore_transition_fn>?
        var veto: Slot<CVeto>?
        /// A screen of this navigator has hooks of its own (`CScreenHooks`): appearance and
        /// payload events are made even when no navigator callback wants them.
        var screenHooks = false
        /// The observers (`navcore_observer_add`), in the order they were added: each event
        /// reaches them after the callback of its kind.
        var observers: [CObserver] = []
        /// The last token handed to an observer (tokens count up from 1, never reused).
        var lastObserverToken: UInt64 = 0

        /// The appearance callback of one phase.
        subscript(phase: AppearancePhase) -> Slot<navcore_appearance_fn>? {
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
    let handleBits: UInt64

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
        case .action(let action): deliverAction(action)
        case .appearance(let change): deliverAppearance(change)
        case .transition(let transition):
            // The engine asks for a transition only while an animator is installed.
            if let animator = slots.animator?.call { HostCalls.transition(animator, handle, transition) }
        case .progress(let id, let value):
            if let callback = slots.progress?.call { HostCalls.progress(callback, handle, id, value) }
            for observer in slots.observers { observer.progress(handle, id, value) }
        case .bar(let shown, let animated):
            if let callback = slots.bar?.call { HostCalls.bar(callback, handle, shown, animated) }
            for observer in slots.observers { observer.bar(handle, shown, animated) }
        case .payload(let screen, let text):
            if slots.screenHooks { screen.object.screenHooks?.payload(handle, screen, text) }
            if let callback = slots.payload?.call { HostCalls.payload(callback, handle, screen, text) }
            for observer in slots.observers { observer.payload(handle, screen, text) }
        case .release(let screen):
            let hooks = slots.screenHooks ? screen.object.screenHooks : nil
            hooks?.release(handle, screen.ref)
            if let callback = slots.release?.call { HostCalls.release(callback, handle, screen.ref) }
            for observer in slots.observers { observer.release(handle, screen.ref) }
            hooks?.destroyContext()
        case .detach(let screen):
            if let callback = slots.detach?.call { HostCalls.release(callback, handle, screen.ref) }
            for observer in slots.observers { observer.detach(handle, screen.ref) }
        case .done(let kind, let outcome):
            if let callback = slots.done?.call { HostCalls.done(callback.function, handle, kind, outcome, callback.ctx) }
            for observer in slots.observers { observer.done(handle, kind, outcome) }
        case .result:
            break  // the engine calls the screen's listener itself (EventSink.send)
        case .child(let event):
            // The new navigator's handle, made whether or not anyone listens (SPEC §16.12).
            guard let made = CNavigator.adopt(event.child) else { return }
            if let callback = slots.child?.call { callback.function(handle, event.screen, made.pointer, callback.ctx) }
        }
    }

    func deliverAction(_ action: ActionEvent) {
        if let callback = slots.action?.call { HostCalls.action(callback, handle, action) }
        if !slots.observers.isEmpty { observe(action) }
    }

    /// The observers' part of `deliverAction`: out of line, as most hosts have none.
    @inline(never)
    private func observe(_ action: ActionEvent) {
        for observer in slots.observers { observer.action(handle, action) }
    }

    func deliverAppearance(_ change: AppearanceEvent) {
        // A switch on the fields rather than `slots[phase]`: the getter would copy `slots`.
        let callback: Call<navcore_appearance_fn>? =
            switch change.phase {
            case .willShow: slots.willShow?.call
            case .didShow: slots.didShow?.call
            case .willHide: slots.willHide?.call
            case .didHide: slots.didHide?.call
            }
        // The screen's hooks only once some screen has hooks: reading them copies its object.
        if slots.screenHooks { change.screen.object.screenHooks?.appearance(handle, change) }
        if let callback { HostCalls.appearance(callback, handle, change) }
        if !slots.observers.isEmpty { observe(change) }
    }

    /// The observers' part of `deliverAppearance`: out of line, as most hosts have none.
    @inline(never)
    private func observe(_ change: AppearanceEvent) {
        for observer in slots.observers { observer.appearance(handle, change) }
    }

    func shouldPop(_ top: ScreenRef, trigger: PopTrigger, decision: UInt64) -> VetoAnswer {
        guard let veto = slots.veto?.call else { return .allow }
        return HostCalls.veto(veto, handle, top, trigger, decision)
    }

    func wakeup() {
        if let callback = slots.wakeup?.call { HostCalls.wakeup(callback, handle) }
    }

    /// Nothing to do: the engine lets go of this snapshot, and so of the registrations.
    /// The navigator was torn down (a family member: `leave`, a dismissal, the release of its
    /// host screen, the destroy of its root) or destroyed: navcore reclaims its handle, which
    /// every later call finds dead (SPEC §16.12); a destroyed one's is gone already.
    func navigatorDidEnd() {
        withExtendedLifetime(try? HandleTable.shared.remove(handleBits)) {}
    }

    func complete(_ completion: CCallback<CompletionHandler>, _ kind: OperationKind, _ outcome: Outcome) {
        HostCalls.done(completion.done, handle, kind, outcome, completion.ctx)
    }

    func run(_ block: CCallback<RunBlock>) {
        HostCalls.run(block.block, handle, block.ctx)
    }
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
        for observer in observers { interest.formUnion(observer.interest) }
        return interest
    }
}
