import NavCore
import NavCoreObservation
import Observation
import Synchronization
import Testing

/// `NavigationTreeState` follows a family: a root whose frame screen hosts two tabs, and a
/// modal over the root. Each change is asked of one member and checked on the tree, including
/// the members' events that arrive inside a call on another member (a back asked of the root).
@MainActor
@Suite struct NavigationTreeStateTests {
    /// A root showing a frame screen with two tabs attached, each with one screen.
    struct Family {
        let root = Navigator(dispatch: .mainActor)
        let inbox = Navigator(dispatch: .mainActor)
        let settings = Navigator(dispatch: .mainActor)
        let frame: Screen

        init() throws {
            frame = try root.makeScreen(route: "frame")
            _ = try root.push(frame, completion: nil)
            try root.attach(inbox, to: frame, completion: nil)
            try root.attach(settings, to: frame, completion: nil)
            _ = try inbox.push(inbox.makeScreen(route: "list"), completion: nil)
            _ = try settings.push(settings.makeScreen(route: "general"), completion: nil)
        }
    }

    /// Whether `a` and `b` are the same navigators, in the same order.
    private func same(_ a: [Navigator], _ b: [Navigator]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0 === $1 }
    }

    /// Whether reading `read` was invalidated by `change`.
    private func invalidates(_ read: () -> Void, _ change: () throws -> Void) rethrows -> Bool {
        let fired = Atomic(false)
        withObservationTracking(read) { fired.store(true, ordering: .relaxed) }
        try change()
        return fired.load(ordering: .relaxed)
    }

    @Test func readsEveryMembersPlaceAndStackInTreeOrder() throws {
        let family = try Family()
        let tree = try NavigationTreeState(family.root)
        #expect(same(tree.members.map(\.navigator), [family.root, family.inbox, family.settings]))
        let root = try #require(tree.member(family.root))
        #expect(root.parent == nil && root.hosts.count == 1 && same(root.hosts[0].children, [family.inbox, family.settings]))
        #expect(root.activeChild(of: family.frame) === family.inbox)  // the first attached became active
        let inbox = try #require(tree.member(family.inbox)), settings = try #require(tree.member(family.settings))
        #expect(inbox.parent === family.root && inbox.hostScreen == family.frame && !inbox.isModal)
        #expect(inbox.stack.map(\.route) == ["list"] && inbox.isOnScreen && !settings.isOnScreen)
        #expect(tree.backTarget == nil)  // every stack has one screen, no modal
    }

    @Test func aTabSwitchUpdatesTheActiveChildAndWhatIsOnScreen() throws {
        let family = try Family()
        let tree = try NavigationTreeState(family.root)
        #expect(try invalidates({ _ = tree.members }) { try family.settings.activate(completion: nil) })
        #expect(tree.member(family.root)?.activeChild(of: family.frame) === family.settings)
        #expect(tree.member(family.settings)?.isOnScreen == true && tree.member(family.inbox)?.isOnScreen == false)

        // A push on the inactive tab runs at once, off screen; the tree sees the new stack.
        _ = try family.inbox.push(family.inbox.makeScreen(route: "message"), completion: nil)
        #expect(tree.member(family.inbox)?.stack.map(\.route) == ["list", "message"])
        #expect(tree.backTarget == nil)  // back goes to the front tab (settings), which cannot pop
        try family.inbox.activate(completion: nil)
        #expect(tree.backTarget === family.inbox)
    }

    /// A back asked of the root pops the active tab: the tab's events arrive inside the root's
    /// call, and the tree follows them.
    @Test func aBackAskedOfTheRootUpdatesTheTab() throws {
        let family = try Family()
        let tree = try NavigationTreeState(family.root)
        _ = try family.inbox.push(family.inbox.makeScreen(route: "message"), completion: nil)
        #expect(tree.backTarget === family.inbox)
        #expect(try invalidates({ _ = tree.members }) { _ = try family.root.back(completion: nil) })
        #expect(tree.member(family.inbox)?.stack.map(\.route) == ["list"])
        #expect(tree.backTarget == nil && !tree.isBusy)
    }

    @Test func aPresentAndADismissUpdateTheModalAndTheBackTarget() throws {
        let family = try Family()
        let tree = try NavigationTreeState(family.root)
        let sheet = Navigator(dispatch: .mainActor, visible: false)
        _ = try sheet.push(sheet.makeScreen(route: "compose"), completion: nil)

        #expect(try invalidates({ _ = tree.backTarget }) { try family.root.present(sheet, completion: nil) })
        #expect(tree.member(family.root)?.modal === sheet)
        #expect(same(tree.members.map(\.navigator), [family.root, family.inbox, family.settings, sheet]))
        let modal = try #require(tree.member(sheet))
        #expect(modal.isModal && modal.parent === family.root && modal.hostScreen == nil && modal.isOnScreen)
        #expect(tree.member(family.inbox)?.isOnScreen == false)  // covered
        #expect(tree.backTarget === sheet)  // one screen, dismisses on back

        // Back asked of the root dismisses the sheet: it leaves the tree, its handler with it.
        _ = try family.root.back(completion: nil)
        #expect(tree.member(family.root)?.modal == nil && tree.member(sheet) == nil)
        #expect(tree.members.count == 3 && tree.member(family.inbox)?.isOnScreen == true)
        #expect(tree.backTarget == nil)
        #expect(sheet.isDestroyed)
    }

    @Test func aChildThatLeavesIsNoLongerListenedTo() throws {
        let family = try Family()
        let tree = try NavigationTreeState(family.root)
        #expect(family.settings.stateChangeHandlerCount == 1)
        _ = try family.settings.leave(completion: nil)
        #expect(same(tree.members.map(\.navigator), [family.root, family.inbox]))
        #expect(family.settings.stateChangeHandlerCount == 0)
    }

    @Test func droppingTheTreeRemovesItsHandlersFromEveryMember() throws {
        let family = try Family()
        var tree: NavigationTreeState? = try NavigationTreeState(family.root)
        let members = [family.root, family.inbox, family.settings]
        #expect(members.map(\.stateChangeHandlerCount) == [1, 1, 1])
        withExtendedLifetime(tree) {}
        tree = nil
        #expect(members.map(\.stateChangeHandlerCount) == [0, 0, 0])
    }
}
