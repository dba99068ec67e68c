import NavCore
import Testing

/// SPEC §6: the pop veto is asked only for user-initiated pops, when they run, about the top
/// at that moment; `canGoBack` answers ahead of time without asking it.
@Suite struct VetoTests {
    /// A veto hook that records what it is asked and refuses the routes in `refused`.
    final class Veto: Sendable {
        let asked = Locked<[String]>([])
        let refused = Locked<Set<String>>([])

        func install(on nav: Navigator) {
            nav.setPopVeto { [self] screen, trigger in
                asked.append("\(screen.route) \(trigger)")
                return !refused.value.contains(screen.route)
            }
        }
    }

    @Test func backAsksTheVetoAboutTheTopAndPopsWhenAllowed() throws {
        let h = Harness(animator: false)
        try h.stack("A", "B")
        let veto = Veto()
        veto.install(on: h.nav)
        let completions = Completions()
        try h.nav.back(completion: completions.handler)
        #expect(veto.asked.value == ["B button"])
        #expect(completions.received == [.completed])
        #expect(h.names == ["A"])
        #expect(h.trace().first == "action will_pop +A -B instant")
    }

    @Test func aRefusalEndsTheOpVetoedWithNoOtherEvent() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        let veto = Veto()
        veto.refused.update { $0 = ["B"] }
        veto.install(on: h.nav)
        let completions = Completions()
        try h.nav.back(completion: completions.handler)
        #expect(completions.received == [.vetoed])
        #expect(h.trace() == ["done back vetoed"])
        #expect(h.nav.stack == screens)
        #expect(!h.nav.isBusy)
    }

    @Test func theVetoIsAskedWhenTheOpRunsAboutTheTopAtThatMoment() throws {
        let h = Harness()
        try h.stack("A", "B")
        let veto = Veto()
        veto.refused.update { $0 = ["B"] }
        veto.install(on: h.nav)
        try h.nav.push(try h.screen("C"), completion: nil)  // waits
        let completions = Completions()
        #expect(try h.nav.back(animated: false, completion: completions.handler) == .queued)
        #expect(veto.asked.value.isEmpty, "not asked when the back is asked")
        try h.finish()
        #expect(veto.asked.value == ["C button"])
        #expect(completions.received == [.completed], "C is allowed, though B would not have been")
        #expect(h.names == ["A", "B"])
    }

    @Test func theVetoIsNeverAskedForProgrammaticPops() throws {
        let h = Harness(animator: false)
        try h.nav.registerRoute("R") { _ in nil }
        let veto = Veto()
        veto.refused.update { $0 = ["A", "B", "C", "D", "R"] }
        veto.install(on: h.nav)
        let screens = try h.stack("R", "A", "B", "C", "D")
        let completions = Completions()
        try h.nav.pop(completion: completions.handler)
        try h.nav.pop(to: screens[2], completion: completions.handler)
        try h.nav.setStack([screens[0], screens[1]], completion: completions.handler)
        try h.nav.show("R", completion: completions.handler)  // recycles R: a pop to it
        try h.nav.push(try h.screen("E"), completion: completions.handler)
        try h.nav.popToRoot(completion: completions.handler)
        #expect(veto.asked.value.isEmpty)
        #expect(completions.received == Array(repeating: .completed, count: 6))
        #expect(h.names == ["R"])
    }

    @Test func backWithOneScreenIsNoopWithoutAskingTheVeto() throws {
        let h = Harness()
        try h.stack("A")
        let veto = Veto()
        veto.install(on: h.nav)
        let completions = Completions()
        try h.nav.back(completion: completions.handler)
        try h.nav.beginGesture(completion: completions.handler)
        #expect(completions.received == [.noop, .noop])
        #expect(veto.asked.value.isEmpty)
    }

    @Test func withoutAHookEveryBackIsAllowed() throws {
        let h = Harness(animator: false)
        try h.stack("A", "B", "C")
        try h.nav.back(completion: nil)
        #expect(h.names == ["A", "B"])
        h.nav.setPopVeto { _, _ in false }
        try h.nav.back(completion: nil)
        #expect(h.names == ["A", "B"])
        h.nav.setPopVeto(nil)
        try h.nav.back(completion: nil)
        #expect(h.names == ["A"])
    }

    @Test func canGoBackNeedsTwoScreensAnIdleNavigatorAndAnEmptyQueue() throws {
        let h = Harness()
        #expect(!h.nav.canGoBack)
        try h.nav.push(try h.screen("A"), completion: nil)
        #expect(!h.nav.canGoBack)
        try h.nav.push(try h.screen("B"), completion: nil)
        #expect(!h.nav.canGoBack, "busy: the push waits for its transition")
        try h.finish()
        #expect(h.nav.canGoBack)

        let host = Harness(dispatch: .host)
        try host.nav.setStack([try host.screen("A"), try host.screen("B")], animated: false, completion: nil)
        try host.nav.drain()
        #expect(host.nav.canGoBack)
        try host.nav.run ({}, completion: nil)
        #expect(!host.nav.canGoBack, "an op waits in the queue")
        try host.nav.drain()
        #expect(host.nav.canGoBack)
    }

    @Test func canGoBackDoesNotAskTheVeto() throws {
        let h = Harness()
        try h.stack("A", "B")
        let veto = Veto()
        veto.refused.update { $0 = ["B"] }
        veto.install(on: h.nav)
        #expect(h.nav.canGoBack, "the veto would refuse, but canGoBack does not ask it")
        #expect(veto.asked.value.isEmpty)
    }
}
