import NavCore

extension NavigationTreeState {
    /// One member of a family as the tree read it: its place (parent, host screen, modal or
    /// not), its stack, the children of its screens, its modal, and whether it is on screen.
    /// Navigators compare by identity.
    public struct Member: Equatable {
        /// The navigator.
        public let navigator: Navigator
        /// Its parent; `nil` for the tree's first member.
        public let parent: Navigator?
        /// The screen of `parent` it is attached to; `nil` for a modal or the first member.
        public let hostScreen: Screen?
        /// Whether it is a modal.
        public let isModal: Bool
        /// Its stack, bottom to top.
        public let stack: [Screen]
        /// The screens of its stack that have children, bottom to top.
        public let hosts: [Host]
        /// Its presented modal, if any.
        public let modal: Navigator?
        /// Whether it is on screen (<doc:Semantics> §16.5): placed, visible, not covered.
        public let isOnScreen: Bool

        /// The active child of `screen` (one of `stack`), if it has one.
        public func activeChild(of screen: Screen) -> Navigator? {
            hosts.first { $0.screen == screen }?.active
        }

        public static func == (lhs: Member, rhs: Member) -> Bool {
            lhs.navigator === rhs.navigator && lhs.parent === rhs.parent && lhs.hostScreen == rhs.hostScreen
                && lhs.isModal == rhs.isModal && lhs.stack == rhs.stack && lhs.hosts == rhs.hosts
                && lhs.modal === rhs.modal && lhs.isOnScreen == rhs.isOnScreen
        }
    }

    /// A screen that hosts children: a tab bar's frame, a screen with an embedded flow.
    public struct Host: Equatable {
        /// The screen.
        public let screen: Screen
        /// Its children, in attach order.
        public let children: [Navigator]
        /// The one shown while the screen is; `nil` for none (after the active child left).
        public let active: Navigator?

        public static func == (lhs: Host, rhs: Host) -> Bool {
            lhs.screen == rhs.screen && lhs.active === rhs.active
                && lhs.children.count == rhs.children.count && zip(lhs.children, rhs.children).allSatisfy { $0 === $1 }
        }
    }
}

extension NavigationTreeState.Member {
    /// The members of `root`'s tree, in tree order. The walk keeps its own stack of navigators
    /// to visit, so a deep chain of nested navigators costs memory, never the thread's stack.
    static func tree(of root: Navigator) -> [Self] {
        var members: [Self] = []
        var toVisit: [(navigator: Navigator, isRoot: Bool)] = [(root, true)]
        while let (navigator, isRoot) = toVisit.popLast() {
            guard !navigator.isDestroyed else { continue }
            let member = Self(navigator, isRoot: isRoot)
            members.append(member)
            // Pushed in reverse, so that they are visited in tree order.
            if let modal = member.modal { toVisit.append((modal, false)) }
            for host in member.hosts.reversed() {
                toVisit.append(contentsOf: host.children.reversed().map { ($0, false) })
            }
        }
        return members
    }

    /// What `navigator` holds now.
    private init(_ navigator: Navigator, isRoot: Bool) {
        self.navigator = navigator
        parent = isRoot ? nil : navigator.parent
        hostScreen = isRoot ? nil : navigator.hostScreen
        isModal = navigator.isModal
        stack = navigator.stack
        hosts = stack.compactMap { screen in
            guard let children = try? navigator.children(of: screen), !children.isEmpty else { return nil }
            return NavigationTreeState.Host(
                screen: screen, children: children, active: (try? navigator.activeChild(of: screen)) ?? nil)
        }
        modal = navigator.modal
        isOnScreen = navigator.isOnScreen
    }
}
