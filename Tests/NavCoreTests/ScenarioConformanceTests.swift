import Foundation
import ScenarioKit
import Testing

/// SPEC §11: every scenario of the project (`Tests/Scenarios`, and `Tests/ScenariosNext` for
/// SPEC §12–15, which only this runner knows so far) and, when it exists beside the checkout,
/// of `../shared/scenarios`, passes through the Swift runner.
@Suite struct ScenarioConformanceTests {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let projectScenarios = ScenarioRunner.files(
        in: ["Tests/Scenarios", "Tests/ScenariosNext"].map { root.appendingPathComponent($0).path })

    static let sharedScenarios: [String] = {
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared/scenarios").path
        return FileManager.default.fileExists(atPath: shared) ? ScenarioRunner.files(in: [shared]) : []
    }()

    @Test(arguments: projectScenarios + sharedScenarios)
    func scenarioPasses(_ path: String) {
        let result = ScenarioRunner.run(file: path)
        #expect(result.passed, "\(result.report)")
    }

    @Test func projectHasScenarios() {
        #expect(!Self.projectScenarios.isEmpty)
    }

    @Test func runnerReportsAWrongExpectation() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("navcore-wrong-\(UInt32.random(in: 0...UInt32.max)).nav").path
        try "push A\nexpect stack B\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = ScenarioRunner.run(file: path)
        #expect(!result.passed)
        #expect(result.report.contains("expect stack B: saw 'A'"))
    }
}
