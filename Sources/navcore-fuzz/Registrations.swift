import CNavCore

// Registrations: callbacks (one slot per kind) and routes. Each registration gets a fresh
// RegBox as ctx (with the harness's destructor unless the input says otherwise), so the
// destructor's single run can be checked per registration.

extension Harness {
    /// Makes `ctx` a pointer the callbacks accept.
    func register(_ box: OpBox) {
        ops.append(box)
        box.nav?.ops.append(box)
        opContexts.insert(box.ctx)
    }

    func register(_ box: RegBox) {
        registrations.append(box)
        box.nav.registrations.append(box)
        regContexts.insert(box.ctx)
    }

    /// `callback kind mode`: mode 0 register, 1 remove, 2 register without destructor,
    /// 3 (appearance) an invalid phase.
    func register(_ kind: RegKind, mode: Int, _ t: Resolved) {
        let phases: [RegKind: navcore_phase] = [
            .willShow: NAVCORE_PHASE_WILL_SHOW, .didShow: NAVCORE_PHASE_DID_SHOW,
            .willHide: NAVCORE_PHASE_WILL_HIDE, .didHide: NAVCORE_PHASE_DID_HIDE,
        ]
        let removing = mode == 1
        let invalidPhase = mode == 3 && phases[kind] != nil
        var box: RegBox?
        if !removing, let nav = t.model {
            let made = RegBox(nav: nav, kind: kind, hasDestructor: mode != 2)
            register(made)
            box = made
        }
        let waiting = kind == .wakeup && !removing ? workWaiting(t) : 0
        // The model changes before the call: the replaced registration's destructor runs
        // during it, and its hook may register again.
        if let nav = t.live, !invalidPhase {
            box?.accepted = true  // it is in effect from inside the call on
            nav.current[kind == .deferrableVeto ? .veto : kind] = box
            if removing && kind == .release {
                for screen in nav.screens where screen.releases == 0 { screen.releaseUnobserved = true }
                nav.resultsAwaitingRelease = []
            }
            if removing && kind == .wakeup { nav.wakeupEverMissing = true }
            if removing && (kind == .willShow || kind == .willHide) { nav.appearanceUnobserved = true }
        }
        let ctx = box?.ctx
        let destroy: navcore_destroy_fn? = box?.hasDestructor == true ? destroyContext : nil
        let h = t.handle
        let status: Int32
        switch kind {
        case .action: status = navcore_on_action(h, removing ? nil : actionCallback, ctx, destroy)
        case .willShow, .didShow, .willHide, .didHide:
            let invalid: [Int32] = [4, -1, 100, Int32.min]
            let phase = invalidPhase ? invalid[Int(objectSerial) % invalid.count] : Int32(phases[kind]!.rawValue)
            status = navcore_on_appearance(h, phase, removing ? nil : appearanceCallback, ctx, destroy)
        case .progress: status = navcore_on_progress(h, removing ? nil : progressCallback, ctx, destroy)
        case .bar: status = navcore_on_bar(h, removing ? nil : barCallback, ctx, destroy)
        case .payload: status = navcore_on_payload(h, removing ? nil : payloadCallback, ctx, destroy)
        case .release: status = navcore_on_release(h, removing ? nil : releaseCallback, ctx, destroy)
        case .done: status = navcore_on_done(h, removing ? nil : doneCallback, ctx, destroy)
        case .wakeup:
            // SPEC §9: a wakeup registered while work waits is called once at once, even if one
            // was raised since the last drain: the count starts again.
            if !removing { t.live?.wakeupsSinceDrain = 0 }
            let before = sequence
            status = navcore_on_wakeup(h, removing ? nil : wakeupCallback, ctx, destroy)
            if waiting > 0, status == NAVCORE_OK.rawValue, t.live?.destroyed == false, sequence == before {
                violation("a wakeup registered while \(waiting) ops wait was not called at once")
            }
        case .animator: status = navcore_on_transition(h, removing ? nil : transitionCallback, ctx, destroy)
        case .veto: status = navcore_on_pop_veto(h, removing ? nil : vetoCallback, ctx, destroy)
        case .deferrableVeto:
            status = navcore_on_pop_veto_deferrable(h, removing ? nil : deferrableVetoCallback, ctx, destroy)
        case .route, .result: return
        }
        box?.inCall = false
        box?.accepted = status == NAVCORE_OK.rawValue
        log("register(\(kind), mode \(mode)) on \(t.describe) -> \(status)")
        checkStatus(status, "register \(kind)", t)
        if let box, !box.accepted, box.destroys > 0 { violation("a failed registration's ctx destructor ran") }
        guard let nav = t.live else { return }
        if invalidPhase {
            if status != NAVCORE_ERR_INVALID.rawValue { violation("on_appearance with an invalid phase returned \(status)") }
            return
        }
        if status != NAVCORE_OK.rawValue { violation("registering \(kind) on a live navigator returned \(status)") }
        _ = nav
    }

    /// The ops a host-mode navigator has queued, when a wakeup registered now must be called
    /// during the registration (SPEC §9): at top level, and with no ctx destructor of the
    /// replaced wakeup (whose hook could drain the queue meanwhile); else 0.
    private func workWaiting(_ t: Resolved) -> Int {
        // A member's own wakeup is not called while it has a parent (SPEC §16.8).
        guard let nav = t.live, nav.hostDispatch, nav.parent == nil, callbacksRunning == 0, nav.current[.wakeup]?.hasDestructor != true,
              let s = snapshot(t)
        else { return 0 }
        return s.pending
    }

    /// `route route flags`: bit 0 the factory fails, 1 NULL object, 2 no destructor,
    /// 3 NULL factory.
    func registerRoute(_ r: inout Reader, _ t: Resolved) {
        let route = r.int(Routes.count)
        let flags = r.byte()
        var box: RegBox?
        if let nav = t.model {
            let made = RegBox(nav: nav, kind: .route, hasDestructor: flags & 4 == 0)
            made.route = route
            made.factoryFails = flags & 1 != 0
            made.factoryNullObject = flags & 2 != 0
            register(made)
            box = made
        }
        let nullFactory = flags & 8 != 0
        let status = Routes.with(route) { name in
            navcore_route_register(t.handle, name, nullFactory ? nil : factoryCallback, box?.ctx,
                                   box?.hasDestructor == true ? destroyContext : nil)
        }
        box?.inCall = false
        box?.accepted = status == NAVCORE_OK.rawValue
        log("route_register(\(route), flags \(flags)) on \(t.describe) -> \(status)")
        checkStatus(status, "route_register", t)
        if let box, !box.accepted, box.destroys > 0 { violation("a failed route registration's ctx destructor ran") }
        guard let nav = t.live else { return }
        let validName = Routes.names[route].map { String(validating: $0, as: UTF8.self) != nil } ?? false
        let expected: navcore_status =
            !validName || nullFactory ? NAVCORE_ERR_INVALID : nav.routes[route] != nil ? NAVCORE_ERR_EXISTS : NAVCORE_OK
        if status != expected.rawValue { violation("route_register(\(route)) returned \(status), expected \(expected.rawValue)") }
        if status == NAVCORE_OK.rawValue { nav.routes[route] = box }
    }

    /// `unroute route`.
    func unregisterRoute(_ r: inout Reader, _ t: Resolved) {
        let route = r.int(Routes.count)
        // The model changes before the call: the factory's destructor runs during it, and its
        // hook may register the route again.
        let expected = t.live.map { $0.routes[route] != nil ? NAVCORE_OK : NAVCORE_ERR_INVALID }
        t.live?.routes[route] = nil
        let status = Routes.with(route) { navcore_route_unregister(t.handle, $0) }
        log("route_unregister(\(route)) on \(t.describe) -> \(status)")
        checkStatus(status, "route_unregister", t)
        if let expected, status != expected.rawValue {
            violation("route_unregister(\(route)) returned \(status), expected \(expected.rawValue)")
        }
    }

    /// `veto label answer`: answer % 4 is a VetoAnswer (0 allow removes the label's answer).
    func veto(_ r: inout Reader, _ t: Resolved) {
        let label = r.byte()
        let answer = r.byte() % 4
        guard let nav = t.model else { return }
        if label == 0xFF {
            nav.vetoAll = answer
        } else {
            nav.vetoAnswers[Int(label & 0x7F)] = answer == 0 ? nil : answer
        }
    }
}
