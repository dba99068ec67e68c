/// The saved document of SPEC §14: `{"navcore":1,"stack":[{"route":R,"state":S},…]}`.
///
/// Written exactly (no whitespace, escaping only `"`, `\` and U+0001–U+001F); read strictly
/// (RFC 8259 JSON text, any whitespace, key order and escapes, but exactly that shape). The
/// reader is written by hand, without Foundation, and follows the shape as it reads: anything
/// that is not the shape fails at once, so no input can make it recurse or allocate without
/// bound.
package enum SavedDocument {
    // MARK: Writing

    /// The document of `entries`, bottom to top.
    package static func encode(_ entries: [RouteEntry]) -> String {
        var out = #"{"navcore":1,"stack":["#
        for (index, entry) in entries.enumerated() {
            if index > 0 { out += "," }
            out += #"{"route":"#
            appendString(entry.route, to: &out)
            out += #","state":"#
            if let state = entry.state { appendString(state, to: &out) } else { out += "null" }
            out += "}"
        }
        out += "]}"
        return out
    }

    /// A JSON string: `"` as `\"`, `\` as `\\`, U+0001–U+001F as `\u00xx`; the rest as is.
    private static func appendString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x00...0x1F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u00" + (hex.count < 2 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    // MARK: Reading

    /// The entries of a saved document; `invalid` for anything but exactly the shape.
    package static func parse(_ document: String) throws(NavigationError) -> [RouteEntry] {
        var reader = Reader(bytes: Array(document.utf8))
        guard let entries = reader.document(), reader.atEnd else {
            throw NavigationError(.invalid, "not a navcore saved document (SPEC §14)")
        }
        return entries
    }

    /// A cursor over the document's UTF-8 bytes; every method returns `nil` on anything that
    /// is not the expected shape.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        /// Only whitespace is left.
        var atEnd: Bool {
            mutating get {
                skipWhitespace()
                return position == bytes.count
            }
        }

        /// The top-level object: exactly `navcore` (the integer 1) and `stack`.
        mutating func document() -> [RouteEntry]? {
            var version = false
            var entries: [RouteEntry]?
            let complete = object { key, reader in
                switch key {
                case "navcore" where !version:
                    version = true
                    return reader.one()
                case "stack" where entries == nil:
                    entries = reader.stack()
                    return entries != nil
                default:
                    return false
                }
            }
            guard complete, version, let entries, !entries.isEmpty else { return nil }
            return entries
        }

        /// `[entry, …]`.
        mutating func stack() -> [RouteEntry]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var entries: [RouteEntry] = []
            if take(UInt8(ascii: "]")) { return entries }
            repeat {
                guard let entry = entry() else { return nil }
                entries.append(entry)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? entries : nil
        }

        /// `{"route": string, "state": string or null}`, in any order.
        mutating func entry() -> RouteEntry? {
            var route: String?
            var state: String??
            let complete = object { key, reader in
                switch key {
                case "route" where route == nil:
                    route = reader.string()
                    return route != nil
                case "state" where state == nil:
                    if reader.literal("null") {
                        state = .some(nil)
                        return true
                    }
                    state = reader.string().map { .some($0) }
                    return state != nil
                default:
                    return false
                }
            }
            guard complete, let route, let state else { return nil }
            return RouteEntry(route: route, state: state)
        }

        /// An object whose members `member` reads (it returns false on a key it refuses:
        /// unknown or repeated).
        mutating func object(_ member: (String, inout Reader) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")), member(key, &self) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        /// The number `1`, without sign, fraction or exponent.
        mutating func one() -> Bool {
            skipWhitespace()
            let start = position
            while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
            return bytes[start..<position].elementsEqual([UInt8(ascii: "1")])
        }

        /// A JSON literal such as `null`.
        mutating func literal(_ word: StaticString) -> Bool {
            skipWhitespace()
            let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard bytes.count - position >= expected.count,
                bytes[position..<(position + expected.count)].elementsEqual(expected)
            else { return false }
            position += expected.count
            return true
        }

        /// A JSON string, decoded; `nil` for an unpaired surrogate, U+0000, a raw control
        /// character or a bad escape.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var scalars = String.UnicodeScalarView()
            var runStart = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                    // The raw run so far is valid UTF-8: it comes from a String and ends before
                    // an ASCII byte.
                    scalars.append(contentsOf: String(decoding: bytes[runStart..<position], as: UTF8.self).unicodeScalars)
                }
                switch byte {
                case UInt8(ascii: "\""):
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    position += 1
                    guard let scalar = escape() else { return nil }
                    scalars.append(scalar)
                    runStart = position
                case 0..<0x20:
                    return nil
                default:
                    position += 1
                }
            }
            return nil
        }

        /// The scalar of an escape after its `\`.
        private mutating func escape() -> Unicode.Scalar? {
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let unit = hex4() else { return nil }
                switch unit {
                case 0: return nil
                case 0xD800...0xDBFF:
                    guard take(UInt8(ascii: "\\"), skippingWhitespace: false), take(UInt8(ascii: "u"), skippingWhitespace: false),
                        let low = hex4(), (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                case 0xDC00...0xDFFF: return nil
                default: return Unicode.Scalar(unit)
                }
            default: return nil
            }
        }

        /// Four hex digits.
        private mutating func hex4() -> UInt32? {
            guard bytes.count - position >= 4 else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = Self.hexValue(bytes[position]) else { return nil }
                value = value << 4 | digit
                position += 1
            }
            return value
        }

        /// Consumes `byte` (after whitespace, unless told otherwise) if it comes next.
        mutating func take(_ byte: UInt8, skippingWhitespace: Bool = true) -> Bool {
            if skippingWhitespace { skipWhitespace() }
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// RFC 8259 whitespace: space, tab, line feed, carriage return.
        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(byte)
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }
}
