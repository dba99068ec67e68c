import Foundation

/// Runs scenario files and reports as every navcore runner does: `PASS`/`FAIL` per file with
/// the failures indented under it, then `N passed, M failed`.
public enum ScenarioRunner {
    /// The result of one file.
    public struct Result: Sendable {
        /// The file's path.
        public let path: String
        /// What failed; empty when the scenario passed.
        public let failures: [String]

        /// Whether the scenario passed.
        public var passed: Bool { failures.isEmpty }

        /// `PASS path`, or `FAIL path` and the failures.
        public var report: String {
            ([(passed ? "PASS " : "FAIL ") + path] + failures.map { "  " + $0 }).joined(separator: "\n")
        }
    }

    /// Runs one scenario file.
    public static func run(file path: String) -> Result {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Result(path: path, failures: ["cannot run: cannot read the file"])
        }
        do throws(ScenarioError) {
            let scenario = try ScenarioFile(path: path, bytes: Array(data))
            return Result(path: path, failures: ScenarioSession().run(scenario))
        } catch {
            return Result(path: path, failures: ["cannot run: \(error)"])
        }
    }

    /// The `.nav` files named by `paths`: files as given, directories expanded (sorted).
    public static func files(in paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
            else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { $0.hasSuffix(".nav") }.sorted().map { path + "/" + $0 }
        }
    }

    /// The closing line.
    public static func summary(_ results: [Result]) -> String {
        let passed = results.filter(\.passed).count
        return "\(passed) passed, \(results.count - passed) failed"
    }
}
