import NavCore
import Testing

/// The `async` forms of the non-isolated `Navigator`'s controls: post, the gesture,
/// visibility, open and restore, `idle()`, and a transition's own finish/cancel/progress.
@Suite struct AsyncControlsTests {
    @Test func postVisibilityOpenAndRestoreResumeWithTheirOutcome() async throws {
        let harness = Harness(animator: false)
        let nav = harness.nav
        try nav.registerRoute("detail") { _ in nil }
        #expect(try await nav.post("detail") == .completed)
        #expect(try await nav.post("missing") == .unknownRoute)
        #expect(try await nav.setVisible(false) == .completed)
        #expect(try await nav.setVisible(false) == .noop)
        #expect(try await nav.open([RouteEntry(route: "detail", state: "a"), RouteEntry(route: "detail")]) == .completed)
        let saved = try nav.save()
        #expect(try await nav.restore(saved) == .completed)
        #expect(try nav.save() == saved)
        await #expect(throws: NavigationError(.invalid, "")) { try await nav.restore("{}") }
    }

    @Test func theGestureResumesWhenItsTransitionEnds() async throws {
        let harness = Harness()
        let nav = harness.nav
        try harness.stack("A", "B")
        let cancelled = Task { try await nav.beginGesture() }
        let transition = try await waitForTransition(harness)
        try await transition.update(progress: 0.25)
        try await transition.cancel()
        #expect(try await cancelled.value == .cancelled)
        #expect(harness.names == ["A", "B"])
        #expect(harness.trace().contains("progress 0.25"))

        let finished = Task { try await nav.beginGesture() }
        try await waitForTransition(harness, after: transition).finish()
        #expect(try await finished.value == .completed)
        #expect(harness.names == ["A"])
        await #expect(throws: NavigationError(.state, "")) { try await transition.finish() }
    }

    @Test func aTransitionOutlivingItsNavigatorThrowsInvalidHandle() async throws {
        var harness: Harness? = Harness()
        try harness?.stack("A")
        try harness?.nav.push(try #require(harness).screen("B"), completion: nil)
        let transition = try #require(harness?.lastTransition)
        harness = nil  // the transition holds its navigator weakly
        await #expect(throws: NavigationError(.invalidHandle, "")) { try await transition.finish() }
    }

    @Test func idleResumesOnceTheQueueIsEmpty() async throws {
        let harness = Harness()
        let nav = harness.nav
        try harness.stack("A")
        await nav.idle()  // idle already
        try nav.push(try harness.screen("B"), completion: nil)
        try nav.push(try harness.screen("C"), completion: nil)
        let waiter = Task { await nav.idle(); return (nav.isBusy, nav.pendingCount) }
        try await waitForTransition(harness).finish()
        try await waitForTransition(harness, after: harness.transitions.value.first).finish()
        let (busy, pending) = await waiter.value
        #expect(!busy && pending == 0)
        #expect(harness.names == ["A", "B", "C"])
    }

    /// The transition in flight, once the animator has one other than `previous`.
    @discardableResult
    private func waitForTransition(_ harness: Harness, after previous: Transition? = nil) async throws -> Transition {
        for _ in 0..<10_000 {
            if let last = harness.lastTransition, last.id != previous?.id, harness.nav.transitionInFlight == last.id {
                return last
            }
            await Task.yield()
        }
        throw NavigationError(.state, "no transition came")
    }
}

/// A deferred veto answered through the decision itself, with no reference to the navigator.
@Suite struct DecisionControlTests {
    @Test func aDecisionAnswersThroughItsNavigator() async throws {
        let harness = Harness(animator: false)
        let pending = Locked<[VetoDecision]>([])
        harness.nav.setDeferrablePopVeto { _, _, decision in
            pending.update { $0.append(decision) }
            return .later
        }
        try harness.stack("A", "B")
        let back = Task { try await harness.nav.back() }
        for _ in 0..<100_000 where pending.value.isEmpty { await Task.yield() }
        let decision = try #require(pending.value.first)
        try await decision.decide(allow: true)
        #expect(try await back.value == .completed)
        #expect(harness.names == ["A"])
        await #expect(throws: NavigationError(.state, "")) { try await decision.decide(allow: true) }
        await #expect(throws: NavigationError(.invalidHandle, "")) { try await VetoDecision(id: decision.id).decide(allow: true) }
        #expect(VetoDecision(id: decision.id) == decision)
    }
}
