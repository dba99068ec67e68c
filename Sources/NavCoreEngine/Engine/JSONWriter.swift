/// The JSON writing shared by the saved documents (SPEC §14's version 1, `SavedDocument`, and
/// §16.10's version 2, `SavedTree`): no whitespace, strings escaped exactly as §14 says.
///
/// Writes a document's UTF-8 bytes to `out` when it is given (which must have room for them),
/// and counts them.
struct JSONWriter {
    private let out: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0

    /// The text `write` writes: two passes of the same writer, the first counting the bytes, the
    /// second writing them into a `String` of exactly that size.
    static func text(_ write: (inout JSONWriter) -> Void) -> String {
        var counter = JSONWriter(out: nil)
        write(&counter)
        return String(unsafeUninitializedCapacity: counter.count) { storage in
            var writer = JSONWriter(out: storage.baseAddress)
            write(&writer)
            return writer.count
        }
    }

    /// An entry's first members, `{"route":R,"state":S` (the caller closes it, after its own
    /// members if it has any).
    mutating func entryOpening(_ entry: RouteEntry) {
        append(#"{"route":"#)
        string(entry.route)
        append(#","state":"#)
        stringOrNull(entry.state)
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

    /// `null` for none, else the string.
    mutating func stringOrNull(_ text: String?) {
        if let text { string(text) } else { append("null") }
    }

    /// `true` or `false`.
    mutating func boolean(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// A non-negative integer in decimal.
    mutating func unsignedInteger(_ value: Int) {
        var divisor = 1
        while value / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / divisor % 10))
            divisor /= 10
        }
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
