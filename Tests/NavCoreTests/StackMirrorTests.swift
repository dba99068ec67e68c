import NavCore
import Testing

/// `StackMirror` (docs/integrating.md): every stack change reaches the host once, with its transition or
/// none, the gesture's pop provisional until it commits or reverts.
@Suite struct StackMirrorTests {
    /// A navigator, its mirror, and the mirror's updates as lines: `A,B > A interactive
    /// provisional`, `commit`, `revert` (routes name the screens).
    final class Mirrored: Sendable {
        let nav = Navigator()
        let lines = Locked<[String]>([])
        let transitions = Locked<[Transition]>([])
        let mirror: StackMirror

        init() {
            let lines = lines, transitions = transitions
            mirror = StackMirror(nav) { update in
                switch update {
                case .change(let change):
                    if let transition = change.transition { transitions.update { $0.append(transition) } }
                    lines.append(Mirrored.line(change))
                case .resolved(let resolution):
                    lines.append("\(resolution)")
                }
            }
        }

        static func line(_ change: StackMirrorChange) -> String {
            let routes = { (stack: [Screen]) in stack.map(\.route).joined(separator: ",") }
            let kind = change.transition.map { $0.interactive ? "interactive" : "animated" } ?? "instant"
            return "\(routes(change.old)) > \(routes(change.new)) \(kind)" + (change.provisional ? " provisional" : "")
        }

        func screen(_ route: String) throws -> Screen { try nav.makeScreen(route: route) }

        /// Ends the transition the mirror handed over last.
        func end(finish: Bool = true) throws {
            let transition = try #require(transitions.update { $0.popLast() })
            if finish { try nav.finishTransition(transition.id) } else { try nav.cancelTransition(transition.id) }
        }

        var mirrored: [String] { mirror.stack.map(\.route) }

        /// A mirrored stack A, B whose gesture has begun (its updates not yet taken).
        static func gesturing() throws -> Mirrored {
            let m = Mirrored()
            try m.nav.push(m.screen("A"), completion: nil)
            try m.nav.push(m.screen("B"), animated: false, completion: nil)
            _ = m.lines.take()
            try m.nav.beginGesture(completion: nil)
            return m
        }
    }

    @Test func instantOpsAreToldAtOnceWithoutATransition() throws {
        let m = Mirrored()
        try m.nav.push(m.screen("A"), completion: nil)  // the first push: no transition
        try m.nav.push(m.screen("B"), animated: false, completion: nil)
        try m.nav.pop(animated: false, completion: nil)
        #expect(m.lines.take() == [" > A instant", "A > A,B instant", "A,B > A instant"])
        #expect(m.mirrored == ["A"])
    }

    @Test func anAnimatedOpIsToldWithItsTransitionBeforeItEnds() throws {
        let m = Mirrored()
        try m.nav.push(m.screen("A"), completion: nil)
        _ = m.lines.take()
        try m.nav.push(m.screen("B"), completion: nil)
        #expect(m.lines.take() == ["A > A,B animated"] && m.nav.isBusy)
        try m.end()
        #expect(m.lines.take().isEmpty && !m.nav.isBusy && m.mirrored == ["A", "B"])
    }

    @Test func theGesturesPopIsProvisionalAndRevertsWhenCancelled() throws {
        let m = try Mirrored.gesturing()
        #expect(m.lines.take() == ["A,B > A interactive provisional"] && m.mirrored == ["A"])
        try m.end(finish: false)
        #expect(m.lines.take() == ["revert"])
        #expect(m.mirrored == ["A", "B"] && m.nav.stack.map(\.route) == ["A", "B"])
    }

    @Test func theGesturesPopCommitsWhenFinished() throws {
        let m = try Mirrored.gesturing()
        try m.end()
        #expect(m.lines.take() == ["A,B > A interactive provisional", "commit"])
        #expect(m.mirrored == ["A"])
        try m.nav.push(m.screen("C"), completion: nil)  // after the commit, animated ops are plain again
        try m.end()
        #expect(m.lines.take() == ["A > A,C animated"])
    }

    /// A back whose veto answered later changes nothing the mirror shows; the mirror names the
    /// decision meanwhile, and the pop comes as a change once it is allowed.
    @Test func aBackWaitingForItsDecisionIsNamedAndChangesNothingUntilAllowed() async throws {
        let m = Mirrored()
        m.nav.setDeferrablePopVeto { _, _, _ in .later }
        try m.nav.push(m.screen("A"), completion: nil)
        try m.nav.push(m.screen("B"), animated: false, completion: nil)
        _ = m.lines.take()
        #expect(m.mirror.pendingDecision == nil)
        try m.nav.back(completion: nil)
        let decision = try #require(m.mirror.pendingDecision)
        #expect(decision == m.nav.pendingDecision && m.lines.take().isEmpty && m.mirrored == ["A", "B"])
        try await decision.decide(allow: true)
        #expect(m.mirror.pendingDecision == nil && m.lines.take() == ["A,B > A animated"])
        try m.end()
        #expect(m.mirrored == ["A"] && !m.nav.isBusy)
    }

    @Test func opsWhileHiddenAreInstant() throws {
        let m = Mirrored()
        try m.nav.push(m.screen("A"), completion: nil)
        try m.nav.setVisible(false, completion: nil)
        try m.nav.push(m.screen("B"), completion: nil)  // animated asked, instant while hidden
        try m.nav.setVisible(true, completion: nil)
        #expect(m.lines.take() == [" > A instant", "A > A,B instant"])
        #expect(m.mirrored == ["A", "B"])
    }

    @Test func setIsToldAsOneChangeOfTheWholeStack() throws {
        let m = Mirrored()
        let a = try m.screen("A"), b = try m.screen("B"), c = try m.screen("C")
        try m.nav.setStack([a, b], animated: false, completion: nil)
        try m.nav.setStack([c, a], completion: nil)
        #expect(m.lines.take() == [" > A,B instant", "A,B > C,A animated"])
        try m.end()
        try m.nav.setStack([a], animated: false, completion: nil)
        #expect(m.lines.take() == ["C,A > A instant"] && m.mirrored == ["A"])
    }

    @Test func showIsToldLikeAnyOtherOp() throws {
        let m = Mirrored()
        try m.nav.registerRoute("detail") { _ in nil }
        try m.nav.push(m.screen("A"), completion: nil)
        try m.nav.show("detail", options: ShowOptions(animated: false, removeCurrent: false), completion: nil)
        #expect(m.lines.take() == [" > A instant", "A > A,detail instant"])
    }

    @Test func stopEndsTheUpdatesAndRemovesTheAnimator() throws {
        let m = Mirrored()
        try m.nav.push(m.screen("A"), completion: nil)
        m.mirror.stop()
        try m.nav.push(m.screen("B"), completion: nil)  // no animator any more: instant
        #expect(m.lines.take() == [" > A instant"] && m.nav.stack.count == 2)
        expectError(.state) { try m.nav.beginGesture(completion: nil) }
    }

    @Test func droppingTheMirrorStopsIt() throws {
        let nav = Navigator()
        let updates = Locked<[String]>([])
        do {
            let mirror = StackMirror(nav) { _ in updates.append("update") }
            try nav.push(nav.makeScreen(route: "A"), completion: nil)
            _ = mirror
        }
        try nav.push(nav.makeScreen(route: "B"), completion: nil)  // its animator went with it: instant
        #expect(updates.take() == ["update"] && nav.stack.count == 2 && !nav.isBusy)
    }

    @Test func stopLeavesTheHostsAnimatorWhenItInstalledNone() throws {
        let nav = Navigator()
        let played = Locked<[String]>([])
        nav.setAnimator { _ in played.append("played") }
        let mirror = StackMirror(nav, animates: false) { _ in }
        mirror.stop()
        try nav.push(nav.makeScreen(route: "A"), completion: nil)
        try nav.push(nav.makeScreen(route: "B"), completion: nil)  // the first push never animates; this one does
        #expect(played.take() == ["played"] && nav.isBusy)
    }
}
