import CNavCore
@_spi(Fronts) import NavCoreEngine

/// Every call navcore makes into host C code, in one place, with the conversions from engine
/// values to C values. Callers guarantee what SPEC §9 asks: no lock held, the driving thread.
enum HostCalls {
    /// The action event, with the host objects beside the ids (valid during the call, also for
    /// screens being released: in a `*_completed` event their ids are dead, their objects not
    /// yet handed back).
    @inline(__always)
    static func action(_ callback: Call<navcore_action_fn>, _ nav: NavigatorHandle?, _ event: ActionEvent) {
        if event.disappearing.count <= 1 {  // nearly every event (one screen, or none for idle): no list to copy
            let only = event.disappearing.single
            var id = only?.id ?? 0
            var object = only?.pointer
            action(callback, nav, event, ids: &id, objects: &object, count: only == nil ? 0 : 1)
            return
        }
        actionWithList(callback, nav, event)
    }

    /// `action` with the disappearing screens copied into two temporary arrays: out of line,
    /// so that the common case of one screen or none, inlined into its caller, does not set
    /// them up.
    @inline(never)
    private static func actionWithList(_ callback: Call<navcore_action_fn>, _ nav: NavigatorHandle?, _ event: ActionEvent) {
        let capacity = Swift.max(1, event.disappearing.count)
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: capacity) { ids in
            withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: capacity) { objects in
                let count = event.disappearing.write(into: ids) { $0.id }
                _ = event.disappearing.write(into: objects) { $0.pointer }
                action(callback, nav, event, ids: ids.baseAddress, objects: objects.baseAddress, count: count)
            }
        }
    }

    /// The action callback with the disappearing screens' ids and objects at `ids`, `objects`.
    private static func action(_ callback: Call<navcore_action_fn>, _ nav: NavigatorHandle?, _ event: ActionEvent,
                               ids: UnsafePointer<UInt64>?, objects: UnsafePointer<UnsafeMutableRawPointer?>?, count: Int) {
        var cEvent = navcore_action_event(
            state: event.state.rawValue, appearing: event.appearing?.id ?? 0,
            disappearing: ids, disappearing_count: count, animated: event.animated,
            appearing_object: event.appearing?.pointer, disappearing_objects: objects)
        callback.function(nav, &cEvent, callback.ctx)
    }

    /// A navigator's appearance callback or a screen's own hook.
    static func appearance(_ callback: Call<navcore_appearance_fn>, _ nav: NavigatorHandle?, _ event: AppearanceEvent) {
        callback.function(nav, event.phase.rawValue, event.screen.id, event.screen.pointer,
                          event.reason.rawValue, event.animated, callback.ctx)
    }

    static func transition(_ callback: Call<navcore_transition_fn>, _ nav: NavigatorHandle?, _ event: TransitionEvent) {
        // A stack change is the navigator's own; a present or dismiss names its two navigators.
        let (fromNavigator, toNavigator) = event.style == .push || event.style == .pop ? (nav, nav) : modalNavigators(nav)
        var transition = navcore_transition(
            id: event.id, style: event.style.rawValue, from: event.from.id, to: event.to.id,
            from_object: event.from.pointer, to_object: event.to.pointer, interactive: event.interactive,
            from_navigator: fromNavigator, to_navigator: toNavigator)
        callback.function(nav, &transition, callback.ctx)
    }

    /// The handles of the navigators whose tops a present's or dismiss's transition goes from
    /// and to (SPEC §16.12), read from the family while the transition is with the animator;
    /// NULL when the family can no longer be read: a `destroy` inside a callback killed every
    /// handle of the family before the op's synchronous part delivered this transition.
    private static func modalNavigators(_ nav: NavigatorHandle?) -> (NavigatorHandle?, NavigatorHandle?) {
        guard let nav else { return (nil, nil) }
        let handles = try? HandleTable.shared.withNavigator(nav.handleBits) { navigator in
            try? navigator.handles { state in state.modalTransitionMembers }
        }
        guard let handles = handles ?? nil, handles.count == 2 else { return (nil, nil) }
        return (handles[0], handles[1])
    }

    static func progress(_ callback: Call<navcore_progress_fn>, _ nav: NavigatorHandle?, _ id: UInt64, _ value: Double) {
        callback.function(nav, id, value, callback.ctx)
    }

    static func bar(_ callback: Call<navcore_bar_fn>, _ nav: NavigatorHandle?, _ shown: Bool, _ animated: Bool) {
        callback.function(nav, shown, animated, callback.ctx)
    }

    static func payload(_ callback: Call<navcore_payload_fn>, _ nav: NavigatorHandle?, _ screen: ScreenRef, _ text: String) {
        text.withCString { callback.function(nav, screen.id, screen.pointer, $0, callback.ctx) }
    }

    static func release(_ callback: Call<navcore_release_fn>, _ nav: NavigatorHandle?, _ screen: ScreenRef) {
        screen.route.withCString { callback.function(nav, screen.id, screen.pointer, $0, callback.ctx) }
    }

    static func done(_ function: navcore_done_fn, _ nav: NavigatorHandle?, _ kind: OperationKind, _ outcome: Outcome,
                     _ ctx: UnsafeMutableRawPointer?) {
        function(nav, kind.rawValue, outcome.rawValue, ctx)
    }

    static func wakeup(_ callback: Call<navcore_wakeup_fn>, _ nav: NavigatorHandle?) {
        callback.function(nav, callback.ctx)
    }

    /// The veto's answer: a bool veto's non-zero is allow; a deferrable veto's value other than
    /// the three answers refuses.
    static func veto(_ callback: Call<CVeto>, _ nav: NavigatorHandle?, _ top: ScreenRef,
                     _ trigger: PopTrigger, _ decision: UInt64) -> VetoAnswer {
        switch callback.function {
        case .yesNo(let function):
            return function(nav, top.id, top.pointer, trigger == .gesture, callback.ctx) ? .allow : .refuse
        case .deferrable(let function):
            switch UInt32(bitPattern: function(nav, top.id, top.pointer, trigger == .gesture, decision, callback.ctx)) {
            case NAVCORE_VETO_ALLOW.rawValue: return .allow
            case NAVCORE_VETO_LATER.rawValue: return .later
            default: return .refuse
            }
        }
    }

    static func result(_ callback: Call<navcore_result_fn>, _ nav: NavigatorHandle?, _ screen: ScreenRef,
                       _ text: String?) {
        withOptionalCString(text) { callback.function(nav, screen.id, screen.pointer, $0, callback.ctx) }
    }

    static func run(_ function: navcore_run_fn, _ nav: NavigatorHandle?, _ ctx: UnsafeMutableRawPointer?) {
        function(nav, ctx)
    }

    /// A route's factory: the host object, or `nil` when the factory reported a failure.
    static func factory(_ callback: Call<navcore_factory_fn>, _ nav: NavigatorHandle?, route: String,
                        id: UInt64, payload: String?) -> HostObject? {
        var object: UnsafeMutableRawPointer?
        let status = route.withCString { route in
            withOptionalCString(payload) { callback.function(&object, nav, route, id, $0, callback.ctx) }
        }
        return status == 0 ? .address(UInt(bitPattern: object)) : nil
    }

    static func destroy(_ function: navcore_destroy_fn?, _ ctx: UnsafeMutableRawPointer?) {
        function?(ctx)
    }

    private static func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let text else { return body(nil) }
        return text.withCString(body)
    }
}

extension HostObject {
    /// The host's `void *`.
    var pointer: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: address) }
}

extension ScreenRef {
    /// The screen's host `void *`, read in place.
    var pointer: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: address) }
}
