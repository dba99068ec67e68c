import Foundation
import NavCore
import NavCoreJSON
import Testing

/// SPEC §12 through the Swift API: a screen's result, its listener, `pop(result:)` and
/// `pushForResult`.
@Suite struct ResultTests {
    @Test func popCarriesTheResultToPushForResult() async throws {
        let h = Harness(animator: false)
        try h.stack("home")
        let picker = try h.screen("picker")
        async let chosen = h.nav.pushForResult(picker)
        while h.nav.top != picker { await Task.yield() }
        #expect(try await h.nav.pop(result: "blue") == .completed)
        #expect(try await chosen == "blue")
    }

    struct Choice: Codable, Equatable { let color: String; let count: Int }

    @Test func aCodableResultRoundTripsThroughJSONText() async throws {
        let h = Harness(animator: false)
        try h.stack("home")
        let picker = try h.screen("picker")
        async let received = h.nav.pushForResult(picker, as: Choice.self)
        while h.nav.top != picker { await Task.yield() }
        let sent = Choice(color: "é\"/", count: 3)
        #expect(try await h.nav.pop(encoding: sent) == .completed)
        #expect(try await received == sent)
    }

    @Test func aScreenReleasedWithoutAResultGivesNil() async throws {
        let h = Harness(animator: false)
        try h.stack("home")
        let picker = try h.screen("picker")
        async let received = h.nav.pushForResult(picker, as: Choice.self)
        while h.nav.top != picker { await Task.yield() }
        try h.nav.pop(animated: false, completion: nil)
        #expect(try await received == nil)
    }

    @Test func theListenerHearsTheResultOnceRightBeforeTheReleaseWhateverReleasesIt() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("a", "b", "c")
        let detached = try h.screen("d")
        for screen in screens + [detached] {
            try h.nav.onResult(of: screen) { [log = h.log] in log.append("result \(screen.route) \($0 ?? "-")") }
        }
        try h.nav.setResult("kept", for: screens[1])
        try h.nav.pop(animated: false, result: "popped", completion: nil)
        try h.nav.setStack([screens[0]], animated: false, completion: nil)
        try h.nav.discard(detached)
        try h.nav.destroy()
        #expect(h.trace().filter { $0.hasPrefix("result") || $0.hasPrefix("release") } == [
            "result c popped", "release c", "result b kept", "release b", "result d -", "release d",
            "result a -", "release a",
        ])
    }

    @Test func aNoopPopSetsNothingAndTheListenerCannotChangeOnceCalled() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("a")
        try h.nav.pop(animated: false, result: "ignored", completion: nil)
        #expect(try h.nav.result(of: screens[0]) == nil)
        let b = try h.screen("b")
        try h.nav.push(b, animated: false, completion: nil)
        let inside = Locked<NavigationError.Code?>(nil)
        try h.nav.onResult(of: b) { [nav = h.nav] _ in
            do throws(NavigationError) { try nav.onResult(of: b, nil) } catch { inside.update { $0 = error.code } }
        }
        try h.nav.pop(animated: false, completion: nil)
        #expect(inside.value == .state)
        expectError(.noSuchScreen) { try h.nav.setResult("late", for: b) }
        expectError(.invalid) { try h.nav.setResult("nul\u{0}", for: screens[0]) }
    }
}
