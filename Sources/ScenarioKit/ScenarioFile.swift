import Foundation

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

    /// Parses `text`: blank lines and lines starting with `#` are skipped; `expect trace`
    /// collects the following lines, trimmed, up to `end`.
    public init(path: String, text: String) throws(ScenarioError) {
        self.path = path
        var steps: [Step] = []
        var trace: (number: Int, lines: [String])?
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if var block = trace {
                if line == "end" {
                    steps.append(.expectTrace(number: block.number, lines: block.lines))
                    trace = nil
                } else if !line.isEmpty {
                    block.lines.append(line)
                    trace = block
                }
                continue
            }
            if line.isEmpty || raw.hasPrefix("#") { continue }
            if line == "expect trace" {
                trace = (number, [])
            } else {
                steps.append(.line(number: number, words: line.split(separator: " ").map(String.init)))
            }
        }
        if let block = trace {
            throw ScenarioError(line: block.number, "`expect trace` has no `end`")
        }
        self.steps = steps
    }
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
