import CNavCore

// SPEC §12 and §14's per-screen text: set_result, set_saved_state, on_result (attach, replace,
// remove), pop_with_result, and the two queries, whose copies the harness frees once with
// navcore_free (LeakSanitizer and ASan see a leak or a double free).

extension Harness {
    /// A text argument: `len` (0xFF: NULL, else len % 24) raw bytes. Returns the bytes (nil
    /// for NULL) and whether C reads them as valid UTF-8 (up to the first NUL).
    func readText(_ r: inout Reader) -> (bytes: [UInt8]?, valid: Bool) {
        let length = r.byte()
        guard length != 0xFF else { return (nil, true) }
        let bytes = r.bytes(Int(length) % 24)
        return (bytes, String(validating: bytes.prefix { $0 != 0 }, as: UTF8.self) != nil)
    }

    /// The status a call naming one screen must have: no_such_screen for a known dead or
    /// foreign screen; `live` for a known live one; anything otherwise.
    func screenCallExpectation(_ id: UInt64, _ t: Resolved, live: Expectation) -> Expectation {
        guard t.live != nil, let screen = screens[id] else { return .any }
        if screen.nav !== t.model || screen.dead { return .status(NAVCORE_ERR_NO_SUCH_SCREEN) }
        return screen.knownLive ? live : .any
    }

    /// `set_result screen text` / `set_saved screen text`: any time before the release.
    func setText(_ r: inout Reader, _ t: Resolved, saved: Bool) {
        let id = selectScreen(&r, t)
        let (bytes, valid) = readText(&r)
        let what = "\(saved ? "set_saved_state" : "set_result")(\(id), \(bytes.map { "\($0.count)b" } ?? "NULL"))"
        let status = withOptionalCString(bytes) { text in
            saved ? navcore_screen_set_saved_state(t.handle, id, text) : navcore_screen_set_result(t.handle, id, text)
        }
        expect(status, what, t)
        if !valid {
            if t.live != nil, status == NAVCORE_OK.rawValue { violation("\(what) with invalid UTF-8 succeeded") }
            return
        }
        screenCallExpectation(id, t, live: .status(NAVCORE_OK)).check(status, what)
        queryText(id, t, saved: saved)
    }

    /// `screen_result` / `screen_saved_state`: a known live screen answers OK with UTF-8 text or
    /// NULL; a failing call leaves the out-parameter alone. The copy is freed here, once.
    func queryText(_ id: UInt64, _ t: Resolved, saved: Bool) {
        let untouched = UnsafeMutablePointer<CChar>(bitPattern: 0xBAD0)
        var copy = untouched
        let status = saved ? navcore_screen_saved_state(&copy, t.handle, id) : navcore_screen_result(&copy, t.handle, id)
        let what = saved ? "screen_saved_state(\(id))" : "screen_result(\(id))"
        expect(status, what, t)
        if let nav = t.live { checkScreenQuery(id, nav, status, what) }
        guard status == NAVCORE_OK.rawValue else {
            if copy != untouched { violation("\(what) wrote its out-parameter on failure") }
            return
        }
        defer { navcore_free(copy) }
        if let copy, String(validatingCString: copy) == nil { violation("\(what) returned text that is not UTF-8") }
    }

    /// `on_result screen mode`: mode % 3: 0 attach (a fresh listener with a destructor),
    /// 1 remove (NULL), 2 attach without a destructor.
    func onResult(_ r: inout Reader, _ t: Resolved) {
        let id = selectScreen(&r, t)
        let mode = r.int(3)
        let removing = mode == 1
        var box: RegBox?
        if !removing, let nav = t.model {
            let made = RegBox(nav: nav, kind: .result, hasDestructor: mode == 0)
            made.screen = id
            register(made)
            box = made
        }
        // The model changes before the call (the replaced listener's destructor runs during
        // it); a failing call puts it back.
        let screen = screens[id].flatMap { $0.nav === t.live ? $0 : nil }
        let previous = screen?.listener
        let started = screen?.resultStarted ?? false
        // Taken before the call: the replaced listener's ctx destructor runs inside it and may
        // drive ops that release the screen, or destroy the navigator, after navcore accepted.
        // Once navcore has begun calling the listener, until the release: state.
        let expected = screenCallExpectation(id, t, live: started ? .status(NAVCORE_ERR_STATE) : .any)
        box?.accepted = screen != nil
        screen?.listener = box
        let status = navcore_screen_on_result(t.handle, id, removing ? nil : resultCallback, box?.ctx,
                                              box?.hasDestructor == true ? destroyContext : nil)
        box?.inCall = false
        box?.accepted = status == NAVCORE_OK.rawValue
        if status != NAVCORE_OK.rawValue, let screen, screen.listener === box { screen.listener = previous }
        let what = "on_result(\(id), mode \(mode))"
        expect(status, what, t)
        if let box, !box.accepted, box.destroys > 0 { violation("a failed on_result's ctx destructor ran") }
        expected.check(status, what)
        if t.live != nil, status != NAVCORE_OK.rawValue, status != NAVCORE_ERR_STATE.rawValue,
           status != NAVCORE_ERR_NO_SUCH_SCREEN.rawValue
        {
            violation("\(what) returned \(status)")
        }
    }

    /// `pop_with_result flags text`.
    func popWithResult(_ r: inout Reader, _ t: Resolved) {
        let flags = r.byte()
        let (bytes, valid) = readText(&r)
        withOptionalCString(bytes) { text in
            _ = ask(NAVCORE_OP_POP, t, flags, "pop_with_result(\(bytes.map { "\($0.count)b" } ?? "NULL"))",
                    expected: valid ? .accepted : .status(NAVCORE_ERR_INVALID)) {
                navcore_pop_with_result(t.handle, flags & 1 == 1, text, $0, $1)
            }
        }
    }
}
