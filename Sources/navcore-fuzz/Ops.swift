import CNavCore

// The op-asking commands: each op gets a fresh OpBox as its completion's ctx (unless the input
// asked for no completion), and the call's status decides whether a completion is owed.

typealias AskCall = (navcore_done_fn?, UnsafeMutableRawPointer?) -> Int32

extension Harness {
    /// Asks an op and checks its status: a failed call must never complete; an accepted one
    /// must complete exactly once (checked when its navigator is destroyed).
    @discardableResult
    func ask(_ kind: navcore_op, _ t: Resolved, _ flags: UInt8, _ what: @autoclosure () -> String,
             expected: Expectation = .any, _ call: AskCall) -> OpBox {
        let box = OpBox(nav: t.model, kind: Int32(kind.rawValue))
        box.tracked = flags & 2 == 0
        register(box)
        // A callback of its family runs: SPEC §16.8 queues an op asked of any member.
        let insideOwnCallback = t.live.map(familyCallbackDepth) ?? 0 > 0
        // Counted before the call: an accepted back may end (and be reported) inside it.
        let routed = kind == NAVCORE_OP_BACK || kind == NAVCORE_OP_GESTURE
        if routed { t.live?.backsAsked += 1 }
        let status = call(box.tracked ? opCompletion : nil, box.ctx)
        box.inCall = false
        box.status = status
        log("\(what()) on \(t.describe) -> \(status)")
        checkStatus(status, what(), t, op: true)
        if status < 0 {
            if box.completions > 0 { violation("\(what()) failed with \(status) but its completion ran") }
            if box.blockRuns > 0 { violation("\(what()) failed with \(status) but its block ran") }
        }
        if routed, status < 0 { t.live?.backsAsked -= 1 }
        guard let nav = t.live else { return box }
        if kind == NAVCORE_OP_GESTURE {
            if status == NAVCORE_QUEUED.rawValue { violation("the gesture was queued") }
        } else if status == NAVCORE_OK.rawValue {
            if nav.hostDispatch { violation("\(what()) started at once in host dispatch mode (must queue)") }
            if insideOwnCallback { violation("\(what()) started at once inside its navigator's callback (must queue)") }
        }
        expected.check(status, what())
        return box
    }

    /// `push screen flags`.
    func push(_ r: inout Reader, _ t: Resolved) {
        let id = selectScreen(&r, t)
        pushScreen(id, t, r.byte())
    }

    func pushScreen(_ id: UInt64, _ t: Resolved, _ flags: UInt8) {
        ask(NAVCORE_OP_PUSH, t, flags, "push(\(id))", expected: screenExpectation([id], t)) {
            navcore_push(t.handle, id, flags & 1 == 1, $0, $1)
        }
    }

    /// `pop_to screen flags`.
    func popTo(_ r: inout Reader, _ t: Resolved) {
        let id = selectScreen(&r, t)
        let flags = r.byte()
        ask(NAVCORE_OP_POP_TO, t, flags, "pop_to(\(id))", expected: screenExpectation([id], t)) {
            navcore_pop_to(t.handle, id, flags & 1 == 1, $0, $1)
        }
    }

    /// `set n screen… flags`.
    func setStack(_ r: inout Reader, _ t: Resolved) {
        let n = r.byte()
        switch n {
        case 0xFD:
            // Two real ids, and a count whose byte size overflows: refused unread (`invalid`).
            let counts: [UInt] = [UInt.max / 8 + 1, UInt.max / 8 + 2, UInt.max / 2, UInt.max]
            let count = counts[Int(r.byte()) % counts.count]
            let ids = [selectScreen(&r, t), selectScreen(&r, t)]
            let flags = r.byte()
            ids.withUnsafeBufferPointer { buffer in
                _ = ask(NAVCORE_OP_SET, t, flags, "set(\(ids), count \(count))", expected: .status(NAVCORE_ERR_INVALID)) {
                    navcore_set_stack(t.handle, buffer.baseAddress, Int(bitPattern: count), flags & 1 == 1, $0, $1)
                }
            }
        case 0xFF, 0xFE:
            let count = n == 0xFF ? 0 : 3
            let flags = r.byte()
            ask(NAVCORE_OP_SET, t, flags, "set(NULL, \(count))", expected: count == 0 ? .accepted : .status(NAVCORE_ERR_INVALID)) {
                navcore_set_stack(t.handle, nil, count, flags & 1 == 1, $0, $1)
            }
        default:
            let ids = (0..<Int(n) % (Limits.setCount + 1)).map { _ in selectScreen(&r, t) }
            let flags = r.byte()
            // The array is heap memory of exactly the count: a read past it is an ASan report.
            let buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: max(ids.count, 1))
            defer { buffer.deallocate() }
            buffer.initialize(from: ids, count: ids.count)
            ask(NAVCORE_OP_SET, t, flags, "set(\(ids))", expected: screenExpectation(ids, t)) {
                navcore_set_stack(t.handle, buffer, ids.count, flags & 1 == 1, $0, $1)
            }
        }
    }

    /// `run name flags`: bit 2 = NULL block.
    func run(_ r: inout Reader, _ t: Resolved) {
        let name = Int(r.byte())
        let flags = r.byte()
        let nullBlock = flags & 4 != 0
        let box = ask(NAVCORE_OP_RUN, t, flags, "run(\(name))", expected: nullBlock ? .status(NAVCORE_ERR_INVALID) : .accepted) {
            navcore_run(t.handle, nullBlock ? nil : runBlock, $0, $1)
        }
        box.runName = name
    }

    /// `show route opts [payload]`.
    func show(_ r: inout Reader, _ t: Resolved) {
        let route = r.int(Routes.count)
        let opts = r.byte()
        let payload: [UInt8]? = opts & 0x10 != 0 ? r.bytes(r.int(24)) : nil
        let post = opts & 0x20 != 0
        let flags: UInt8 = (opts & 1) | (opts & 0x40 != 0 ? 2 : 0)
        // The payload as C reads it (up to its first NUL) decides its validity.
        let payloadText = payload.map { Array($0.prefix { $0 != 0 }) }
        let valid = Routes.names[route].map { String(validating: $0, as: UTF8.self) != nil } ?? false
            && (payloadText.map { String(validating: $0, as: UTF8.self) != nil } ?? true)
        let what = "\(post ? "post" : "show")(route \(route), opts \(opts), payload \(payloadText.map { "\($0.count)b" } ?? "nil"))"
        Routes.with(route) { name in
            withOptionalCString(payload) { text in
                var options = navcore_show_options(
                    version: UInt32(NAVCORE_SHOW_OPTIONS_VERSION), animated: opts & 1 != 0, remove_current: opts & 2 == 0,
                    recycle: Int32(bitPattern: (opts & 4 == 0 ? NAVCORE_RECYCLE_ANY : NAVCORE_RECYCLE_NONE).rawValue), payload: text)
                let nullOptions = opts & 8 != 0 && payload == nil
                withUnsafePointer(to: &options) { pointer in
                    let options = nullOptions ? nil : pointer
                    ask(NAVCORE_OP_SHOW, t, flags, what, expected: valid ? .accepted : .status(NAVCORE_ERR_INVALID)) {
                        post ? navcore_post(t.handle, name, options, $0, $1) : navcore_show(t.handle, name, options, $0, $1)
                    }
                }
            }
        }
    }

    /// The status a call naming `ids` must have: no_such_screen when one is known dead or
    /// another navigator's; accepted when all are known live screens of this navigator.
    func screenExpectation(_ ids: [UInt64], _ t: Resolved) -> Expectation {
        guard let nav = t.live else { return .any }
        var allLive = true
        for id in ids {
            if let record = screens[id] {
                if record.nav !== nav || record.dead { return .status(NAVCORE_ERR_NO_SUCH_SCREEN) }
                if !record.knownLive { allLive = false }
            } else {
                allLive = false
            }
        }
        return allLive ? .accepted : .any
    }
}

/// Calls `body` with `bytes` NUL-terminated, or NULL.
func withOptionalCString<R>(_ bytes: [UInt8]?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let bytes else { return body(nil) }
    return withCString(bytes, body)
}
