import NavCore
import NavCoreJSON
import Testing

/// The app's routes as a type: shown, opened and read back as values.
enum AppRoute: NavigationRoute {
    case inbox
    case message(id: Int)

    var name: String {
        switch self {
        case .inbox: "inbox"
        case .message: "message"
        }
    }
}

@MainActor
@Suite struct TypedRouteTests {
    @Test func showOpenAndReadRoutesAsValues() async throws {
        let app = try AppModel()
        let routes = app.nav.routes(AppRoute.self)
        var made: [AppRoute] = []
        try routes.register("inbox", "message") { route, _ in
            made.append(route)
            return Page(route.name, tally: app.tally)
        }

        #expect(try await routes.show(.inbox) == .completed)
        #expect(try await routes.show(.message(id: 42), options: ShowOptions(removeCurrent: false)) == .completed)
        #expect(made == [.inbox, .message(id: 42)])
        #expect(try routes.route(of: try #require(app.nav.top)) == .message(id: 42))

        // Recycled: the message screen gets the new value as its payload.
        #expect(try await routes.show(.message(id: 7)) == .noop)
        #expect(try routes.route(of: try #require(app.nav.top)) == .message(id: 7))

        // The saved document carries the values; restoring it rebuilds the same routes.
        let saved = try app.nav.save()
        #expect(saved == #"{"navcore":1,"stack":[{"route":"inbox","state":"{\"inbox\":{}}"},"#
            + #"{"route":"message","state":"{\"message\":{\"id\":7}}"}]}"#)
        #expect(try await routes.open([.message(id: 1), .inbox]) == .completed)
        #expect(try app.nav.stack.map { try routes.route(of: $0) } == [.message(id: 1), .inbox])
        #expect(try await app.nav.restore(saved) == .completed)
        #expect(try app.nav.stack.map { try routes.route(of: $0) } == [.inbox, .message(id: 7)])

        // A route shown by name without its value cannot be made.
        #expect(try await app.nav.show("message", options: ShowOptions(recycle: .none)) == .factoryFailed)
    }
}
