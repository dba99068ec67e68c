import Foundation
import NavCore
import Testing

/// SPEC §2: every outcome of every op, reaching the completion exactly once and the observers
/// as `done`; a call that fails never calls its completion; the `async` forms resume with the
/// outcome.
@Suite struct OperationOutcomeTests {
    /// Asks an op with a fresh completion and returns what the completion received.
    private func outcomes(_ ask: (@escaping Navigator.Completion) throws -> Void) rethrows -> [Outcome] {
        let completions = Completions()
        try ask(completions.handler)
        return completions.received
    }

    // MARK: push

    @Test func pushCompletesAndTheScreenBecomesTop() throws {
        let h = Harness(animator: false)
        let a = try h.screen("A")
        #expect(try outcomes { try h.nav.push(a, completion: $0) } == [.completed])
        #expect(h.nav.top == a)
        #expect(h.trace().last(2) == ["done push completed", "action idle"])
    }

    @Test func pushOfAScreenAlreadyInTheStackEndsDuplicateWithOnlyDone() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        #expect(try outcomes { try h.nav.push(screens[0], completion: $0) } == [.duplicate])
        #expect(try outcomes { try h.nav.push(screens[1], completion: $0) } == [.duplicate])
        #expect(h.nav.stack == screens)
        #expect(h.trace() == ["done push duplicate", "done push duplicate"])
    }

    @Test func pushValidatesAgainstTheStackWhenItRunsNotWhenAsked() throws {
        let h = Harness()
        let a = try h.stack("A")[0]
        let b = try h.screen("B")
        let c = try h.screen("C")
        try h.nav.push(b, completion: nil)  // waits for its transition
        let completions = Completions()
        try h.nav.setStack([a, c], animated: false, completion: completions.handler)
        // C is detached when asked, but the set before it will have stacked it when it runs.
        #expect(try h.nav.push(c, completion: completions.handler) == .queued)
        try h.finish()
        #expect(completions.received == [.completed, .duplicate])
        #expect(h.names == ["A", "C"])
    }

    @Test func pushOfAScreenReleasedBeforeTheOpRanEndsInvalid() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        try h.nav.pop(completion: nil)  // B leaves: waits for the transition
        let completions = Completions()
        try h.nav.push(screens[1], completion: completions.handler)  // B is still live when asked
        try h.finish()  // B is released, then the push runs
        #expect(completions.received == [.invalid])
        #expect(h.names == ["A"])
    }

    // MARK: pop, pop_to, pop_to_root

    @Test func popRemovesTheTop() throws {
        let h = Harness(animator: false)
        try h.stack("A", "B")
        #expect(try outcomes { try h.nav.pop(completion: $0) } == [.completed])
        #expect(h.names == ["A"])
    }

    @Test func popWithOneScreenOrNoneIsNoop() throws {
        let h = Harness()
        #expect(try outcomes { try h.nav.pop(completion: $0) } == [.noop])
        try h.stack("A")
        #expect(try outcomes { try h.nav.pop(completion: $0) } == [.noop])
        #expect(h.names == ["A"])
        #expect(h.trace() == ["done pop noop"])
    }

    @Test func popToRemovesEverythingAboveTheScreen() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("A", "B", "C", "D")
        #expect(try outcomes { try h.nav.pop(to: screens[1], completion: $0) } == [.completed])
        #expect(h.names == ["A", "B"])
    }

    @Test func popToTheTopIsNoop() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        #expect(try outcomes { try h.nav.pop(to: screens[1], completion: $0) } == [.noop])
        #expect(h.trace() == ["done pop_to noop"])
    }

    @Test func popToAScreenNotInTheStackEndsNotInStack() throws {
        let h = Harness()
        try h.stack("A", "B")
        let detached = try h.screen("X")
        #expect(try outcomes { try h.nav.pop(to: detached, completion: $0) } == [.notInStack])
        #expect(h.names == ["A", "B"])
        #expect(h.trace() == ["done pop_to not_in_stack"])
    }

    @Test func popToAScreenThatLeftTheStackBeforeTheOpRanEndsNotInStack() throws {
        let h = Harness()
        let screens = try h.stack("A", "B", "C")
        try h.nav.pop(completion: nil)  // C leaves, waiting for the transition
        let completions = Completions()
        try h.nav.pop(to: screens[2], completion: completions.handler)
        try h.finish()
        #expect(completions.received == [.notInStack])
        #expect(h.names == ["A", "B"])
    }

    @Test func popToRootKeepsOnlyTheRoot() throws {
        let h = Harness(animator: false)
        try h.stack("A", "B", "C")
        #expect(try outcomes { try h.nav.popToRoot(completion: $0) } == [.completed])
        #expect(h.names == ["A"])
        #expect(try outcomes { try h.nav.popToRoot(completion: $0) } == [.noop])
        try h.nav.pop(completion: nil)
        let empty = Harness()
        #expect(try outcomes { try empty.nav.popToRoot(completion: $0) } == [.noop])
    }

    // MARK: set

    @Test func setMakesTheStackExactlyTheList() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("A", "B")
        let c = try h.screen("C")
        #expect(try outcomes { try h.nav.setStack([c, screens[0]], completion: $0) } == [.completed])
        #expect(h.names == ["C", "A"])
    }

    @Test func setToTheSameStackIsNoop() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        #expect(try outcomes { try h.nav.setStack(screens, completion: $0) } == [.noop])
        #expect(h.trace() == ["done set noop"])
    }

    @Test func setWithAnEmptyListEndsInvalid() throws {
        let h = Harness()
        try h.stack("A")
        #expect(try outcomes { try h.nav.setStack([], completion: $0) } == [.invalid])
        #expect(h.names == ["A"])
        #expect(h.trace() == ["done set invalid"])
    }

    @Test func setNamingAScreenTwiceEndsDuplicate() throws {
        let h = Harness()
        let screens = try h.stack("A")
        let b = try h.screen("B")
        #expect(try outcomes { try h.nav.setStack([b, screens[0], b], completion: $0) } == [.duplicate])
        #expect(h.names == ["A"])
        #expect(h.trace() == ["done set duplicate"])
    }

    @Test func setNamingAScreenReleasedBeforeTheOpRanEndsInvalid() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        try h.nav.push(try h.screen("C"), completion: nil)  // waits
        let x = try h.screen("X")
        let completions = Completions()
        try h.nav.setStack([screens[0], x], completion: completions.handler)
        try h.nav.discard(x)
        try h.finish()
        #expect(completions.received == [.invalid])
        #expect(h.names == ["A", "B", "C"])
    }

    // MARK: back and gesture

    @Test func backPopsWhenAllowedAndEndsVetoedWhenRefused() throws {
        let h = Harness(animator: false)
        try h.stack("A", "B", "C")
        #expect(try outcomes { try h.nav.back(completion: $0) } == [.completed])
        h.nav.setPopVeto { _, _ in false }
        #expect(try outcomes { try h.nav.back(completion: $0) } == [.vetoed])
        #expect(h.names == ["A", "B"])
        try h.nav.pop(completion: nil)
        #expect(try outcomes { try h.nav.back(completion: $0) } == [.noop])
    }

    @Test func gestureEndsCompletedCancelledVetoedOrNoop() throws {
        let h = Harness()
        try h.stack("A")
        #expect(try outcomes { try h.nav.beginGesture(completion: $0) } == [.noop])
        try h.nav.push(try h.screen("B"), animated: false, completion: nil)
        try h.nav.push(try h.screen("C"), animated: false, completion: nil)

        let completions = Completions()
        try h.nav.beginGesture(completion: completions.handler)
        try h.nav.cancelTransition(try #require(h.nav.transitionInFlight))
        try h.nav.beginGesture(completion: completions.handler)
        try h.finish()
        h.nav.setPopVeto { _, _ in false }
        try h.nav.beginGesture(completion: completions.handler)
        #expect(completions.received == [.cancelled, .completed, .vetoed])
        #expect(h.names == ["A", "B"])
    }

    // MARK: run, visible, show

    @Test func runCompletesAfterItsBlockRanOnce() throws {
        let h = Harness()
        let ran = Counter()
        #expect(try outcomes { try h.nav.run({ ran.increment() }, completion: $0) } == [.completed])
        #expect(ran.value == 1)
        #expect(h.trace() == ["done run completed"])
    }

    @Test func visibleCompletesOnAChangeAndIsNoopOtherwise() throws {
        let h = Harness()
        #expect(try outcomes { try h.nav.setVisible(true, completion: $0) } == [.noop])
        #expect(try outcomes { try h.nav.setVisible(false, completion: $0) } == [.completed])
        #expect(try outcomes { try h.nav.setVisible(false, completion: $0) } == [.noop])
        #expect(try outcomes { try h.nav.setVisible(true, completion: $0) } == [.completed])
    }

    @Test func showEndsCompletedNoopUnknownRouteOrFactoryFailed() throws {
        let h = Harness()
        try h.nav.registerRoute("home") { _ in nil }
        try h.nav.registerRoute("broken") { _ in throw FactoryError() }
        #expect(try outcomes { try h.nav.show("home", completion: $0) } == [.completed])
        #expect(try outcomes { try h.nav.show("home", completion: $0) } == [.noop])
        #expect(try outcomes { try h.nav.show("nowhere", completion: $0) } == [.unknownRoute])
        #expect(try outcomes { try h.nav.show("broken", completion: $0) } == [.factoryFailed])
        #expect(h.names == ["home"])
    }

    // MARK: aborted, exactly once, failing calls

    @Test func destroyAbortsTheWaitingOpAndEveryQueuedOpInFIFOOrder() throws {
        let h = Harness()
        try h.stack("A")
        let order = Locked<[String]>([])
        try h.nav.push(try h.screen("B")) { order.append("push \($0)") }
        try h.nav.run({ order.append("ran") }) { order.append("run \($0)") }
        try h.nav.pop { order.append("pop \($0)") }
        try h.nav.show("anything") { order.append("show \($0)") }
        try h.nav.destroy()
        #expect(order.value == ["push aborted", "run aborted", "pop aborted", "show aborted"])
    }

    @Test func everyAcceptedOpCallsItsCompletionExactlyOnce() throws {
        let h = Harness()
        try h.nav.registerRoute("r") { _ in nil }
        let counts = Locked<[Int]>(Array(repeating: 0, count: 12))
        func completion(_ index: Int) -> Navigator.Completion { { _ in counts.update { $0[index] += 1 } } }
        let a = try h.screen("A")
        let b = try h.screen("B")
        try h.nav.push(a, completion: completion(0))
        try h.nav.push(b, completion: completion(1))  // waits
        try h.nav.push(a, completion: completion(2))  // duplicate
        try h.nav.pop(completion: completion(3))
        try h.nav.pop(to: a, completion: completion(4))
        try h.nav.popToRoot(completion: completion(5))
        try h.nav.setStack([a, b], completion: completion(6))
        try h.nav.back(completion: completion(7))
        try h.nav.run({}, completion: completion(8))
        try h.nav.setVisible(false, completion: completion(9))
        try h.nav.show("r", completion: completion(10))
        try h.nav.push(try h.screen("Z"), completion: completion(11))
        while let id = h.nav.transitionInFlight { try h.nav.finishTransition(id) }
        // The last ops ended; nothing more may call them, not even the destroy.
        try h.nav.destroy()
        #expect(counts.value == Array(repeating: 1, count: 12))
    }

    @Test func theOutcomeReachesTheCompletionAndTheObserversAlike() throws {
        let h = Harness()
        let screens = try h.stack("A", "B")
        let completions = Completions()
        try h.nav.push(screens[0], completion: completions.handler)
        try h.nav.pop(to: try h.screen("X"), completion: completions.handler)
        #expect(completions.received == [.duplicate, .notInStack])
        #expect(h.trace() == ["done push duplicate", "done pop_to not_in_stack"])
    }

    @Test func aCallThatFailsNeverCallsItsCompletion() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("A", "B")
        try h.nav.pop(completion: nil)
        let dead = screens[1]
        let called = Counter()
        let completion: Navigator.Completion = { _ in called.increment() }

        expectError(.noSuchScreen) { try h.nav.push(dead, completion: completion) }
        expectError(.noSuchScreen) { try h.nav.pop(to: dead, completion: completion) }
        expectError(.noSuchScreen) { try h.nav.setStack([dead], completion: completion) }
        expectError(.state) { try h.nav.beginGesture(completion: completion) }  // no animator
        try h.nav.destroy()
        expectError(.invalidHandle) { try h.nav.pop(completion: completion) }
        expectError(.invalidHandle) { try h.nav.run({ called.increment() }, completion: completion) }
        expectError(.invalidHandle) { try h.nav.show("x", completion: completion) }
        #expect(called.value == 0)
    }

    // MARK: async forms

    /// A navigator whose animator finishes every transition at once, from inside the callback.
    private static func selfFinishing() -> Navigator {
        let nav = Navigator()
        nav.setAnimator { [weak nav] transition in try? nav?.finishTransition(transition.id) }
        return nav
    }

    private static func prepare(_ nav: Navigator, _ names: [String]) throws -> [Screen] {
        let screens = try names.map { try nav.makeScreen(route: $0) }
        try nav.setStack(screens, animated: false, completion: nil)
        return screens
    }

    @Test func asyncFormsResumeWithTheOutcome() async throws {
        let nav = Self.selfFinishing()
        let screens = try Self.prepare(nav, ["A", "B"])
        let c = try nav.makeScreen(route: "C")
        let d = try nav.makeScreen(route: "D")
        let x = try nav.makeScreen(route: "X")
        #expect(try await nav.push(c) == .completed)
        #expect(try await nav.push(c) == .duplicate)
        #expect(try await nav.pop(to: x) == .notInStack)
        #expect(try await nav.pop(to: c) == .noop)
        #expect(try await nav.pop() == .completed)
        #expect(try await nav.popToRoot() == .completed)
        #expect(try await nav.popToRoot() == .noop)
        #expect(try await nav.pop() == .noop)
        #expect(try await nav.setStack([screens[0], d]) == .completed)
        #expect(try await nav.setStack([]) == .invalid)
        #expect(try await nav.pop(to: screens[0]) == .completed)
        #expect(try await nav.back() == .noop)
        let ran = Counter()
        #expect(try await nav.run { ran.increment() } == .completed)
        #expect(ran.value == 1)
        #expect(try await nav.show("nowhere") == .unknownRoute)
        #expect(nav.stack.map(\.route) == ["A"])
    }

    @Test func asyncBackResumesWithVetoed() async throws {
        let nav = Self.selfFinishing()
        _ = try Self.prepare(nav, ["A", "B"])
        nav.setPopVeto { _, _ in false }
        #expect(try await nav.back() == .vetoed)
    }

    @Test func asyncShowResumesWithTheOutcome() async throws {
        let nav = Self.selfFinishing()
        try nav.registerRoute("home") { _ in nil }
        #expect(try await nav.show("home") == .completed)
        #expect(try await nav.show("home", options: ShowOptions(payload: "again")) == .noop)
    }

    @Test func asyncFormsThrowWhenTheCallFails() async throws {
        let nav = Navigator()
        let screens = try Self.prepare(nav, ["A", "B"])
        _ = try await nav.pop()
        let error = await #expect(throws: NavigationError.self) { try await nav.push(screens[1]) }
        #expect(error?.code == .noSuchScreen)
        let popTo = await #expect(throws: NavigationError.self) { try await nav.pop(to: screens[1]) }
        #expect(popTo?.code == .noSuchScreen)
        try nav.destroy()
        let destroyed = await #expect(throws: NavigationError.self) { try await nav.pop() }
        #expect(destroyed?.code == .invalidHandle)
    }

    @Test func asyncFormResumesWithAbortedWhenTheNavigatorIsDestroyedFirst() async throws {
        let nav = Navigator()
        // The animator destroys the navigator instead of playing the transition.
        nav.setAnimator { [weak nav] _ in try? nav?.destroy() }
        _ = try Self.prepare(nav, ["A"])
        let b = try nav.makeScreen(route: "B")
        #expect(try await nav.push(b) == .aborted)
        #expect(nav.isDestroyed)
    }

    @Test func asyncFormResumesInHostModeAfterTheHostDrains() async throws {
        let nav = Navigator(dispatch: .host)
        let drains = Counter()
        nav.setWakeupHandler { [weak nav] in
            DispatchQueue.global().async { [weak nav] in
                drains.increment()
                try? nav?.drain()
            }
        }
        let a = try nav.makeScreen(route: "A")
        #expect(try await nav.push(a) == .completed)
        #expect(try await nav.pop() == .noop)
        #expect(drains.value >= 1)
        #expect(nav.stack == [a])
    }
}

extension Array {
    /// The last `count` elements, as an array.
    func last(_ count: Int) -> [Element] { Array(suffix(count)) }
}
