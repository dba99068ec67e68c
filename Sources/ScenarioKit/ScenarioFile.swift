/// A conformance scenario (SPEC §11), parsed into steps that keep their line numbers.
public struct ScenarioFile: Sendable {
    /// One step of a scenario.
    public enum Step: Sendable {
        /// A command or a one-line check, split into words.
        case line(number: Int, words: [String])
        /// `expect trace` … `end`: the trace lines expected since the previous one.
        case expectTrace(number: Int, lines: [String])
    }

    /// The file's path, as given.
    public let path: String
    /// The steps in order.
    public let steps: [Step]

    /// Parses a file's bytes by the rules of `ScenarioSyntax`: blank lines and lines starting
    /// with `#` are skipped; `expect trace` collects the following lines, each one's words
    /// joined by single spaces, up to `end`. A line that is not UTF-8 or holds a forbidden
    /// character fails the whole file.
    public init(path: String, bytes: [UInt8]) throws(ScenarioError) {
        self.path = path
        var steps: [Step] = []
        var trace: (number: Int, lines: [String])?
        for (offset, lineBytes) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            guard let raw = String(validating: lineBytes, as: UTF8.self) else {
                throw ScenarioError(line: number, "the line is not UTF-8")
            }
            if let bad = raw.unicodeScalars.first(where: ScenarioSyntax.isForbidden) {
                throw ScenarioError(line: number, "character U+\(hex4(bad.value)) (only spaces and tabs separate words)")
            }
            let words = ScenarioSyntax.words(Substring(raw))
            if var block = trace {
                if words == ["end"] {
                    steps.append(.expectTrace(number: block.number, lines: block.lines))
                    trace = nil
                } else if !words.isEmpty {
                    block.lines.append(words.joined(separator: " "))
                    trace = block
                }
                continue
            }
            if words.isEmpty || raw.hasPrefix("#") { continue }
            if words == ["expect", "trace"] {
                trace = (number, [])
            } else {
                steps.append(.line(number: number, words: words))
            }
        }
        if let block = trace {
            throw ScenarioError(line: block.number, "`expect trace` has no `end`")
        }
        self.steps = steps
    }
}

/// At least four uppercase hexadecimal digits, as in U+00A0.
private func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// A scenario that cannot be run as written: an unknown command, a bad argument, an unknown
/// label. It fails the scenario with its line number.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// The line of the scenario file.
    public let line: Int
    /// What is wrong.
    public let message: String

    /// An error at `line` of the scenario file.
    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
