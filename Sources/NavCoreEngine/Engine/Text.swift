/// SPEC §15: every text navcore takes is valid UTF-8 without U+0000. A Swift `String` is
/// always valid Unicode (the C front checks the bytes as it decodes them), so what is left to
/// check here is U+0000.
package enum Text {
    /// Fails with `invalid` when `text` holds U+0000; `what` names it in the message. It scans
    /// the text's bytes in place (a restored state may be megabytes long).
    package static func check(_ text: String?, _ what: String) throws(NavigationError) {
        guard let text, text.utf8.withContiguousStorageIfAvailable({ $0.contains(0) }) ?? text.utf8.contains(0) else { return }
        throw NavigationError(.invalid, "the \(what) contains U+0000")
    }

    /// Whether `a` and `b` are the same text byte for byte, as C, Python and JavaScript compare
    /// strings. `String`'s `==` compares by canonical equivalence ("é" equals "e" + U+0301), which
    /// no other front does, and links Unicode normalization into the embedded builds.
    /// Compared as two buffers of bytes, read in place: walking two `UTF8View`s index by index
    /// costs about a hundred instructions even for a JSON key of a few bytes.
    package static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var (a, b) = (a, b)
        return a.withUTF8 { a in b.withUTF8 { b in a.elementsEqual(b) } }
    }
}
