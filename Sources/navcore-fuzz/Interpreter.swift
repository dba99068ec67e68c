import CNavCore

// The op interpreter: one command at a time, at top level or inside a callback (a hook's
// program). Each command makes one or a few C calls and checks their statuses
// (Invariants.swift); the commands are grouped by concern in Ops.swift, Screens.swift,
// Registrations.swift and Queries.swift.

/// Where a program runs: the selected navigator slot.
struct Context {
    var slot: Int
}

/// The handle a command calls with, and the navigator model it selects screens from.
struct Resolved {
    let handle: NavHandle?
    /// The selected slot's navigator (live or destroyed), for selectors and expectations.
    let model: NavModel?
    /// The handle is NULL, forged or destroyed: every call with it must fail.
    let bad: Bool

    /// For messages.
    var describe: String {
        guard let handle else { return "NULL" }
        if let model, model.handle == handle { return bad ? "dead#\(model.slot)" : "nav#\(model.slot)" }
        return "forged(\(UInt(bitPattern: handle)))"
    }

    /// The navigator when the handle is live.
    var live: NavModel? { bad ? nil : model }
}

extension Harness {
    /// Runs one input: its commands, the top-level checks after each, then the end of input
    /// (every navigator destroyed and everything it owned accounted for).
    func run(_ bytes: [UInt8]) {
        var reader = Reader(bytes)
        var context = Context(slot: 0)
        while !reader.atEnd && commandBudget > 0 {
            execute(&reader, &context)
            checkTopLevel()
        }
        endInput()
    }

    /// Runs a hook's program inside a callback of `nav`.
    func runProgram(_ program: [UInt8], slot: Int) {
        var reader = Reader(program)
        var context = Context(slot: slot)
        while !reader.atEnd && commandBudget > 0 {
            execute(&reader, &context)
        }
    }

    /// Decodes and runs one command.
    func execute(_ r: inout Reader, _ context: inout Context) {
        commandBudget -= 1
        let byte = r.byte()
        let command = Command.decode(byte)
        let t = target(byte >> 6, &r, context)
        switch command {
        case .nop: break
        case .create: create(&r, &context)
        case .select: context.slot = r.int(Harness.slotCount)
        case .destroy: destroy(t)
        case .drain: drain(t)
        case .alwaysAppear:
            let on = r.flag()
            if on { t.live?.alwaysAppearEver = true }
            expect(navcore_set_always_appear(t.handle, on), "always_appear(\(on))", t)
        case .threshold: threshold(&r, t)
        case .screenCreate:
            let route = r.int(Routes.count)
            _ = createScreen(t, route: route, object: r.byte() == 0 ? nil : nextObject())
        case .discard: discard(&r, t)
        case .screenObject: screenObject(&r, t)
        case .screenRoute: screenRoute(&r, t)
        case .push: push(&r, t)
        case .pop:
            let flags = r.byte()
            ask(NAVCORE_OP_POP, t, flags, "pop") { navcore_pop(t.handle, flags & 1 == 1, $0, $1) }
        case .popTo: popTo(&r, t)
        case .popToRoot:
            let flags = r.byte()
            ask(NAVCORE_OP_POP_TO_ROOT, t, flags, "pop_to_root") { navcore_pop_to_root(t.handle, flags & 1 == 1, $0, $1) }
        case .setStack: setStack(&r, t)
        case .back:
            let flags = r.byte()
            ask(NAVCORE_OP_BACK, t, flags, "back") { navcore_back(t.handle, flags & 1 == 1, $0, $1) }
        case .gesture:
            let flags = r.byte()
            // A decision pending when the gesture is asked must refuse it (busy); one that a
            // later op asks while this call drives the queue is no violation.
            let pending = t.live.map(pendingDecision(of:)) ?? 0
            let box = ask(NAVCORE_OP_GESTURE, t, flags, "gesture") { navcore_gesture_begin(t.handle, $0, $1) }
            if pending != 0, box.status == NAVCORE_OK.rawValue {
                violation("a gesture started while decision \(pending) is pending")
            }
        case .run: run(&r, t)
        case .visible:
            let flags = r.byte()
            ask(NAVCORE_OP_VISIBLE, t, flags, "visible(\(flags & 1))") { navcore_set_visible(t.handle, flags & 1 == 1, $0, $1) }
        case .show: show(&r, t)
        case .finish: endTransition(&r, t, cancel: false)
        case .cancel: endTransition(&r, t, cancel: true)
        case .progress: progress(&r, t)
        case .routeRegister: registerRoute(&r, t)
        case .routeUnregister: unregisterRoute(&r, t)
        case .callback:
            let kind = RegKind(rawValue: r.int(13)) ?? .action
            register(kind, mode: r.int(4), t)
        case .query: query(&r, t)
        case .misuse: misuse(&r, t)
        case .names: names(&r)
        case .hook: armHook(&r, context)
        case .veto: veto(&r, t)
        case .settle: settle(t)
        case .race: race(&r)
        case .pushNew:
            let route = r.int(Routes.count)
            let flags = r.byte()
            let id = createScreen(t, route: route, object: nextObject()) ?? 0
            pushScreen(id, t, flags)
        case .setResult: setText(&r, t, saved: false)
        case .setSaved: setText(&r, t, saved: true)
        case .onResult: onResult(&r, t)
        case .popWithResult: popWithResult(&r, t)
        case .vetoHook: vetoHook(&r, t)
        case .decide: decide(&r, t)
        case .save: save(t)
        case .open: open(&r, t)
        case .retain: retain(&r, t)
        case .restore: restore(&r, t)
        case .showRecycling: showRecycling(&r, t)
        case .textQuery:
            let id = selectScreen(&r, t)
            queryText(id, t, saved: r.flag())
        case .drainBounded: drainBounded(&r, t)
        case .ask: askRequest(&r, t)
        case .attach: attach(&r, t)
        case .activate: activate(t, r.byte())
        case .present: present(&r, t)
        case .dismiss: dismiss(&r, t)
        case .leave: leave(t, r.byte())
        case .familyQuery: familyQuery(&r, t)
        }
    }

    /// The handle of a command, from its variant bits (see Command.swift).
    func target(_ variant: UInt8, _ r: inout Reader, _ context: Context) -> Resolved {
        let selected = model(slot: context.slot)
        switch variant {
        case 2:
            for step in 1..<Harness.slotCount {
                if let other = model(slot: context.slot + step), !other.destroyed { return resolved(other) }
            }
            return resolved(selected)
        case 3:
            let choice = r.byte()
            switch choice % 4 {
            case 0: return Resolved(handle: nil, model: selected, bad: true)
            case 2:
                let options = Target.forgeries + [UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque())]
                let bits = options[Int(choice >> 2) % options.count]
                return Resolved(handle: NavHandle(bitPattern: bits), model: selected, bad: true)
            default: return resolved(selected)
            }
        default:
            return resolved(selected)
        }
    }

    func resolved(_ model: NavModel?) -> Resolved {
        guard let model else { return Resolved(handle: nil, model: nil, bad: true) }
        probe(model)
        return Resolved(handle: model.handle, model: model, bad: model.destroyed)
    }

    // MARK: Navigators

    /// `create dispatch mask`.
    func create(_ r: inout Reader, _ context: inout Context) {
        let dispatchByte = r.byte()
        let mask = r.byte()
        let invalidModes: [Int32] = [2, -1, Int32.max, Int32.min, 255, 3]
        let dispatch = dispatchByte < 0x80 ? Int32(dispatchByte & 1) : invalidModes[Int(dispatchByte) % invalidModes.count]
        let free = (0..<Harness.slotCount).map { (context.slot + $0) % Harness.slotCount }
            .first { slots[$0] == nil || slots[$0]!.destroyed }
        guard let slot = free else { return }
        var handle: NavHandle?
        // dispatch bit 1: created hidden (SPEC §16.12's visible option), bit 2: with the
        // default options; both through navcore_navigator_create_with_options.
        let withOptions = dispatchByte < 0x80 && dispatchByte & 6 != 0
        var options = navcore_create_options()
        _ = navcore_create_options_init(&options, UInt32(NAVCORE_CREATE_OPTIONS_VERSION))
        options.dispatch = dispatch
        options.visible = dispatchByte & 2 == 0
        let status = withOptions ? navcore_navigator_create_with_options(&handle, &options) : navcore_navigator_create(&handle, dispatch)
        log("navigator_create(\(dispatch)\(withOptions ? ", visible \(options.visible)" : "")) -> \(status)")
        checkStatus(status, "navigator_create", op: false)
        guard dispatch == 0 || dispatch == 1 else {
            if status != NAVCORE_ERR_INVALID.rawValue { violation("navigator_create(\(dispatch)) returned \(status), not invalid") }
            if handle != nil { violation("navigator_create wrote its out-parameter on failure") }
            return
        }
        guard status == NAVCORE_OK.rawValue, let handle else {
            violation("navigator_create(\(dispatch)) failed with \(status)")
        }
        if navigators.contains(where: { $0.handle == handle }) {
            violation("navigator_create returned a handle already used in this input: \(handle)")
        }
        let nav = NavModel(slot: slot, handle: handle, hostDispatch: dispatch == 1)
        navigators.append(nav)
        slots[slot] = nav
        context.slot = slot
        let t = resolved(nav)
        let wanted: [(UInt8, [RegKind])] = [
            (0x01, [.animator]), (0x02, [.action]), (0x04, [.willShow, .didShow, .willHide, .didHide]),
            (0x08, [.progress, .bar, .payload]), (0x10, [.done]), (0x20, [.veto]), (0x40, [.wakeup]),
        ]
        for (bit, kinds) in wanted where mask & bit != 0 {
            for kind in kinds { register(kind, mode: 0, t) }
        }
        if mask & 0x80 == 0 { register(.release, mode: 0, t) }
        nav.appearanceUnobserved = mask & 0x04 == 0
        nav.wakeupEverMissing = nav.current[.wakeup] == nil
    }

    /// `destroy`: NULL is accepted; a dead or forged handle fails; a navigator that has a parent
    /// refuses with `state` (SPEC §16.7); a root's destroy kills its whole family's handles.
    func destroy(_ t: Resolved) {
        let member = t.live?.parent != nil
        if let root = t.live, !member {
            // Before the call: callbacks during the teardown see dead handles.
            for nav in members(of: root) where !nav.destroyed {
                nav.destroyed = true
                nav.destroyedWithRoot = true
            }
        }
        let status = navcore_navigator_destroy(t.handle)
        log("destroy(\(t.describe)) -> \(status)")
        checkStatus(status, "destroy", op: false)
        if member {
            if status != NAVCORE_ERR_STATE.rawValue { violation("navigator_destroy of a family member returned \(status), not state") }
        } else if t.handle == nil {
            if status != NAVCORE_OK.rawValue { violation("navigator_destroy(NULL) returned \(status)") }
        } else if t.bad {
            if status != NAVCORE_ERR_INVALID_HANDLE.rawValue {
                violation("navigator_destroy(\(t.describe)) returned \(status), not invalid_handle")
            }
        } else if status != NAVCORE_OK.rawValue {
            violation("navigator_destroy(live) returned \(status)")
        }
    }

    /// `drain`: the wakeup count starts again.
    func drain(_ t: Resolved) {
        if let nav = t.live { _ = noteDrain(nav) }
        expect(navcore_drain(t.handle), "drain", t)
    }

    /// `drain_bounded which count time`: a bounded drain. A valid budget on a live navigator
    /// begins a drain as `drain` does; an invalid one (a count of 0, a negative or NaN time)
    /// must fail with `invalid` and change nothing. At top level the status says what is left:
    /// `queued` only with ops queued, none in flight, and a wakeup raised since the call began
    /// (when one is registered); `ok` only with the queue empty or an op in flight; in inline
    /// mode always `ok`.
    func drainBounded(_ r: inout Reader, _ t: Resolved) {
        let which = r.int(3)
        let countByte = r.byte()
        let count = countByte < 0xF0 ? Int(countByte & 0xF) : -1  // -1: SIZE_MAX
        let seconds = [0, -0.0, .nan, -1e-9, .infinity, 1e9, -.infinity, .greatestFiniteMagnitude][r.int(8)]
        let valid = (which == 1 || count != 0) && (which == 0 || seconds >= 0)
        var began = 0
        if valid, let nav = t.live { began = noteDrain(nav) }
        let status: Int32
        let what: String
        switch which {
        case 0:
            status = navcore_drain_ops(t.handle, count)
            what = "drain_ops(\(count))"
        case 1:
            status = navcore_drain_for(t.handle, seconds)
            what = "drain_for(\(seconds))"
        default:
            status = navcore_drain_ops_for(t.handle, count, seconds)
            what = "drain_ops_for(\(count), \(seconds))"
        }
        log("\(what) on \(t.describe) -> \(status)")
        checkStatus(status, what, t, op: true)
        if let nav = t.live { probe(nav) }  // a member the drain tore down
        guard let nav = t.live, !nav.destroyed else { return }
        guard valid else {
            if status != NAVCORE_ERR_INVALID.rawValue { violation("\(what) returned \(status), not invalid") }
            return
        }
        guard status == NAVCORE_OK.rawValue || status == NAVCORE_QUEUED.rawValue else {
            violation("\(what) on a live navigator returned \(status)")
        }
        if !nav.hostDispatch && status != NAVCORE_OK.rawValue { violation("\(what) in inline mode returned \(status)") }
        guard hookDepth == 0, nav.hostDispatch, let s = snapshot(t) else { return }
        if status == NAVCORE_QUEUED.rawValue {
            if s.pending == 0 || s.busy { violation("\(what) returned queued with \(s.pending) ops queued, busy \(s.busy)") }
            if !nav.wakeupEverMissing && nav.lastWakeup < began {
                violation("\(what) returned queued and no wakeup was raised since it began")
            }
        } else if s.pending > 0 && !s.busy {
            violation("\(what) returned ok with \(s.pending) ops queued and none in flight")
        }
    }

    /// `threshold b`.
    func threshold(_ r: inout Reader, _ t: Resolved) {
        let byte = r.byte()
        let value: Int = byte < 0xF0 ? Int(byte & 0xF) : byte < 0xFE ? Int.max : -1  // -1: SIZE_MAX
        // Recorded before the call: a bar callback during it may set another threshold.
        t.live?.threshold = value >= 0 ? value : nil
        let status = navcore_set_bar_threshold(t.handle, value)
        log("threshold(\(value)) -> \(status)")
        checkStatus(status, "threshold", t)
        if t.live != nil, value >= 0, status != NAVCORE_OK.rawValue { violation("threshold(\(value)) returned \(status)") }
    }

    /// `settle`: drain, and finish the transition in flight, until nothing waits.
    func settle(_ t: Resolved) {
        for _ in 0..<16 {
            guard let nav = t.live, !nav.destroyed else { return }
            drain(t)
            probe(nav)  // a member the drain tore down
            guard !nav.destroyed else { return }
            var id: UInt64 = 0
            expect(navcore_transition_current(&id, t.handle), "transition_current", t, mustSucceed: true)
            guard id != 0 else { return }
            let status = navcore_transition_finish(t.handle, id)
            log("finish(\(id)) [settle] -> \(status)")
            checkStatus(status, "finish", t)
            if status != NAVCORE_OK.rawValue && !nav.destroyed {
                violation("finish of the transition in flight (\(id)) returned \(status)")
            }
        }
    }
}
