/// The JSON reading shared by the saved documents (SPEC §14's version 1, `SavedDocument`, and
/// §16.10's version 2, `SavedTree`): RFC 8259 text, read strictly and in place from its UTF-8
/// bytes, each step in time proportional to the bytes it reads.

/// A member's name as read from a document, matched by its bytes, as JSON compares names
/// (`Text.same`).
struct JSONKey: Equatable, ExpressibleByStringLiteral {
    let text: String

    init(_ text: String) { self.text = text }
    init(stringLiteral text: String) { self.text = text }

    static func == (lhs: JSONKey, rhs: JSONKey) -> Bool { Text.same(lhs.text, rhs.text) }
}

/// A cursor over the document's UTF-8 bytes; every method returns `nil` on anything that
/// is not the expected shape. Outside strings only ASCII can be the shape; inside them
/// every non-ASCII byte is checked to be well-formed UTF-8, so the reader accepts exactly
/// the documents that are UTF-8 text.
///
/// Every step costs time in proportion to the bytes it reads, and a string is decoded into
/// storage of exactly its size: reading is linear in the document, and it allocates the
/// decoded strings and the entries, nothing more.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    /// Only whitespace is left.
    var atEnd: Bool {
        mutating get {
            skipWhitespace()
            return position == bytes.count
        }
    }

    /// An object whose members `member` reads (it returns false on a key it refuses:
    /// unknown or repeated).
    mutating func object(_ member: (JSONKey, inout JSONReader) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), member(JSONKey(key), &self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// A non-negative integer written without sign, fraction, exponent or leading zero; `nil`
    /// for any other number, and for one too large for `Int` (which no count here reaches).
    mutating func unsignedInteger() -> Int? {
        skipWhitespace()
        let start = position
        while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
        guard position > start, position - start == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        var value = 0
        for byte in bytes[start..<position] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), value <= (Int.max - 9) / 10 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// A string, or `null` (read as `.some(nil)`); `nil` for anything else.
    mutating func stringOrNull() -> String?? {
        if literal("null") { return .some(nil) }
        return string().map { .some($0) }
    }

    /// `true` or `false`.
    mutating func boolean() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
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
