@testable import NavCore
import Testing

/// A main-actor veto reached off the main actor cannot be asked, and answers no: the form the
/// engine stores of each main-actor veto, called from another thread, refuses the pop. (A
/// main-actor navigator never asks its veto there; this is what stands if it ever did.)
@MainActor
@Suite struct MainActorVetoRefusalTests {
    /// The veto the navigator would ask now (reinstalling the same handlers to read them).
    private func installedVeto(of nav: Navigator) throws -> @Sendable (Screen, PopTrigger, VetoDecision) -> VetoAnswer {
        try #require(nav.updateHandlers { _ in }?.veto)
    }

    @Test func aVetoReachedOffTheMainActorRefuses() async throws {
        let nav = Navigator(dispatch: .mainActor)
        let top = try nav.makeScreen(route: "top")
        let decision = VetoDecision(id: 1, control: nav)

        try nav.setPopVeto { @MainActor _, _ in true }
        let veto = try installedVeto(of: nav)
        #expect(veto(top, .button, decision) == .allow)  // asked on the main actor: it allows
        let offMain = await Task.detached { veto(top, .button, decision) }.value
        #expect(offMain == .refuse)

        try nav.setDeferrablePopVeto { @MainActor _, _, _, _ in .allow }
        let deferrable = try installedVeto(of: nav)
        #expect(deferrable(top, .gesture, decision) == .allow)
        let deferrableOffMain = await Task.detached { deferrable(top, .gesture, decision) }.value
        #expect(deferrableOffMain == .refuse)
    }
}
