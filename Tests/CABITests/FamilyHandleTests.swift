import CNavCore
import Testing

/// navcore.h, "Families": one handle per navigator (SPEC §16.12) — a query names a navigator by
/// the handle navcore_navigator_create returned for it — and a torn-down member's handle dies,
/// reclaimed by navcore, while its parent lives on.
@Suite("Family handles") struct FamilyHandleTests {
    /// A new inline navigator with one screen (`route`), created hidden, and that screen's id.
    static func navigator(_ route: String, visible: Bool = false) -> (Nav?, UInt64) {
        var options = navcore_create_options()
        expectStatus(navcore_create_options_init(&options, UInt32(NAVCORE_CREATE_OPTIONS_VERSION)))
        options.visible = visible
        var nav: Nav?
        expectStatus(navcore_navigator_create_with_options(&nav, &options))
        var screen: UInt64 = 0
        expectStatus(navcore_screen_create(&screen, nav, route, nil))
        expectStatus(navcore_push(nav, screen, false, nil, nil))
        return (nav, screen)
    }

    @Test("queries answer with the handles navcore_navigator_create returned")
    func queriesNameNavigatorsByTheirHandles() {
        let (parent, home) = Self.navigator("Home", visible: true)
        let (first, _) = Self.navigator("A")
        let (second, _) = Self.navigator("B")
        expectStatus(navcore_attach(parent, home, first, nil, nil, nil))
        expectStatus(navcore_attach(parent, home, second, nil, nil, nil))
        var handle: Nav?
        expectStatus(navcore_parent(&handle, second))
        #expect(handle == parent)
        expectStatus(navcore_active_child(&handle, parent, home))
        #expect(handle == first)
        var count: UInt = 0
        var children = [Nav?](repeating: nil, count: 2)
        expectStatus(navcore_children_copy(&count, &children, 2, parent, home))
        #expect(count == 2 && children == [first, second])
        var host: UInt64 = 0
        expectStatus(navcore_host_screen(&host, first))
        #expect(host == home)
        var flag = false
        expectStatus(navcore_is_on_screen(&flag, first))
        #expect(flag)
        expectStatus(navcore_is_on_screen(&flag, second))
        #expect(!flag)
        expectStatus(navcore_parent(&handle, parent))
        #expect(handle == nil)
        // A modal with one screen: the back target is the modal, to dismiss (SPEC §16.6).
        let (modal, _) = Self.navigator("M")
        expectStatus(navcore_present(parent, modal, nil, nil, nil))
        expectStatus(navcore_modal(&handle, parent))
        #expect(handle == modal)
        expectStatus(navcore_is_modal(&flag, modal))
        #expect(flag)
        expectStatus(navcore_back_target(&handle, parent))
        #expect(handle == modal)
        // Covered by the modal, the child is not on screen, so a back asked of it goes nowhere.
        expectStatus(navcore_is_on_screen(&flag, first))
        #expect(!flag)
        expectStatus(navcore_back_target(&handle, first))
        #expect(handle == nil)
        expectStatus(navcore_navigator_destroy(parent))
    }

    @Test("a member that leaves is torn down: its handle is dead and its parent's is not")
    func aTornDownMembersHandleDies() {
        let (parent, home) = Self.navigator("Home", visible: true)
        let (child, _) = Self.navigator("A")
        expectStatus(navcore_attach(parent, home, child, nil, nil, nil))
        expectError(navcore_navigator_destroy(child), NAVCORE_ERR_STATE)
        expectStatus(navcore_leave(child, nil, nil))
        var count = 0
        expectError(navcore_stack_count(&count, child), NAVCORE_ERR_INVALID_HANDLE)
        expectError(navcore_navigator_destroy(child), NAVCORE_ERR_INVALID_HANDLE)
        var children = [Nav?](repeating: nil, count: 1)
        var found: UInt = 9
        expectStatus(navcore_children_copy(&found, &children, 1, parent, home))
        #expect(found == 0)
        expectStatus(navcore_stack_count(&count, parent))
        #expect(count == 1)
        expectStatus(navcore_navigator_destroy(parent))
    }

    @Test("a present's transition names the parent and the modal; a push's, the navigator animating")
    func transitionsNameTheirNavigators() throws {
        let recorder = Recorder()
        defer { recorder.freeTrampolines() }
        let (parent, _) = Self.navigator("Home", visible: true)
        expectStatus(navcore_on_transition(parent, recorder.transitionFn, nil, nil))
        let (modal, _) = Self.navigator("Sheet")
        expectStatus(navcore_present(parent, modal, nil, nil, nil))
        let presented = try #require(recorder.lastTransition)
        #expect(presented.style == c(NAVCORE_STYLE_PRESENT))
        #expect(presented.from_navigator == parent && presented.to_navigator == modal)
        expectStatus(navcore_transition_finish(parent, presented.id))
        expectStatus(navcore_on_transition(modal, recorder.transitionFn, nil, nil))
        var next: UInt64 = 0
        expectStatus(navcore_screen_create(&next, modal, "Step", nil))
        expectStatus(navcore_push(modal, next, true, nil, nil))
        let pushed = try #require(recorder.lastTransition)
        #expect(pushed.style == c(NAVCORE_STYLE_PUSH))
        #expect(pushed.from_navigator == modal && pushed.to_navigator == modal)
        expectStatus(navcore_transition_finish(modal, pushed.id))
        expectStatus(navcore_navigator_destroy(parent))
    }
}
