import CNavCore
import Testing

/// navcore.h, "Routes": navcore_route_register, navcore_route_unregister, the factory
/// (navcore_factory_fn), and the ops that use them, navcore_show and navcore_post (SPEC §8).
@Suite("Routes") struct RouteTests {
    @Test("show with default options pushes the factory's first screen, then replaces the top (push style) with the next")
    func showCreatesAndReplaces() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("home"))
        expectStatus(h.route("detail"))
        expectStatus(navcore_show(h.nav, "home", nil, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take() == [
            "factory home", "action will_push +home instant", "action did_push +home instant",
            "will_show home push instant", "did_show home push instant", "action push_completed +home instant",
            "completion c1 show completed", "done show completed", "action idle",
        ])
        var options = showOptions(animated: true, remove_current: true, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        let status = "id=7".withCString { payload in
            options.payload = payload
            return navcore_show(h.nav, "detail", &options, h.r.doneFn, h.ctx("c2"))
        }
        expectStatus(status)
        #expect(h.r.take() == [
            "factory detail payload=id=7", "payload detail id=7", "action will_set +detail -home animated",
            "action did_set +detail -home animated", "will_hide home set animated", "will_show detail set animated",
            "transition push home>detail",
        ])
        h.finish()
        #expect(h.r.take(["release", "completion"]) == ["release home", "completion c2 show completed"])
        #expect(h.stack == ["detail"])
        var object: UnsafeMutableRawPointer?
        expectStatus(navcore_screen_object(&object, h.nav, h.id("detail")))
        #expect(object == h.ctx("detail"), "the screen carries the factory's object")
        var length = 0
        var buffer = [CChar](repeating: 0, count: 16)
        expectStatus(navcore_screen_route(&length, &buffer, buffer.count, h.nav, h.id("detail")))
        #expect(text(buffer) == "detail")
    }

    @Test("show options: keep the current screen (push), and don't recycle (a new screen of the route)")
    func showKeepAndNew() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        var keep = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        expectStatus(navcore_show(h.nav, "R", &keep, nil, nil))
        expectStatus(h.route("S"))
        expectStatus(navcore_show(h.nav, "S", &keep, nil, nil))
        var fresh = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_NONE, payload: nil)
        expectStatus(navcore_show(h.nav, "R", &fresh, nil, nil))
        #expect(h.stack == ["R", "S", "R#2"])
        #expect(h.r.take(["factory", "action"]).filter { $0.hasPrefix("factory") || $0.contains("will_") } == [
            "factory R", "action will_push +R instant", "factory S", "action will_push +S -R instant",
            "factory R#2", "action will_push +R#2 -S instant",
        ])
    }

    @Test("recycling delivers the payload first, then pops to the screen nearest the top, or ends noop if it is the top")
    func showRecycles() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        expectStatus(h.route("S"))
        var keep = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        expectStatus(navcore_show(h.nav, "R", &keep, nil, nil))
        expectStatus(navcore_show(h.nav, "S", &keep, nil, nil))
        _ = h.r.take()
        "again".withCString { keep.payload = $0; expectStatus(navcore_post(h.nav, "S", &keep, h.r.doneFn, h.ctx("c1"))) }
        #expect(h.r.take() == ["payload S again", "completion c1 show noop", "done show noop"])
        "back".withCString { keep.payload = $0; expectStatus(navcore_show(h.nav, "R", &keep, h.r.doneFn, h.ctx("c2"))) }
        #expect(h.r.take(["factory", "payload", "action", "release", "completion"]) == [
            "payload R back", "action will_pop +R -S instant", "action did_pop +R -S instant", "release S",
            "action pop_completed +R -S instant", "completion c2 show completed", "action idle",
        ])
        #expect(h.stack == ["R"])
    }

    @Test("recycling takes the screen of the route nearest the top")
    func recycleTakesTheNearest() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        expectStatus(h.route("S"))
        var fresh = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_NONE, payload: nil)
        for route in ["R", "S", "R", "S"] { expectStatus(navcore_show(h.nav, route, &fresh, nil, nil)) }
        #expect(h.stack == ["R", "S", "R#2", "S#2"])
        _ = h.r.take()
        expectStatus(navcore_show(h.nav, "R", nil, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take(["action", "release", "completion"]).first == "action will_pop +R#2 -S#2 instant")
        #expect(h.stack == ["R", "S", "R#2"])
    }

    @Test("post is show under another name")
    func postIsShow() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        expectStatus(navcore_post(h.nav, "R", nil, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take(["factory", "completion", "done"]) == ["factory R", "completion c1 show completed", "done show completed"])
        expectStatus(navcore_post(h.nav, "nowhere", nil, h.r.doneFn, h.ctx("c2")))
        #expect(h.r.take(["completion"]) == ["completion c2 show unknown_route"])
    }

    @Test("the factory receives the route, a new id not live yet, the payload (NULL when none) and its ctx")
    func factoryReceivesItsArguments() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        let seen = Locked<[Int32]>([])
        h.r.on("factory", always: true) {
            var object: UnsafeMutableRawPointer?
            let label = seen.value.isEmpty ? "R" : "R#2"
            let status = navcore_screen_object(&object, h.nav, h.id(label))
            seen.update { $0.append(status) }
        }
        expectStatus(navcore_show(h.nav, "R", nil, nil, nil))
        var options = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_NONE, payload: nil)
        "p".withCString { options.payload = $0; expectStatus(navcore_show(h.nav, "R", &options, nil, nil)) }
        #expect(h.r.take(["factory"]) == ["factory R", "factory R#2 payload=p"], "ctx and id are checked in the line")
        #expect(seen.value.map(statusName) == ["no_such_screen", "no_such_screen"], "the screen is not live inside its factory")
        #expect(h.id("R") != 0 && h.id("R#2") != 0 && h.id("R") != h.id("R#2"))
    }

    @Test("an unknown route and a failing factory end the show with their outcomes and change nothing")
    func unknownRouteAndFailingFactory() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        expectStatus(h.route("broken"))
        h.r.failingRoutes = ["broken"]
        expectStatus(navcore_show(h.nav, "missing", nil, h.r.doneFn, h.ctx("c1")))
        var options = showOptions(animated: true, remove_current: true, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        "x".withCString { options.payload = $0; expectStatus(navcore_show(h.nav, "broken", &options, h.r.doneFn, h.ctx("c2"))) }
        #expect(h.r.take() == [
            "completion c1 show unknown_route", "done show unknown_route",
            "factory broken failed payload=x", "completion c2 show factory_failed", "done show factory_failed",
        ])
        #expect(h.stack == ["A"])
    }

    @Test("show refuses a NULL route and text that is not UTF-8 (route or payload) at the call")
    func showRefusesBadText() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        let never = h.ctx("never")
        expectError(navcore_show(h.nav, nil, nil, h.r.doneFn, never), NAVCORE_ERR_INVALID)
        expectError(navcore_show(h.nav, invalidUTF8, nil, h.r.doneFn, never), NAVCORE_ERR_INVALID)
        var options = showOptions(animated: false, remove_current: true, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        invalidUTF8.withUnsafeBufferPointer { options.payload = $0.baseAddress
            expectError(navcore_show(h.nav, "R", &options, h.r.doneFn, never), NAVCORE_ERR_INVALID, "payload")
            expectError(navcore_post(h.nav, "R", &options, h.r.doneFn, never), NAVCORE_ERR_INVALID, "payload")
        }
        #expect(h.r.take().isEmpty && h.pending == 0)
    }

    @Test("register refuses a second registration with exists, and bad arguments with invalid, without running their destructor")
    func registerRefusals() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        let r = h.r
        expectError(navcore_route_register(h.nav, "R", r.factoryFn, r.token("dup"), r.destroyFn), NAVCORE_ERR_EXISTS)
        expectError(navcore_route_register(h.nav, nil, r.factoryFn, r.token("nullname"), r.destroyFn), NAVCORE_ERR_INVALID)
        expectError(navcore_route_register(h.nav, "S", nil, r.token("nullfactory"), r.destroyFn), NAVCORE_ERR_INVALID)
        expectError(navcore_route_register(h.nav, invalidUTF8, r.factoryFn, r.token("badname"), r.destroyFn), NAVCORE_ERR_INVALID)
        for ctx in ["dup", "nullname", "nullfactory", "badname", "route:R"] {
            #expect(r.destroyCount(ctx) == 0, "\(ctx)")
        }
        expectStatus(navcore_show(h.nav, "R", nil, nil, nil))
        #expect(h.r.take(["factory"]) == ["factory R"], "the first registration is still in place")
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(r.destroyCount("route:R") == 1)
        for ctx in ["dup", "nullname", "nullfactory", "badname"] { #expect(r.destroyCount(ctx) == 0, "\(ctx)") }
    }

    @Test("unregister runs the destructor once and forgets the route; an unknown name is invalid")
    func unregisterRunsDestructorOnce() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        expectStatus(navcore_route_unregister(h.nav, "R"))
        #expect(h.r.destroyCount("route:R") == 1)
        expectError(navcore_route_unregister(h.nav, "R"), NAVCORE_ERR_INVALID, "already unregistered")
        expectError(navcore_route_unregister(h.nav, nil), NAVCORE_ERR_INVALID, "NULL name")
        expectError(navcore_route_unregister(h.nav, invalidUTF8), NAVCORE_ERR_INVALID, "not UTF-8")
        expectStatus(navcore_show(h.nav, "R", nil, h.r.doneFn, h.ctx("c1")))
        #expect(h.r.take(["completion"]) == ["completion c1 show unknown_route"])
        expectStatus(h.route("R"), NAVCORE_OK, "the name is free again")
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.destroyCount("route:R") == 2, "once per registration")
    }

    @Test("a route unregistered from inside its own factory is destroyed only after the factory returned")
    func unregisterInsideFactory() {
        let h = Harness()
        defer { h.close() }
        expectStatus(h.route("R"))
        let inside = Locked<[Int]>([])
        h.r.on("factory R") {
            inside.update { $0.append(Int(navcore_route_unregister(h.nav, "R"))) }
            inside.update { $0.append(h.r.destroyCount("route:R")) }
        }
        expectStatus(navcore_show(h.nav, "R", nil, h.r.doneFn, h.ctx("c1")))
        #expect(inside.value == [Int(OK), 0])
        #expect(h.r.destroyCount("route:R") == 1)
        #expect(h.r.take(["completion"]) == ["completion c1 show completed"])
        #expect(h.stack == ["R"])
    }
}
