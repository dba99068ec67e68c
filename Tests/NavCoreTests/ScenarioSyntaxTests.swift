import ScenarioKit
import Testing

/// The `.nav` format's lexical rules (docs/scenarios.md), as the Swift runner reads them. The
/// Python tests check the same cases (bindings/python/tests/test_scenarios.py), and
/// scripts/compare-runners.sh the three runners against each other.
@Suite struct ScenarioSyntaxTests {
    @Test func wordsAreSeparatedBySpacesAndTabsOnly() {
        #expect(ScenarioSyntax.words(" \tpush\t \tA  instant ") == ["push", "A", "instant"])
        #expect(ScenarioSyntax.words("push\u{00A0}A") == ["push\u{00A0}A"])
    }

    @Test(arguments: [
        ("push A\r\n", "line 1: character U+000D (only spaces and tabs separate words)"),
        ("push A\n\u{3000}push B\n", "line 2: character U+3000 (only spaces and tabs separate words)"),
        ("# a\u{00A0}comment\n", "line 1: character U+00A0 (only spaces and tabs separate words)"),
        ("push A\u{0}\n", "line 1: character U+0000 (only spaces and tabs separate words)"),
        ("push A\u{0B}\n", "line 1: character U+000B (only spaces and tabs separate words)"),
    ])
    func anyOtherWhitespaceFailsTheFile(_ text: String, _ message: String) {
        do {
            _ = try ScenarioFile(path: "x.nav", bytes: Array(text.utf8))
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func aLineThatIsNotUTF8FailsTheFile() {
        for bytes: [UInt8] in [[0x0A, 0x0A, 0x70, 0x20, 0xC0, 0xAF], [0x70, 0x20, 0xED, 0xA0, 0x80]] {
            do {
                _ = try ScenarioFile(path: "x.nav", bytes: bytes)
                Issue.record("accepted \(bytes)")
            } catch {
                #expect(error.message == "the line is not UTF-8")
            }
        }
    }

    @Test func traceLinesAreTheirWordsJoinedBySingleSpaces() throws {
        let file = try ScenarioFile(path: "x.nav", bytes: Array("# c\n\n  push  A \nexpect\ttrace\n  a\tb\n\n  b  c\nend\n".utf8))
        guard file.steps.count == 2, case .line(_, let words) = file.steps[0], case .expectTrace(_, let lines) = file.steps[1]
        else {
            Issue.record("steps: \(file.steps)")
            return
        }
        #expect(words == ["push", "A"])
        #expect(lines == ["a b", "b c"])
    }

    @Test func numbersAreASCIIWithAGrammar() {
        #expect(["0.125", "-1", "1", "1.50"].map(ScenarioSyntax.progress) == [0.125, -1, 1, 1.5])
        #expect(ScenarioSyntax.progress("nan")?.isNaN == true)
        for word in ["1e-3", ".5", "1.", "+0.5", "inf", "0x1p-1", "1_0", "\u{0661}"] {
            #expect(ScenarioSyntax.progress(word) == nil, "\(word)")
        }
        #expect(["0", "-1", "0.5", "-0.000001"].map(ScenarioSyntax.decimal) == [0, -1, 0.5, -0.000001])
        for word in ["nan", "1e-3", ".5", "1.", "+0.5", "inf", "-", ""] {
            #expect(ScenarioSyntax.decimal(word) == nil, "\(word)")
        }
        #expect(ScenarioSyntax.wholeNumber("2147483647") == 2_147_483_647)
        for word in ["2147483648", "-1", "+2", "1.5", "\u{0661}", ""] {
            #expect(ScenarioSyntax.wholeNumber(word) == nil, "\(word)")
        }
    }

    @Test func aSetWordDropsOnlyAFinalHashAndDigits() {
        let words = ["A", "A#2", "#y", "#4", "A#x", "A#2#3", "y#"]
        #expect(words.map(ScenarioSyntax.route(ofSetWord:)) == ["A", "A", "#y", "", "A#x", "A#2", "y#"])
    }
}
