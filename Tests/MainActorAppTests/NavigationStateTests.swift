import NavCore
import NavCoreObservation
import Observation
import Synchronization
import Testing

/// `NavigationState` as a view sees it: `withObservationTracking` is told of exactly the
/// properties it read, when they change, on the main actor.
@MainActor
@Suite struct NavigationStateTests {
    /// Whether reading `read` was invalidated by `change`.
    private func invalidates(_ read: () -> Void, _ change: () async throws -> Void) async rethrows -> Bool {
        let fired = Atomic(false)
        withObservationTracking(read) { fired.store(true, ordering: .relaxed) }
        try await change()
        return fired.load(ordering: .relaxed)
    }

    @Test func mirrorsTheStackTheQueueAndTheActionState() async throws {
        let app = try AppModel()
        let state = try NavigationState(app.nav)
        let home = try app.page("Home"), inbox = try app.page("Inbox")
        #expect(state.stack.isEmpty && state.top == nil && !state.isBusy)

        #expect(try await invalidates({ _ = state.stack }) { _ = try await app.nav.push(home) })
        #expect(state.stack.map(\.id) == [home.id] && state.top == home && !state.canGoBack)

        // A push that animates: busy with its transition in flight, a second tap queued.
        try app.nav.push(inbox, completion: nil)
        try app.nav.run({}, completion: nil)
        #expect(state.isBusy && state.pendingCount == 1 && state.actionState == .didPush)
        #expect(state.transition?.to == inbox)
        await app.nav.idle()
        #expect(!state.isBusy && state.pendingCount == 0 && state.actionState == .idle)
        #expect(state.transition == nil && state.canGoBack && state.top == inbox)

        // Reading only the bar is not invalidated by a push.
        #expect(try await !invalidates({ _ = state.isBarShown }) { _ = try await app.nav.push(try app.page("Third")) })
        #expect(try await invalidates({ _ = state.isBarShown }) { try app.nav.setBarThreshold(5) })
        #expect(!state.isBarShown)
    }

    @Test func followsTheGesturesTransitionAndProgress() async throws {
        let app = try AppModel()
        let state = try NavigationState(app.nav)
        let home = try app.page("Home"), inbox = try app.page("Inbox")
        _ = try await app.nav.setStack([home, inbox], animated: false)

        var ended: Outcome?
        try app.nav.ask(.beginGesture()) { @MainActor in ended = $0 }  // starts at once: the animator has it now
        #expect(state.transition?.interactive == true && state.stack == [home] && state.progress == nil)
        #expect(try await invalidates({ _ = state.progress }) { try await app.gestures.lift(finish: false) })
        #expect(ended == .cancelled)
        #expect(state.transition == nil && state.progress == nil && state.stack == [home, inbox])
    }

    /// A back whose veto answered later is busy with no transition: the state names the decision
    /// it waits for, from the back until the answer, so a view shows the question instead.
    @Test func followsTheDecisionABackWaitsFor() async throws {
        let app = try AppModel()
        let state = try NavigationState(app.nav)
        try app.nav.setDeferrablePopVeto { @MainActor _, _, _, _ in .later }
        _ = try await app.nav.setStack([try app.page("Home"), try app.page("Compose")], animated: false)
        #expect(state.pendingDecision == nil)

        var outcome: Outcome?
        #expect(try await invalidates({ _ = state.pendingDecision }) { try app.nav.ask(.back(animated: false)) { @MainActor in outcome = $0 } })
        let decision = try #require(state.pendingDecision)
        #expect(decision == app.nav.pendingDecision && state.isBusy && state.transition == nil)
        #expect(state.actionState == .idle)
        #expect(try await invalidates({ _ = state.pendingDecision }) { try await decision.decide(allow: true) })
        #expect(state.pendingDecision == nil && outcome == .completed && state.stack.count == 1)
    }

    @Test func droppedStatesLeaveNoHandlerBehind() throws {
        let nav = Navigator(dispatch: .mainActor)
        let kept = try NavigationState(nav)
        for _ in 0..<1000 { _ = try NavigationState(nav) }  // as a view's `@State` initial value is, on every init
        #expect(nav.stateChangeHandlerCount == 1)
        _ = try nav.push(nav.makeScreen(route: "A"), completion: nil)
        #expect(kept.stack.count == 1)
    }
}
