import NavCore
import Observation

/// The state of a family of navigators (<doc:Semantics> §16: tabs, nested flows, modals) as
/// an `@Observable` model: every member's stack, the children of each screen and which is
/// active, each navigator's modal, and the navigator a back asked of the root reaches now.
///
/// A family delivers a member's events inside calls made on any member (a back asked of the
/// root pops a tab), so one member's handler is not enough: the tree listens to every member it
/// finds, and after any member's event or call it reads the whole tree again from the root,
/// then assigns only what changed. It finds new members (an attach, a present, a restore) at
/// the event that shows them and lets go of the ones torn down, so a view reading it never
/// holds a dead navigator's state. A refresh walks the tree: its cost grows with the number of
/// members and their screens, which a UI's family keeps small.
///
/// Every member must be made with `dispatch: .mainActor` (attach and present require one mode
/// in a family). It holds the navigators weakly; keep it next to the root. Dropping it removes
/// its handlers.
///
/// ```swift
/// let root = Navigator(dispatch: .mainActor)
/// let tree = try NavigationTreeState(root)
/// // a tab bar: tree.member(root)?.activeChild(of: frame) === inboxTab
/// // a sheet:   .sheet(isPresented: tree.member(root)?.modal != nil) { … }
/// // Back:      Button("Back") { … }.disabled(tree.backTarget == nil)
/// ```
@MainActor
@Observable
public final class NavigationTreeState {
    /// The members, in tree order: a navigator, then the children of its screens (bottom to
    /// top, each screen's in attach order, each followed by its own subtree), then its modal's
    /// subtree. The first is the navigator the tree was made for.
    public private(set) var members: [Member] = []
    /// The navigator a back asked of the root would act on now (a pop, or for a modal that
    /// dismisses on back, the dismissal of that modal), or `nil` (<doc:Semantics> §16.6).
    public private(set) var backTarget: Navigator?
    /// Whether the family is busy (an op in flight anywhere in it).
    public private(set) var isBusy = false

    /// The navigator the tree was made for.
    @ObservationIgnored private weak var root: Navigator?
    /// The members listened to, with their handler tokens.
    @ObservationIgnored private var listened: [ObjectIdentifier: Listened] = [:]
    /// Set while a refresh runs: a handler told meanwhile (a new member's first call) asks for
    /// one more pass instead of nesting.
    @ObservationIgnored private var refreshing = false
    @ObservationIgnored private var again = false

    private struct Listened {
        weak var navigator: Navigator?
        let token: ObserverToken
    }

    /// The tree under `root` (usually a family's root), kept up to date from now on; `.state`
    /// unless `root` was made with `dispatch: .mainActor`.
    public init(_ root: Navigator) throws(NavigationError) {
        self.root = root
        refreshing = true  // the handler's first call, made at once, waits for the refresh below
        let token = try root.onStateChange { [weak self] _, _ in self?.refresh() }
        listened[ObjectIdentifier(root)] = Listened(navigator: root, token: token)
        refreshing = false
        refresh()
    }

    isolated deinit {
        for entry in listened.values { entry.navigator?.removeStateChangeHandler(entry.token) }
    }

    /// The state of `navigator`, if it is a member.
    public func member(_ navigator: Navigator) -> Member? {
        members.first { $0.navigator === navigator }
    }

    /// Reads the tree again and listens to its members (only them); one pass at a time.
    private func refresh() {
        if refreshing {
            again = true
            return
        }
        refreshing = true
        defer { refreshing = false }
        repeat {
            again = false
            guard let root else { return }
            let read = Member.tree(of: root)
            listen(to: read)
            if read != members { members = read }
            update(\.isBusy, root.isBusy)
            let target = root.backTarget
            if target !== backTarget { backTarget = target }
        } while again
    }

    /// Adds a handler to each new member, removes the handlers of the members that left.
    private func listen(to members: [Member]) {
        let present = Set(members.map { ObjectIdentifier($0.navigator) })
        for (id, entry) in listened where !present.contains(id) {
            entry.navigator?.removeStateChangeHandler(entry.token)
            listened[id] = nil
        }
        for member in members where listened[ObjectIdentifier(member.navigator)] == nil {
            // A member made in another mode cannot be listened to (it cannot join this family).
            guard let token = try? member.navigator.onStateChange({ [weak self] _, _ in self?.refresh() }) else {
                continue
            }
            listened[ObjectIdentifier(member.navigator)] = Listened(navigator: member.navigator, token: token)
        }
    }

    private func update<Value: Equatable>(_ property: ReferenceWritableKeyPath<NavigationTreeState, Value>, _ value: Value) {
        if self[keyPath: property] != value { self[keyPath: property] = value }
    }
}
