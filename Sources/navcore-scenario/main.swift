import Foundation
import ScenarioKit

/// navcore-scenario FILE|DIR…: runs SPEC §11 conformance scenarios through the Swift API.
let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty, !arguments.contains("-h"), !arguments.contains("--help") else {
    print("usage: navcore-scenario FILE.nav|DIR …   (runs SPEC §11 scenarios through the Swift API)")
    exit(arguments.isEmpty ? 2 : 0)
}
let results = ScenarioRunner.files(in: arguments).map(ScenarioRunner.run(file:))
for result in results { print(result.report) }
print(ScenarioRunner.summary(results))
exit(results.allSatisfy(\.passed) ? 0 : 1)
