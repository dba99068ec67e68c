import NavCore
import ScenarioKit
import Testing

/// The Swift API's ways of hearing events: `NavigatorDelegate` (every method optional),
/// `ScreenFeedback` host objects, the `events()` stream and removable observers.
@Suite struct DelegateAndFeedbackTests {
    /// Implements every delegate method, one line per call.
    final class FullDelegate: NavigatorDelegate {
        let calls = Locked<[String]>([])

        private func flag(_ animated: Bool) -> String { animated ? "animated" : "instant" }

        func navigator(_ navigator: Navigator, actionDidChange change: ActionChange) {
            calls.append("action \(change.state) \(change.appearing?.route ?? "-") \(change.disappearing.map(\.route)) \(flag(change.animated))")
        }
        func navigator(_ navigator: Navigator, willShow screen: Screen, reason: AppearanceReason, animated: Bool) {
            calls.append("willShow \(screen.route) \(reason) \(flag(animated))")
        }
        func navigator(_ navigator: Navigator, didShow screen: Screen, reason: AppearanceReason, animated: Bool) {
            calls.append("didShow \(screen.route) \(reason) \(flag(animated))")
        }
        func navigator(_ navigator: Navigator, willHide screen: Screen, reason: AppearanceReason, animated: Bool) {
            calls.append("willHide \(screen.route) \(reason) \(flag(animated))")
        }
        func navigator(_ navigator: Navigator, didHide screen: Screen, reason: AppearanceReason, animated: Bool) {
            calls.append("didHide \(screen.route) \(reason) \(flag(animated))")
        }
        func navigator(_ navigator: Navigator, transition id: UInt64, didProgress value: Double) {
            calls.append("progress \(NavigationEvent.twoDecimals(value))")
        }
        func navigator(_ navigator: Navigator, barDidChange shown: Bool, animated: Bool) {
            calls.append("bar \(shown) \(flag(animated))")
        }
        func navigator(_ navigator: Navigator, didDeliver payload: String, to screen: Screen) {
            calls.append("payload \(screen.route) \(payload)")
        }
        func navigator(_ navigator: Navigator, didRelease screen: Screen) {
            calls.append("release \(screen.route)")
        }
        func navigator(_ navigator: Navigator, operation: OperationKind, didEndWith outcome: Outcome) {
            calls.append("done \(operation) \(outcome)")
        }
    }

    /// Implements only the end of ops; every other method keeps its empty default.
    final class DoneOnlyDelegate: NavigatorDelegate {
        let ended = Locked<[String]>([])

        func navigator(_ navigator: Navigator, operation: OperationKind, didEndWith outcome: Outcome) {
            ended.append("\(operation) \(outcome)")
        }
    }

    /// Implements nothing at all.
    final class SilentDelegate: NavigatorDelegate {}

    // MARK: Delegate

    @Test func aDelegateHearsEveryKindOfEventThroughItsMethods() throws {
        let h = Harness()
        let delegate = FullDelegate()
        h.nav.delegate = delegate
        try h.nav.registerRoute("R") { _ in nil }
        try h.nav.push(try h.screen("A"), completion: nil)
        try h.nav.setBarThreshold(2)
        try h.nav.show("R", options: ShowOptions(removeCurrent: false, payload: "hi"), completion: nil)  // instant
        try h.nav.beginGesture(completion: nil)
        let id = try #require(h.nav.transitionInFlight)
        try h.nav.updateTransition(id, progress: 0.5)
        try h.nav.finishTransition(id)
        #expect(delegate.calls.value == [
            "action will_push A [] instant", "action did_push A [] instant",
            "willShow A push instant", "didShow A push instant",
            "action push_completed A [] instant", "done push completed", "action idle - [] instant",
            "bar false instant",
            "payload R hi",
            "action will_push R [\"A\"] instant", "action did_push R [\"A\"] instant", "bar true instant",
            "willHide A push instant", "willShow R push instant", "didHide A push instant", "didShow R push instant",
            "action push_completed R [\"A\"] instant", "done show completed", "action idle - [] instant",
            "action will_pop A [\"R\"] animated", "action did_pop A [\"R\"] animated", "bar false animated",
            "willHide R pop animated", "willShow A pop animated",
            "progress 0.50",
            "didHide R pop animated", "didShow A pop animated", "release R",
            "action pop_completed A [\"R\"] animated", "done gesture completed", "action idle - [] instant",
        ])
    }

    @Test func aDelegateImplementingOneMethodGetsOnlyThatOne() throws {
        let h = Harness(animator: false)
        let delegate = DoneOnlyDelegate()
        h.nav.delegate = delegate
        try h.stack("A", "B")
        #expect(delegate.ended.take() == ["set completed"])
        try h.nav.pop(completion: nil)
        try h.nav.pop(completion: nil)
        #expect(delegate.ended.value == ["pop completed", "pop noop"])
    }

    @Test func aDelegateImplementingNothingIsHarmless() throws {
        let nav = Navigator()
        let delegate = SilentDelegate()
        nav.delegate = delegate
        let completions = Completions()
        try nav.push(try nav.makeScreen(route: "A"), completion: completions.handler)
        try nav.push(try nav.makeScreen(route: "B"), animated: false, completion: completions.handler)
        try nav.pop(completion: completions.handler)
        #expect(completions.received == [.completed, .completed, .completed])
        #expect(nav.delegate === delegate)
    }

    @Test func theDelegateIsHeldWeakly() throws {
        let nav = Navigator()
        weak var weakDelegate: FullDelegate?
        do {
            let delegate = FullDelegate()
            weakDelegate = delegate
            nav.delegate = delegate
            #expect(nav.delegate === delegate)
        }
        #expect(weakDelegate == nil)
        #expect(nav.delegate == nil)
        try nav.push(try nav.makeScreen(route: "A"), completion: nil)  // nobody to tell: no crash
        #expect(nav.stack.count == 1)
    }

    @Test func aDelegateCanBeReplacedAndRemoved() throws {
        let nav = Navigator()
        let first = DoneOnlyDelegate()
        let second = DoneOnlyDelegate()
        nav.delegate = first
        try nav.run ({}, completion: nil)
        nav.delegate = second
        try nav.run ({}, completion: nil)
        nav.delegate = nil
        try nav.run ({}, completion: nil)
        #expect(first.ended.value == ["run completed"])
        #expect(second.ended.value == ["run completed"])
    }

    // MARK: ScreenFeedback

    @Test func screenObjectsHearTheirOwnAppearanceIncludingAScreenRevealedByAPop() throws {
        let nav = Navigator()  // no observer, no delegate: the objects are told anyway
        nav.setAnimator { [weak nav] transition in try? nav?.finishTransition(transition.id) }
        let a = FeedbackRecorder("A")
        let b = FeedbackRecorder("B")
        try nav.push(try nav.makeScreen(route: "A", object: a), completion: nil)
        try nav.push(try nav.makeScreen(route: "B", object: b), completion: nil)
        #expect(a.calls.take() == [
            "A will_show push instant", "A did_show push instant",
            "A will_hide push animated", "A did_hide push animated",
        ])
        #expect(b.calls.take() == ["B will_show push animated", "B did_show push animated"])
        try nav.pop(completion: nil)
        #expect(a.calls.take() == ["A will_show pop animated", "A did_show pop animated"])
        #expect(b.calls.take() == ["B will_hide pop animated", "B did_hide pop animated"])
    }

    /// Without observers nobody listens to action and `done` events, so the steps between the
    /// appearance calls share lock holds (`Family.steps`); each call and the op's
    /// completion must still see the state at its own event (SPEC §4, §9).
    @Test func withoutObserversEachFeedbackCallAndTheCompletionSeeTheStateAtTheirEvent() throws {
        let nav = Navigator()
        let seen = Locked<[String]>([])
        let record: @Sendable (String) -> Void = { [weak nav] line in
            guard let nav else { return }
            seen.append("\(line): \(nav.actionState) \(nav.stack.map(\.route).joined(separator: ","))")
        }
        let a = try nav.makeScreen(route: "A", object: FeedbackRecorder("A", onCall: record))
        let b = try nav.makeScreen(route: "B", object: FeedbackRecorder("B", onCall: record))
        try nav.push(a, animated: false, completion: nil)
        _ = seen.take()
        try nav.push(b, animated: false) { outcome in record("push \(outcome)") }
        #expect(seen.take() == [
            "A will_hide push instant: did_push A,B",
            "B will_show push instant: did_push A,B",
            "A did_hide push instant: did_push A,B",
            "B did_show push instant: did_push A,B",
            "push completed: push_completed A,B",
        ])
        try nav.pop(animated: false) { outcome in record("pop \(outcome)") }
        #expect(seen.take() == [
            "B will_hide pop instant: did_pop A",
            "A will_show pop instant: did_pop A",
            "B did_hide pop instant: did_pop A",
            "A did_show pop instant: did_pop A",
            "pop completed: pop_completed A",
        ])
        #expect(nav.actionState == .idle)
    }

    @Test func screenObjectsHearTheCancelOfAGesture() throws {
        let nav = Navigator()
        nav.setAnimator { _ in }
        let a = FeedbackRecorder("A")
        let b = FeedbackRecorder("B")
        try nav.setStack([try nav.makeScreen(route: "A", object: a), try nav.makeScreen(route: "B", object: b)],
                         animated: false, completion: nil)
        _ = a.calls.take()
        _ = b.calls.take()
        try nav.beginGesture(completion: nil)
        try nav.cancelTransition(try #require(nav.transitionInFlight))
        #expect(a.calls.value == [
            "A will_show pop animated", "A will_hide cancel animated", "A did_hide cancel animated",
        ])
        #expect(b.calls.value == [
            "B will_hide pop animated", "B will_show cancel animated", "B did_show cancel animated",
        ])
    }

    @Test func screenObjectsReceiveTheirPayloads() throws {
        let nav = Navigator()
        let made = Locked<[FeedbackRecorder]>([])
        try nav.registerRoute("chat") { request in
            let object = FeedbackRecorder("chat")
            made.update { $0.append(object) }
            return object
        }
        try nav.show("chat", options: ShowOptions(payload: "first"), completion: nil)
        try nav.show("chat", options: ShowOptions(payload: "second"), completion: nil)  // recycled: the top, noop
        let chat = try #require(made.value.first)
        #expect(made.value.count == 1)
        #expect(chat.calls.value == [
            "chat payload first", "chat will_show push instant", "chat did_show push instant", "chat payload second",
        ])
    }

    @Test func aScreenObjectHearsAnEventBeforeTheDelegateAndTheObservers() throws {
        let nav = Navigator()
        let order = Locked<[String]>([])
        let a = FeedbackRecorder("A") { order.append("object \($0)") }
        let delegate = OrderDelegate(order)
        nav.delegate = delegate
        nav.addObserver { event in
            if case .appearance(let change) = event { order.append("observer \(change.phase)") }
        }
        try nav.push(try nav.makeScreen(route: "A", object: a), completion: nil)
        #expect(order.value == [
            "object A will_show push instant", "delegate willShow", "observer will_show",
            "object A did_show push instant", "delegate didShow", "observer did_show",
        ])
    }

    // MARK: events() and observers

    private static func drive(_ nav: Navigator) throws {
        try nav.push(try nav.makeScreen(route: "A"), completion: nil)
        try nav.push(try nav.makeScreen(route: "B"), animated: false, completion: nil)
        try nav.destroy()
    }

    @Test func theEventStreamReceivesEveryEventAndFinishesOnDestroy() async throws {
        let nav = Navigator()
        let stream = nav.events()
        try Self.drive(nav)
        var lines: [String] = []
        for await event in stream { lines.append(traceLine(event)) }  // ends: the navigator is destroyed
        #expect(lines == [
            "action will_push +A instant", "action did_push +A instant",
            "will_show A push instant", "did_show A push instant",
            "action push_completed +A instant", "done push completed", "action idle",
            "action will_push +B -A instant", "action did_push +B -A instant",
            "will_hide A push instant", "will_show B push instant", "did_hide A push instant", "did_show B push instant",
            "action push_completed +B -A instant", "done push completed", "action idle",
            "release B", "release A",
        ])
    }

    @Test func theEventStreamOfADestroyedNavigatorFinishesAtOnce() async throws {
        let nav = Navigator()
        try nav.destroy()
        var count = 0
        for await _ in nav.events() { count += 1 }
        #expect(count == 0)
    }

    @Test func twoStreamsEachReceiveEveryEvent() async throws {
        let nav = Navigator()
        let first = nav.events()
        let second = nav.events()
        try Self.drive(nav)
        var a = 0, b = 0
        for await _ in first { a += 1 }
        for await _ in second { b += 1 }
        #expect(a == 18)
        #expect(b == 18)
    }

    @Test func aRemovedObserverHearsNothingMoreWhileTheOthersGoOn() throws {
        let nav = Navigator()
        let kept = Counter()
        let removed = Counter()
        let keptToken = nav.addObserver { _ in kept.increment() }
        let removedToken = nav.addObserver { _ in removed.increment() }
        #expect(keptToken != removedToken)
        try nav.run ({}, completion: nil)
        #expect(kept.value == 1 && removed.value == 1)
        nav.removeObserver(removedToken)
        try nav.run ({}, completion: nil)
        #expect(kept.value == 2)
        #expect(removed.value == 1)
        nav.removeObserver(removedToken)  // twice: harmless
        nav.removeObserver(keptToken)
        try nav.run ({}, completion: nil)
        #expect(kept.value == 2)
    }

    @Test func anObserverCanRemoveItselfFromInsideItsCallback() throws {
        let nav = Navigator()
        let heard = Counter()
        let token = Locked<ObserverToken?>(nil)
        token.update { $0 = nav.addObserver { [weak nav] _ in
            heard.increment()
            if let nav, let token = token.value { nav.removeObserver(token) }
        } }
        try nav.run ({}, completion: nil)
        try nav.run ({}, completion: nil)
        #expect(heard.value == 1)
    }
}

/// Records the order in which the delegate hears show events.
final class OrderDelegate: NavigatorDelegate {
    let order: Locked<[String]>
    init(_ order: Locked<[String]>) { self.order = order }

    func navigator(_ navigator: Navigator, willShow screen: Screen, reason: AppearanceReason, animated: Bool) {
        order.append("delegate willShow")
    }

    func navigator(_ navigator: Navigator, didShow screen: Screen, reason: AppearanceReason, animated: Bool) {
        order.append("delegate didShow")
    }
}
