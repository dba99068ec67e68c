import NavCore
import Testing

/// `MainActorStackMirror`'s lifetime: it mirrors while it is held, and neither dropping nor
/// stopping it leaves the navigator without the animator it should have.
@MainActor
@Suite struct MainActorStackMirrorTests {
    @Test func droppingTheMirrorStopsItSoNoTransitionIsSwallowed() throws {
        let nav = MainActorNavigator()
        var updates = 0
        do {
            let mirror = MainActorStackMirror(nav) { _ in updates += 1 }
            _ = try nav.push(nav.makeScreen(route: "A"), completion: nil)
            _ = mirror
        }
        var ended: Outcome?
        _ = try nav.push(nav.makeScreen(route: "B"), completion: { ended = $0 })  // instant now
        #expect(updates == 1 && ended == .completed && !nav.isBusy)
    }

    @Test func namesTheDecisionABackWaitsFor() async throws {
        let nav = MainActorNavigator()
        let mirror = MainActorStackMirror(nav, animates: false) { _ in }
        nav.setDeferrablePopVeto { _, _, _, _ in .later }
        _ = try await nav.setStack([try nav.makeScreen(route: "A"), try nav.makeScreen(route: "B")])
        #expect(mirror.pendingDecision == nil)
        _ = try nav.back(completion: nil)
        let decision = try #require(mirror.pendingDecision)
        #expect(decision == nav.pendingDecision && mirror.stack.map(\.route) == ["A", "B"])
        try await decision.decide(allow: false)
        #expect(mirror.pendingDecision == nil && !nav.isBusy)
    }

    @Test func stopLeavesTheHostsAnimatorWhenItInstalledNone() throws {
        let nav = MainActorNavigator()
        var played = 0
        nav.setAnimator { _ in played += 1 }
        let mirror = MainActorStackMirror(nav, animates: false) { _ in }
        mirror.stop()
        _ = try nav.push(nav.makeScreen(route: "A"), completion: nil)
        _ = try nav.push(nav.makeScreen(route: "B"), completion: nil)  // the first push never animates
        #expect(played == 1 && nav.isBusy)
    }
}
