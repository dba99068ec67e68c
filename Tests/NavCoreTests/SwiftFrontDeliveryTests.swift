import NavCore
import Testing

/// What the Swift front's direct delivery (`HandlerSet.deliver`) must keep: the disappearing
/// screens of an action event as a collection of any size, screens that carry their route and
/// object, and no delegate call with a navigator that is being destroyed.
@Suite struct SwiftFrontDeliveryTests {
    /// Records the disappearing screens of every action event.
    final class ActionDelegate: NavigatorDelegate {
        let disappearing = Locked<[[String]]>([])

        func navigator(_ navigator: Navigator, actionDidChange change: ActionChange) {
            let screens = change.disappearing
            // Read it every way a collection is read: indices, subscript, iteration, count.
            let bySubscript = screens.indices.map { screens[$0].description }
            let byIteration = screens.map(\.description)
            let line = bySubscript == byIteration && byIteration.count == screens.count ? byIteration : ["mismatch"]
            disappearing.update { $0.append(line) }
        }
    }

    @Test func theDisappearingScreensOfEveryActionEventReadAsACollection() throws {
        let nav = Navigator()
        let delegate = ActionDelegate()
        nav.delegate = delegate
        let a = try nav.makeScreen(route: "a")
        let b = try nav.makeScreen(route: "b")
        let c = try nav.makeScreen(route: "c")
        try nav.setStack([a, b, c], animated: false, completion: nil)
        delegate.disappearing.update { $0.removeAll() }

        try nav.popToRoot(animated: false, completion: nil)  // two screens leave: the array form
        try nav.push(try nav.makeScreen(route: "d"), animated: false, completion: nil)  // one leaves the top: the inline form
        let expected = [
            ["\(b)", "\(c)"], ["\(b)", "\(c)"], ["\(b)", "\(c)"], [],
            ["\(a)"], ["\(a)"], ["\(a)"], [],
        ]
        #expect(delegate.disappearing.value == expected)
    }

    @Test func aScreenInAnEventCarriesTheRouteAndObjectItWasMadeWith() throws {
        final class Token: Sendable {}
        let nav = Navigator()
        let token = Token()
        let seen = Locked<[String]>([])
        nav.addObserver { event in
            if case .appearance(let change) = event, change.phase == .didShow {
                seen.append("\(change.screen.route) \((change.screen.object as? Token) === token) \(change.screen.object == nil)")
            }
        }
        try nav.push(try nav.makeScreen(route: "home", object: token), completion: nil)
        try nav.push(try nav.makeScreen(route: "plain"), completion: nil)
        #expect(seen.value == ["home true false", "plain false true"])
    }

    /// A screen object that records what it hears.
    final class Page: ScreenFeedback {
        let heard = Locked<[String]>([])
        func didShow(reason: AppearanceReason, animated: Bool) { heard.append("didShow \(reason)") }
        func receivePayload(_ payload: String) { heard.append("payload \(payload)") }
    }

    /// A screen object that adopts nothing.
    final class Plain: Sendable {}

    @Test func objectsOfTypesThatAdoptScreenFeedbackHearTheirEventsWhateverTypeCameBefore() throws {
        let nav = Navigator()
        try nav.registerRoute("page") { _ in Page() }
        // Plain, page, plain, page: the front remembers the last type that does not adopt
        // `ScreenFeedback`, and must not take the next one for it.
        let first = Page()
        let second = Page()
        try nav.push(try nav.makeScreen(route: "plain", object: Plain()), animated: false, completion: nil)
        try nav.push(try nav.makeScreen(route: "page", object: first), animated: false, completion: nil)
        try nav.push(try nav.makeScreen(route: "plain", object: Plain()), animated: false, completion: nil)
        try nav.push(try nav.makeScreen(route: "page", object: second), animated: false, completion: nil)
        try nav.show("page", options: ShowOptions(removeCurrent: false, recycle: .none, payload: "p"), completion: nil)
        let made = try #require(nav.top?.object as? Page)
        #expect(first.heard.value == ["didShow push"])
        #expect(second.heard.value == ["didShow push"])
        #expect(made.heard.value == ["payload p", "didShow push"])
    }

    @Test func anOptionalObjectHearsItsEventsAfterAnEmptyOptionalOfTheSameType() throws {
        // A cast looks inside `Optional`: `Page?.none` adopts nothing, `Optional(Page())` adopts
        // `ScreenFeedback`, so the front may not remember the answer for the type.
        let nav = Navigator()
        let none: Page? = nil
        _ = try nav.makeScreen(route: "none", object: none as any Sendable)
        let page = Page()
        try nav.push(try nav.makeScreen(route: "page", object: Optional(page) as any Sendable), animated: false, completion: nil)
        #expect(page.heard.value == ["didShow push"])
    }

    /// A main-actor screen object that records what it hears.
    @MainActor final class MainActorPage: MainActorScreenFeedback {
        var heard: [String] = []
        func appearance(_ change: AppearanceChange) { heard.append("\(change.phase) \(change.reason)") }
    }

    @MainActor @Test func mainActorScreenObjectsHearTheirEventsWhateverTypeCameBefore() throws {
        let nav = Navigator(dispatch: .mainActor)
        let page = MainActorPage()
        try nav.push(try nav.makeScreen(route: "plain", object: Plain()), animated: false, completion: nil)
        try nav.push(try nav.makeScreen(route: "page", object: page), animated: false, completion: nil)
        try nav.push(try nav.makeScreen(route: "plain", object: Plain()), animated: false, completion: nil)
        try nav.pop(animated: false, completion: nil)
        #expect(page.heard == ["will_show push", "did_show push", "will_hide push", "did_hide push", "will_show pop", "did_show pop"])
    }

    /// Counts its calls; keeps the navigator it is given, as a delegate may.
    final class KeepingDelegate: NavigatorDelegate {
        let calls = Counter()
        let kept = Locked<[Navigator]>([])

        func navigator(_ navigator: Navigator, didRelease screen: Screen) {
            calls.increment()
            kept.update { $0.append(navigator) }
        }
        func navigator(_ navigator: Navigator, operation: OperationKind, didEndWith outcome: Outcome) {
            calls.increment()
            kept.update { $0.append(navigator) }
        }
    }

    @Test func theDestroyOfTheLastReferenceTellsObserversButNotTheDelegate() throws {
        let delegate = KeepingDelegate()
        let observed = Locked<[String]>([])
        do {
            let nav = Navigator()
            nav.delegate = delegate
            nav.addObserver { event in
                if case .released(let screen) = event { observed.append("release \(screen.route)") }
            }
            try nav.push(try nav.makeScreen(route: "A"), completion: nil)
            delegate.kept.update { $0.removeAll() }
            #expect(delegate.calls.value == 1)  // the push's done
        }
        // The release of A happened inside the navigator's deinit: the delegate, which would
        // keep the navigator it is given, is not called with one that is being destroyed.
        #expect(observed.value == ["release A"])
        #expect(delegate.calls.value == 1)
        #expect(delegate.kept.value.isEmpty)
    }
}
