import NavCore
import Testing

/// The mirror of the "Integrating with a UI toolkit" article (on `MainActorStackMirror`) keeps a
/// popped view through the gesture's provisional pop and tears it down only when the pop commits.
@MainActor
@Suite struct ToolkitMirrorTests {
    @Test func theProvisionalPopKeepsThePoppedViewUntilTheFingerLifts() async throws {
        let app = try AppModel()
        let mirror = try ToolkitMirror(app.nav, gestures: app.gestures)
        let home = try app.page("Home"), inbox = try app.page("Inbox")
        _ = try await app.nav.push(home)
        _ = try await app.nav.push(inbox)
        #expect(Set(mirror.views.keys) == [home.id, inbox.id])

        var outcomes: [Outcome] = []
        try app.nav.ask(.beginGesture()) { @MainActor in outcomes.append($0) }  // starts at once
        #expect(app.nav.stack == [home] && mirror.views[inbox.id] != nil)  // provisional
        #expect(app.gestures.inFlight?.interactive == true)
        try await app.gestures.lift(finish: false)
        #expect(outcomes == [.cancelled])
        #expect(Set(mirror.views.keys) == [home.id, inbox.id])

        try app.nav.ask(.beginGesture()) { @MainActor in outcomes.append($0) }
        try await app.gestures.lift(finish: true)
        #expect(outcomes == [.cancelled, .completed])
        #expect(Set(mirror.views.keys) == [home.id])
    }

    @Test func anAnimatedPopTearsDownThePoppedViewWhenItsTransitionEnds() async throws {
        let app = try AppModel()
        let mirror = try ToolkitMirror(app.nav, gestures: app.gestures)
        let home = try app.page("Home"), inbox = try app.page("Inbox")
        _ = try await app.nav.setStack([home, inbox], animated: false)
        #expect(Set(mirror.views.keys) == [home.id, inbox.id])
        #expect(try await app.nav.pop() == .completed)
        for _ in 0..<1_000 where mirror.views.count > 1 { await Task.yield() }
        #expect(Set(mirror.views.keys) == [home.id])
    }
}
