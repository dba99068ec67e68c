import NavCore
import Testing

/// A host object whose identity the tests can check.
final class Token: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

/// SPEC §1: screens have non-zero ids never reused, carry a route and the host's object, are
/// detached until an op stacks them, and are released exactly once.
@Suite struct ScreenLifecycleTests {
    @Test func screenIdsAreNonZeroAndNeverReusedAcrossNavigators() throws {
        let first = Navigator()
        let second = Navigator()
        var ids: [UInt64] = []
        for index in 0..<300 {
            let nav = index.isMultiple(of: 2) ? first : second
            let screen = try nav.makeScreen(route: "s\(index)")
            ids.append(screen.id)
            // A released id must not come back.
            if index.isMultiple(of: 3) { try nav.discard(screen) }
        }
        try first.destroy()
        let later = Navigator()
        ids.append(try later.makeScreen().id)
        #expect(!ids.contains(0))
        #expect(Set(ids).count == ids.count)
    }

    @Test func aScreenCarriesItsRouteAndTheHostsObject() throws {
        let nav = Navigator()
        let token = Token("detail view")
        let screen = try nav.makeScreen(route: "detail", object: token)
        #expect(screen.id != 0)
        #expect(screen.route == "detail")
        #expect((screen.object as? Token) === token)
        #expect(screen.description == "detail#\(screen.id)")

        let found = try nav.screen(screen.id)
        #expect(found == screen)
        #expect(found.route == "detail")
        #expect((found.object as? Token) === token)

        let plain = try nav.makeScreen()
        #expect(plain.route.isEmpty)
        #expect(plain.object == nil)
        #expect(plain != screen)
    }

    @Test func aRouteNameMayBeAnyUTF8Text() throws {
        let nav = Navigator()
        let screen = try nav.makeScreen(route: "détail/écran 🚀")
        #expect(try nav.screen(screen.id).route == "détail/écran 🚀")
    }

    @Test func aNewScreenIsDetachedUntilAnOpStacksIt() throws {
        let h = Harness()
        let a = try h.screen("A")
        #expect(h.nav.stack.isEmpty)
        #expect(h.trace().isEmpty, "creating a screen emits nothing")
        try h.nav.push(a, completion: nil)
        #expect(h.nav.stack == [a])
    }

    @Test func aPoppedScreenIsReleasedOnceAfterItsDidEvents() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("A", "B")
        try h.nav.pop(completion: nil)
        #expect(h.trace() == [
            "action will_pop +A -B instant",
            "action did_pop +A -B instant",
            "will_hide B pop instant",
            "will_show A pop instant",
            "did_hide B pop instant",
            "did_show A pop instant",
            "release B",
            "action pop_completed +A -B instant",
            "done pop completed",
            "action idle",
        ])
        expectError(.noSuchScreen) { _ = try h.nav.screen(screens[1].id) }
        // Nothing releases it again: not more ops, not the destroy.
        try h.nav.push(try h.screen("C"), animated: false, completion: nil)
        try h.nav.destroy()
        #expect(h.trace().filter { $0 == "release B" }.isEmpty)
    }

    @Test func theReleaseEventCarriesTheHostsObject() throws {
        let h = Harness(animator: false)
        let token = Token("B's view")
        let released = Locked<[Token]>([])
        h.nav.addObserver { event in
            if case .released(let screen) = event, let token = screen.object as? Token {
                released.update { $0.append(token) }
            }
        }
        try h.nav.push(try h.screen("A"), completion: nil)
        try h.nav.push(try h.screen("B", object: token), completion: nil)
        try h.nav.pop(completion: nil)
        #expect(released.value.count == 1)
        #expect(released.value.first === token)
    }

    @Test func everyCallNamingAReleasedScreenFailsWithNoSuchScreenAndChangesNothing() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("A", "B")
        try h.nav.pop(completion: nil)
        _ = h.trace()
        let b = screens[1]
        let completions = Completions()

        expectError(.noSuchScreen) { try h.nav.push(b, completion: completions.handler) }
        expectError(.noSuchScreen) { try h.nav.pop(to: b, completion: completions.handler) }
        expectError(.noSuchScreen) { try h.nav.setStack([screens[0], b], completion: completions.handler) }
        expectError(.noSuchScreen) { try h.nav.discard(b) }
        expectError(.noSuchScreen) { _ = try h.nav.screen(b.id) }

        #expect(h.names == ["A"])
        #expect(h.nav.pendingCount == 0)
        #expect(!h.nav.isBusy)
        #expect(h.trace().isEmpty)
        #expect(completions.received.isEmpty)
    }

    @Test func anIdNeverCreatedOrOfAnotherNavigatorIsNoSuchScreen() throws {
        let h = Harness()
        let other = Navigator()
        let foreign = try other.makeScreen(route: "foreign")
        expectError(.noSuchScreen) { try h.nav.push(foreign, completion: nil) }
        expectError(.noSuchScreen) { try h.nav.discard(foreign) }
        expectError(.noSuchScreen) { _ = try h.nav.screen(foreign.id) }
        expectError(.noSuchScreen) { _ = try h.nav.screen(0) }
        // The other navigator still owns it.
        #expect(try other.screen(foreign.id) == foreign)
    }

    @Test func discardingADetachedScreenReleasesItAtOnce() throws {
        let h = Harness()
        let d = try h.screen("D")
        try h.nav.discard(d)
        #expect(h.trace() == ["release D"])
        expectError(.noSuchScreen) { _ = try h.nav.screen(d.id) }
        expectError(.noSuchScreen) { try h.nav.discard(d) }
        #expect(h.trace().isEmpty)
    }

    @Test func aStackedScreenCannotBeDiscarded() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("A", "B")
        expectError(.state) { try h.nav.discard(screens[1]) }
        expectError(.state) { try h.nav.discard(screens[0]) }
        #expect(h.nav.stack == screens)
        #expect(h.trace().isEmpty)
        #expect(try h.nav.screen(screens[1].id) == screens[1])
    }

    @Test func aScreenBeingPushedCannotBeDiscardedEvenBeforeTheStackChanges() throws {
        let h = Harness()
        let a = try h.screen("A")
        let errors = Locked<[NavigationError.Code]>([])
        h.nav.addObserver { [nav = h.nav] event in
            // At will_push the stack is not changed yet, but the op has claimed the screen.
            if case .action(let change) = event, change.state == .willPush, let screen = change.appearing {
                do { try nav.discard(screen) } catch let error as NavigationError { errors.update { $0.append(error.code) } } catch {}
            }
        }
        try h.nav.push(a, completion: nil)
        #expect(errors.value == [.state])
        #expect(h.nav.stack == [a])
    }

    @Test func aScreenDiscardedWhileItsPushWaitsInTheQueueMakesThePushInvalid() throws {
        let h = Harness()
        try h.stack("A")
        let b = try h.screen("B")
        let c = try h.screen("C")
        try h.nav.push(b, completion: nil)  // animated: waits for its transition
        let completions = Completions()
        #expect(try h.nav.push(c, completion: completions.handler) == .queued)
        try h.nav.discard(c)
        #expect(h.trace().suffix(1) == ["release C"])
        try h.finish()
        #expect(completions.received == [.invalid])
        #expect(h.names == ["A", "B"])
        #expect(h.trace().suffix(2) == ["action idle", "done push invalid"])
    }

    @Test func destroyReleasesTheStackTopDownThenDetachedScreensInCreationOrder() throws {
        let h = Harness(animator: false)
        _ = try h.screen("X")  // detached, created first
        try h.stack("A", "B", "C")
        _ = try h.screen("D")
        _ = try h.screen("E")
        _ = h.trace()
        try h.nav.destroy()
        #expect(h.trace() == ["release C", "release B", "release A", "release X", "release D", "release E"])
        #expect(h.nav.isDestroyed)
    }

    @Test func destroyWhileAPopWaitsAbortsItAndReleasesTheLeavingScreenFirst() throws {
        let h = Harness()
        try h.stack("A", "B", "C")
        let completions = Completions()
        try h.nav.pop(completion: completions.handler)
        #expect(h.names == ["A", "B"])
        _ = h.trace()
        try h.nav.destroy()
        #expect(completions.received == [.aborted])
        #expect(h.trace() == ["done pop aborted", "release C", "release B", "release A"])
    }

    @Test func theNavigatorLetsGoOfAReleasedScreensObject() throws {
        let nav = Navigator()  // nobody records events, so only navcore could keep the object
        weak var popped: Token?
        weak var discarded: Token?
        weak var destroyed: Token?
        do {
            let a = Token("A"), b = Token("B"), d = Token("D")
            popped = b
            discarded = d
            destroyed = a
            try nav.push(try nav.makeScreen(route: "A", object: a), completion: nil)
            try nav.push(try nav.makeScreen(route: "B", object: b), completion: nil)
            try nav.discard(try nav.makeScreen(route: "D", object: d))
        }
        #expect(popped != nil, "a stacked screen's object is kept")
        #expect(discarded == nil)
        try nav.pop(completion: nil)
        #expect(popped == nil)
        #expect(destroyed != nil)
        try nav.destroy()
        #expect(destroyed == nil)
    }
}
