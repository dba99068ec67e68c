import NavCore
import Testing

/// save_tree and restore_tree on a family (SPEC §16.10): the corners the scenarios do not pin —
/// the undo of a failing factory, what save_tree leaves out, a retained old screen's children,
/// and the animation of a restore that brings a covering modal.
@Suite struct TreeRestoreTests {
    /// A navigator whose routes make screens (`F` fails), recording its releases, transitions
    /// and the navigators navcore makes under it (each recording its own releases).
    final class Family: Sendable {
        let root: Navigator
        let lines = Locked<[String]>([])
        let made = Locked<[Navigator]>([])

        init(dispatch: DispatchMode = .inline) throws {
            root = Navigator(dispatch: dispatch)
            for route in ["A", "B", "C", "Tabs", "L", "S"] { try root.registerRoute(route) { _ in nil } }
            try root.registerRoute("F") { _ in throw FactoryFailure() }
            listen(to: root, as: "root")
        }

        func listen(to navigator: Navigator, as name: String) {
            navigator.addObserver { [lines] event in
                switch event {
                case .released(let screen): lines.append("\(name): release \(screen.route)")
                case .transition: lines.append("\(name): transition")
                default: break
                }
            }
            navigator.onChild { [self] _, screen, child in
                let childName = "child\(made.value.count + 1)"
                made.update { $0.append(child) }
                lines.append("\(name): child \(childName) of \(screen?.route ?? "-")")
                listen(to: child, as: childName)
            }
        }
    }

    struct FactoryFailure: Error {}

    @Test func aFailingFactoryUndoesEverythingMadeLastMadeFirstAndChangesNothing() throws {
        let family = try Family()
        let first = try family.root.makeScreen(route: "A")
        try family.root.push(first, animated: false, completion: nil)
        _ = family.lines.take()
        let completions = Completions()
        let document = #"{"navcore":2,"stack":[{"route":"A","state":null,"active":0,"children":[{"stack":[{"route":"B","state":null}],"modal":{"stack":[{"route":"C","state":null}],"covers":true,"dismiss_on_back":true}}]},{"route":"F","state":null}]}"#
        try family.root.restoreTree(document, completion: completions.handler)
        #expect(completions.received == [.factoryFailed])
        #expect(family.lines.take() == [
            "root: child child1 of A", "child1: child child2 of -",
            // Undone last made first: the child's modal, the child's screen, then the root's.
            "child2: release C", "child1: release B", "root: release A",
        ])
        #expect(family.root.stack == [first])
        #expect(family.root.modal == nil)
        for made in family.made.value {
            #expect(throws: NavigationError.self) { try made.save() }
        }
    }

    @Test func saveTreeSavesABoundChildAsNotActiveAndNoPendingModal() throws {
        let family = try Family(dispatch: .host)
        let tabs = try family.root.makeScreen(route: "Tabs")
        try family.root.push(tabs, animated: false, completion: nil)
        try family.root.drain()
        let child = Navigator(dispatch: .host, visible: false)
        try child.push(try child.makeScreen(route: "L"), animated: false, completion: nil)
        try child.drain()
        let modal = Navigator(dispatch: .host, visible: false)
        try modal.push(try modal.makeScreen(route: "S"), animated: false, completion: nil)
        try modal.drain()
        #expect(try family.root.attach(child, to: tabs, completion: nil) == .queued)
        #expect(try family.root.present(modal, animated: false, completion: nil) == .queued)
        #expect(try family.root.saveTree()
            == #"{"navcore":2,"stack":[{"route":"Tabs","state":null,"active":null,"children":[{"stack":[{"route":"L","state":null}]}]}]}"#)
        try family.root.drain()
        #expect(try family.root.saveTree()
            == #"{"navcore":2,"stack":[{"route":"Tabs","state":null,"active":0,"children":[{"stack":[{"route":"L","state":null}]}]}],"modal":{"stack":[{"route":"S","state":null}],"covers":true,"dismiss_on_back":true}}"#)
    }

    @Test func aRetainedOldScreenStaysDetachedWithItsChildrenWhichSaveTreeLeavesOut() throws {
        let family = try Family()
        let tabs = try family.root.makeScreen(route: "Tabs")
        try family.root.push(tabs, animated: false, completion: nil)
        let child = Navigator(visible: false)
        try child.push(try child.makeScreen(route: "L"), animated: false, completion: nil)
        try family.root.attach(child, to: tabs, completion: nil)
        try family.root.retain(tabs, true)
        try family.root.restoreTree(#"{"navcore":2,"stack":[{"route":"A","state":null}]}"#, completion: nil)
        #expect(family.root.stack.map(\.route) == ["A"])
        #expect(try family.root.children(of: tabs).map { ObjectIdentifier($0) } == [ObjectIdentifier(child)])
        #expect(try family.root.saveTree() == #"{"navcore":2,"stack":[{"route":"A","state":null}]}"#)
        #expect(!child.isOnScreen)
    }

    @Test func aRestoreThatBringsACoveringModalIsInstant() throws {
        let family = try Family()
        family.root.setAnimator { _ in }
        try family.root.push(try family.root.makeScreen(route: "A"), animated: false, completion: nil)
        _ = family.lines.take()
        let completions = Completions()
        try family.root.restoreTree(
            #"{"navcore":2,"stack":[{"route":"B","state":null}],"modal":{"stack":[{"route":"C","state":null}],"covers":true,"dismiss_on_back":true}}"#,
            animated: true, completion: completions.handler)
        #expect(completions.received == [.completed])
        #expect(family.lines.take() == ["root: child child1 of -", "root: release A"])
        #expect(family.root.modal === family.made.value.first)
    }

    @Test func aRestoreOfTheSameShapeWithoutAModalTearsTheOldModalDownFirst() throws {
        let family = try Family()
        try family.root.push(try family.root.makeScreen(route: "A"), animated: false, completion: nil)
        let modal = Navigator(visible: false)
        try modal.push(try modal.makeScreen(route: "S"), animated: false, completion: nil)
        try family.root.present(modal, animated: false, completion: nil)
        _ = family.lines.take()
        try family.root.restoreTree(#"{"navcore":1,"stack":[{"route":"B","state":null}]}"#, completion: nil)
        #expect(family.lines.take() == ["root: release A"])
        #expect(family.root.modal == nil)
        #expect(throws: NavigationError.self) { try modal.save() }
    }
}
