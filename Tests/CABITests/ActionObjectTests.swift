import CNavCore
import Testing

/// navcore.h, navcore_action_event: the host objects beside the ids. The recorder's action
/// line gets ` object=…` whenever an object is not the token of its screen's label.
@Suite("Objects in action events") struct ActionObjectTests {
    @Test("every action event carries each screen's object, also for the screens a *_completed event names as released")
    func everyActionEventCarriesObjects() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST)
        defer { h.close() }
        expectStatus(h.route("R"))
        CallbackTests.exercise(h)
        _ = navcore_set_stack(h.nav, [h.screen("X"), h.screen("Y")], 2, false, nil, nil)
        _ = navcore_drain(h.nav)
        let actions = h.r.take(["action"])
        #expect(actions.count > 20)
        #expect(actions.filter { $0.contains("object=") }.isEmpty)
        // The releasing events were reached: ids dead, objects still there.
        #expect(actions.contains("action pop_completed +R -B animated"))
        #expect(actions.contains("action set_completed +Y -A instant"))
    }

    @Test("inside a *_completed event the released screens' ids are dead, their objects still given")
    func releasedObjectsInCompletedEvent() {
        let h = Harness(hooks: [.action, .release])
        defer { h.close() }
        let ids = h.build("A", "B", "C")
        var insideStatus: Int32 = 0
        h.r.on("action pop_completed") {
            var object: UnsafeMutableRawPointer?
            insideStatus = navcore_screen_object(&object, h.nav, ids[2])
        }
        expectStatus(navcore_pop_to_root(h.nav, false, nil, nil))
        #expect(h.r.take() == [
            "action will_pop +A -B -C instant", "action did_pop +A -B -C instant",
            "release C", "release B", "action pop_completed +A -B -C instant", "action idle",
        ])
        #expect(statusName(insideStatus) == "no_such_screen")
    }
}
