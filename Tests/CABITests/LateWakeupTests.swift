import CNavCore
import Testing

/// SPEC §9: registering or replacing the wakeup while work waits calls the new wakeup once at
/// once, on the registering thread, so that a host that registers late never stalls.
@Suite("A wakeup registered late")
struct LateWakeupTests {
    @Test("host mode: a wakeup registered over a queued op is called at once, once per registration")
    func lateRegistrationWakes() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: [.done])
        defer { h.close() }
        expectStatus(navcore_push(h.nav, h.screen("A"), false, h.r.doneFn, h.ctx("p")), NAVCORE_QUEUED)
        #expect(h.r.take().isEmpty, "no wakeup was registered")
        #expect(h.register(.wakeup) == OK)
        #expect(h.r.take() == ["wakeup"])
        #expect(h.register(.wakeup, ctx: "again") == OK)
        #expect(h.r.take(["wakeup"]) == ["wakeup ctx=again"], "a replacement is called too")
        expectStatus(navcore_drain(h.nav))
        #expect(h.r.take(["completion"]) == ["completion p push completed"])
        #expect(h.register(.wakeup, ctx: "idle") == OK)
        #expect(h.r.take(["wakeup"]).isEmpty, "nothing waits: nothing is called")
    }

    @Test("in a family, a member's late wakeup calls nothing: the family's wakeup is its root's (SPEC §16.8)")
    func memberRegistrationInAFamilyCallsNothing() {
        let root = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: [.wakeup])
        let child = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: [])
        // The root's destroy tears the family down, dropping the child's callbacks: only then
        // may the child's closures be freed.
        defer {
            root.close()
            child.close()
        }
        let home = root.screen("Home")
        expectStatus(navcore_push(root.nav, home, false, nil, nil), NAVCORE_QUEUED)
        #expect(root.r.take(["wakeup"]) == ["wakeup"])
        expectStatus(navcore_attach(root.nav, home, child.nav, nil, nil, nil), NAVCORE_QUEUED)
        #expect(child.register(.wakeup) == OK)
        #expect(root.r.take(["wakeup"]).isEmpty, "the root's wakeup, raised already, waits for a drain")
        #expect(child.r.take(["wakeup"]).isEmpty, "a member's own wakeup is not called while it has a parent")
        expectStatus(navcore_drain(root.nav))
        expectStatus(navcore_push(child.nav, child.screen("A"), false, nil, nil), NAVCORE_QUEUED)
        #expect(root.r.take(["wakeup"]) == ["wakeup"], "an op asked of a member wakes the root")
        #expect(child.register(.wakeup, ctx: "again") == OK)
        #expect(root.r.take(["wakeup"]).isEmpty && child.r.take(["wakeup"]).isEmpty)
        #expect(root.register(.wakeup, ctx: "late") == OK)
        #expect(root.r.take(["wakeup"]) == ["wakeup ctx=late"], "the root's own late registration is called")
        expectStatus(navcore_drain(root.nav))
        var count: UInt = 0
        expectStatus(navcore_stack_count(&count, child.nav))
        #expect(count == 1)
    }

    @Test("inline mode: registering a wakeup calls nothing")
    func inlineRegistrationIsSilent() {
        let h = Harness(hooks: [.animator])
        defer { h.close() }
        expectStatus(navcore_push(h.nav, h.screen("A"), false, nil, nil))
        expectStatus(navcore_push(h.nav, h.screen("B"), true, nil, nil))
        expectStatus(navcore_push(h.nav, h.screen("C"), false, nil, nil), NAVCORE_QUEUED)
        #expect(h.register(.wakeup) == OK)
        #expect(h.r.take(["wakeup"]).isEmpty)
    }
}
