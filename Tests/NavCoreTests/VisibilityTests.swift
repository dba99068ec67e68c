import NavCore
import Testing

/// SPEC §7: visibility is an op; hiding and showing emit disappear/appear for the top; while
/// hidden ops are instant and show/hide events are off unless always_appear is on.
@Suite struct VisibilityTests {
    @Test func aNavigatorStartsVisible() {
        #expect(Navigator().isVisible)
        #expect(Navigator(dispatch: .host).isVisible)
    }

    @Test func hidingAndShowingEmitDisappearAndAppearForTheTop() throws {
        let h = Harness()
        try h.stack("A", "B")
        try h.nav.setVisible(false, completion: nil)
        #expect(!h.nav.isVisible)
        #expect(h.trace() == [
            "will_hide B disappear instant",
            "did_hide B disappear instant",
            "done visible completed",
        ])
        try h.nav.setVisible(true, completion: nil)
        #expect(h.nav.isVisible)
        #expect(h.trace() == [
            "will_show B appear instant",
            "did_show B appear instant",
            "done visible completed",
        ])
    }

    @Test func visibilityChangesWithAnEmptyStackEmitOnlyDone() throws {
        let h = Harness()
        try h.nav.setVisible(false, completion: nil)
        try h.nav.setVisible(true, completion: nil)
        #expect(h.trace() == ["done visible completed", "done visible completed"])
    }

    @Test func settingTheSameVisibilityIsNoopWithoutShowEvents() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.setVisible(true, completion: nil)
        try h.nav.setVisible(false, completion: nil)
        _ = h.trace()
        try h.nav.setVisible(false, completion: nil)
        #expect(h.trace() == ["done visible noop"])
    }

    @Test func whileHiddenOpsRunInstantWithoutShowEvents() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.setBarThreshold(2)
        try h.nav.setVisible(false, completion: nil)
        _ = h.trace()
        try h.nav.push(try h.screen("B"), animated: true, completion: nil)
        try h.nav.pop(animated: true, completion: nil)
        #expect(h.trace() == [
            "action will_push +B -A instant",
            "action did_push +B -A instant",
            "bar shown instant",
            "action push_completed +B -A instant",
            "done push completed",
            "action idle",
            "action will_pop +A -B instant",
            "action did_pop +A -B instant",
            "bar hidden instant",
            "release B",
            "action pop_completed +A -B instant",
            "done pop completed",
            "action idle",
        ])
        #expect(h.transitions.value.isEmpty, "no transition can hang while hidden")
        #expect(!h.nav.isBusy)
    }

    @Test func alwaysAppearEmitsShowEventsWhileHiddenAsInstant() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.setAlwaysAppear(true)
        try h.nav.setVisible(false, completion: nil)
        _ = h.trace()
        try h.nav.push(try h.screen("B"), animated: true, completion: nil)
        #expect(h.trace() == [
            "action will_push +B -A instant",
            "action did_push +B -A instant",
            "will_hide A push instant",
            "will_show B push instant",
            "did_hide A push instant",
            "did_show B push instant",
            "action push_completed +B -A instant",
            "done push completed",
            "action idle",
        ])
        try h.nav.setAlwaysAppear(false)
        try h.nav.pop(completion: nil)
        #expect(!h.trace().contains { $0.contains("_show") || $0.contains("_hide") })
    }

    @Test func visibilityIsAnOpThatWaitsInTheQueue() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)  // waits
        #expect(try h.nav.setVisible(false, completion: nil) == .queued)
        #expect(h.nav.isVisible, "the visibility changes when the op runs")
        try h.finish()
        #expect(!h.nav.isVisible)
        #expect(h.trace().suffix(3) == ["will_hide B disappear instant", "did_hide B disappear instant", "done visible completed"])
    }

    @Test func screenFeedbackIsSilentWhileHidden() throws {
        let nav = Navigator()
        let a = FeedbackRecorder("A")
        let b = FeedbackRecorder("B")
        try nav.push(try nav.makeScreen(route: "A", object: a), completion: nil)
        try nav.setVisible(false, completion: nil)
        #expect(a.calls.take() == ["A will_show push instant", "A did_show push instant",
                                   "A will_hide disappear instant", "A did_hide disappear instant"])
        try nav.push(try nav.makeScreen(route: "B", object: b), completion: nil)
        #expect(a.calls.value.isEmpty)
        #expect(b.calls.value.isEmpty)
        try nav.setVisible(true, completion: nil)
        #expect(b.calls.value == ["B will_show appear instant", "B did_show appear instant"])
    }
}
