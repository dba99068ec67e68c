import Foundation
import NavCore
import Testing

/// SPEC §2, §9, §10: a destroyed navigator fails every call with `invalid_handle`, whatever else
/// is wrong with the call's arguments. The C front checks the handle before anything else; the
/// Swift front must give the same status. Each bad call below is first made on the live
/// navigator, to show that its argument is bad there (and what it fails with), then again after
/// `destroy`.
@Suite struct CheckOrderTests {
    /// A call with a bad argument, and the status it fails with while the navigator is live.
    struct BadCall {
        let name: String
        let whileLive: NavigationError.Code
        let call: () async throws -> Void

        init(_ name: String, _ whileLive: NavigationError.Code, _ call: @escaping () async throws -> Void) {
            self.name = name
            self.whileLive = whileLive
            self.call = call
        }
    }

    /// What the bad calls name: a live screen, a dead one, a transition and a veto decision
    /// that are no longer in flight, and a document whose version is not 1.
    struct Fixture {
        let harness = Harness()
        let live: Screen
        let dead: Screen
        let staleTransition: Transition
        let staleDecision: VetoDecision
        let version2: NavigationDocument

        init() throws {
            let nav = harness.nav
            try nav.registerRoute("R") { _ in nil }
            live = try harness.stack("A", "B")[1]
            dead = try harness.screen("D")
            try nav.discard(dead)
            try nav.push(try harness.screen("C"), completion: nil)
            staleTransition = try #require(harness.transitions.value.last)
            try nav.finishTransition(staleTransition.id)
            let asked = Locked<[VetoDecision]>([])
            nav.setDeferrablePopVeto { _, _, decision in
                asked.update { $0.append(decision) }
                return .later
            }
            try nav.back(animated: false, completion: nil)
            staleDecision = try #require(asked.value.last)
            try nav.decide(staleDecision, allow: true)
            version2 = try JSONDecoder().decode(
                NavigationDocument.self, from: Data(#"{"navcore":2,"stack":[{"route":"R","state":null}]}"#.utf8))
        }
    }

    /// Every call of `Navigator` that takes an argument, each with a bad one.
    static func navigatorCalls(_ f: Fixture) -> [BadCall] {
        let nav = f.harness.nav
        let live = f.live, dead = f.dead
        return [
            BadCall("makeScreen(route: NUL)", .invalid) { _ = try nav.makeScreen(route: "a\u{0}") },
            BadCall("discard(dead)", .noSuchScreen) { try nav.discard(dead) },
            BadCall("screen(dead)", .noSuchScreen) { _ = try nav.screen(dead.id) },
            BadCall("push(dead)", .noSuchScreen) { try nav.push(dead, completion: nil) },
            BadCall("pop(result: NUL)", .invalid) { try nav.pop(result: "a\u{0}", completion: nil) },
            BadCall("pop(to: dead)", .noSuchScreen) { try nav.pop(to: dead, completion: nil) },
            BadCall("setStack([dead])", .noSuchScreen) { try nav.setStack([live, dead], completion: nil) },
            BadCall("show(NUL)", .invalid) { try nav.show("a\u{0}", completion: nil) },
            BadCall("show(payload: NUL)", .invalid) { try nav.show("R", options: ShowOptions(payload: "a\u{0}"), completion: nil) },
            BadCall("post(NUL)", .invalid) { try nav.post("a\u{0}", completion: nil) },
            BadCall("open([])", .invalid) { try nav.open([], completion: nil) },
            BadCall("open(state: NUL)", .invalid) { try nav.open([RouteEntry(route: "R", state: "a\u{0}")], completion: nil) },
            BadCall("restore(malformed)", .invalid) { try nav.restore(#"{"navcore":1,"stack":[]"#, completion: nil) },
            BadCall("restore(document version 2)", .invalid) { try nav.restore(f.version2, completion: nil) },
            BadCall("restore(document, empty)", .invalid) { try nav.restore(NavigationDocument(stack: []), completion: nil) },
            BadCall("decide(stale)", .state) { try nav.decide(f.staleDecision, allow: true) },
            BadCall("finishTransition(stale)", .state) { try nav.finishTransition(f.staleTransition.id) },
            BadCall("cancelTransition(stale)", .state) { try nav.cancelTransition(f.staleTransition.id) },
            BadCall("updateTransition(stale, NaN)", .state) { try nav.updateTransition(f.staleTransition.id, progress: .nan) },
            BadCall("setBarThreshold(-1)", .invalid) { try nav.setBarThreshold(-1) },
            BadCall("drain(maxOps: 0)", .invalid) { try nav.drain(maxOps: 0) },
            BadCall("drain(for: -1 ns)", .invalid) { try nav.drain(for: .nanoseconds(-1)) },
            BadCall("drain(maxOps: -1, for: 1 s)", .invalid) { try nav.drain(maxOps: -1, for: .seconds(1)) },
            BadCall("registerRoute(NUL)", .invalid) { try nav.registerRoute("a\u{0}") { _ in nil } },
            BadCall("registerRoute(registered)", .exists) { try nav.registerRoute("R") { _ in nil } },
            BadCall("unregisterRoute(unknown)", .invalid) { try nav.unregisterRoute("never registered") },
            BadCall("setResult(NUL)", .invalid) { try nav.setResult("a\u{0}", for: live) },
            BadCall("setResult(dead)", .noSuchScreen) { try nav.setResult("r", for: dead) },
            BadCall("result(of: dead)", .noSuchScreen) { _ = try nav.result(of: dead) },
            BadCall("onResult(of: dead)", .noSuchScreen) { try nav.onResult(of: dead) { _ in } },
            BadCall("setSavedState(NUL)", .invalid) { try nav.setSavedState("a\u{0}", for: live) },
            BadCall("setSavedState(dead)", .noSuchScreen) { try nav.setSavedState("s", for: dead) },
            BadCall("savedState(of: dead)", .noSuchScreen) { _ = try nav.savedState(of: dead) },
        ]
    }

    /// The `async` forms, and the calls a transition or a decision makes on its navigator.
    static func asyncCalls(_ f: Fixture) -> [BadCall] {
        let nav = f.harness.nav
        let dead = f.dead
        return [
            BadCall("async push(dead)", .noSuchScreen) { _ = try await nav.push(dead) },
            BadCall("async pop(result: NUL)", .invalid) { _ = try await nav.pop(result: "a\u{0}") },
            BadCall("async pop(to: dead)", .noSuchScreen) { _ = try await nav.pop(to: dead) },
            BadCall("async setStack([dead])", .noSuchScreen) { _ = try await nav.setStack([dead]) },
            BadCall("async show(NUL)", .invalid) { _ = try await nav.show("a\u{0}") },
            BadCall("async post(NUL)", .invalid) { _ = try await nav.post("a\u{0}") },
            BadCall("async open([])", .invalid) { _ = try await nav.open([]) },
            BadCall("async restore(malformed)", .invalid) { _ = try await nav.restore("[]") },
            BadCall("async restore(document version 2)", .invalid) { _ = try await nav.restore(f.version2) },
            BadCall("pushForResult(dead)", .noSuchScreen) { _ = try await nav.pushForResult(dead) },
            BadCall("transition.finish() (stale)", .state) { try await f.staleTransition.finish() },
            BadCall("transition.cancel() (stale)", .state) { try await f.staleTransition.cancel() },
            BadCall("transition.update(2) (stale)", .state) { try await f.staleTransition.update(progress: 2) },
            BadCall("decision.decide (stale)", .state) { try await f.staleDecision.decide(allow: false) },
        ]
    }

    /// Makes each call while the navigator is live, destroys it, and makes each call again.
    static func expectInvalidHandleFirst(_ calls: [BadCall], _ f: Fixture) async throws {
        _ = f.harness.log.take()
        for bad in calls { await expectFailure(bad, bad.whileLive) }
        #expect(f.harness.log.take().isEmpty, "a call that fails emits nothing")
        try f.harness.nav.destroy()
        _ = f.harness.log.take()
        for bad in calls { await expectFailure(bad, .invalidHandle) }
        #expect(f.harness.log.take().isEmpty, "no call after the destroy emits anything")
    }

    /// Makes the call on the caller's actor (the main actor's calls stay there).
    static func expectFailure(
        _ bad: BadCall, _ code: NavigationError.Code, isolation: isolated (any Actor)? = #isolation
    ) async {
        do {
            try await bad.call()
            Issue.record("\(bad.name) did not fail (expected \(code))")
        } catch let error as NavigationError {
            #expect(error.code == code, "\(bad.name): \(error)")
            #expect(!error.message.isEmpty, "\(bad.name)")
        } catch {
            Issue.record("\(bad.name) threw \(error)")
        }
    }

    @Test func everyNavigatorCallWithABadArgumentFailsWithInvalidHandleOnceDestroyed() async throws {
        let fixture = try Fixture()
        try await Self.expectInvalidHandleFirst(Self.navigatorCalls(fixture), fixture)
    }

    @Test func everyAsyncFormWithABadArgumentFailsWithInvalidHandleOnceDestroyed() async throws {
        let fixture = try Fixture()
        try await Self.expectInvalidHandleFirst(Self.asyncCalls(fixture), fixture)
    }

    @MainActor @Test func everyMainActorCallWithABadArgumentFailsWithInvalidHandleOnceDestroyed() async throws {
        let nav = Navigator(dispatch: .mainActor)
        try nav.registerRoute("R") { _ in nil }
        let dead = try nav.makeScreen(route: "D")
        try nav.discard(dead)
        let live = try nav.makeScreen(route: "L")
        let calls = [
            BadCall("makeScreen(route: NUL)", .invalid) { _ = try nav.makeScreen(route: "a\u{0}") },
            BadCall("discard(dead)", .noSuchScreen) { try nav.discard(dead) },
            BadCall("screen(dead)", .noSuchScreen) { _ = try nav.screen(dead.id) },
            BadCall("push(dead)", .noSuchScreen) { try nav.push(dead, completion: nil) },
            BadCall("pop(result: NUL)", .invalid) { try nav.pop(result: "a\u{0}", completion: nil) },
            BadCall("pop(to: dead)", .noSuchScreen) { try nav.pop(to: dead, completion: nil) },
            BadCall("setStack([dead])", .noSuchScreen) { try nav.setStack([dead], completion: nil) },
            BadCall("show(NUL)", .invalid) { try nav.show("a\u{0}", completion: nil) },
            BadCall("post(NUL)", .invalid) { try nav.post("a\u{0}", completion: nil) },
            BadCall("open([])", .invalid) { try nav.open([], completion: nil) },
            BadCall("restore(malformed)", .invalid) { try nav.restore("{", completion: nil) },
            BadCall("async restore(malformed)", .invalid) { _ = try await nav.restore("{") },
            BadCall("decide(unknown)", .state) { try nav.decide(VetoDecision(id: 1), allow: true) },
            BadCall("finishTransition(unknown)", .state) { try nav.finishTransition(1) },
            BadCall("cancelTransition(unknown)", .state) { try nav.cancelTransition(1) },
            BadCall("updateTransition(unknown)", .state) { try nav.updateTransition(1, progress: 0.5) },
            BadCall("setBarThreshold(-1)", .invalid) { try nav.setBarThreshold(-1) },
            BadCall("registerRoute(NUL)", .invalid) { try nav.registerRoute("a\u{0}") { _ in nil } },
            BadCall("unregisterRoute(unknown)", .invalid) { try nav.unregisterRoute("never registered") },
            BadCall("setResult(NUL)", .invalid) { try nav.setResult("a\u{0}", for: live) },
            BadCall("result(of: dead)", .noSuchScreen) { _ = try nav.result(of: dead) },
            BadCall("setSavedState(NUL)", .invalid) { try nav.setSavedState("a\u{0}", for: live) },
            BadCall("savedState(of: dead)", .noSuchScreen) { _ = try nav.savedState(of: dead) },
        ]
        for bad in calls { await Self.expectFailure(bad, bad.whileLive) }
        try nav.destroy()
        for bad in calls { await Self.expectFailure(bad, .invalidHandle) }
    }
}
