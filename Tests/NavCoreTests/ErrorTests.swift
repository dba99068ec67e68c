import NavCore
import Testing

/// SPEC §10: the error statuses with the C header's raw values, each one the Swift API can
/// produce, with a message; a failed call changes nothing; a destroyed navigator fails every
/// call with `invalid_handle`.
@Suite struct ErrorTests {
    @Test func theCodesHaveTheRawValuesOfTheCHeader() {
        let raw = Dictionary(uniqueKeysWithValues: NavigationError.Code.allCases.map { ($0, $0.rawValue) })
        #expect(raw == [
            .invalid: -1, .invalidHandle: -2, .noSuchScreen: -3, .busy: -4,
            .state: -5, .exists: -6, .noMemory: -7, .internal: -8,
        ])
        for code in NavigationError.Code.allCases {
            #expect(NavigationError(code, "m").rawValue == code.rawValue)
            #expect(NavigationError.Code(rawValue: code.rawValue) == code)
        }
        #expect(NavigationError.Code(rawValue: 0) == nil)
        #expect(NavigationError.Code(rawValue: -9) == nil)
    }

    @Test func theCodesAreSpelledAsInTheSpec() {
        #expect(NavigationError.Code.allCases.map(\.description) == [
            "invalid", "invalid_handle", "no_such_screen", "busy", "state", "exists", "no_memory", "internal",
        ])
    }

    @Test func anErrorDescribesItselfAndComparesByCode() {
        let error = NavigationError(.busy, "the navigator is busy")
        #expect(error.description == "busy: the navigator is busy")
        #expect(error == NavigationError(.busy, "other words"))
        #expect(error != NavigationError(.state, "the navigator is busy"))
        #expect(Set([error, NavigationError(.busy, "again")]).count == 1)
    }

    @Test func invalidComesFromABadArgument() throws {
        let h = Harness()
        expectError(.invalid) { try h.nav.setBarThreshold(-3) }
        expectError(.invalid) { try h.nav.unregisterRoute("never registered") }
        try h.stack("A", "B")
        try h.nav.beginGesture(completion: nil)
        let id = try #require(h.nav.transitionInFlight)
        expectError(.invalid) { try h.nav.updateTransition(id, progress: 2) }
        let error = #expect(throws: NavigationError.self) { try h.nav.setBarThreshold(-1) }
        #expect(error?.rawValue == -1)
    }

    @Test func invalidHandleComesFromADestroyedNavigator() throws {
        let nav = Navigator()
        try nav.destroy()
        let error = #expect(throws: NavigationError.self) { try nav.pop(completion: nil) }
        #expect(error?.code == .invalidHandle)
        #expect(error?.rawValue == -2)
        #expect(error?.message.isEmpty == false)
    }

    @Test func noSuchScreenComesFromADeadId() throws {
        let nav = Navigator()
        let screen = try nav.makeScreen()
        try nav.discard(screen)
        let error = #expect(throws: NavigationError.self) { try nav.push(screen, completion: nil) }
        #expect(error?.code == .noSuchScreen)
        #expect(error?.rawValue == -3)
        #expect(error?.message.isEmpty == false)
    }

    @Test func busyComesFromAGestureWhileAnOpRuns() throws {
        let h = Harness()
        try h.stack("A")
        try h.nav.push(try h.screen("B"), completion: nil)
        let error = #expect(throws: NavigationError.self) { try h.nav.beginGesture(completion: nil) }
        #expect(error?.code == .busy)
        #expect(error?.rawValue == -4)
        #expect(error?.message.isEmpty == false)
    }

    @Test func stateComesFromACallThatDoesNotFitTheState() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        let error = #expect(throws: NavigationError.self) { try h.nav.discard(screens[0]) }
        #expect(error?.code == .state)
        #expect(error?.rawValue == -5)
        #expect(error?.message.isEmpty == false)
        expectError(.state) { try h.nav.finishTransition(42) }
        expectError(.state) { try h.nav.cancelTransition(42) }
        expectError(.state) { try h.nav.updateTransition(42, progress: 0.5) }
    }

    @Test func existsComesFromASecondRegistration() throws {
        let nav = Navigator()
        try nav.registerRoute("a") { _ in nil }
        let error = #expect(throws: NavigationError.self) { try nav.registerRoute("a") { _ in nil } }
        #expect(error?.code == .exists)
        #expect(error?.rawValue == -6)
        #expect(error?.message.isEmpty == false)
    }

    @Test func aFailedCallChangesNothing() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        try h.nav.push(try h.screen("C"), completion: nil)  // waits
        let id = try #require(h.nav.transitionInFlight)
        let pending = Completions()
        try h.nav.run({}, completion: pending.handler)
        _ = h.trace()
        let before = (h.nav.stack, h.nav.pendingCount, h.nav.isBusy, h.nav.actionState, h.nav.isBarShown)

        expectError(.state) { try h.nav.discard(screens[0]) }
        expectError(.state) { try h.nav.finishTransition(id + 7) }
        expectError(.state) { try h.nav.cancelTransition(id) }
        expectError(.busy) { try h.nav.beginGesture(completion: nil) }
        expectError(.invalid) { try h.nav.setBarThreshold(-1) }
        expectError(.noSuchScreen) { try h.nav.push(try Navigator().makeScreen(), completion: nil) }

        #expect(h.nav.stack == before.0)
        #expect(h.nav.pendingCount == before.1)
        #expect(h.nav.isBusy == before.2)
        #expect(h.nav.actionState == before.3)
        #expect(h.nav.isBarShown == before.4)
        #expect(h.nav.transitionInFlight == id)
        #expect(h.trace().isEmpty)
        try h.nav.finishTransition(id)
        #expect(pending.received == [.completed])
    }

    @Test func everyCallOnADestroyedNavigatorFailsWithInvalidHandle() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        try h.nav.registerRoute("R") { _ in nil }
        try h.nav.destroy()
        _ = h.trace()
        let calls: [(String, () throws -> Void)] = [
            ("makeScreen", { _ = try h.nav.makeScreen(route: "X") }),
            ("discard", { try h.nav.discard(screens[0]) }),
            ("screen", { _ = try h.nav.screen(screens[0].id) }),
            ("push", { try h.nav.push(screens[0], completion: nil) }),
            ("pop", { try h.nav.pop(completion: nil) }),
            ("pop(to:)", { try h.nav.pop(to: screens[0], completion: nil) }),
            ("popToRoot", { try h.nav.popToRoot(completion: nil) }),
            ("setStack", { try h.nav.setStack(screens, completion: nil) }),
            ("setStack([])", { try h.nav.setStack([], completion: nil) }),
            ("back", { try h.nav.back(completion: nil) }),
            ("beginGesture", { try h.nav.beginGesture(completion: nil) }),
            ("run", { try h.nav.run ({}, completion: nil) }),
            ("setVisible", { try h.nav.setVisible(false, completion: nil) }),
            ("show", { try h.nav.show("R", completion: nil) }),
            ("post", { try h.nav.post("R", completion: nil) }),
            ("finishTransition", { try h.nav.finishTransition(1) }),
            ("cancelTransition", { try h.nav.cancelTransition(1) }),
            ("updateTransition", { try h.nav.updateTransition(1, progress: 0.5) }),
            ("setAlwaysAppear", { try h.nav.setAlwaysAppear(true) }),
            ("setBarThreshold", { try h.nav.setBarThreshold(2) }),
            ("registerRoute", { try h.nav.registerRoute("S") { _ in nil } }),
            ("unregisterRoute", { try h.nav.unregisterRoute("R") }),
            ("drain", { try h.nav.drain() }),
            ("destroy", { try h.nav.destroy() }),
        ]
        for (name, call) in calls {
            let error = #expect(throws: NavigationError.self, "\(name)") { try call() }
            #expect(error?.code == .invalidHandle, "\(name)")
            #expect(error?.message.isEmpty == false, "\(name)")
        }
        #expect(h.trace().isEmpty, "no call after the destroy emits anything")
    }

    @Test func queriesOfADestroyedNavigatorReadEmpty() throws {
        let h = Harness()
        try h.stack("A", "B")
        try h.nav.setBarThreshold(5)
        try h.nav.push(try h.screen("C"), completion: nil)  // waits
        try h.nav.run ({}, completion: nil)
        try h.nav.destroy()
        #expect(h.nav.isDestroyed)
        #expect(h.nav.stack.isEmpty)
        #expect(h.nav.top == nil)
        #expect(h.nav.root == nil)
        #expect(!h.nav.isBusy)
        #expect(h.nav.pendingCount == 0)
        #expect(h.nav.actionState == .idle)
        #expect(!h.nav.canGoBack)
        #expect(h.nav.transitionInFlight == nil)
    }

    @Test func releasingTheLastReferenceDestroysTheNavigator() throws {
        let released = Locked<[String]>([])
        let aborted = Completions()
        do {
            let nav = Navigator()
            nav.setAnimator { _ in }
            nav.addObserver { event in
                if case .released(let screen) = event { released.append(screen.route) }
            }
            try nav.push(try nav.makeScreen(route: "A"), completion: nil)
            try nav.push(try nav.makeScreen(route: "B"), completion: aborted.handler)
            _ = try nav.makeScreen(route: "D")
        }
        #expect(aborted.received == [.aborted])
        #expect(released.value == ["B", "A", "D"])
    }
}
