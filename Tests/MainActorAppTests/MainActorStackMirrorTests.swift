import NavCore
import Testing

/// `MainActorStackMirror`'s lifetime: it mirrors while it is held, and neither dropping nor
/// stopping it leaves the navigator without the animator it should have.
@MainActor
@Suite struct MainActorStackMirrorTests {
    @Test func droppingTheMirrorStopsItSoNoTransitionIsSwallowed() throws {
        let nav = Navigator(dispatch: .mainActor)
        var updates = 0
        do {
            let mirror = try MainActorStackMirror(nav) { _ in updates += 1 }
            _ = try nav.push(nav.makeScreen(route: "A"), completion: nil)
            _ = mirror
        }
        var ended: Outcome?
        _ = try nav.ask(.push(nav.makeScreen(route: "B")), mainActorCompletion: { ended = $0 })  // instant now
        #expect(updates == 1 && ended == .completed && !nav.isBusy)
    }

    /// A modal's present and dismiss reach the parent's animator, the mirror: they go to the
    /// `layer` handler on the main actor and change no stack of the parent's.
    @Test func aModalsPresentAndDismissGoToTheLayerHandler() async throws {
        let nav = Navigator(dispatch: .mainActor)
        var layer: [Transition] = [], updates = 0
        let mirror = try MainActorStackMirror(nav, layer: { layer.append($0) }) { _ in updates += 1 }
        _ = try nav.push(nav.makeScreen(route: "A"), completion: nil)
        let sheet = Navigator(dispatch: .mainActor, visible: false)
        _ = try sheet.push(sheet.makeScreen(route: "S"), completion: nil)
        try nav.present(sheet, completion: nil)
        #expect(layer.map(\.style) == [.present] && nav.isBusy)
        try await #require(layer.first).finish()
        #expect(nav.modal === sheet && !nav.isBusy)
        try nav.dismiss(completion: nil)
        #expect(layer.map(\.style) == [.present, .dismiss])
        try await #require(layer.last).finish()
        #expect(nav.modal == nil && !nav.isBusy && updates == 1 && mirror.stack.map(\.route) == ["A"])
    }

    @Test func namesTheDecisionABackWaitsFor() async throws {
        let nav = Navigator(dispatch: .mainActor)
        let mirror = try MainActorStackMirror(nav, animates: false) { _ in }
        try nav.setDeferrablePopVeto { @MainActor _, _, _, _ in .later }
        _ = try await nav.setStack([try nav.makeScreen(route: "A"), try nav.makeScreen(route: "B")])
        #expect(mirror.pendingDecision == nil)
        _ = try nav.back(completion: nil)
        let decision = try #require(mirror.pendingDecision)
        #expect(decision == nav.pendingDecision && mirror.stack.map(\.route) == ["A", "B"])
        try await decision.decide(allow: false)
        #expect(mirror.pendingDecision == nil && !nav.isBusy)
    }

    @Test func stopLeavesTheHostsAnimatorWhenItInstalledNone() throws {
        let nav = Navigator(dispatch: .mainActor)
        var played = 0
        try nav.setAnimator { @MainActor _ in played += 1 }
        let mirror = try MainActorStackMirror(nav, animates: false) { _ in }
        mirror.stop()
        _ = try nav.push(nav.makeScreen(route: "A"), completion: nil)
        _ = try nav.push(nav.makeScreen(route: "B"), completion: nil)  // the first push never animates
        #expect(played == 1 && nav.isBusy)
    }
}
