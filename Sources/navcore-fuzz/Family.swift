import CNavCore

// SPEC §16's families in the harness: which navigators share a family (joined at an accepted
// attach or present), and how the harness learns of a member's teardown: a member's handle
// dies at its teardown's start (16.7), so a navigator that has a parent is probed (one query)
// before the harness calls with it and after every top-level command. The family commands are
// in FamilyOps.swift, the §16.9 queries in FamilyQueries.swift, the checks of events in
// FamilyEvents.swift.

extension Harness {
    /// The navigators of `nav`'s family, itself included, torn-down members too (a member's
    /// last callbacks, its `done leave`, come after its handle died).
    func members(of nav: NavModel) -> [NavModel] {
        navigators.filter { $0.family == nav.family }
    }

    /// Whether `nav` shares its family: the per-navigator checks that read family-wide
    /// queries (can_go_back, SPEC §16.6) are then left to the family's own.
    func isShared(_ nav: NavModel) -> Bool {
        navigators.contains { $0 !== nav && $0.family == nav.family }
    }

    /// The decision pending in `nav`'s family (a family has at most one, SPEC §16.6), 0 none.
    func pendingDecision(of nav: NavModel) -> UInt64 {
        members(of: nav).lazy.map(\.pendingDecision).first { $0 != 0 } ?? 0
    }

    /// Callbacks of `nav`'s family running now: a family has one driver (SPEC §16.8).
    func familyCallbackDepth(_ nav: NavModel) -> Int {
        members(of: nav).reduce(0) { $0 + $1.callbackDepth }
    }

    /// Transition `id` of `nav`'s family, if an animator of the family received it: whether it
    /// is interactive (finish, cancel and progress may name any member, SPEC §16.6).
    func familyTransition(_ nav: NavModel, _ id: UInt64) -> Bool? {
        members(of: nav).lazy.compactMap { $0.transitions[id] }.first
    }

    /// `handle` is a navigator below `nav` in its family (its parent's parent's … is `nav`).
    func isDescendant(_ handle: NavHandle?, of nav: NavModel) -> Bool {
        var next = handle.flatMap(model(of:))?.parent
        while let ancestor = next {
            if ancestor === nav { return true }
            next = ancestor.parent
        }
        return false
    }

    /// A drain of any member runs the family's queue: every member's wakeup count starts again.
    func noteDrain(_ nav: NavModel) -> Int {
        sequence += 1
        for member in members(of: nav) {
            member.lastDrain = sequence
            member.wakeupsSinceDrain = 0
        }
        return sequence
    }

    /// Marks a navigator that has a parent as torn down once its handle answers
    /// `invalid_handle`; any other answer than ok is a violation.
    func probe(_ nav: NavModel) {
        guard !nav.destroyed, nav.parent != nil else { return }
        var count = 0
        let status = navcore_stack_count(&count, nav.handle)
        if status == NAVCORE_ERR_INVALID_HANDLE.rawValue {
            nav.destroyed = true
            log("  (nav#\(nav.slot) torn down)")
        } else if status != NAVCORE_OK.rawValue {
            violation("stack_count of a family member returned \(status)")
        }
    }

    /// Asks an attach or present of `parent` with `child` (`call`): the child joins the
    /// parent's family at the call (SPEC §16.2.2), so the harness joins them before it — the op
    /// may run, and its callbacks name both, inside the call — and undoes that if the call
    /// fails. One queue and one `wakeup` (the root's) from then on, so per-navigator wakeup
    /// bookkeeping stops.
    func joining(_ child: Resolved, to t: Resolved, screen: UInt64, presented: Bool, _ call: () -> OpBox) {
        guard let parent = t.live, let c = child.live, c !== parent else { return _ = call() }
        let before = (c.parent, c.hostScreen, c.presented)
        let moved = navigators.filter { $0.family == c.family }
        let unwoken = navigators.filter { !$0.wakeupEverMissing }
        c.parent = parent
        c.hostScreen = screen
        c.presented = presented
        for nav in navigators where nav.family == c.family || nav.family == parent.family { nav.wakeupEverMissing = true }
        let merged = c.family
        for nav in moved { nav.family = parent.family }
        guard call().status < 0 else { return }
        (c.parent, c.hostScreen, c.presented) = before
        for nav in moved { nav.family = merged }
        for nav in unwoken { nav.wakeupEverMissing = false }
    }
}
