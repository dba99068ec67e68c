import Foundation
import NavCore
import Testing

/// SPEC §13 through the Swift API: a veto that answers `.later`, and `decide`.
@Suite struct DeferredVetoTests {
    /// Installs a veto that always answers later; returns where it keeps the last decision.
    static func alwaysLater(_ h: Harness) -> Locked<VetoDecision?> {
        let pending = Locked<VetoDecision?>(nil)
        h.nav.setDeferrablePopVeto { _, _, decision in
            pending.update { $0 = decision }
            return .later
        }
        return pending
    }

    @Test func laterIsDecidedFromAnotherThread() async throws {
        let h = Harness(animator: false)
        try h.stack("list", "compose")
        let pending = Self.alwaysLater(h)
        let completions = Completions()
        try h.nav.back(animated: false, completion: completions.handler)
        let decision = try #require(pending.value)
        #expect(h.nav.isBusy && h.names == ["list", "compose"])
        let status = try await Task.detached { [nav = h.nav] in
            try nav.decide(decision, allow: true)
            return "decided"
        }.value
        #expect(status == "decided")
        #expect(completions.received == [.completed])
        #expect(h.names == ["list"] && !h.nav.isBusy)
        expectError(.state) { try h.nav.decide(decision, allow: false) }
    }

    /// The waiting back is its own state: `pendingDecision` names the veto's decision from the
    /// veto's return until it is answered, while the other queries read busy, idle and the ops
    /// queued behind it; it is answered through the value the query returns.
    @Test func pendingDecisionNamesTheDecisionTheBackWaitsFor() async throws {
        let h = Harness(animator: false)
        try h.stack("list", "compose")
        let insideVeto = Locked<VetoDecision??>(nil)
        h.nav.setDeferrablePopVeto { [nav = h.nav] _, _, decision in
            insideVeto.update { $0 = .some(nav.pendingDecision) }
            return .later
        }
        #expect(h.nav.pendingDecision == nil)
        let completions = Completions()
        try h.nav.back(animated: false, completion: completions.handler)
        #expect(insideVeto.value == .some(nil), "pending once the veto has returned, not inside it")
        let decision = try #require(h.nav.pendingDecision)
        try h.nav.push(try h.screen("draft"), animated: false, completion: completions.handler)
        #expect(h.nav.isBusy && h.nav.transitionInFlight == nil && h.nav.actionState == .idle && h.nav.pendingCount == 1)
        #expect(h.nav.pendingDecision == decision)
        try await decision.decide(allow: true)
        #expect(h.nav.pendingDecision == nil && completions.received == [.completed, .completed])
        #expect(h.names == ["list", "draft"])
    }

    /// SPEC §13: the decision is pending from the moment the hook returns later, so a decide
    /// made from the events raised inside the hook (here the result of a detached screen the
    /// hook discarded) answers it, and the back goes on.
    @Test func decideFromAnEventRaisedInsideTheHookIsAnswered() throws {
        let h = Harness(animator: false)
        try h.stack("list", "compose")
        let draft = try h.nav.makeScreen(route: "draft")
        let outcome = Locked<String?>(nil)
        h.nav.setDeferrablePopVeto { [nav = h.nav] _, _, decision in
            do throws(NavigationError) {
                try nav.onResult(of: draft) { _ in
                    do throws(NavigationError) {
                        try nav.decide(decision, allow: true)
                        outcome.update { $0 = "decided" }
                    } catch { outcome.update { $0 = "\(error)" } }
                }
                try nav.discard(draft)
            } catch { outcome.update { $0 = "hook: \(error)" } }
            return .later
        }
        let completions = Completions()
        try h.nav.back(animated: false, completion: completions.handler)
        #expect(outcome.value == "decided")
        #expect(completions.received == [.completed])
        #expect(h.names == ["list"] && !h.nav.isBusy)
    }

    @Test func laterForAGestureIsNoAndABoolVetoKeepsItsMeaning() throws {
        let h = Harness()
        try h.stack("a", "b")
        h.nav.setDeferrablePopVeto { _, _, _ in .later }
        let completions = Completions()
        try h.nav.beginGesture(completion: completions.handler)
        h.nav.setPopVeto { _, _ in false }
        try h.nav.back(completion: completions.handler)
        #expect(completions.received == [.vetoed, .vetoed])
        #expect(!h.nav.isBusy)
    }

    @Test func destroyAbortsAPendingBack() throws {
        let h = Harness(animator: false)
        try h.stack("a", "b")
        let pending = Self.alwaysLater(h)
        let completions = Completions()
        try h.nav.back(completion: completions.handler)
        try h.nav.destroy()
        #expect(completions.received == [.aborted])
        let decision = try #require(pending.value)
        expectError(.invalidHandle) { try h.nav.decide(decision, allow: true) }
    }
}
