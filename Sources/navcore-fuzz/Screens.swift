import CNavCore

// Screens: creating them, choosing one for a command (the selector table is in Input.swift),
// and the screen calls (discard, object, route).

extension Harness {
    /// Creates a screen of `route` on `t`; records it when the call succeeds.
    func createScreen(_ t: Resolved, route: Int, object: UnsafeMutableRawPointer?) -> UInt64? {
        var id: UInt64 = 0
        let status = Routes.with(route) { navcore_screen_create(&id, t.handle, $0, object) }
        log("screen_create(route \(route)) on \(t.describe) -> \(status) id \(id)")
        checkStatus(status, "screen_create", t)
        guard let nav = t.live else { return nil }
        if Routes.isValidUTF8(route) {
            if status != NAVCORE_OK.rawValue { violation("screen_create(route \(route)) returned \(status)") }
        } else {
            if status != NAVCORE_ERR_INVALID.rawValue { violation("screen_create with invalid UTF-8 returned \(status)") }
            if id != 0 { violation("screen_create wrote its out-parameter on failure") }
            return nil
        }
        record(id, nav: nav, route: route, object: object, what: "screen_create")
        return id
    }

    /// Records a screen the navigator created (by screen_create or a factory).
    func record(_ id: UInt64, nav: NavModel, route: Int, object: UnsafeMutableRawPointer?, what: String) {
        if id == 0 { violation("\(what) gave screen id 0") }
        if screens[id] != nil { violation("\(what) gave screen id \(id), which was used before") }
        let screen = ScreenRecord(id: id, nav: nav, route: route, ordinal: nav.nextOrdinal(route: route), object: object)
        screen.releaseUnobserved = nav.current[.release] == nil
        screens[id] = screen
        screenOrder.append(screen)
        nav.adopt(screen)
    }

    /// Reads a screen selector (Input.swift) and resolves it against `t`'s navigator.
    func selectScreen(_ r: inout Reader, _ t: Resolved) -> UInt64 {
        let b = r.byte()
        let nav = t.model
        let v = Int(b & 0x1F)
        switch b {
        case 0x00...0x7F:
            return nav?.screen(route: Int(b & 7), ordinal: Int(b >> 3))?.id ?? ScreenSelector.missing
        case 0x80...0x9F:
            let stack = stackIDs(t) ?? []
            return stack.isEmpty ? 0 : stack[stack.count - 1 - v % stack.count]
        case 0xA0...0xAF:
            let foreign = screenOrder.filter { $0.nav !== nav }
            return foreign.isEmpty ? ScreenSelector.missing : foreign[v % foreign.count].id
        case 0xB0...0xBF:
            let dead = nav?.screens.filter(\.dead) ?? []
            return dead.isEmpty ? ScreenSelector.missing : dead[v % dead.count].id
        case 0xC0...0xC7:
            let route = Int(b & 7)
            let ordinal = Int(r.byte() & 0xF)
            if let screen = nav?.screen(route: route, ordinal: ordinal), screen.knownLive { return screen.id }
            return createScreen(t, route: route, object: nextObject()) ?? 0
        case 0xC8...0xCF:
            return createScreen(t, route: Int(b & 7), object: nextObject()) ?? 0
        case 0xD0...0xDF:
            return 0
        case 0xE0...0xEF:
            return r.uint64()
        default:
            let own = nav?.screens ?? []
            return own.isEmpty ? ScreenSelector.missing : own[Int(b & 0xF) % own.count].id
        }
    }

    /// The stack of a live navigator, bottom to top (nil when the handle is not live).
    func stackIDs(_ t: Resolved) -> [UInt64]? {
        guard t.live != nil else { return nil }
        var count = 0
        expect(navcore_stack_copy(&count, nil, 0, t.handle), "stack_copy(count)", t, mustSucceed: true)
        let buffer = UnsafeMutablePointer<UInt64>.allocate(capacity: max(count, 1))
        defer { buffer.deallocate() }
        var again = 0
        expect(navcore_stack_copy(&again, buffer, count, t.handle), "stack_copy", t, mustSucceed: true)
        if again != count { violation("stack_copy counted \(count) then \(again) with no call between") }
        return Array(UnsafeBufferPointer(start: buffer, count: count))
    }

    /// `discard screen`.
    func discard(_ r: inout Reader, _ t: Resolved) {
        let id = selectScreen(&r, t)
        let stacked = stackIDs(t)?.contains(id) ?? false
        // What the harness knew before the call (the release may run during it).
        let screen = screens[id]
        let deadOrForeign = screen.map { $0.nav !== t.model || $0.dead } ?? false
        let knownLive = screen?.knownLive ?? false
        let status = navcore_screen_discard(t.handle, id)
        log("discard(\(id)) on \(t.describe) -> \(status)")
        checkStatus(status, "discard", t)
        guard t.live != nil else { return }
        if status == NAVCORE_OK.rawValue, stacked { violation("discard(\(id)) of a screen in the stack succeeded") }
        if let screen {
            if deadOrForeign {
                if status != NAVCORE_ERR_NO_SUCH_SCREEN.rawValue {
                    violation("discard of a dead or foreign screen \(id) returned \(status)")
                }
            } else if knownLive, status != NAVCORE_OK.rawValue, status != NAVCORE_ERR_STATE.rawValue {
                violation("discard of the live screen \(id) returned \(status)")
            }
            if status == NAVCORE_OK.rawValue { screen.discarded = true }
        } else if status == NAVCORE_OK.rawValue {
            violation("discard(\(id)) of an id the harness never saw succeeded")
        }
    }

    /// `retain screen on` (SPEC §17): a live screen of the navigator, in its stack or detached,
    /// is marked or unmarked, and navcore_screen_is_retained then answers the mark; a dead or
    /// foreign screen fails. A retained screen that leaves the stack stays live, detached: the
    /// model needs nothing more, as it counts releases where they come.
    func retain(_ r: inout Reader, _ t: Resolved) {
        let id = selectScreen(&r, t)
        let on = r.flag()
        let deadOrForeign = screens[id].map { $0.nav !== t.model || $0.dead } ?? true
        let status = navcore_screen_retain(t.handle, id, on)
        log("retain(\(id), \(on)) on \(t.describe) -> \(status)")
        checkStatus(status, "retain", t)
        guard t.live != nil, status == NAVCORE_OK.rawValue else { return }
        if deadOrForeign { violation("retain of screen \(id), dead, foreign or never seen, succeeded") }
        var retained = !on
        let query = navcore_screen_is_retained(&retained, t.handle, id)
        checkStatus(query, "screen_is_retained", t)
        if query != NAVCORE_OK.rawValue || retained != on {
            violation("screen_is_retained(\(id)) returned \(query), \(retained), right after retain(\(on)) succeeded")
        }
    }

    /// `screen_object screen`.
    func screenObject(_ r: inout Reader, _ t: Resolved) {
        let id = selectScreen(&r, t)
        var object: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(bitPattern: 0xBAD0)
        let status = navcore_screen_object(&object, t.handle, id)
        log("screen_object(\(id)) -> \(status)")
        checkStatus(status, "screen_object", t)
        guard let nav = t.live else { return }
        checkScreenQuery(id, nav, status, "screen_object")
        if status == NAVCORE_OK.rawValue, let screen = screens[id], screen.object != object {
            violation("screen_object(\(id)) returned \(String(describing: object)), not \(String(describing: screen.object))")
        }
        if status != NAVCORE_OK.rawValue, object != UnsafeMutableRawPointer(bitPattern: 0xBAD0) {
            violation("screen_object wrote its out-parameter on failure")
        }
    }

    /// `screen_route screen size`: snprintf-style copy into a buffer of exactly `size` bytes.
    func screenRoute(_ r: inout Reader, _ t: Resolved) {
        let id = selectScreen(&r, t)
        let choice = r.int(8)
        let expected = screens[id].map { Routes.screenRoute($0.route) }
        let size = choice == 7 ? (expected?.count ?? 0) + 1 : choice
        let buffer: UnsafeMutablePointer<CChar>? = size == 0 ? nil : .allocate(capacity: size)
        defer { buffer?.deallocate() }
        buffer?.initialize(repeating: 0x55, count: size)
        var length = 0
        let status = navcore_screen_route(&length, buffer, size, t.handle, id)
        log("screen_route(\(id), \(size)) -> \(status) length \(length)")
        checkStatus(status, "screen_route", t)
        guard let nav = t.live else { return }
        checkScreenQuery(id, nav, status, "screen_route")
        guard status == NAVCORE_OK.rawValue, let expected else { return }
        if length != expected.count { violation("screen_route length \(length), expected \(expected.count)") }
        guard let buffer else { return }
        let copied = min(expected.count, size - 1)
        for index in 0..<copied where UInt8(bitPattern: buffer[index]) != expected[index] {
            violation("screen_route copied a wrong byte at \(index)")
        }
        if buffer[copied] != 0 { violation("screen_route did not terminate the copy at \(copied)") }
    }

    /// A query about a screen: known live screens of this navigator succeed, known dead or
    /// foreign ones fail with no_such_screen.
    func checkScreenQuery(_ id: UInt64, _ nav: NavModel, _ status: Int32, _ what: String) {
        guard let screen = screens[id] else { return }
        if screen.nav !== nav || screen.dead {
            if status != NAVCORE_ERR_NO_SUCH_SCREEN.rawValue {
                violation("\(what)(\(id)) of a dead or foreign screen returned \(status)")
            }
        } else if screen.knownLive, status != NAVCORE_OK.rawValue {
            violation("\(what)(\(id)) of a live screen returned \(status)")
        }
    }
}
