import NavCore
import Testing

/// The app model of `AppModel.swift` driven as a user would: taps on the main actor, work
/// posted from background tasks, the interactive gesture. Every callback asserts the main
/// actor; each test checks that the kinds it exercises were all seen.
@MainActor
@Suite struct MainActorAppTests {
    @Test func inlineAsksFromTheMainActorRunEveryCallbackThere() async throws {
        let app = try AppModel()
        let tally = app.tally
        let events = app.nav.events()
        let streamed = Task { for await _ in events { tally.record(.stream) } }
        try app.nav.addObserver { @MainActor _ in tally.record(.observer) }
        let home = try app.page("Home"), inbox = try app.page("Inbox"), compose = try app.page("Compose")

        #expect(try await app.nav.push(home) == .completed)
        // Two rapid taps: the first starts at once, the second waits behind its transition.
        #expect(try app.nav.ask(.push(inbox)) { @MainActor _ in tally.record(.completion) } == .ok)
        #expect(try app.nav.push(compose, completion: nil) == .queued)
        #expect(try await app.nav.run { @MainActor in tally.record(.run) } == .completed)
        #expect(app.nav.stack == [home, inbox, compose])

        (compose.object as? Page)?.hasUnsavedChanges = true
        #expect(try await app.nav.back() == .vetoed)
        (compose.object as? Page)?.hasUnsavedChanges = false
        #expect(try await app.nav.back() == .completed)

        let options = ShowOptions(animated: true, payload: #"{"id":7}"#)
        #expect(try await app.nav.show("detail", options: options) == .completed)
        let detail = try #require(app.nav.top)
        #expect((detail.object as? Page)?.payloads == [#"{"id":7}"#])
        try app.nav.onResult(of: detail) { @MainActor _ in tally.record(.result) }
        #expect(try await app.nav.pop(result: "seen") == .completed)

        let picker = try app.page("Picker")
        let picked = Task { try await app.nav.pushForResult(picker) }
        for _ in 0..<100_000 where app.nav.top != picker { await Task.yield() }
        try #require(app.nav.top == picker)
        #expect(try await app.nav.pop(result: "blue") == .completed)
        #expect(try await picked.value == "blue")
        #expect((home.object as? Page)?.appearances.prefix(2) == ["will_show push", "did_show push"])
        #expect(app.doneLines.contains("back vetoed"))

        try app.nav.destroy()
        await streamed.value
        #expect(tally.missing.isEmpty, "never called: \(tally.missing)")
    }

    @Test func asksFromBackgroundTasksRunOnTheMainActor() async throws {
        let app = try AppModel()
        let nav = app.nav
        #expect(try await nav.push(try app.page("Home")) == .completed)
        // Posts queue at the call, from any thread; awaited ops hop to the main actor.
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            for index in 0..<8 {
                group.addTask { try await nav.post("detail", options: ShowOptions(animated: index % 2 == 0, removeCurrent: false, recycle: .none)) }
                group.addTask { @Sendable in
                    try nav.post("detail", options: ShowOptions(removeCurrent: false, recycle: .none)) { _ in }
                    return .completed
                }
                group.addTask { try await nav.back() }
            }
            for try await outcome in group { #expect([.completed, .noop].contains(outcome)) }
        }
        await nav.idle()
        #expect(!nav.isBusy && nav.pendingCount == 0)
        #expect(nav.stack.count == 1 + 16 - app.doneLines.filter { $0 == "back completed" }.count)
        #expect(app.tally.counts[.factory] == 16)
        #expect(app.tally.counts[.animator, default: 0] > 0)
    }

    @Test func gesturesFinishAndCancelOnTheMainActor() async throws {
        let app = try AppModel()
        let home = try app.page("Home"), inbox = try app.page("Inbox")
        #expect(try await app.nav.setStack([home, inbox], animated: false) == .completed)
        var progress: [Double] = []
        try app.nav.addObserver { @MainActor event in
            if case .progress(_, let value) = event { progress.append(value) }
        }

        let events = app.nav.events()
        async let cancelled = app.nav.beginGesture()
        try await app.gestures.waitForGesture()
        #expect(app.nav.stack == [home])  // the stack already shows the pop
        // The same transition from the event stream ends on the main actor too: cancel with it.
        for await event in events {
            guard case .transition(let transition) = event else { continue }
            #expect(transition.id == app.gestures.inFlight?.id)
            app.gestures.inFlight = transition
            break
        }
        try await app.gestures.lift(finish: false)
        #expect(try await cancelled == .cancelled)
        #expect(app.nav.stack == [home, inbox])

        async let finished = app.nav.beginGesture()
        try await app.gestures.waitForGesture()
        try await app.gestures.lift(finish: true)
        #expect(try await finished == .completed)
        #expect(app.nav.stack == [home])
        #expect(progress == [0.5, 0.5])
        #expect((home.object as? Page)?.appearances.suffix(2) == ["will_show pop", "did_show pop"])
        #expect(app.tally.counts[.veto] == 2)
    }

    @Test func aDeferredVetoIsDecidedOnTheMainActor() async throws {
        let app = try AppModel()
        var decisions: [VetoDecision] = []
        let tally = app.tally
        try app.nav.setDeferrablePopVeto { @MainActor _, _, _, decision in
            tally.record(.veto)
            decisions.append(decision)
            return .later
        }
        _ = try await app.nav.setStack([try app.page("Home"), try app.page("Compose")], animated: false)
        var outcome: Outcome?
        try app.nav.ask(.back(animated: false)) { @MainActor in outcome = $0 }
        #expect(decisions.count == 1 && app.nav.isBusy && app.nav.pendingDecision == decisions[0])
        let pending = try #require(app.nav.pendingDecision)
        try await pending.decide(allow: false)  // the dialog's "Keep editing", through the query's value
        #expect(outcome == .vetoed && app.nav.stack.count == 2 && app.nav.pendingDecision == nil)
    }

    @Test func droppingTheLastReferenceDestroysTheNavigator() async throws {
        weak var weakNav: Navigator?
        weak var weakPage: Page?
        var app: AppModel? = try AppModel()
        let events = try #require(app).nav.events()
        do {
            let model = try #require(app)
            let page = Page("Home", tally: model.tally)
            weakPage = page
            weakNav = model.nav
            #expect(try await model.nav.push(try model.nav.makeScreen(route: "home", object: page)) == .completed)
            _ = try await model.nav.show("detail", options: ShowOptions(animated: true, removeCurrent: false))
        }
        #expect(weakNav != nil && weakPage != nil)
        app = nil
        // The animator's task finished the show's transition from another executor and may hold
        // the navigator for a moment after the show's await returned; then nothing may.
        for _ in 0..<1_000 where weakNav != nil { try await Task.sleep(for: .milliseconds(1)) }
        #expect(weakNav == nil, "the navigator outlived its last reference")
        var released = false
        for await event in events {  // the stream finishes with the navigator
            if case .released(let screen) = event, screen.route == "home" { released = true }
        }
        #expect(released)
        #expect(weakPage == nil, "a screen object outlived the navigator")
    }
}
