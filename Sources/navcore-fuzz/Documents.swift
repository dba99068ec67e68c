import CNavCore
import Glibc

// SPEC §14: save (checked against the document the harness expects from the stack and the
// saved-state queries), open (entries with valid and invalid routes and states, NULL and
// overflowing arrays), restore (the saved document, malformed variants of it, any JSON shape,
// raw bytes) and show with `recycle` (top, and values the header does not define).

extension Harness {
    /// `save`: the exact document of the stack as queries see it, freed once.
    func save(_ t: Resolved) {
        _ = savedDocument(t)
    }

    /// Calls navcore_save and checks its text; returns it (nil when the call failed).
    func savedDocument(_ t: Resolved) -> [UInt8]? {
        var copy: UnsafeMutablePointer<CChar>? = nil
        let status = navcore_save(&copy, t.handle)
        expect(status, "save", t, mustSucceed: true)
        guard status == NAVCORE_OK.rawValue else {
            if copy != nil { violation("save wrote its out-parameter on failure") }
            return nil
        }
        guard let copy else { violation("save returned OK and NULL") }
        defer { navcore_free(copy) }
        let document = Array(UnsafeBufferPointer(start: UnsafeRawPointer(copy).assumingMemoryBound(to: UInt8.self),
                                                 count: strlen(copy)))
        if let expected = expectedDocument(t), expected != document {
            violation("save returned \(String(decoding: document, as: UTF8.self)), expected \(String(decoding: expected, as: UTF8.self))")
        }
        return document
    }

    /// The saved document SPEC §14 prescribes for the stack now: routes from the harness's
    /// records, states from the saved-state query (nil if a screen is unknown).
    func expectedDocument(_ t: Resolved) -> [UInt8]? {
        guard let stack = stackIDs(t) else { return nil }
        var entries: [[UInt8]] = []
        for id in stack {
            guard let screen = screens[id] else { return nil }
            var state: UnsafeMutablePointer<CChar>? = nil
            guard navcore_screen_saved_state(&state, t.handle, id) == NAVCORE_OK.rawValue else { return nil }
            defer { navcore_free(state) }
            let stateJSON = state.map { jsonString(Array(String(cString: $0).utf8)) } ?? Array("null".utf8)
            entries.append(Array("{\"route\":".utf8) + jsonString(Routes.screenRoute(screen.route))
                           + Array(",\"state\":".utf8) + stateJSON + [UInt8(ascii: "}")])
        }
        return Array("{\"navcore\":1,\"stack\":[".utf8) + Array(entries.joined(separator: [UInt8(ascii: ",")]))
            + Array("]}".utf8)
    }

    /// `open n entries… flags`: n % 6 entries of `route state` (a route index, a text
    /// argument); n = 0xFF: NULL entries with count 2; 0xFE: a count whose byte size overflows.
    func open(_ r: inout Reader, _ t: Resolved) {
        let n = r.byte()
        var routes: [Int] = []
        var states: [([UInt8]?, Bool)] = []
        if n < 0xFE {
            for _ in 0..<Int(n) % 6 {
                routes.append(r.int(Routes.count))
                states.append(readText(&r))
            }
        }
        let flags = r.byte()
        let valid = n < 0xFE && !routes.isEmpty && states.allSatisfy(\.1)
            && routes.allSatisfy { Routes.names[$0] != nil && Routes.isValidUTF8($0) }
        // C strings that live until the call returns.
        let names = routes.map { Routes.names[$0].map(cString) }
        let texts = states.map { $0.0.map(cString) }
        defer { (names + texts).forEach { $0?.deallocate() } }
        let entries = UnsafeMutablePointer<navcore_route_entry>.allocate(capacity: max(routes.count, 1))
        defer { entries.deallocate() }
        for index in routes.indices {
            entries[index] = navcore_route_entry(route: UnsafePointer(names[index]), state: UnsafePointer(texts[index]))
        }
        let count = n == 0xFF ? 2 : n == 0xFE ? Int(bitPattern: UInt.max / 8) : routes.count
        ask(NAVCORE_OP_OPEN, t, flags, "open(\(routes), count \(count))", expected: valid ? .accepted : .status(NAVCORE_ERR_INVALID)) {
            navcore_open(t.handle, n == 0xFF ? nil : entries, count, flags & 1 == 1, $0, $1)
        }
    }

    /// `restore which flags`: which % 10: 0 the document save() returns now, 1 it with trailing
    /// text, 2 with a duplicate key, 3 with `1.0`, 4 an empty stack, 5 a valid document with
    /// whitespace, reordered keys and escapes, 6 raw bytes (len, then len bytes), 7 NULL,
    /// 8 a state that decodes to U+0000, 9 an unpaired surrogate.
    func restore(_ r: inout Reader, _ t: Resolved) {
        let which = r.int(10)
        let raw = which == 6 ? r.bytes(Int(r.byte())) : []
        let flags = r.byte()
        let route = Array("R\(which % 8)".utf8)
        var document: [UInt8]?
        var valid: Bool?  // nil: unknown (raw bytes)
        switch which {
        case 0, 1:
            let saved = t.live != nil ? savedDocument(t) : Array("{\"navcore\":1,\"stack\":[]}".utf8)
            document = saved.map { which == 0 ? $0 : $0 + Array(" x".utf8) }
            valid = which == 0 && (stackIDs(t)?.isEmpty == false)
        case 2: document = Array("{\"navcore\":1,\"stack\":[{\"route\":\"R1\",\"route\":\"R1\",\"state\":null}]}".utf8); valid = false
        case 3: document = Array("{\"navcore\":1.0,\"stack\":[{\"route\":\"R1\",\"state\":null}]}".utf8); valid = false
        case 4: document = Array("{\"navcore\":1,\"stack\":[]}".utf8); valid = false
        case 5:
            document = Array(" {\"stack\" : [ {\"state\":\"\\u00e9\\ud83d\\ude00\\\"\\n\",\"route\":\"".utf8) + route
                + Array("\"},{\"route\":\"R\\u0032\",\"state\":null}\t],\r\n\"navcore\":1 } ".utf8)
            valid = true
        case 6: document = raw
        case 7: document = nil; valid = false
        case 8: document = Array("{\"navcore\":1,\"stack\":[{\"route\":\"R1\",\"state\":\"a\\u0000\"}]}".utf8); valid = false
        default: document = Array("{\"navcore\":1,\"stack\":[{\"route\":\"R1\",\"state\":\"\\udc00\"}]}".utf8); valid = false
        }
        let expected: Expectation = valid.map { $0 ? .accepted : .status(NAVCORE_ERR_INVALID) } ?? .any
        withOptionalCString(document) { text in
            _ = ask(NAVCORE_OP_OPEN, t, flags, "restore(\(which), \(document.map { "\($0.count)b" } ?? "NULL"))",
                    expected: expected) {
                navcore_restore(t.handle, text, flags & 1 == 1, $0, $1)
            }
        }
    }

    /// `show_recycling route opts recycle [payload]`: `show` with its options' `recycle` field
    /// set to recycle % 5: none, any, top, or the undefined 3 and -1 (which must fail invalid).
    func showRecycling(_ r: inout Reader, _ t: Resolved) {
        let route = r.int(Routes.count)
        let opts = r.byte()
        let recycle: Int32 = [0, 1, 2, 3, -1][r.int(5)]
        let payload: [UInt8]? = opts & 0x10 != 0 ? r.bytes(r.int(24)) : nil
        let payloadText = payload.map { Array($0.prefix { $0 != 0 }) }
        let nullOptions = opts & 8 != 0 && payload == nil  // NULL options: the defaults, recycle any
        let valid = (nullOptions || (0...2).contains(recycle)) && Routes.names[route].map { String(validating: $0, as: UTF8.self) != nil } ?? false
            && (payloadText.map { String(validating: $0, as: UTF8.self) != nil } ?? true)
        Routes.with(route) { name in
            withOptionalCString(payload) { text in
                var options = navcore_show_options(
                    version: UInt32(NAVCORE_SHOW_OPTIONS_VERSION), animated: opts & 1 != 0, remove_current: opts & 2 == 0,
                    recycle: recycle, payload: text)
                withUnsafePointer(to: &options) { pointer in
                    _ = ask(NAVCORE_OP_SHOW, t, opts & 0x40 != 0 ? 2 : 0, "show_recycling(route \(route), \(recycle))",
                        expected: valid ? .accepted : .status(NAVCORE_ERR_INVALID)) {
                        navcore_show(t.handle, name, nullOptions ? nil : pointer, $0, $1)
                    }
                }
            }
        }
    }
}

/// `text` as a JSON string the way save writes it (SPEC §14): `"` and `\` escaped, U+0001–U+001F
/// as `\u00xx` in lowercase hex, everything else as is.
func jsonString(_ text: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [UInt8(ascii: "\"")]
    let hex = Array("0123456789abcdef".utf8)
    for byte in text {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
        case 0x01...0x1F: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
        default: out.append(byte)
        }
    }
    return out + [UInt8(ascii: "\"")]
}

/// A NUL-terminated heap copy of `bytes` (the caller deallocates it).
func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar> {
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
    copy[bytes.count] = 0
    return copy
}
