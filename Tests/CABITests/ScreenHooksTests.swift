import CNavCore
import Testing

/// navcore.h: navcore_screen_create_with_hooks and navcore_screen_hooks_init — a screen's own
/// hooks (appearance, payload, release) and their ctx destructor.
@Suite("Per-screen hooks") struct ScreenHooksTests {
    /// Creates the screen `label` (route = label) whose hooks are the recorder's closures, with
    /// the ctx token `hooks:<label>` and the recorder's destructor.
    static func hooked(_ h: Harness, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) -> UInt64 {
        var hooks = navcore_screen_hooks()
        expectStatus(navcore_screen_hooks_init(&hooks, UInt32(NAVCORE_SCREEN_HOOKS_VERSION)), sourceLocation: sourceLocation)
        hooks.will_show = h.r.appearanceFn
        hooks.did_show = h.r.appearanceFn
        hooks.will_hide = h.r.appearanceFn
        hooks.did_hide = h.r.appearanceFn
        hooks.payload = h.r.payloadFn
        hooks.release = h.r.releaseFn
        hooks.ctx = h.r.token("hooks:\(label)")
        hooks.destroy = h.r.destroyFn
        var id: UInt64 = 0
        expectStatus(navcore_screen_create_with_hooks(&id, h.nav, label, h.r.token(label), &hooks),
                     sourceLocation: sourceLocation)
        h.r.label(id, label)
        return id
    }

    @Test("with no navigator callback, a screen's hooks hear its own appearance, payload and release; the ctx dies after")
    func hooksAlone() {
        let h = Harness(hooks: [.animator])
        defer { h.close() }
        expectStatus(h.route("R"))
        let a = Self.hooked(h, "R"), b = h.screen("B")
        expectStatus(navcore_push(h.nav, a, false, nil, nil))
        expectStatus(navcore_push(h.nav, b, true, nil, nil))
        h.finish()
        var options = showOptions(animated: false, remove_current: true, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        "p".withCString { options.payload = $0; expectStatus(navcore_show(h.nav, "R", &options, nil, nil)) }
        expectStatus(navcore_set_stack(h.nav, [h.screen("C")], 1, false, nil, nil))
        #expect(h.r.take() == [
            "will_show R push instant ctx=hooks:R",
            "did_show R push instant ctx=hooks:R",
            "will_hide R push animated ctx=hooks:R",
            "transition push R>B",
            "did_hide R push animated ctx=hooks:R",
            // show R recycles R: its payload, then the pop back to it
            "payload R p ctx=hooks:R",
            "will_show R pop instant ctx=hooks:R",
            "did_show R pop instant ctx=hooks:R",
            // show popped B; set [C] removes R
            "will_hide R set instant ctx=hooks:R",
            "did_hide R set instant ctx=hooks:R",
            "release R ctx=hooks:R",
            "destroy hooks:R",
        ])
        #expect(h.r.destroyCount("hooks:R") == 1)
    }

    @Test("a hook runs right before the navigator's callback of the same event; the ctx destructor after its release callback")
    func orderBesideNavigatorCallbacks() {
        let h = Harness(hooks: [.willShow, .didShow, .release])
        defer { h.close() }
        let a = Self.hooked(h, "A")
        expectStatus(navcore_push(h.nav, a, false, nil, nil))
        expectStatus(navcore_set_stack(h.nav, [h.screen("B")], 1, false, nil, nil))
        #expect(h.r.take() == [
            "will_show A push instant ctx=hooks:A", "will_show A push instant",
            "did_show A push instant ctx=hooks:A", "did_show A push instant",
            "will_hide A set instant ctx=hooks:A", "will_show B set instant",
            "did_hide A set instant ctx=hooks:A", "did_show B set instant",
            "release A ctx=hooks:A", "release A", "destroy hooks:A",
        ])
    }

    @Test("a discarded screen and the screens a destroy releases run their release hook and destructor once")
    func discardAndDestroy() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: [])
        defer { h.close() }
        let detached = Self.hooked(h, "D"), stacked = Self.hooked(h, "S"), kept = Self.hooked(h, "K")
        expectStatus(navcore_screen_discard(h.nav, detached))
        #expect(h.r.take() == ["release D ctx=hooks:D", "destroy hooks:D"])
        expectStatus(navcore_push(h.nav, stacked, false, nil, nil), NAVCORE_QUEUED)
        expectStatus(navcore_drain(h.nav))
        #expect(h.r.take() == ["will_show S push instant ctx=hooks:S", "did_show S push instant ctx=hooks:S"])
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.take() == [
            "release S ctx=hooks:S", "destroy hooks:S", "release K ctx=hooks:K", "destroy hooks:K",
        ])
        #expect(kept != 0)
        for label in ["D", "S", "K"] { #expect(h.r.destroyCount("hooks:\(label)") == 1) }
    }

    @Test("NULL hooks or an unknown version fail with invalid, keep nothing and never call the destructor")
    func badHooks() {
        let h = Harness(hooks: [])
        defer { h.close() }
        var id: UInt64 = 0
        expectError(navcore_screen_create_with_hooks(&id, h.nav, "A", nil, nil), NAVCORE_ERR_INVALID)
        var hooks = navcore_screen_hooks()
        expectError(navcore_screen_hooks_init(&hooks, 2), NAVCORE_ERR_INVALID)
        expectError(navcore_screen_hooks_init(nil, UInt32(NAVCORE_SCREEN_HOOKS_VERSION)), NAVCORE_ERR_INVALID)
        hooks.version = 2
        hooks.ctx = h.r.token("hooks:bad")
        hooks.destroy = h.r.destroyFn
        expectError(navcore_screen_create_with_hooks(&id, h.nav, "A", nil, &hooks), NAVCORE_ERR_INVALID)
        #expect(id == 0)
        var count = -1
        expectStatus(navcore_stack_count(&count, h.nav))
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.destroyCount("hooks:bad") == 0)
    }
}
