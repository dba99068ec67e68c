import Foundation
@_spi(Fronts) import NavCore
import Testing

/// SPEC §16's corners that the scenarios do not pin: what `attach` checks at the call and what
/// when it runs, the order of a teardown through nested children, crossing attaches from two
/// threads, and the Swift binding objects' lifetimes (§16.12).
@Suite struct FamilyTests {
    /// Navigators that record every event into one log, each line prefixed with the
    /// navigator's name (none for the root), as the scenarios' traces are.
    final class Family: Sendable {
        let log = Locked<[String]>([])

        func navigator(_ name: String, visible: Bool = true) -> Navigator {
            let navigator = Navigator(visible: visible)
            let prefix = name.isEmpty ? "" : name + ": "
            navigator.addObserver { [log] event in log.append(prefix + traceLine(event)) }
            navigator.setAnimator { _ in }
            return navigator
        }

        func trace() -> [String] { log.take() }

        /// The root, with one screen of `route` pushed; returns it and that screen.
        func root(showing route: String) throws -> (Navigator, Screen) {
            let root = navigator("")
            let screen = try root.makeScreen(route: route)
            try root.push(screen, animated: false, completion: nil)
            return (root, screen)
        }

        /// A navigator made hidden, with one screen of `route` pushed: a child to attach.
        func child(_ name: String, showing route: String) throws -> Navigator {
            let child = navigator(name, visible: false)
            try child.push(try child.makeScreen(route: route), animated: false, completion: nil)
            return child
        }
    }

    @Test func attachJoinsAtTheCallAndFindsItsHostScreenReleasedWhenItRuns() throws {
        let family = Family()
        let (root, home) = try family.root(showing: "Home")
        let child = try family.child("c", showing: "A")
        try root.push(try root.makeScreen(route: "Detail"), completion: nil)  // waits for its transition
        try root.setStack([try root.makeScreen(route: "Other")], animated: false, completion: nil)  // releases Home
        let attached = Completions()
        // Checked at the call: Home is live, the child joins the family at once.
        #expect(try root.attach(child, to: home, completion: attached.handler) == .queued)
        #expect(child.parent === root)
        _ = family.trace()
        try root.finishTransition(try #require(root.transitionInFlight))
        // When it runs, Home was released by the set, and the child with it (SPEC §16.7).
        #expect(attached.received == [.invalid])
        #expect(child.isDestroyed)
        #expect(family.trace().filter { $0.contains("release") } == ["release Detail", "c: release A", "release Home"])
    }

    /// The family ops have both forms of every op: the plain call awaits the outcome, the call
    /// that names `completion:` returns at once.
    @Test func theFamilyOpsAwaitTheirOutcomeWithoutACompletion() async throws {
        let family = Family()
        let root = family.navigator("")
        let tabs = try root.makeScreen(route: "Tabs")
        #expect(try await root.push(tabs, animated: false) == .completed)
        let tab = family.navigator("t", visible: false)
        #expect(try await tab.push(try tab.makeScreen(route: "A"), animated: false) == .completed)
        #expect(try await root.attach(tab, to: tabs) == .completed)
        #expect(try await tab.activate() == .noop)
        let sheet = family.navigator("s", visible: false)
        #expect(try await sheet.push(try sheet.makeScreen(route: "S"), animated: false) == .completed)
        #expect(try await root.present(sheet, animated: false) == .completed)
        #expect(try await root.dismiss(animated: false, result: "done") == .completed)
        #expect(try await tab.leave() == .completed)
        #expect(root.modal == nil && tab.isDestroyed && sheet.isDestroyed)
    }

    /// Navigators made, joined and dropped on many threads at once: each family query answers
    /// with the object its own thread made. The binding objects' directory is shared by the
    /// whole process, so its lock is one that ThreadSanitizer sees.
    @Test func bindingObjectsMadeAndDroppedOnManyThreadsAtOnce() async {
        let (threads, rounds) = (8, 100)
        let matched = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    var matched = 0
                    for _ in 0..<rounds {
                        let root = Navigator()
                        let child = Navigator(visible: false)
                        guard let home = try? root.makeScreen(route: "Home"), let screen = try? child.makeScreen(route: "A"),
                              (try? root.push(home, animated: false, completion: nil)) != nil,
                              (try? child.push(screen, animated: false, completion: nil)) != nil,
                              (try? root.attach(child, to: home, completion: nil)) != nil
                        else { continue }
                        if child.parent === root, (try? root.children(of: home))?.first === child { matched += 1 }
                    }
                    return matched
                }
            }
            return await group.reduce(0, +)
        }
        #expect(matched == threads * rounds)
    }

    /// SPEC §16.1: a factory found in an ancestor's registry is told the navigator that will
    /// own the new screen, not the ancestor that registered the route.
    @Test func anInheritedRouteIsMadeForTheNavigatorThatWillOwnTheScreen() throws {
        let family = Family()
        let (root, home) = try family.root(showing: "Home")
        let child = try family.child("c", showing: "A")
        try root.attach(child, to: home, completion: nil)
        let owners = Locked<[ObjectIdentifier?]>([])
        try root.registerRoute("Card") { request in
            owners.update { $0.append(request.navigator.map(ObjectIdentifier.init)) }
            return nil
        }
        let shown = Completions()
        try child.show("Card", options: ShowOptions(removeCurrent: false), completion: shown.handler)
        #expect(child.stack.map(\.route) == ["A", "Card"])
        try root.show("Card", options: ShowOptions(removeCurrent: false), completion: shown.handler)
        #expect(shown.received == [.completed, .completed])
        #expect(owners.value == [ObjectIdentifier(child), ObjectIdentifier(root)])
    }

    @Test func aReleaseTearsDownNestedChildrenFirstLastAttachedFirst() throws {
        let family = Family()
        let root = family.navigator("")
        let home = try root.makeScreen(route: "Home")
        let tabs = try root.makeScreen(route: "Tabs")
        try root.setStack([home, tabs], animated: false, completion: nil)
        let first = family.navigator("t1", visible: false)
        let inner = try first.makeScreen(route: "A")
        try first.push(inner, animated: false, completion: nil)
        let second = try family.child("t2", showing: "B")
        let nested = try family.child("g", showing: "G")
        try root.attach(first, to: tabs, completion: nil)
        try root.attach(second, to: tabs, completion: nil)
        try first.attach(nested, to: inner, completion: nil)
        #expect(try root.children(of: tabs).map { $0 === first || $0 === second } == [true, true])
        #expect(try root.activeChild(of: tabs) === first)
        _ = family.trace()
        try root.pop(animated: false, completion: nil)
        #expect(family.trace().filter { $0.contains("release") } == [
            "t2: release B", "g: release G", "t1: release A", "release Tabs",
        ])
        #expect(first.isDestroyed && second.isDestroyed && nested.isDestroyed)
    }

    @Test func crossingAttachesFromTwoThreadsEndWithOneAttachAndOneStateRefusal() throws {
        for _ in 0..<200 {
            let left = Navigator(visible: false)
            let right = Navigator(visible: false)
            let leftScreen = try left.makeScreen(route: "L")
            let rightScreen = try right.makeScreen(route: "R")
            try left.push(leftScreen, animated: false, completion: nil)
            try right.push(rightScreen, animated: false, completion: nil)
            let outcomes = Locked<[String]>([])
            let group = DispatchGroup()
            for (parent, child, screen) in [(left, right, leftScreen), (right, left, rightScreen)] {
                DispatchQueue.global().async(group: group) {
                    do {
                        outcomes.append(try parent.attach(child, to: screen, completion: nil).description)
                    } catch {
                        outcomes.append((error as? NavigationError)?.code.description ?? "\(error)")
                    }
                }
            }
            #expect(group.wait(timeout: .now() + 10) == .success, "a merge deadlocked")
            #expect(outcomes.value.sorted() == ["ok", "state"])
            // Whichever won, one is the other's parent, and destroying the root ends both.
            let root = left.parent == nil ? left : right
            try root.destroy()
            #expect(left.isDestroyed && right.isDestroyed)
        }
    }

    @Test func theFamilyKeepsAMembersObjectUntilItsTeardownAndRefusesItsDestroy() throws {
        let family = Family()
        let (root, tabs) = try family.root(showing: "Tabs")
        weak var weakChild: Navigator?
        try {
            let child = try family.child("c", showing: "A")
            try root.attach(child, to: tabs, completion: nil)
            expectError(.state) { try child.destroy() }
            weakChild = child
        }()
        // The host let go of its last reference: the family keeps the object and its handlers.
        let child = try #require(weakChild)
        _ = family.trace()
        try child.leave(completion: nil)
        #expect(family.trace() == ["c: will_hide A disappear instant", "c: did_hide A disappear instant",
                                   "c: release A", "c: done leave completed"])
        #expect(child.isDestroyed)
        #expect(try root.children(of: tabs).isEmpty && (try root.activeChild(of: tabs)) == nil)
    }

    @Test func activateSwitchesTheActiveChildBetweenTheOldTabsHidesAndTheNewTabsShows() throws {
        let family = Family()
        let (root, tabs) = try family.root(showing: "Tabs")
        let first = try family.child("t1", showing: "A")
        let second = try family.child("t2", showing: "B")
        try root.attach(first, to: tabs, completion: nil)
        try root.attach(second, to: tabs, completion: nil)
        let seen = Locked<[String]>([])
        for (navigator, name) in [(first, "t1"), (second, "t2")] {
            navigator.addObserver { event in
                guard case .appearance(let change) = event, change.phase == .willHide || change.phase == .willShow else {
                    return
                }
                let active = (try? root.activeChild(of: tabs)) === first ? "t1" : "t2"
                seen.append("\(name) \(change.phase): active \(active)")
            }
        }
        try second.activate(completion: nil)
        // SPEC §16.3: C becomes active after O's will_hide events, before C's will_show.
        #expect(seen.value == ["t1 will_hide: active t1", "t2 will_show: active t2"])
    }

    @Test func visibleOffOfAParentHidesItsChildsTopToo() throws {
        let family = Family()
        let (root, tabs) = try family.root(showing: "Tabs")
        let child = try family.child("c", showing: "A")
        try root.attach(child, to: tabs, completion: nil)
        _ = family.trace()
        try root.setVisible(false, completion: nil)
        #expect(family.trace() == [
            "will_hide Tabs disappear instant", "c: will_hide A disappear instant",
            "did_hide Tabs disappear instant", "c: did_hide A disappear instant", "done visible completed",
        ])
        #expect(!child.isOnScreen)
    }

    @Test func anInactiveTabWithAlwaysAppearEmitsItsOwnStacksEventsInstant() throws {
        let family = Family()
        let (root, tabs) = try family.root(showing: "Tabs")
        let first = try family.child("t1", showing: "A")
        let second = family.navigator("t2", visible: false)
        try root.attach(first, to: tabs, completion: nil)
        try root.attach(second, to: tabs, completion: nil)
        try second.setAlwaysAppear(true)
        _ = family.trace()
        try second.push(try second.makeScreen(route: "B"), completion: nil)
        #expect(!second.isOnScreen)
        #expect(family.trace().filter { $0.contains("show") || $0.contains("hide") } == [
            "t2: will_show B push instant", "t2: did_show B push instant",
        ])
    }

    @Test func discardingADetachedHostScreenTearsItsChildDownThenHandsItsResultToItsListener() throws {
        let family = Family()
        let root = family.navigator("")
        let home = try root.makeScreen(route: "Home")
        let lab = try root.makeScreen(route: "Lab")
        try root.setStack([home, lab], animated: false, completion: nil)
        let child = try family.child("c", showing: "A")
        try root.attach(child, to: lab, completion: nil)
        try root.setResult("kept", for: lab)
        let heard = Locked<[String]>([])
        try root.onResult(of: lab) { result in
            // Still live inside its listener (SPEC §12), its child already torn down.
            heard.append("\(result ?? "-") live \((try? root.screen(lab.id)) != nil) child \(child.isDestroyed)")
        }
        try root.retain(lab, true)
        try root.pop(animated: false, completion: nil)
        _ = family.trace()
        try root.discard(lab)
        #expect(heard.value == ["kept live true child true"])
        #expect(family.trace().filter { $0.contains("release") } == ["c: release A", "release Lab"])
        #expect((try? root.screen(lab.id)) == nil)
    }

    @Test func droppingTheRootsObjectDestroysTheFamily() throws {
        let member: Navigator
        do {
            let root = Navigator()
            let tabs = try root.makeScreen(route: "Tabs")
            try root.push(tabs, animated: false, completion: nil)
            member = Navigator(visible: false)
            try root.attach(member, to: tabs, completion: nil)
            #expect(!member.isDestroyed)
        }
        #expect(member.isDestroyed)
        expectError(.invalidHandle) { try member.push(try member.makeScreen(route: "X"), completion: nil) }
    }
}
