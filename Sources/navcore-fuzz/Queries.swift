import CNavCore
import Glibc

// Queries, transition calls, misuse (NULL out-parameters) and the name functions.

/// What the queries of a live navigator read, each checked for its range.
struct Snapshot {
    var stack: [UInt64] = []
    var busy = false
    var pending = 0
    var transition: UInt64 = 0
    var decision: UInt64 = 0
    var barShown = false
    var visible = false
    var canGoBack = false
    var action: Int32 = 0
}

extension Harness {
    /// Reads every query of a live navigator and checks them against each other.
    func snapshot(_ t: Resolved) -> Snapshot? {
        guard let nav = t.live, let stack = stackIDs(t) else { return nil }
        var s = Snapshot(stack: stack)
        let h = t.handle
        var count = 0
        expect(navcore_stack_count(&count, h), "stack_count", t, mustSucceed: true)
        if count != stack.count { violation("stack_count \(count) but stack_copy \(stack.count)") }
        expect(navcore_is_busy(&s.busy, h), "is_busy", t, mustSucceed: true)
        expect(navcore_pending_count(&s.pending, h), "pending_count", t, mustSucceed: true)
        expect(navcore_transition_current(&s.transition, h), "transition_current", t, mustSucceed: true)
        expect(navcore_pending_decision(&s.decision, h), "pending_decision", t, mustSucceed: true)
        expect(navcore_is_bar_shown(&s.barShown, h), "is_bar_shown", t, mustSucceed: true)
        expect(navcore_is_visible(&s.visible, h), "is_visible", t, mustSucceed: true)
        expect(navcore_can_go_back(&s.canGoBack, h), "can_go_back", t, mustSucceed: true)
        expect(navcore_action_state(&s.action, h), "action_state", t, mustSucceed: true)
        var top: UInt64 = 1, root: UInt64 = 1
        expect(navcore_top(&top, h), "top", t, mustSucceed: true)
        expect(navcore_root(&root, h), "root", t, mustSucceed: true)
        if top != (stack.last ?? 0) || root != (stack.first ?? 0) { violation("top/root disagree with the stack") }
        if !(0...10).contains(s.action) { violation("action_state \(s.action) is not a navcore_action") }
        // In a family a back is routed (SPEC §16.6): a target may be another member.
        if !isShared(nav), s.canGoBack != (!s.busy && s.pending == 0 && stack.count >= 2) {
            violation("can_go_back \(s.canGoBack) with busy \(s.busy), pending \(s.pending), \(stack.count) screens")
        }
        if s.transition != 0 && !s.busy { violation("transition \(s.transition) in flight while not busy") }
        if s.decision != 0 && (!s.busy || s.transition != 0) {
            violation("decision \(s.decision) pending, busy \(s.busy), transition \(s.transition)")
        }
        if Set(stack).count != stack.count { violation("the stack holds a screen twice: \(stack)") }
        for id in stack {
            guard let screen = screens[id], screen.nav === nav else { violation("the stack holds \(id), not a screen of this navigator") }
            if screen.releases > 0 { violation("the stack holds the released screen \(id)") }
        }
        return s
    }

    /// `query which`.
    func query(_ r: inout Reader, _ t: Resolved) {
        let which = r.byte()
        if which == 0xFF, t.live != nil {
            _ = snapshot(t)
            return
        }
        let h = t.handle
        var id: UInt64 = 0, count = 0, flag = false, state: Int32 = 0
        switch which % 13 {
        case 0: expect(navcore_stack_count(&count, h), "stack_count", t, mustSucceed: true)
        case 1:
            let stack = stackIDs(t) ?? []
            let index = Int(which >> 4) % (stack.count + 2)
            let status = navcore_stack_get(&id, h, index)
            checkStatus(status, "stack_get", t)
            if t.live != nil {
                if index < stack.count {
                    if status != NAVCORE_OK.rawValue || id != stack[index] { violation("stack_get(\(index)) -> \(status), \(id)") }
                } else if status != NAVCORE_ERR_INVALID.rawValue {
                    violation("stack_get(\(index)) beyond \(stack.count) screens returned \(status)")
                }
            }
        case 2:
            let capacity = Int(which >> 4) % 6
            let buffer: UnsafeMutablePointer<UInt64>? = capacity == 0 ? nil : .allocate(capacity: capacity)
            defer { buffer?.deallocate() }
            expect(navcore_stack_copy(&count, buffer, capacity, h), "stack_copy(\(capacity))", t, mustSucceed: true)
        case 3: expect(navcore_top(&id, h), "top", t, mustSucceed: true)
        case 4: expect(navcore_root(&id, h), "root", t, mustSucceed: true)
        case 5:
            expect(navcore_action_state(&state, h), "action_state", t, mustSucceed: true)
            if t.live != nil, !(0...10).contains(state) { violation("action_state \(state)") }
        case 6: expect(navcore_is_busy(&flag, h), "is_busy", t, mustSucceed: true)
        case 7: expect(navcore_pending_count(&count, h), "pending_count", t, mustSucceed: true)
        case 8: expect(navcore_is_bar_shown(&flag, h), "is_bar_shown", t, mustSucceed: true)
        case 9: expect(navcore_is_visible(&flag, h), "is_visible", t, mustSucceed: true)
        case 10: expect(navcore_can_go_back(&flag, h), "can_go_back", t, mustSucceed: true)
        case 11: expect(navcore_transition_current(&id, h), "transition_current", t, mustSucceed: true)
        default: if t.live != nil { _ = snapshot(t) }
        }
    }

    /// Reads a transition selector (Input.swift).
    func selectTransition(_ r: inout Reader, _ t: Resolved) -> (id: UInt64, inFlight: Bool) {
        let last = t.model?.lastTransition ?? 0
        switch r.int(8) {
        case 0:
            var id: UInt64 = 0
            if t.live != nil { expect(navcore_transition_current(&id, t.handle), "transition_current", t, mustSucceed: true) }
            return (id, id != 0)
        case 1: return (last, false)
        case 2: return (last &+ 1, false)
        case 3: return (0, false)
        case 4: return (UInt64.max, false)
        case 5:
            let others = navigators.filter { $0 !== t.model && $0.lastTransition != 0 }
            return (others.last?.lastTransition ?? 7, false)
        case 6: return (last &- 1, false)
        default: return (r.uint64(), false)
        }
    }

    /// `finish tsel` / `cancel tsel`: with the id in flight (queried) they must succeed
    /// (cancel: if the transition is interactive); with id 0 they must fail with state.
    func endTransition(_ r: inout Reader, _ t: Resolved, cancel: Bool) {
        let (id, inFlight) = selectTransition(&r, t)
        let status = cancel ? navcore_transition_cancel(t.handle, id) : navcore_transition_finish(t.handle, id)
        let what = cancel ? "cancel(\(id))" : "finish(\(id))"
        log("\(what) on \(t.describe) -> \(status)")
        checkStatus(status, what, t)
        guard let nav = t.live else { return }
        if id == 0, status != NAVCORE_ERR_STATE.rawValue { violation("\(what) returned \(status), not state") }
        guard inFlight, let interactive = familyTransition(nav, id) else { return }
        let expected = !cancel || interactive ? NAVCORE_OK : NAVCORE_ERR_STATE
        if status != expected.rawValue { violation("\(what) of the transition in flight returned \(status), expected \(expected.rawValue)") }
    }

    /// `progress tsel p`.
    func progress(_ r: inout Reader, _ t: Resolved) {
        let (id, inFlight) = selectTransition(&r, t)
        let value = progressValue(r.byte())
        let status = navcore_transition_progress(t.handle, id, value)
        log("progress(\(id), \(value)) on \(t.describe) -> \(status)")
        checkStatus(status, "progress", t)
        guard let nav = t.live else { return }
        if id == 0, status != NAVCORE_ERR_STATE.rawValue { violation("progress(0) returned \(status), not state") }
        guard inFlight, let interactive = familyTransition(nav, id) else { return }
        let expected = !interactive ? NAVCORE_ERR_STATE : (0...1).contains(value) ? NAVCORE_OK : NAVCORE_ERR_INVALID
        if status != expected.rawValue { violation("progress(\(id), \(value)) returned \(status), expected \(expected.rawValue)") }
    }

    /// `misuse which`: NULL where the header requires a pointer; a live handle must answer
    /// invalid, and nothing may change.
    func misuse(_ r: inout Reader, _ t: Resolved) {
        let h = t.handle
        let which = r.int(27)
        var id: UInt64 = 0, count = 0
        let status: Int32
        switch which {
        case 0:
            status = navcore_navigator_create(nil, 0)
            if status != NAVCORE_ERR_INVALID.rawValue { violation("navigator_create(NULL) returned \(status)") }
            return
        case 1: status = navcore_screen_create(nil, h, nil, nil)
        case 2: status = navcore_screen_object(nil, h, id)
        case 3: status = navcore_screen_route(nil, nil, 0, h, stackIDs(t)?.last ?? 1)
        case 4: status = navcore_screen_route(&count, nil, 5, h, stackIDs(t)?.last ?? 1)
        case 5: status = navcore_stack_count(nil, h)
        case 6: status = navcore_stack_get(nil, h, 0)
        case 7: status = navcore_stack_copy(nil, nil, 0, h)
        case 8: status = navcore_stack_copy(&count, nil, 3, h)
        case 9: status = navcore_top(nil, h)
        case 10: status = navcore_root(nil, h)
        case 11: status = navcore_action_state(nil, h)
        case 12: status = navcore_is_busy(nil, h)
        case 13: status = navcore_pending_count(nil, h)
        case 14: status = navcore_is_bar_shown(nil, h)
        case 15: status = navcore_is_visible(nil, h)
        case 16: status = navcore_can_go_back(nil, h)
        case 17: status = navcore_transition_current(nil, h)
        case 18: status = navcore_route_register(h, nil, factoryCallback, nil, nil)
        case 19: status = navcore_route_unregister(h, nil)
        case 20: status = navcore_on_appearance(h, 99, nil, nil, nil)
        case 24: status = navcore_save(nil, h)
        case 25: status = navcore_screen_result(nil, h, stackIDs(t)?.last ?? 1)
        case 26: status = navcore_screen_saved_state(nil, h, stackIDs(t)?.last ?? 1)
        default:
            // NULL-argument ops go through `ask`, so a wrongly accepted one is also owed a completion.
            switch which {
            case 21:
                ask(NAVCORE_OP_SHOW, t, 0, "show(NULL)", expected: .status(NAVCORE_ERR_INVALID)) { navcore_show(h, nil, nil, $0, $1) }
            case 22:
                ask(NAVCORE_OP_RUN, t, 0, "run(NULL)", expected: .status(NAVCORE_ERR_INVALID)) { navcore_run(h, nil, $0, $1) }
            default:
                ask(NAVCORE_OP_SET, t, 0, "set(NULL, 2)", expected: .status(NAVCORE_ERR_INVALID)) {
                    navcore_set_stack(h, nil, 2, false, $0, $1)
                }
            }
            return
        }
        log("misuse \(which) on \(t.describe) -> \(status)")
        checkStatus(status, "misuse \(which)", t)
        if t.live != nil, status != NAVCORE_ERR_INVALID.rawValue {
            violation("misuse \(which) (a NULL pointer) returned \(status), not invalid")
        }
        _ = id
    }

    /// `names b`: every name function with a value from the input, the version, the message.
    func names(_ r: inout Reader) {
        let b = r.byte()
        let value: Int32 = b == 0x80 ? Int32.min : b == 0x7F ? Int32.max : Int32(Int8(bitPattern: b))
        let ranges: [(String, (Int32) -> UnsafePointer<CChar>?, ClosedRange<Int32>)] = [
            ("status", navcore_status_string, -8...1), ("outcome", navcore_outcome_string, 0...9),
            ("op", navcore_op_string, 0...15), ("action", navcore_action_string, 0...10),
            ("reason", navcore_reason_string, 0...7),
        ]
        for (name, function, valid) in ranges {
            guard let pointer = function(value) else { violation("navcore_\(name)_string(\(value)) returned NULL") }
            let text = String(cString: pointer)
            if text.isEmpty || text.utf8.count > 64 { violation("navcore_\(name)_string(\(value)) = '\(text)'") }
            if valid.contains(value) == (text == "unknown") { violation("navcore_\(name)_string(\(value)) = '\(text)'") }
        }
        navcore_free(nil)  // accepted, does nothing (SPEC §15)
        if String(cString: navcore_version()) != NAVCORE_VERSION_STRING { violation("navcore_version() differs from the header") }
        if navcore_version_number() != NAVCORE_VERSION_NUMBER { violation("navcore_version_number() differs from the header") }
        _ = strlen(navcore_last_error_message())
    }
}
