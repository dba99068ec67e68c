import Foundation
import ScenarioKit
import Testing

/// SPEC §11: every scenario of the project (`Tests/Scenarios`), of the specification
/// (`spec/scenarios`, the repository's copy of the shared folder) and the planned ones that the
/// runners implement (`spec/scenarios-planned`, as listed in `Tests/planned-scenarios.txt`)
/// passes through the Swift runner.
@Suite struct ScenarioConformanceTests {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let projectScenarios = ScenarioRunner.files(in: [root.appendingPathComponent("Tests/Scenarios").path])

    static let specScenarios = ScenarioRunner.files(in: [root.appendingPathComponent("spec/scenarios").path])

    /// The names `Tests/planned-scenarios.txt` lists (one a line, `#` starts a comment).
    static let plannedScenarios: [String] = {
        let list = root.appendingPathComponent("Tests/planned-scenarios.txt").path
        let text = (try? String(contentsOfFile: list, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : root.appendingPathComponent("spec/scenarios-planned/\(name)").path
        }
    }()

    @Test(arguments: projectScenarios + specScenarios + plannedScenarios)
    func scenarioPasses(_ path: String) {
        let result = ScenarioRunner.run(file: path)
        #expect(result.passed, "\(result.report)")
    }

    @Test func projectAndSpecificationHaveScenarios() {
        #expect(!Self.projectScenarios.isEmpty)
        #expect(Self.specScenarios.count >= 21)
        #expect(Self.plannedScenarios.allSatisfy { FileManager.default.fileExists(atPath: $0) })
    }

    @Test func runnerReportsAWrongExpectation() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navcore-wrong-\(UInt32.random(in: 0...UInt32.max)).nav").path
        try "push A\nexpect stack B\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ScenarioRunner.run(file: path)
        #expect(!result.passed)
        #expect(result.report.contains("expect stack B: saw 'A'"))
    }

    @Test func runnerNamesTheScreenOfAFailingScreenCheck() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navcore-wrong-\(UInt32.random(in: 0...UInt32.max)).nav").path
        try "push A\nset_result A r\nset_saved A s\nexpect result_of A x\nexpect saved_of A y\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ScenarioRunner.run(file: path)
        #expect(result.report.contains("line 4: expect result_of A x: saw 'r'"), "\(result.report)")
        #expect(result.report.contains("line 5: expect saved_of A y: saw 's'"), "\(result.report)")
    }
}
