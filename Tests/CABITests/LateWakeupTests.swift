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
