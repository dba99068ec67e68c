/// The saved document of SPEC §14: `{"navcore":1,"stack":[{"route":R,"state":S},…]}`.
///
/// Written exactly (no whitespace, escaping only `"`, `\` and U+0001–U+001F); read strictly
/// (RFC 8259 JSON text, any whitespace, key order and escapes, but exactly that shape). The
/// reader is written by hand, without Foundation, and follows the shape as it reads: anything
/// that is not the shape fails at once, so no input can make it recurse or allocate without
/// bound. Writing and reading take time in proportion to the document's bytes, and each makes
/// its strings at their exact size: a state of megabytes of escaped newlines (a text draft)
/// costs what any other text of that length costs.
package enum SavedDocument {
    // MARK: Writing

    /// The document of `entries`, bottom to top. Two passes of the same writer: the first
    /// counts the bytes, the second writes them into a `String` of exactly that size.
    package static func encode(_ entries: [RouteEntry]) -> String {
        var counter = Writer(out: nil)
        counter.document(entries)
        return String(unsafeUninitializedCapacity: counter.count) { storage in
            var writer = Writer(out: storage.baseAddress)
            writer.document(entries)
            return writer.count
        }
    }

    /// Writes the document's UTF-8 bytes to `out` when it is given (which must have room for
    /// them), and counts them.
    private struct Writer {
        let out: UnsafeMutablePointer<UInt8>?
        var count = 0

        mutating func document(_ entries: [RouteEntry]) {
            append(#"{"navcore":1,"stack":["#)
            for (index, entry) in entries.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                append(#"{"route":"#)
                string(entry.route)
                append(#","state":"#)
                if let state = entry.state { string(state) } else { append("null") }
                append(UInt8(ascii: "}"))
            }
            append("]}")
        }

        /// A JSON string: `"` as `\"`, `\` as `\\`, U+0001–U+001F as `\u00xx`; the rest as is.
        /// Those characters are single bytes in UTF-8, which no other character's bytes can be.
        mutating func string(_ text: String) {
            append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { bytes in
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                        append(UInt8(ascii: "\\"))
                        append(byte)
                    case 0x00...0x1F:
                        append("\\u00")
                        append(Self.hexDigit(byte >> 4))
                        append(Self.hexDigit(byte & 0xF))
                    default:
                        append(byte)
                    }
                }
            }
            append(UInt8(ascii: "\""))
        }

        mutating func append(_ text: StaticString) {
            let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            for byte in bytes { append(byte) }
        }

        mutating func append(_ byte: UInt8) {
            out?[count] = byte
            count += 1
        }

        /// The lowercase hex digit of `value` (0–15).
        private static func hexDigit(_ value: UInt8) -> UInt8 {
            value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
        }
    }

    // MARK: Reading

    /// The entries of a saved document; `invalid` for anything but exactly the shape.
    package static func parse(_ document: String) throws(NavigationError) -> [RouteEntry] {
        var document = document
        guard let entries = document.withUTF8({ read($0) }) else { throw malformed }
        return entries
    }

    /// The entries of a saved document given as UTF-8 bytes, read in place (the C front's
    /// text, which is not copied into a `String` first); `invalid` for bytes that are not
    /// UTF-8, and for anything but exactly the shape.
    package static func parse(utf8 document: UnsafeBufferPointer<UInt8>) throws(NavigationError) -> [RouteEntry] {
        guard let entries = read(document) else {
            // Only on failure: whether the bytes were text at all, for the message.
            throw String(validating: document, as: UTF8.self) == nil
                ? NavigationError(.invalid, "the document is not valid UTF-8") : malformed
        }
        return entries
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [RouteEntry]? {
        var reader = Reader(bytes: bytes)
        guard let entries = reader.document(), reader.atEnd else { return nil }
        return entries
    }

    private static var malformed: NavigationError {
        NavigationError(.invalid, "not a navcore saved document (SPEC §14)")
    }

    /// A member's name as read from a document, matched by its bytes, as JSON compares names
    /// (`Text.same`).
    private struct Key: Equatable, ExpressibleByStringLiteral {
        let text: String

        init(_ text: String) { self.text = text }
        init(stringLiteral text: String) { self.text = text }

        static func == (lhs: Key, rhs: Key) -> Bool { Text.same(lhs.text, rhs.text) }
    }

    /// A cursor over the document's UTF-8 bytes; every method returns `nil` on anything that
    /// is not the expected shape. Outside strings only ASCII can be the shape; inside them
    /// every non-ASCII byte is checked to be well-formed UTF-8, so the reader accepts exactly
    /// the documents that are UTF-8 text.
    ///
    /// Every step costs time in proportion to the bytes it reads, and a string is decoded into
    /// storage of exactly its size: reading is linear in the document, and it allocates the
    /// decoded strings and the entries, nothing more.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
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
        mutating func object(_ member: (Key, inout Reader) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")), member(Key(key), &self) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        /// The number `1`, without sign, fraction or exponent.
        mutating func one() -> Bool {
            skipWhitespace()
            let start = position
            while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
            return position - start == 1 && bytes[start] == UInt8(ascii: "1")
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
        /// character, a bad escape or bytes that are not UTF-8. Two passes over its bytes: the
        /// first checks them and counts the decoded bytes, the second writes them into a
        /// `String` of exactly that size.
        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = position
            guard let count = decodeString(into: nil) else { return nil }
            let end = position
            position = start
            let text = String(unsafeUninitializedCapacity: count) { storage in
                decodeString(into: storage.baseAddress) ?? 0
            }
            position = end
            return text
        }

        /// Reads a string's contents after its opening quote, up to and past its closing quote,
        /// and returns the number of UTF-8 bytes they decode to (`nil` if they are not a valid
        /// string), writing those bytes to `out` when it is given, which must have room for
        /// them (the count of a first call without `out`). The contents are runs of bytes
        /// that stand for themselves, copied as they are, between escapes.
        private mutating func decodeString(into out: UnsafeMutablePointer<UInt8>?) -> Int? {
            var count = 0
            while true {
                let runStart = position
                guard skipRun() else { return nil }
                if let out, let base = bytes.baseAddress, position > runStart {
                    (out + count).initialize(from: base + runStart, count: position - runStart)
                }
                count += position - runStart
                guard position < bytes.count else { return nil }
                position += 1
                switch bytes[position - 1] {
                case UInt8(ascii: "\""):
                    return count
                case UInt8(ascii: "\\"):
                    guard let scalar = escape() else { return nil }
                    for unit in scalar.utf8 {
                        out?[count] = unit
                        count += 1
                    }
                default:
                    return nil  // a raw control character
                }
            }
        }

        /// Moves past the bytes that stand for themselves in a string: every ASCII character but
        /// `"`, `\` and the controls, and well-formed UTF-8 sequences; false on bytes that are
        /// not UTF-8.
        private mutating func skipRun() -> Bool {
            var index = position  // a local, which the loop keeps in a register
            defer { position = index }
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 {
                    guard let width = scalarWidth(at: index) else { return false }
                    index += width
                } else if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                    index += 1
                } else {
                    return true
                }
            }
            return true
        }

        /// The length of the well-formed UTF-8 sequence of one scalar that starts with the
        /// non-ASCII byte at `index` (the Unicode Standard's table 3-7: no overlong form, no
        /// surrogate, nothing above U+10FFFF); `nil` if it is not one.
        private func scalarWidth(at index: Int) -> Int? {
            let (width, second): (Int, ClosedRange<UInt8>)
            switch bytes[index] {
            case 0xC2...0xDF: (width, second) = (2, 0x80...0xBF)
            case 0xE0: (width, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (width, second) = (3, 0x80...0xBF)
            case 0xED: (width, second) = (3, 0x80...0x9F)
            case 0xF0: (width, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (width, second) = (4, 0x80...0xBF)
            case 0xF4: (width, second) = (4, 0x80...0x8F)
            default: return nil
            }
            guard bytes.count - index >= width, second.contains(bytes[index + 1]) else { return nil }
            for offset in 2..<width where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
            return width
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
            for index in position..<(position + 4) {
                guard let digit = Self.hexValue(bytes[index]) else { return nil }
                value = value << 4 | digit
            }
            position += 4
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
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"): true
            default: false
            }
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
