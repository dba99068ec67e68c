import NavCore
import Testing

/// The saved document's reader on raw UTF-8 bytes (`SavedDocument.parse(utf8:)`, the C front's
/// path, which checks the UTF-8 itself instead of copying the text into a `String` first): it
/// accepts a state's bytes exactly when the standard library's validation does and they hold
/// no character a JSON string must escape, and then decodes them to that same text.
@Suite struct SavedDocumentReaderTests {
    static let head = Array(#"{"navcore":1,"stack":[{"route":"a","state":""#.utf8)
    static let tail = Array(#""}]}"#.utf8)

    /// The state the reader decodes from `bytes` written raw inside the state's string, or nil
    /// if it refuses the document.
    static func state(ofRaw bytes: [UInt8]) -> String? {
        let document = head + bytes + tail
        let entries = document.withUnsafeBufferPointer { try? SavedDocument.parse(utf8: $0) }
        return entries.map { $0[0].state ?? "(null)" }
    }

    /// What the reader must do with `bytes`: their text when they are UTF-8 with no control
    /// character, quote or backslash (those must be escaped in a JSON string), else nil.
    static func expected(_ bytes: [UInt8]) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" || $0 == "\\" })
        else { return nil }
        return text
    }

    /// Second bytes around the boundaries of UTF-8's ranges (Unicode table 3-7), and later ones
    /// around the continuation bytes' range.
    static let seconds: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
                                   0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
    static let continuations: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xFF]

    @Test func everyPairOfBytesIsReadAsTheStandardLibraryValidatesIt() {
        var mismatches: [[UInt8]] = []
        for first in UInt8.min...UInt8.max where first != UInt8(ascii: "\\") {  // (that starts an escape)
            for second in UInt8.min...UInt8.max where Self.state(ofRaw: [first, second]) != Self.expected([first, second]) {
                mismatches.append([first, second])
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func sequencesOfThreeAndFourBytesAroundTheRangesAreReadAsTheStandardLibraryValidatesThem() {
        var sequences: [[UInt8]] = []
        for first in UInt8(0xE0)...UInt8(0xEF) {
            for second in Self.seconds { for third in Self.continuations { sequences.append([first, second, third]) } }
        }
        for first in UInt8(0xF0)...UInt8(0xF7) {
            for second in Self.seconds {
                for third in Self.continuations {
                    for fourth in Self.continuations { sequences.append([first, second, third, fourth]) }
                }
            }
        }
        let mismatches = sequences.filter { Self.state(ofRaw: $0) != Self.expected($0) }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func aStringOfEscapesDecodesToItsText() throws {
        let escaped = String(repeating: #"\u000a\"\\\u00e9\ud83d\ude00"#, count: 1000)
        let document = Array(#"{"navcore":1,"stack":[{"route":"a","state":"\#(escaped)"}]}"#.utf8)
        let entries = try document.withUnsafeBufferPointer { buffer throws(NavigationError) in
            try SavedDocument.parse(utf8: buffer)
        }
        #expect(entries == [RouteEntry(route: "a", state: String(repeating: "\n\"\\é😀", count: 1000))])
    }
}
