import CNavCore
import Testing

/// navcore.h: navcore_observer_add and navcore_observer_remove — listeners beside the one
/// registration per kind, each event reaching them after the navigator's callback of its kind.
@Suite("Observers") struct ObserverTests {
    /// Adds an observer whose functions are the recorder's, every one (or those of `kinds`),
    /// with the ctx token `name` and the recorder's destructor; returns its token.
    static func observe(
        _ h: Harness, _ name: String, kinds: Set<Hook>? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> UInt64 {
        var observer = navcore_observer()
        expectStatus(navcore_observer_init(&observer, UInt32(NAVCORE_OBSERVER_VERSION)), sourceLocation: sourceLocation)
        func wants(_ hook: Hook) -> Bool { kinds?.contains(hook) ?? true }
        if wants(.action) { observer.action = h.r.actionFn }
        if wants(.willShow) { observer.appearance = h.r.appearanceFn }
        if wants(.progress) { observer.progress = h.r.progressFn }
        if wants(.bar) { observer.bar = h.r.barFn }
        if wants(.payload) { observer.payload = h.r.payloadFn }
        if wants(.release) { observer.release = h.r.releaseFn }
        if wants(.done) { observer.done = h.r.doneFn }
        observer.ctx = h.r.token(name)
        observer.destroy = h.r.destroyFn
        var token: UInt64 = 0
        expectStatus(navcore_observer_add(&token, h.nav, &observer), sourceLocation: sourceLocation)
        #expect(token != 0, sourceLocation: sourceLocation)
        return token
    }

    @Test("every event reaches the navigator's callback of its kind, then the observers in the order they were added")
    func orderBesideCallbacks() {
        let h = Harness(hooks: [.action, .release, .animator, .done, .progress])
        defer { h.close() }
        _ = Self.observe(h, "first", kinds: [.action, .release, .done, .progress])
        _ = Self.observe(h, "second", kinds: [.action, .release])
        let (a, b) = (h.screen("A"), h.screen("B"))
        expectStatus(navcore_push(h.nav, a, false, nil, nil))
        expectStatus(navcore_push(h.nav, b, false, nil, nil))
        _ = h.r.take()
        expectStatus(navcore_gesture_begin(h.nav, nil, nil))
        expectStatus(navcore_transition_progress(h.nav, h.transition, 0.5))
        h.finish()
        #expect(h.r.take() == [
            "action will_pop +A -B animated", "action will_pop +A -B animated ctx=first",
            "action will_pop +A -B animated ctx=second",
            "action did_pop +A -B animated", "action did_pop +A -B animated ctx=first",
            "action did_pop +A -B animated ctx=second",
            "transition pop B>A interactive",
            "progress 0.50", "progress 0.50 ctx=first",
            "release B", "release B ctx=first", "release B ctx=second",
            "action pop_completed +A -B animated", "action pop_completed +A -B animated ctx=first",
            "action pop_completed +A -B animated ctx=second",
            "done gesture completed", "completion first gesture completed",
            "action idle", "action idle ctx=first", "action idle ctx=second",
        ])
    }

    @Test("an observer alone hears its kinds, appearance in all four phases, bar and payload included")
    func observerAlone() {
        let h = Harness(hooks: [.animator])
        defer { h.close() }
        _ = Self.observe(h, "watcher", kinds: [.willShow, .bar, .payload])
        expectStatus(navcore_set_bar_threshold(h.nav, 2))
        expectStatus(h.route("R"))
        expectStatus(navcore_push(h.nav, h.screen("A"), false, nil, nil))
        var options = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        "p".withCString { options.payload = $0; expectStatus(navcore_show(h.nav, "R", &options, nil, nil)) }
        #expect(h.r.take() == [
            "bar hidden instant ctx=watcher",
            "will_show A push instant ctx=watcher", "did_show A push instant ctx=watcher",
            "factory R payload=p",
            "payload R p ctx=watcher",
            "bar shown instant ctx=watcher",
            "will_hide A push instant ctx=watcher", "will_show R push instant ctx=watcher",
            "did_hide A push instant ctx=watcher", "did_show R push instant ctx=watcher",
        ])
    }

    @Test("a removed observer hears nothing more, its destructor runs once; its token is not reused")
    func remove() {
        let h = Harness(hooks: [])
        defer { h.close() }
        let first = Self.observe(h, "first", kinds: [.action])
        let second = Self.observe(h, "second", kinds: [.action])
        #expect(second != first)
        expectStatus(navcore_observer_remove(h.nav, first))
        #expect(h.r.take() == ["destroy first"])
        expectError(navcore_observer_remove(h.nav, first), NAVCORE_ERR_INVALID)
        let third = Self.observe(h, "third", kinds: [.action])
        #expect(third != first && third != second)
        expectStatus(navcore_push(h.nav, h.screen("A"), false, nil, nil))
        #expect(h.r.take() == [
            "action will_push +A instant ctx=second", "action will_push +A instant ctx=third",
            "action did_push +A instant ctx=second", "action did_push +A instant ctx=third",
            "action push_completed +A instant ctx=second", "action push_completed +A instant ctx=third",
            "action idle ctx=second", "action idle ctx=third",
        ])
        #expect(h.r.destroyCount("first") == 1 && h.r.destroyCount("second") == 0)
    }

    @Test("an observer that removes itself inside its function: the destructor runs after the function returns")
    func removedInsideItsOwnCall() {
        let h = Harness(hooks: [])
        defer { h.close() }
        let token = Self.observe(h, "once", kinds: [.action])
        h.r.on("action will_push") { expectStatus(navcore_observer_remove(h.nav, token)) }
        expectStatus(navcore_push(h.nav, h.screen("A"), false, nil, nil))
        #expect(h.r.take() == ["action will_push +A instant ctx=once", "destroy once"])
        #expect(h.r.destroyCount("once") == 1)
    }

    @Test("destroy: the observers hear every release, then their destructors run, once each")
    func destroy() {
        let h = Harness(dispatch: NAVCORE_DISPATCH_HOST, hooks: [.release])
        defer { h.close() }
        _ = Self.observe(h, "watcher", kinds: [.release])
        let detached = h.screen("D")
        expectStatus(navcore_push(h.nav, h.screen("A"), false, nil, nil), NAVCORE_QUEUED)
        expectStatus(navcore_drain(h.nav))
        expectStatus(navcore_navigator_destroy(h.nav))
        let lines = h.r.take()
        #expect(lines.prefix(4) == ["release A", "release A ctx=watcher", "release D", "release D ctx=watcher"])
        #expect(Set(lines.dropFirst(4)) == ["destroy release", "destroy watcher"] && lines.count == 6)
        #expect(detached != 0)
    }

    @Test("a NULL out or observer, an unknown version: invalid, nothing kept, the destructor never runs")
    func badObservers() {
        let h = Harness(hooks: [])
        defer { h.close() }
        var observer = navcore_observer()
        expectStatus(navcore_observer_init(&observer, UInt32(NAVCORE_OBSERVER_VERSION)))
        observer.action = h.r.actionFn
        observer.ctx = h.r.token("bad")
        observer.destroy = h.r.destroyFn
        var token: UInt64 = 0
        expectError(navcore_observer_add(nil, h.nav, &observer), NAVCORE_ERR_INVALID)
        expectError(navcore_observer_add(&token, h.nav, nil), NAVCORE_ERR_INVALID)
        for version: UInt32 in [0, UInt32(NAVCORE_OBSERVER_VERSION) + 1] {
            observer.version = version
            expectError(navcore_observer_add(&token, h.nav, &observer), NAVCORE_ERR_INVALID)
        }
        #expect(token == 0)
        expectError(navcore_observer_remove(h.nav, 0), NAVCORE_ERR_INVALID)
        expectStatus(navcore_push(h.nav, h.screen("A"), false, nil, nil))
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.take().isEmpty)
        #expect(h.r.destroyCount("bad") == 0)
    }
}
