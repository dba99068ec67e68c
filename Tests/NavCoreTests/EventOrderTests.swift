import NavCore
import Testing

/// SPEC §4: the order of events of push, pop (all kinds) and set; the effective animation;
/// set's transition style (UIKit's rule); what no-op, failed and run ops emit; the host's
/// finish and cancel.
@Suite struct EventOrderTests {
    @Test func anAnimatedPushEmitsEveryStepInOrderAndWaitsForTheHost() throws {
        let h = Harness()
        try h.stack("A")
        let completions = Completions()
        try h.nav.push(try h.screen("B"), completion: completions.handler)
        #expect(h.trace() == [
            "action will_push +B -A animated",
            "action did_push +B -A animated",
            "will_hide A push animated",
            "will_show B push animated",
            "transition push A>B",
        ])
        #expect(completions.received.isEmpty, "the op waits for its transition")
        #expect(h.nav.actionState == .didPush)
        try h.finish()
        #expect(h.trace() == [
            "did_hide A push animated",
            "did_show B push animated",
            "action push_completed +B -A animated",
            "done push completed",
            "action idle",
        ])
        #expect(completions.received == [.completed])
    }

    @Test func theFirstScreenNeverAnimates() throws {
        let h = Harness()
        try h.nav.push(try h.screen("A"), animated: true, completion: nil)
        #expect(h.trace() == [
            "action will_push +A instant",
            "action did_push +A instant",
            "will_show A push instant",
            "did_show A push instant",
            "action push_completed +A instant",
            "done push completed",
            "action idle",
        ])
        #expect(h.transitions.value.isEmpty)
    }

    @Test func anAnimatedPopReleasesTheScreenAfterTheDidEvents() throws {
        let h = Harness()
        try h.stack("A", "B")
        try h.nav.pop(completion: nil)
        #expect(h.trace() == [
            "action will_pop +A -B animated",
            "action did_pop +A -B animated",
            "will_hide B pop animated",
            "will_show A pop animated",
            "transition pop B>A",
        ])
        try h.finish()
        #expect(h.trace() == [
            "did_hide B pop animated",
            "did_show A pop animated",
            "release B",
            "action pop_completed +A -B animated",
            "done pop completed",
            "action idle",
        ])
    }

    @Test func popToNamesTheRemovedScreensBottomToTopAndReleasesThemTopDown() throws {
        let h = Harness()
        let screens = try h.stack("A", "B", "C", "D")
        try h.nav.pop(to: screens[0], completion: nil)
        try h.finish()
        #expect(h.trace() == [
            "action will_pop +A -B -C -D animated",
            "action did_pop +A -B -C -D animated",
            "will_hide D pop animated",
            "will_show A pop animated",
            "transition pop D>A",
            "did_hide D pop animated",
            "did_show A pop animated",
            "release D",
            "release C",
            "release B",
            "action pop_completed +A -B -C -D animated",
            "done pop_to completed",
            "action idle",
        ])
    }

    @Test func popToRootEmitsThePopEvents() throws {
        let h = Harness()
        try h.stack("A", "B", "C")
        try h.nav.popToRoot(animated: false, completion: nil)
        #expect(h.trace() == [
            "action will_pop +A -B -C instant",
            "action did_pop +A -B -C instant",
            "will_hide C pop instant",
            "will_show A pop instant",
            "did_hide C pop instant",
            "did_show A pop instant",
            "release C",
            "release B",
            "action pop_completed +A -B -C instant",
            "done pop_to_root completed",
            "action idle",
        ])
    }

    @Test func setWithANewTopUsesThePushStyle() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        let c = try h.screen("C")
        try h.nav.setStack([screens[0], c], completion: nil)
        #expect(h.lastTransition?.style == .push)
        try h.finish()
        #expect(h.trace() == [
            "action will_set +C -B animated",
            "action did_set +C -B animated",
            "will_hide B set animated",
            "will_show C set animated",
            "transition push B>C",
            "did_hide B set animated",
            "did_show C set animated",
            "release B",
            "action set_completed +C -B animated",
            "done set completed",
            "action idle",
        ])
    }

    @Test func setToATopAlreadyInTheOldStackUsesThePopStyle() throws {
        let h = Harness()
        let screens = try h.stack("A", "B", "C")
        let d = try h.screen("D")
        try h.nav.setStack([d, screens[1]], completion: nil)
        let transition = try #require(h.lastTransition)
        #expect(transition.style == .pop)
        #expect(transition.from == screens[2])
        #expect(transition.to == screens[1])
        try h.finish()
        #expect(h.trace() == [
            "action will_set +B -A -C animated",
            "action did_set +B -A -C animated",
            "will_hide C set animated",
            "will_show B set animated",
            "transition pop C>B",
            "did_hide C set animated",
            "did_show B set animated",
            "release C",
            "release A",
            "action set_completed +B -A -C animated",
            "done set completed",
            "action idle",
        ])
    }

    @Test func setKeepingTheTopHasNoTransitionAndNoShowEvents() throws {
        let h = Harness()
        let screens = try h.stack("A", "B", "C")
        let x = try h.screen("X")
        try h.nav.setStack([x, screens[2]], animated: true, completion: nil)
        #expect(h.transitions.value.isEmpty)
        #expect(h.trace() == [
            "action will_set -A -B instant",
            "action did_set -A -B instant",
            "release B",
            "release A",
            "action set_completed -A -B instant",
            "done set completed",
            "action idle",
        ])
        #expect(h.names == ["X", "C"])
    }

    @Test func setOnAnEmptyStackIsInstant() throws {
        let h = Harness()
        try h.nav.setStack([try h.screen("A"), try h.screen("B")], completion: nil)
        #expect(h.trace() == [
            "action will_set +B instant",
            "action did_set +B instant",
            "will_show B set instant",
            "did_show B set instant",
            "action set_completed +B instant",
            "done set completed",
            "action idle",
        ])
    }

    /// The four conditions of SPEC §4's effective animation.
    struct AnimationCase: Sendable, CustomTestStringConvertible {
        let asked: Bool
        let visible: Bool
        let animator: Bool
        var animates: Bool { asked && visible && animator }
        var testDescription: String { "asked \(asked), visible \(visible), animator \(animator)" }
    }

    static let animationCases: [AnimationCase] = [false, true].flatMap { asked in
        [false, true].flatMap { visible in [false, true].map { AnimationCase(asked: asked, visible: visible, animator: $0) } }
    }

    @Test(arguments: animationCases)
    func anOpAnimatesOnlyWhenAskedVisibleWithAnAnimatorAndFromAnExistingTop(_ condition: AnimationCase) throws {
        let h = Harness(animator: condition.animator)
        try h.stack("A")
        if !condition.visible { try h.nav.setVisible(false, completion: nil) }
        _ = h.trace()
        try h.nav.push(try h.screen("B"), animated: condition.asked, completion: nil)
        let flag = condition.animates ? "animated" : "instant"
        #expect(h.trace().first == "action will_push +B -A \(flag)")
        #expect(h.nav.isBusy == condition.animates)
        #expect(h.transitions.value.count == (condition.animates ? 1 : 0))
        if condition.animates { try h.finish() }
        #expect(h.names == ["A", "B"])
    }

    @Test func noopVetoedAndFailedOpsEmitOnlyDone() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        h.nav.setPopVeto { _, _ in false }
        try h.nav.back(completion: nil)
        try h.nav.push(screens[1], completion: nil)
        try h.nav.pop(to: screens[1], completion: nil)
        try h.nav.setStack(screens, completion: nil)
        try h.nav.setStack([], completion: nil)
        try h.nav.pop(to: try h.screen("X"), completion: nil)
        try h.nav.show("nowhere", completion: nil)
        try h.nav.setVisible(true, completion: nil)
        #expect(h.trace() == [
            "done back vetoed",
            "done push duplicate",
            "done pop_to noop",
            "done set noop",
            "done set invalid",
            "done pop_to not_in_stack",
            "done show unknown_route",
            "done visible noop",
        ])
        #expect(h.nav.actionState == .idle)
    }

    @Test func runEmitsItsBlockThenDoneAndNoActionEvents() throws {
        let h = Harness()
        try h.nav.run ({ h.log.append("run x") }, completion: nil)
        #expect(h.trace() == ["run x", "done run completed"])
    }

    @Test func theBarEventComesAfterDidAndBeforeTheShowEvents() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.setBarThreshold(2)
        _ = h.trace()
        try h.nav.push(try h.screen("B"), completion: nil)
        #expect(h.trace() == [
            "action will_push +B -A animated",
            "action did_push +B -A animated",
            "bar shown animated",
            "will_hide A push animated",
            "will_show B push animated",
            "transition push A>B",
        ])
    }

    @Test func eachTransitionHasAFreshNonZeroIdAndNamesItsScreens() throws {
        let h = Harness()
        let screens = try h.stack("A")
        let b = try h.screen("B")
        try h.nav.push(b, completion: nil)
        try h.finish()
        try h.nav.pop(completion: nil)
        try h.finish()
        let transitions = h.transitions.value
        try #require(transitions.count == 2)
        #expect(transitions.allSatisfy { $0.id != 0 && !$0.interactive })
        #expect(transitions[0].id != transitions[1].id)
        #expect(transitions[0].style == .push && transitions[0].from == screens[0] && transitions[0].to == b)
        #expect(transitions[1].style == .pop && transitions[1].from == b && transitions[1].to == screens[0])
    }

    @Test func finishOrCancelWithAWrongIdOrNoTransitionFailsWithStateAndChangesNothing() throws {
        let h = Harness()
        try h.stack("A")
        expectError(.state) { try h.nav.finishTransition(1) }
        expectError(.state) { try h.nav.cancelTransition(1) }
        try h.nav.push(try h.screen("B"), completion: nil)
        let id = try #require(h.nav.transitionInFlight)
        _ = h.trace()
        expectError(.state) { try h.nav.finishTransition(id + 1) }
        expectError(.state) { try h.nav.cancelTransition(id + 1) }
        expectError(.state) { try h.nav.cancelTransition(id) }  // a push is not interactive
        #expect(h.trace().isEmpty)
        #expect(h.nav.transitionInFlight == id)
        #expect(h.nav.actionState == .didPush)
        try h.nav.finishTransition(id)
        expectError(.state) { try h.nav.finishTransition(id) }  // already finished
        #expect(h.names == ["A", "B"])
    }

    @Test func theActionStateFollowsTheSteps() throws {
        let h = Harness()
        try h.stack("A")
        #expect(h.nav.actionState == .idle)
        try h.nav.push(try h.screen("B"), completion: nil)
        #expect(h.nav.actionState == .didPush)
        try h.finish()
        #expect(h.nav.actionState == .idle)
        try h.nav.pop(completion: nil)
        #expect(h.nav.actionState == .didPop)
        try h.finish()
        try h.nav.setStack([try h.screen("C")], completion: nil)
        #expect(h.nav.actionState == .didSet)
        try h.finish()
        let states = h.trace().filter { $0.hasPrefix("action") }.map { $0.split(separator: " ")[1] }
        #expect(states == ["will_push", "did_push", "push_completed", "idle",
                           "will_pop", "did_pop", "pop_completed", "idle",
                           "will_set", "did_set", "set_completed", "idle"])
    }
}
