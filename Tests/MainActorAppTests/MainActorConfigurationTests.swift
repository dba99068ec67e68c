import NavCore
import NavCoreObservation
import Synchronization
import Testing

/// `Navigator(dispatch: .mainActor)` as a configuration of the one navigator: where its ops
/// run, which calls it refuses off the main actor, and that its `@MainActor` handlers are
/// refused (thrown, never trapped) on a navigator in another mode.
@MainActor
@Suite struct MainActorConfigurationTests {
    /// Throws `code` from `body`, or records an issue.
    private func expectError(_ code: NavigationError.Code, _ body: () throws -> Void) {
        do {
            try body()
            Issue.record("no error, \(code) expected")
        } catch {
            #expect((error as? NavigationError)?.code == code)
        }
    }

    @Test func asksOnTheMainActorRunAtOnceAndAsksElsewhereRunOnItsNextTurn() async throws {
        let nav = Navigator(dispatch: .mainActor)
        #expect(nav.dispatch == .mainActor)
        #expect(try nav.push(try nav.makeScreen(route: "home"), completion: nil) == .ok)
        #expect(nav.stack.map(\.route) == ["home"] && !nav.isBusy)  // instant: done before it returned

        let detail = try nav.makeScreen(route: "detail")
        let status = try await Task.detached { try nav.push(detail, animated: false, completion: nil) }.value
        #expect(status == .queued)
        await nav.idle()
        #expect(nav.stack.map(\.route) == ["home", "detail"])
    }

    /// The error code each call throws when made off the main actor (`nil`: it did not throw).
    private func codesOffTheMainActor(_ calls: [@Sendable () throws -> Void]) async -> [NavigationError.Code?] {
        await Task.detached {
            calls.map { call in
                do { try call(); return nil } catch { return (error as? NavigationError)?.code }
            }
        }.value
    }

    @Test func callsThatActAtOnceAreRefusedOffTheMainActor() async throws {
        let nav = Navigator(dispatch: .mainActor)
        try nav.setAnimator { @MainActor transition in Task { try await transition.finish() } }
        _ = try await nav.setStack([try nav.makeScreen(route: "A"), try nav.makeScreen(route: "B")], animated: false)
        let spare = try nav.makeScreen(route: "spare")
        let codes = await codesOffTheMainActor([
            { try nav.drain() },
            { try nav.discard(spare) },
            { try nav.setBarThreshold(2) },
            { try nav.beginGesture(completion: nil) },
            { try nav.destroy() },
        ])
        #expect(codes == Array(repeating: NavigationError.Code.state, count: 5))
        #expect(!nav.isDestroyed && nav.stack.count == 2)
        // The awaiting forms hop to the main actor: a gesture asked from elsewhere starts.
        let outcome = try await Task.detached { try await nav.beginGesture() }.value
        #expect(outcome == .completed)
        #expect(nav.stack.map(\.route) == ["A"])
    }

    /// The transition controls, each valid on the main actor at that moment, are refused off it
    /// and leave the gesture in flight.
    @Test func transitionControlsAreRefusedOffTheMainActor() async throws {
        let nav = Navigator(dispatch: .mainActor)
        try nav.setAnimator { @MainActor _ in }  // holds every transition: the test ends them
        _ = try await nav.setStack([try nav.makeScreen(route: "A"), try nav.makeScreen(route: "B")], animated: false)
        #expect(try nav.beginGesture(completion: nil) == .ok)  // on the main actor: starts at once
        let gesture = try #require(nav.transitionInFlight)
        let codes = await codesOffTheMainActor([
            { try nav.updateTransition(gesture, progress: 0.5) },
            { try nav.cancelTransition(gesture) },
            { try nav.finishTransition(gesture) },
        ])
        #expect(codes == Array(repeating: NavigationError.Code.state, count: 3))
        #expect(nav.transitionInFlight == gesture)
        try nav.finishTransition(gesture)
        #expect(nav.stack.map(\.route) == ["A"] && !nav.isBusy)
    }

    /// A pending veto decision is refused off the main actor and still pending after it.
    @Test func decidingIsRefusedOffTheMainActor() async throws {
        let nav = Navigator(dispatch: .mainActor)
        try nav.setDeferrablePopVeto { @MainActor _, _, _, _ in .later }
        _ = try await nav.setStack([try nav.makeScreen(route: "A"), try nav.makeScreen(route: "B")], animated: false)
        #expect(try nav.back(animated: false, completion: nil) == .ok)
        let decision = try #require(nav.pendingDecision)
        let codes = await codesOffTheMainActor([{ try nav.decide(decision, allow: true) }])
        #expect(codes == [.state])
        #expect(nav.pendingDecision == decision && nav.stack.count == 2)
        try nav.decide(decision, allow: true)
        #expect(nav.stack.map(\.route) == ["A"] && !nav.isBusy)
    }

    @Test func mainActorHandlersAreRefusedByANavigatorInAnotherMode() throws {
        for nav in [Navigator(), Navigator(dispatch: .host)] {
            expectError(.state) { try nav.setAnimator { @MainActor _ in } }
            expectError(.state) { try nav.setPopVeto { @MainActor _, _ in true } }
            expectError(.state) { try nav.setDeferrablePopVeto { @MainActor _, _, _, _ in .allow } }
            expectError(.state) { try nav.registerRoute("r") { @MainActor _ in nil } }
            expectError(.state) { try nav.addObserver { @MainActor _ in } }
            expectError(.state) { try nav.setMainActorDelegate(nil) }
            expectError(.state) { _ = try nav.makeScreen(route: "page", object: FeedbackPage()) }
            expectError(.state) { _ = try NavigationState(nav) }
            expectError(.state) { _ = try MainActorStackMirror(nav) { _ in } }
            let screen = try nav.makeScreen(route: "plain")
            expectError(.state) { try nav.onResult(of: screen) { @MainActor _ in } }
            expectError(.state) { try nav.ask(.push(screen)) { @MainActor _ in } }
            #expect(nav.stack.isEmpty)  // nothing was asked
        }
    }

    @Test func theLastReferenceDroppedElsewhereDestroysOnTheMainActor() async throws {
        var nav: Navigator? = Navigator(dispatch: .mainActor)
        let released = Atomic(false)
        try nav?.addObserver { @MainActor event in
            if case .released = event { released.store(true, ordering: .relaxed) }
        }
        _ = try await nav?.push(try #require(nav).makeScreen(route: "home"))
        let events = try #require(nav).events()
        let owner = Box(try #require(nav))
        nav = nil
        await Task.detached { owner.value = nil }.value  // the last reference goes off the main actor
        for await _ in events {}  // finished by the destroy, which ran on the main actor
        let wasReleased = released.load(ordering: .relaxed)
        #expect(wasReleased)
    }

    /// A main-actor screen object.
    @MainActor final class FeedbackPage: MainActorScreenFeedback {}

    /// Holds a reference that another task drops.
    final class Box: @unchecked Sendable {
        var value: Navigator?
        init(_ value: Navigator) { self.value = value }
    }
}
