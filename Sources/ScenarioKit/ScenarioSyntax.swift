/// The lexical rules of the `.nav` format (SPEC §11), which the Swift, C and Python runners
/// implement alike (docs/scenarios.md):
///
/// - a file is UTF-8; a line ends at LF; a line whose first character is `#` is a comment;
/// - words are separated by runs of spaces and tabs (ASCII only);
/// - any other whitespace or control character (CR, VT, FF, NEL, NBSP, U+2000–U+200A, U+3000,
///   …) is a scenario error, so that no runner silently reads a word another one splits;
/// - numbers are ASCII: `progress` takes `-?D+(.D+)?` or `nan`, `drain for` takes
///   `-?D+(.D+)?`, `threshold` and `drain` take `D+` up to 2147483647 (D = a digit 0–9);
/// - a `set` word that names no live screen makes a screen of its route: the word without a
///   final `#n` (n = one or more digits), so `A#2` is of route A and `#y` of route `#y`.
public enum ScenarioSyntax {
    /// The words of a line: split at runs of spaces and tabs, none empty.
    public static func words(_ line: Substring) -> [String] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Whether a character may not appear in a scenario: a control character other than tab,
    /// DEL, a C1 control, or Unicode whitespace other than the space.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// A `progress` value: `-?D+(.D+)?` or `nan`, read as the nearest double.
    public static func progress(_ word: String) -> Double? {
        word == "nan" ? .nan : decimal(word)
    }

    /// A decimal number (`drain for`'s time): `-?D+(.D+)?`, read as the nearest double.
    public static func decimal(_ word: String) -> Double? {
        var rest = Substring(word)
        if rest.hasPrefix("-") { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.allSatisfy(isDigits) else { return nil }
        return Double(word)
    }

    /// A whole number (`threshold`, `drain`'s count): `D+`, at most 2147483647.
    public static func wholeNumber(_ word: String) -> Int? {
        guard isDigits(Substring(word)), let value = Int(word), value <= Int(Int32.max) else { return nil }
        return value
    }

    /// The route of a new screen made by a `set` word: the word without a final `#n`.
    public static func route(ofSetWord word: String) -> String {
        guard let hash = word.lastIndex(of: "#"), isDigits(word[word.index(after: hash)...]) else { return word }
        return String(word[..<hash])
    }

    /// One or more ASCII digits.
    private static func isDigits(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }
}
