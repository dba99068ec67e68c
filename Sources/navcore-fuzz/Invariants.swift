import CNavCore
import Glibc

// The invariants. A violation prints what broke and aborts, which libFuzzer reports as a
// crash (and the replay tool as a failure). Checked:
//   - at every call: the status is a navcore_status (QUEUED only for ops); a failing call set a
//     message; a NULL, forged or destroyed handle fails; a few statuses the header fixes;
//   - in every callback (Callbacks.swift): a ctx the harness registered, the right navigator,
//     values within the header's enums, screens the navigator owns, and no nesting;
//   - after every top-level command: live navigators do not stall (inline: nothing waits while
//     idle; busy means a transition waits for the host or a decision is pending, and a pending
//     decision means busy with no transition; host mode: ops wait only after a wakeup), the bar
//     matches the threshold; destroyed navigators owe nothing (below);
//   - results (Callbacks.swift, Results.swift): a listener runs once, for its own screen while
//     it is live and its current listener, with the text the result query reads, and the
//     screen's release is the very next event; a screen is never released before its listener
//     ran; on_result fails with state once the listener has begun;
//   - decisions (Decisions.swift): ids non-zero and never handed out twice; the pending one is
//     accepted once, every other id fails with state; no gesture starts and no veto is asked
//     while one is pending;
//   - save returns exactly the document of the stack and the saved states; open and restore
//     refuse exactly the malformed calls; a wakeup registered while ops wait is called at once;
//   - families (Family.swift, SPEC §16): attach and present refuse what 16.2.1 refuses; a
//     member's destroy fails with state and a root's kills every member's handle; a member
//     dies only with a parent, and once dead every call on it is invalid_handle; callbacks of
//     one family never nest (one driver); a back or gesture is reported (`done`) only by the
//     navigator asked; show and hide alternate per screen and no screen is released while
//     shown but in a root's destroy; a host screen is released only after its children were
//     torn down with every screen of theirs;
//   - when a navigator is destroyed, and at the end of every input: every accepted op
//     completed exactly once (a run's block before it), every screen created was released
//     exactly once, every registration's ctx destructor ran exactly once (never for a failed
//     registration or one registered without a destructor).

/// Reports a broken invariant and aborts.
func violation(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    writeError("navcore-fuzz: INVARIANT VIOLATION: \(message) [\(file):\(line)]\n")
    abort()
}

/// `NAVCORE_FUZZ_TRACE=1` prints every call and its status (for minimised crashers).
enum Trace {
    nonisolated(unsafe) static var enabled: Bool = getenv("NAVCORE_FUZZ_TRACE") != nil
}

func log(_ message: @autoclosure () -> String) {
    guard Trace.enabled else { return }
    writeError(message() + "\n")
}

/// Writes to file descriptor 2, unbuffered.
func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
        if written <= 0 { return }
        offset += written
    }
}

/// What a call on a live handle must return.
enum Expectation {
    case any
    /// OK or QUEUED.
    case accepted
    case status(navcore_status)
    case oneOf([navcore_status])

    /// OK or QUEUED are what it expects.
    var isAccepted: Bool {
        if case .accepted = self { return true }
        return false
    }

    func check(_ status: Int32, _ what: @autoclosure () -> String) {
        switch self {
        case .any: break
        case .accepted:
            if status != NAVCORE_OK.rawValue && status != NAVCORE_QUEUED.rawValue {
                violation("\(what()) returned \(status), expected ok or queued")
            }
        case .status(let expected):
            if status != expected.rawValue { violation("\(what()) returned \(status), expected \(expected.rawValue)") }
        case .oneOf(let statuses):
            if !statuses.contains(where: { $0.rawValue == status }) {
                violation("\(what()) returned \(status), expected one of \(statuses.map(\.rawValue))")
            }
        }
    }
}

extension Harness {
    /// Every status: a navcore_status; QUEUED only for ops; a message after a failure; a bad
    /// handle never accepted.
    func checkStatus(_ status: Int32, _ what: @autoclosure () -> String, _ t: Resolved? = nil, op: Bool = false) {
        guard (-8...1).contains(status), op || status != NAVCORE_QUEUED.rawValue else {
            violation("\(what()) returned \(status), not a navcore_status it may return")
        }
        if status < 0, String(cString: navcore_last_error_message()).isEmpty {
            violation("\(what()) failed with \(status) and left no error message")
        }
        if let t, t.bad, status != NAVCORE_ERR_INVALID.rawValue, status != NAVCORE_ERR_INVALID_HANDLE.rawValue {
            violation("\(what()) with the \(t.describe) handle returned \(status)")
        }
    }

    /// Checks a status; `mustSucceed`: on a live handle it must be OK.
    func expect(_ status: Int32, _ what: @autoclosure () -> String, _ t: Resolved, mustSucceed: Bool = false) {
        log("\(what()) on \(t.describe) -> \(status)")
        checkStatus(status, what(), t)
        if mustSucceed, t.live != nil, status != NAVCORE_OK.rawValue {
            violation("\(what()) on a live navigator returned \(status)")
        }
    }

    /// After a top-level command.
    func checkTopLevel() {
        guard callbacksRunning == 0, hookDepth == 0 else { violation("a top-level command returned inside a callback") }
        for nav in navigators where nav.callbackDepth != 0 {
            violation("navigator #\(nav.slot) still counts a running callback")
        }
        navigators.forEach(probe)
        for nav in navigators {
            if nav.destroyed {
                if !nav.settled { settle(nav) }
                continue
            }
            guard let s = snapshot(resolved(nav)) else { continue }
            if !nav.hostDispatch && !s.busy && s.pending > 0 {
                violation("inline navigator idle with \(s.pending) ops queued (the queue stalled)")
            }
            // Busy at top level: a transition waits for the host, or a decision (SPEC §13).
            let pending = pendingDecision(of: nav)
            if s.busy && s.transition == 0 && pending == 0 {
                violation("navigator busy at top level with no transition waiting for the host and no decision pending")
            }
            if s.decision != pending {
                violation("navcore_pending_decision \(s.decision), but the veto's last later in the family was \(pending)")
            }
            if nav.hostDispatch && !nav.wakeupEverMissing && !s.busy && s.pending > 0 && nav.lastWakeup < nav.lastDrain {
                violation("host-mode navigator has \(s.pending) ops queued and no wakeup since the last drain")
            }
            if nav.hostDispatch && !nav.wakeupEverMissing && !s.busy && s.pending > 0 && nav.lastWakeup == 0 {
                violation("host-mode navigator has \(s.pending) ops queued and was never woken")
            }
            if let threshold = nav.threshold, !s.busy, s.barShown != (threshold == 0 || s.stack.count >= threshold) {
                violation("bar \(s.barShown ? "shown" : "hidden") with threshold \(threshold) and \(s.stack.count) screens")
            }
        }
    }

    /// A destroyed navigator, once its teardown is over: it owes nothing.
    func settle(_ nav: NavModel) {
        nav.settled = true
        for op in nav.ops {
            if op.status < 0 {
                if op.completions != 0 { violation("the failed op \(op.kind) completed") }
            } else if op.tracked && op.completions != 1 {
                violation("op \(op.kind) (status \(op.status)) completed \(op.completions) times by its navigator's destroy")
            }
            if op.kind == Int32(NAVCORE_OP_RUN.rawValue), op.blockRuns > 1 { violation("a run block ran \(op.blockRuns) times") }
        }
        for screen in nav.screens {
            if screen.releases > 1 || (screen.releases == 0 && !screen.releaseUnobserved) {
                violation("screen \(screen.id) (route \(screen.route)) released \(screen.releases) times by its navigator's destroy")
            }
            if let listener = screen.listener, listener.accepted, listener.calls != 1 {
                violation("the result listener of screen \(screen.id) was called \(listener.calls) times, not once, by its release")
            }
        }
        for box in nav.registrations {
            let owed = box.accepted && box.hasDestructor ? 1 : 0
            if box.destroys != owed {
                violation("the ctx destructor of a \(box.kind) registration ran \(box.destroys) times, expected \(owed)")
            }
            if box.running != 0 { violation("a \(box.kind) callback still counted as running") }
        }
        // Its handle is dead for every call (SPEC §9, §16.12), destroy and the family ops included.
        var count = 0
        let calls: [(String, () -> Int32)] = [
            ("stack_count", { navcore_stack_count(&count, nav.handle) }),
            ("push", { navcore_push(nav.handle, 1, false, nil, nil) }),
            ("leave", { navcore_leave(nav.handle, nil, nil) }),
            ("dismiss", { navcore_dismiss(nav.handle, nil, nil, nil) }),
            ("parent", { var parent: NavHandle?; return navcore_parent(&parent, nav.handle) }),
            ("destroy", { navcore_navigator_destroy(nav.handle) }),
        ]
        for (name, call) in calls {
            let status = call()
            if status != NAVCORE_ERR_INVALID_HANDLE.rawValue { violation("\(name) on a dead navigator returned \(status)") }
        }
    }

    /// The end of an input: destroy what is left, then everything must be settled.
    func endInput() {
        // Until none is left: a destructor's hook may make another navigator meanwhile.
        while let nav = navigators.first(where: { !$0.destroyed && $0.parent == nil }) {
            destroy(resolved(nav))
        }
        checkTopLevel()
        for nav in navigators where !nav.destroyed { violation("nav#\(nav.slot) outlived the destroy of every root") }
        for op in ops where op.nav == nil && op.completions != 0 {
            violation("an op asked with a bad handle completed")
        }
        for box in registrations where !box.accepted && box.destroys != 0 {
            violation("the ctx destructor of a failed registration ran")
        }
    }
}
