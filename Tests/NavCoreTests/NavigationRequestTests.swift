import NavCore
import Testing

/// `NavigationRequest`, `ask(_:completion:)` and `perform(_:)`: asking a request is calling its
/// named method — the same status, events and outcome — in every dispatch mode
/// (`.mainActor` included), and a request is checked when it is asked, as the method's arguments.
@Suite struct NavigationRequestTests {
    /// One named method and the request of the same name, on navigators made alike.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Builds the state before the call.
        let setup: @Sendable (Harness) throws -> Void
        /// The named method's call (returning at once) and the request of the same arguments.
        let named: @Sendable (Navigator, Harness, @escaping Navigator.Completion) throws -> RequestStatus
        let request: @Sendable (Harness) throws -> NavigationRequest

        var testDescription: String { name }
    }

    /// A harness with the route R (its factory makes nothing) and a veto that refuses B.
    static func routed(_ h: Harness) throws {
        _ = try h.stack("A", "B")
        try h.nav.registerRoute("R") { _ in nil }
        h.nav.setPopVeto { screen, _ in screen.route != "B" }
    }

    static let cases: [Case] = [
        Case(name: "push", setup: routed, named: { nav, h, done in try nav.push(try h.screen("C"), completion: done) },
             request: { h in .push(try h.screen("C")) }),
        Case(name: "pop with a result", setup: routed, named: { nav, _, done in try nav.pop(result: "r", completion: done) },
             request: { _ in .pop(result: "r") }),
        Case(name: "pop to", setup: routed,
             named: { nav, _, done in try nav.pop(to: nav.stack[0], animated: false, completion: done) },
             request: { h in .pop(to: h.nav.stack[0], animated: false) }),
        Case(name: "pop to root", setup: routed, named: { nav, _, done in try nav.popToRoot(completion: done) },
             request: { _ in .popToRoot() }),
        Case(name: "set", setup: routed,
             named: { nav, h, done in try nav.setStack([try h.screen("X"), nav.stack[0]], completion: done) },
             request: { h in .setStack([try h.screen("X"), h.nav.stack[0]]) }),
        Case(name: "back (vetoed)", setup: routed, named: { nav, _, done in try nav.back(completion: done) },
             request: { _ in .back() }),
        Case(name: "gesture", setup: routed, named: { nav, _, done in try nav.beginGesture(completion: done) },
             request: { _ in .beginGesture() }),
        Case(name: "run", setup: routed, named: { nav, h, done in try nav.run({ [log = h.log] in log.append("ran") }, completion: done) },
             request: { h in .run { [log = h.log] in log.append("ran") } }),
        Case(name: "visible", setup: routed, named: { nav, _, done in try nav.setVisible(false, completion: done) },
             request: { _ in .setVisible(false) }),
        Case(name: "show", setup: routed,
             named: { nav, _, done in try nav.show("R", options: ShowOptions(removeCurrent: false, payload: "p"), completion: done) },
             request: { _ in .show("R", options: ShowOptions(removeCurrent: false, payload: "p")) }),
        Case(name: "post", setup: routed, named: { nav, _, done in try nav.post("R", completion: done) },
             request: { _ in .show("R") }),
        Case(name: "open", setup: routed,
             named: { nav, _, done in try nav.open([RouteEntry(route: "R", state: "s")], completion: done) },
             request: { _ in .open([RouteEntry(route: "R", state: "s")]) }),
        Case(name: "restore", setup: routed,
             named: { nav, _, done in try nav.restore(#"{"navcore":1,"stack":[{"route":"R","state":null}]}"#, completion: done) },
             request: { _ in .restore(#"{"navcore":1,"stack":[{"route":"R","state":null}]}"#) }),
        Case(name: "push of a released screen", setup: routed,
             named: { nav, h, done in
                 let dead = try h.screen("D")
                 try nav.discard(dead)
                 return try nav.push(dead, completion: done)
             },
             request: { h in
                 let dead = try h.screen("D")
                 try h.nav.discard(dead)
                 return .push(dead)
             }),
        Case(name: "restore of a malformed document", setup: routed,
             named: { nav, _, done in try nav.restore("{", completion: done) }, request: { _ in .restore("{") }),
    ]

    /// What a call did: its status or error, then the trace until the navigator is idle (each
    /// transition finished) and its outcome.
    static func outcome(_ test: Case, asking: Bool) throws -> [String] {
        let h = Harness()
        try test.setup(h)
        _ = h.trace()
        let outcomes = Completions()
        var seen: [String]
        do {
            let status = asking
                ? try h.nav.ask(try test.request(h), completion: outcomes.handler)
                : try test.named(h.nav, h, outcomes.handler)
            seen = ["status \(status)"]
        } catch let error as NavigationError {
            seen = ["error \(error.code)"]
        }
        seen += h.trace()
        while let transition = h.nav.transitionInFlight {
            try h.nav.finishTransition(transition)
            seen += h.trace()
        }
        return seen + outcomes.received.map { "outcome \($0)" }
    }

    @Test("ask(_:completion:) of a request is its named method", arguments: cases)
    func askIsTheNamedMethod(_ test: Case) throws {
        let named = try Self.outcome(test, asking: false)
        #expect(!named.isEmpty)
        #expect(try Self.outcome(test, asking: true) == named)
    }

    @Test("perform(_:) waits for the outcome its named method's awaiting form returns")
    func performAwaitsTheOutcome() async throws {
        for animated in [false, true] {
            let named = Harness(animator: false), asked = Harness(animator: false)
            for h in [named, asked] { _ = try h.stack("A", "B", "C") }
            let popped = try await named.nav.pop(to: named.nav.stack[0], animated: animated)
            let performed = try await asked.nav.perform(.pop(to: asked.nav.stack[0], animated: animated))
            #expect(popped == .completed && performed == popped)
            #expect(asked.trace() == named.trace())
        }
        let h = Harness()
        #expect(try await h.nav.perform(.restore(#"{"navcore":1,"stack":[{"route":"none","state":null}]}"#)) == .unknownRoute)
        await #expect(throws: NavigationError.self) { try await h.nav.perform(.restore("[]")) }
    }

    @Test("a request is checked when it is asked: a destroyed navigator's invalidHandle comes first")
    func checkedWhenAsked() throws {
        let h = Harness()
        let malformed = NavigationRequest.restore("{")
        let empty = NavigationRequest.open([])
        expectError(.invalid) { try h.nav.ask(malformed, completion: nil) }
        expectError(.invalid) { try h.nav.ask(empty, completion: nil) }
        try h.nav.destroy()
        expectError(.invalidHandle) { try h.nav.ask(malformed, completion: nil) }
        expectError(.invalidHandle) { try h.nav.ask(empty, completion: nil) }
    }

    @MainActor @Test("A main-actor navigator: ask and perform of a request are its named methods, on the main actor")
    func mainActor() async throws {
        let nav = Navigator(dispatch: .mainActor)
        let a = try nav.makeScreen(route: "A"), b = try nav.makeScreen(route: "B")
        var outcomes: [Outcome] = []
        #expect(try nav.ask(.setStack([a, b]), mainActorCompletion: { outcomes.append($0) }) == .ok)
        #expect(outcomes == [.completed] && nav.stack.map(\.route) == ["A", "B"])
        let ran = Counter()
        #expect(try await nav.perform(.run { ran.increment() }) == .completed)
        #expect(ran.value == 1)
        #expect(try await nav.perform(.pop()) == .completed)
        #expect(nav.stack.map(\.route) == ["A"])
    }
}
