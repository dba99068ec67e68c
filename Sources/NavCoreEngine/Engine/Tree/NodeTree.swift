/// Where a navigator stands in its family's tree (SPEC §16.1): its parent and how it hangs from
/// it (inside a host screen, or as a modal), and what hangs from it (the children of each of its
/// screens, its modal, its pending modals). Empty for a family of one, whose navigator reads
/// none of it on the paths of SPEC §1–15.
package struct NodeTree: Sendable {
    /// The parent; `nil` for a root.
    package var parent: NodeID?
    /// The screen of the parent this navigator is attached to; 0 for a root or a modal.
    package var hostScreen: UInt64 = 0
    /// How this navigator is presented, when it is a modal (pending or presented).
    package var presentation: Presentation?
    /// Accepted by `attach` or `present` whose op has not run yet (SPEC §16.2.2).
    package var bound = false
    /// The presented modal.
    package var modal: NodeID?
    /// The modal being dismissed: no longer `modal` from the dismissal's will-phase on, not on
    /// screen, still this navigator's child until its teardown (SPEC §16.6).
    package var dismissing: NodeID?
    /// The modals asked by `present` whose op has not run yet, in asking order.
    package var pendingModals: [NodeID] = []
    /// The children of each host screen of this navigator, by the screen's id: an `IDMap`,
    /// whose lookup is one multiply, since every walk of the front asks it at each level.
    package var hosted = IDMap<HostedChildren>()
    /// A `restore_tree` in flight on this navigator (SPEC §16.10), which replaces its modal at
    /// the op's step 2.
    package var restoring: RestoredModal?

    package init() {}

    /// A navigator attached to a screen of its parent (not a root, not a modal).
    package var isScreenChild: Bool { parent != nil && presentation == nil }
}

/// The modal a `restore_tree` gives its navigator (SPEC §16.10): made by the op and kept among
/// the navigator's pending modals (torn down with it) until the op's step 2, where it becomes
/// the modal (`nil`: none) and the old modal becomes `dismissing`, to be torn down at step 8.
package struct RestoredModal: Sendable {
    package var modal: NodeID?
}

/// A modal's options (SPEC §16.4).
package struct Presentation: Sendable {
    /// Whether it hides its parent's front while presented (no: an overlay).
    package var covers: Bool
    /// Whether a back that reaches it with one screen dismisses it.
    package var dismissOnBack: Bool

    package init(covers: Bool, dismissOnBack: Bool) {
        self.covers = covers
        self.dismissOnBack = dismissOnBack
    }
}

/// The navigators attached to one screen, in attach order, and the one of them that is active
/// (SPEC §16.3).
package struct HostedChildren: Sendable {
    package var children: [NodeID] = []
    package var active: NodeID?
}

extension IDMap where Value == HostedChildren {
    /// The active child attached to `screen`, read in place.
    @inline(__always)
    func active(at screen: UInt64) -> NodeID? {
        read(screen) { $0.active } ?? nil
    }
}

/// One navigator of the front and its top (SPEC §16.1, front pairs).
package struct FrontPair: Sendable {
    package let member: NodeID
    package let screen: ScreenRef

    /// Whether both name the same navigator and the same screen.
    func matches(_ other: FrontPair) -> Bool {
        member == other.member && screen.id == other.screen.id
    }

    /// What `matches` compares, as a set's key.
    var key: PairKey { PairKey(member: member, screen: screen.id) }

    /// A navigator and one of its screens, by id.
    struct PairKey: Hashable {
        let member: NodeID
        let screen: UInt64
    }
}

/// The front pairs an op's change takes off the screen and brings on (SPEC §16.5's front
/// rule): the hides in tree order before the change, the shows in tree order after it.
package struct FrontChange: Sendable {
    package var hides: [FrontPair] = []
    package var shows: [FrontPair] = []

    package init() {}

    /// The pairs of `before` that `after` lacks, and those of `after` that `before` lacks. A
    /// short front is compared pair by pair; a long one (a hostile host's deep tree on
    /// screen) through a set of its pairs, in time proportional to its length.
    init(before: [FrontPair], after: [FrontPair]) {
        guard before.count > 16 || after.count > 16 else {
            hides = before.filter { pair in !after.contains { $0.matches(pair) } }
            shows = after.filter { pair in !before.contains { $0.matches(pair) } }
            return
        }
        let beforeKeys = Set(before.map { $0.key }), afterKeys = Set(after.map { $0.key })
        hides = before.filter { !afterKeys.contains($0.key) }
        shows = after.filter { !beforeKeys.contains($0.key) }
    }

    /// The change undone: what was shown hides, what was hidden shows (a cancelled gesture).
    var reversed: FrontChange {
        var change = FrontChange()
        change.hides = shows
        change.shows = hides
        return change
    }
}
