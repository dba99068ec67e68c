import NavCore
import Testing

/// SPEC §8: named routes and `show` (recycle, replace, push, payload, failures) and the
/// navigation-bar threshold.
@Suite struct RoutesAndBarTests {
    /// Registers `name` with a factory that records its requests and attaches a token.
    private func register(_ name: String, on h: Harness) throws -> Locked<[RouteRequest]> {
        let requests = Locked<[RouteRequest]>([])
        try h.nav.registerRoute(name) { request in
            requests.update { $0.append(request) }
            return Token("\(request.route) \(request.id)")
        }
        return requests
    }

    // MARK: Registration

    @Test func aRouteCannotBeRegisteredTwice() throws {
        let h = Harness()
        try h.nav.registerRoute("home") { _ in nil }
        expectError(.exists) { try h.nav.registerRoute("home") { _ in nil } }
    }

    /// Route names are compared byte for byte, as in C, Python and JavaScript, not by Swift's
    /// canonical equivalence: "é" precomposed and "e" + U+0301 are two routes.
    @Test func routeNamesAreTheSameRouteOnlyWhenTheirBytesAre() throws {
        let h = Harness()
        let composed = "\u{E9}", decomposed = "e\u{301}"
        #expect(composed == decomposed)  // as Swift strings
        try h.nav.registerRoute(composed) { _ in Token("composed") }
        try h.nav.registerRoute(decomposed) { _ in Token("decomposed") }
        try h.nav.show(composed, completion: nil)
        try h.nav.show(decomposed, options: ShowOptions(removeCurrent: false), completion: nil)
        #expect(h.nav.stack.map { $0.route.utf8.count } == [2, 3])
        try h.nav.unregisterRoute(decomposed)
        expectError(.invalid) { try h.nav.unregisterRoute(decomposed) }
        let completions = Completions()
        try h.nav.show(decomposed, completion: completions.handler)
        #expect(completions.received == [.unknownRoute])
    }

    @Test func anUnregisteredRouteIsUnknownAndCanBeRegisteredAgain() throws {
        let h = Harness()
        try h.nav.registerRoute("home") { _ in nil }
        try h.nav.unregisterRoute("home")
        let completions = Completions()
        try h.nav.show("home", completion: completions.handler)
        #expect(completions.received == [.unknownRoute])
        #expect(h.trace() == ["done show unknown_route"])
        expectError(.invalid) { try h.nav.unregisterRoute("home") }
        try h.nav.registerRoute("home") { _ in nil }
        try h.nav.show("home", completion: nil)
        #expect(h.names == ["home"])
    }

    @Test func theRouteIsLookedUpWhenTheShowRuns() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)  // waits
        let completions = Completions()
        try h.nav.show("late", completion: completions.handler)  // not registered yet
        try h.nav.registerRoute("late") { _ in nil }
        try h.nav.registerRoute("gone") { _ in nil }
        try h.nav.show("gone", completion: completions.handler)
        try h.nav.unregisterRoute("gone")
        try h.finish()
        #expect(completions.received == [.completed, .unknownRoute])
    }

    // MARK: show

    @Test func theShowOptionsDefaultAsTheSpecSays() {
        let options = ShowOptions()
        #expect(!options.animated)
        #expect(options.removeCurrent)
        #expect(options.recycle == .any)
        #expect(options.payload == nil)
    }

    @Test func showCreatesAScreenWithTheFactoryAndDeliversThePayloadFirst() throws {
        let h = Harness()
        let requests = try register("detail", on: h)
        try h.nav.show("detail", options: ShowOptions(payload: "id=7"), completion: nil)
        let request = try #require(requests.value.first)
        #expect(requests.value.count == 1)
        #expect(request.route == "detail")
        #expect(request.payload == "id=7")
        let top = try #require(h.nav.top)
        #expect(top.id == request.id)
        #expect(top.route == "detail")
        #expect((top.object as? Token)?.name == "detail \(request.id)")
        #expect(h.trace() == [
            "payload detail id=7",
            "action will_push +detail instant",
            "action did_push +detail instant",
            "will_show detail push instant",
            "did_show detail push instant",
            "action push_completed +detail instant",
            "done show completed",
            "action idle",
        ])
    }

    @Test func showReplacesTheCurrentTopByDefaultWithThePushStyle() throws {
        let h = Harness()
        _ = try register("detail", on: h)
        let screens = try h.stack("A", "B")
        try h.nav.show("detail", options: ShowOptions(animated: true), completion: nil)
        #expect(h.lastTransition?.style == .push)
        try h.finish()
        #expect(h.names == ["A", "detail"])
        #expect(h.trace() == [
            "action will_set +detail -B animated",
            "action did_set +detail -B animated",
            "will_hide B set animated",
            "will_show detail set animated",
            "transition push B>detail",
            "did_hide B set animated",
            "did_show detail set animated",
            "release B",
            "action set_completed +detail -B animated",
            "done show completed",
            "action idle",
        ])
        expectError(.noSuchScreen) { _ = try h.nav.screen(screens[1].id) }
    }

    @Test func showWithKeepPushesOverTheCurrentTop() throws {
        let h = Harness()
        _ = try register("detail", on: h)
        try h.stack("A")
        try h.nav.show("detail", options: ShowOptions(removeCurrent: false), completion: nil)
        #expect(h.names == ["A", "detail"])
        #expect(h.trace().first == "action will_push +detail -A instant")
    }

    @Test func showOnAnEmptyStackPushes() throws {
        let h = Harness()
        _ = try register("home", on: h)
        try h.nav.show("home", options: ShowOptions(animated: true), completion: nil)
        #expect(h.names == ["home"])
        #expect(h.trace().first == "action will_push +home instant")
    }

    @Test func showRecyclesTheScreenOfTheRouteNearestTheTop() throws {
        let h = Harness()
        let requests = try register("d", on: h)
        try h.stack("A")
        try h.nav.show("d", options: ShowOptions(removeCurrent: false, recycle: false), completion: nil)
        try h.nav.push(try h.screen("X"), animated: false, completion: nil)
        try h.nav.show("d", options: ShowOptions(removeCurrent: false, recycle: false), completion: nil)
        try h.nav.push(try h.screen("Y"), animated: false, completion: nil)
        #expect(h.names == ["A", "d", "X", "d", "Y"])
        let nearest = requests.value[1].id
        _ = h.trace()
        let completions = Completions()
        try h.nav.show("d", options: ShowOptions(payload: "again"), completion: completions.handler)
        #expect(requests.value.count == 2, "no new screen")
        #expect(h.nav.top?.id == nearest)
        #expect(h.names == ["A", "d", "X", "d"])
        #expect(completions.received == [.completed])
        #expect(h.trace() == [
            "payload d again",
            "action will_pop +d -Y instant",
            "action did_pop +d -Y instant",
            "will_hide Y pop instant",
            "will_show d pop instant",
            "did_hide Y pop instant",
            "did_show d pop instant",
            "release Y",
            "action pop_completed +d -Y instant",
            "done show completed",
            "action idle",
        ])
    }

    /// The empty name is a route like any other; the registry does not count its stacked
    /// screens (no string hash per push and release for a host that never uses `show`: see
    /// `ScreenRegistry`), so this checks that `show` still finds them.
    @Test func showRecyclesAScreenOfTheEmptyRouteAndCreatesOneWhenNoneIsStacked() throws {
        let h = Harness()
        let requests = try register("", on: h)
        try h.stack("A")
        let unnamed = try h.screen("")
        try h.nav.push(unnamed, animated: false, completion: nil)
        try h.nav.push(try h.screen("X"), animated: false, completion: nil)
        try h.nav.show("", options: ShowOptions(removeCurrent: false), completion: nil)
        #expect(requests.value.isEmpty, "recycled: no new screen")
        #expect(h.nav.top?.id == unnamed.id)
        #expect(h.names == ["A", ""])
        try h.nav.pop(animated: false, completion: nil)
        try h.nav.show("", options: ShowOptions(removeCurrent: false), completion: nil)
        #expect(requests.value.count == 1, "none stacked: the factory made one")
        #expect(h.nav.top?.id == requests.value.first?.id)
        #expect(h.names == ["A", ""])
    }

    @Test func showRecyclingTheTopIsNoopButStillDeliversThePayload() throws {
        let h = Harness()
        let requests = try register("d", on: h)
        try h.nav.show("d", completion: nil)
        _ = h.trace()
        let completions = Completions()
        try h.nav.show("d", options: ShowOptions(payload: "hello"), completion: completions.handler)
        #expect(completions.received == [.noop])
        #expect(h.trace() == ["payload d hello", "done show noop"])
        #expect(requests.value.count == 1)
    }

    @Test func showWithoutRecycleCreatesAnotherScreen() throws {
        let h = Harness()
        let requests = try register("d", on: h)
        try h.nav.show("d", completion: nil)
        try h.nav.show("d", options: ShowOptions(removeCurrent: false, recycle: false), completion: nil)
        #expect(requests.value.count == 2)
        #expect(h.names == ["d", "d"])
        #expect(Set(h.nav.stack.map(\.id)).count == 2)
    }

    @Test func aFailingFactoryEndsFactoryFailedAndChangesNothing() throws {
        let h = Harness()
        let attempts = Counter()
        try h.nav.registerRoute("broken") { _ in
            attempts.increment()
            throw FactoryError()
        }
        let screens = try h.stack("A", "B")
        let completions = Completions()
        try h.nav.show("broken", options: ShowOptions(payload: "lost"), completion: completions.handler)
        #expect(attempts.value == 1)
        #expect(completions.received == [.factoryFailed])
        #expect(h.trace() == ["done show factory_failed"])
        #expect(h.nav.stack == screens)
        try h.nav.destroy()
        #expect(h.trace() == ["release B", "release A"], "the failed show left no screen behind")
    }

    @Test func postIsShowUnderAnotherName() throws {
        let h = Harness()
        _ = try register("inbox", on: h)
        let completions = Completions()
        #expect(try h.nav.post("inbox", options: ShowOptions(payload: "new"), completion: completions.handler) == .ok)
        #expect(completions.received == [.completed])
        #expect(h.trace().first == "payload inbox new")
        #expect(h.names == ["inbox"])
    }

    // MARK: The navigation bar

    @Test func theBarStartsShownAndAThresholdChangeIsEmittedAtOnce() throws {
        let h = Harness()
        #expect(h.nav.isBarShown)
        try h.stack("A")
        try h.nav.setBarThreshold(2)
        #expect(!h.nav.isBarShown)
        #expect(h.trace() == ["bar hidden instant"])
        try h.nav.setBarThreshold(1)
        #expect(h.nav.isBarShown)
        #expect(h.trace() == ["bar shown instant"])
        try h.nav.setBarThreshold(0)
        #expect(h.trace().isEmpty, "no event when the bar does not change")
        #expect(h.nav.isBarShown)
    }

    /// docs/semantics.md reading 2: step 10 (the completion, then the `done` observers) is one
    /// step, so the bar event of a threshold set inside the completion follows `done`, before
    /// the op's `action idle`.
    @Test func aThresholdSetInsideACompletionShowsItsBarAfterTheDoneObservers() throws {
        let h = Harness()
        try h.stack("A")
        let nav = h.nav
        try nav.push(try h.screen("B"), animated: false) { _ in
            h.log.append("completion")
            try? nav.setBarThreshold(3)
        }
        let tail = Array(h.trace().suffix(4))
        #expect(tail == ["completion", "done push completed", "bar hidden instant", "action idle"])
    }

    @Test func theBarFollowsTheStackDuringOpsWithTheOpsFlag() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.setBarThreshold(3)
        _ = h.trace()
        try h.nav.push(try h.screen("B"), completion: nil)
        try h.finish()
        #expect(!h.trace().contains { $0.hasPrefix("bar") }, "2 screens: still below the threshold")
        try h.nav.push(try h.screen("C"), completion: nil)
        #expect(h.trace().contains("bar shown animated"))
        #expect(h.nav.isBarShown)
        try h.finish()
        try h.nav.popToRoot(animated: false, completion: nil)
        #expect(h.trace().filter { $0.hasPrefix("bar") } == ["bar hidden instant"])
        #expect(!h.nav.isBarShown)
        try h.nav.setBarThreshold(0)
        #expect(h.trace() == ["bar shown instant"])
    }

    @Test func aNegativeThresholdIsInvalid() throws {
        let h = Harness()
        expectError(.invalid) { try h.nav.setBarThreshold(-1) }
        #expect(h.nav.isBarShown)
        #expect(h.trace().isEmpty)
    }
}
