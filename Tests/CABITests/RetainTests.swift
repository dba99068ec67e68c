import CNavCore
import Testing

/// The ids a detach callback received, in order.
private final class Detached: @unchecked Sendable {
    // @unchecked: written and read on the test's thread only (inline dispatch).
    var ids: [UInt64] = []
    var objects: [UnsafeMutableRawPointer?] = []
}

/// navcore.h, retained screens (SPEC §17): navcore_screen_retain, navcore_screen_is_retained and
/// navcore_on_detach.
@Suite("Retain") struct RetainTests {
    @Test("a retained screen that leaves the stack is detached with its object, its id live; unmarked, its next leave releases it")
    func retainedScreenIsDetached() {
        let h = Harness()
        defer { h.close() }
        let detached = Detached()
        let ctx = Unmanaged.passUnretained(detached).toOpaque()
        expectStatus(navcore_on_detach(h.nav, { _, screen, object, _, ctx in
            let detached = Unmanaged<Detached>.fromOpaque(ctx!).takeUnretainedValue()
            detached.ids.append(screen)
            detached.objects.append(object)
        }, ctx, nil))
        let ids = h.build("A", "B")
        var retained = true
        expectStatus(navcore_screen_is_retained(&retained, h.nav, ids[1]))
        #expect(!retained, "a new screen is not retained")
        expectStatus(navcore_screen_retain(h.nav, ids[1], true))
        expectStatus(navcore_screen_is_retained(&retained, h.nav, ids[1]))
        #expect(retained)
        expectStatus(navcore_pop(h.nav, false, nil, nil))
        #expect(detached.ids == [ids[1]])
        #expect(detached.objects == [h.ctx("B")])
        #expect(h.r.take(["release"]).isEmpty, "a detached screen is not released")
        var object: UnsafeMutableRawPointer?
        expectStatus(navcore_screen_object(&object, h.nav, ids[1]))
        #expect(object == h.ctx("B"))
        expectStatus(navcore_push(h.nav, ids[1], false, nil, nil))
        #expect(h.stack == ["A", "B"])
        expectStatus(navcore_screen_retain(h.nav, ids[1], false))
        expectStatus(navcore_pop(h.nav, false, nil, nil))
        #expect(detached.ids == [ids[1]], "unmarked, it is released, not detached")
        #expect(h.r.take(["release"]) == ["release B"])
        expectError(navcore_screen_retain(h.nav, ids[1], true), NAVCORE_ERR_NO_SUCH_SCREEN)
        expectError(navcore_screen_is_retained(&retained, h.nav, ids[1]), NAVCORE_ERR_NO_SUCH_SCREEN)
        expectError(navcore_screen_is_retained(nil, h.nav, ids[0]), NAVCORE_ERR_INVALID)
    }

    @Test("an observer of version 2 hears the detach; one of version 1 has no detach field to read")
    func observersHearTheDetach() {
        let h = Harness()
        defer { h.close() }
        let heard = Detached(), old = Detached()
        let record: navcore_release_fn = { _, screen, object, _, ctx in
            let detached = Unmanaged<Detached>.fromOpaque(ctx!).takeUnretainedValue()
            detached.ids.append(screen)
            detached.objects.append(object)
        }
        var observer = navcore_observer()
        expectStatus(navcore_observer_init(&observer, 2))
        observer.detach = record
        observer.ctx = Unmanaged.passUnretained(heard).toOpaque()
        var token: UInt64 = 0
        expectStatus(navcore_observer_add(&token, h.nav, &observer))
        // Version 1 ends before `detach`: whatever follows it is not read.
        var first = navcore_observer()
        expectStatus(navcore_observer_init(&first, 1))
        first.detach = record
        first.ctx = Unmanaged.passUnretained(old).toOpaque()
        expectStatus(navcore_observer_add(&token, h.nav, &first))
        let ids = h.build("A", "B")
        expectStatus(navcore_screen_retain(h.nav, ids[1], true))
        expectStatus(navcore_pop(h.nav, false, nil, nil))
        #expect(heard.ids == [ids[1]])
        #expect(heard.objects == [h.ctx("B")])
        #expect(old.ids.isEmpty)
    }

    @Test("a discard of a retained host screen tears its child down at once, even the last op's navigator: its callbacks end in the call")
    func discardedHostEndsTheLastOpsNavigator() {
        let root = Harness(hooks: [])
        let child = Harness(hooks: [.action, .release])
        // The root's destroy drops what is left of the family: only then may closures be freed.
        defer {
            root.close()
            child.close()
        }
        let host = root.build("Home", "Tabs")[1]
        expectStatus(navcore_attach(root.nav, host, child.nav, nil, nil, nil))
        expectStatus(navcore_screen_retain(root.nav, host, true))
        expectStatus(navcore_pop(root.nav, false, nil, nil))
        // The child's push is the family's last op: its navigator was the op's member.
        expectStatus(navcore_push(child.nav, child.screen("A"), false, nil, nil))
        _ = child.r.take()
        expectStatus(navcore_screen_discard(root.nav, host))
        #expect(child.r.take(["release"]) == ["release A"])
        #expect(child.r.destroyCount("action") == 1, "the torn-down child's callbacks end in the discard")
        #expect(child.r.destroyCount("release") == 1)
        var count = 0
        expectError(navcore_stack_count(&count, child.nav), NAVCORE_ERR_INVALID_HANDLE)
    }
}
