/// The front rule (SPEC §16.5) in a family of more than one navigator: an op compares the
/// front pairs on screen before and after its change; in its will-phase it emits `will_hide`
/// for each pair that leaves (tree order before), then `will_show` for each that comes
/// (tree order after); in its did-phase the `did_hide`s, then the `did_show`s, in the same
/// orders. The pairs named in `own` (the changed navigator's old and new tops) carry the op's
/// reason, the others `appear` or `disappear`. A family of one, and a push or pop that can
/// change only its own navigator's pair (`followsFrontRule`), keep section 4's steps
/// (Family+Scripts.swift), which this rule reduces to for them.
extension Family {
    /// The will-phase of `change`.
    func willPhase(_ change: FrontChange, own: [FrontPair], reason: AppearanceReason, animated: Bool) {
        emit(change, .willHide, .willShow, own: own, reason: reason, animated: animated)
    }

    /// The did-phase of `change`.
    func didPhase(_ change: FrontChange, own: [FrontPair], reason: AppearanceReason, animated: Bool) {
        emit(change, .didHide, .didShow, own: own, reason: reason, animated: animated)
    }

    private func emit(_ change: FrontChange, _ hide: AppearancePhase, _ show: AppearancePhase, own: [FrontPair],
                      reason: AppearanceReason, animated: Bool) {
        for pair in change.hides {
            let why = own.contains { $0.matches(pair) } ? reason : .disappear
            memberStep { $0.appearance(of: pair, hide, why, animated: animated) }
        }
        for pair in change.shows {
            let why = own.contains { $0.matches(pair) } ? reason : .appear
            memberStep { $0.appearance(of: pair, show, why, animated: animated) }
        }
    }

    /// A step whose event goes to the sink of the member it names (another than the op's).
    func memberStep(_ body: (inout FamilyState) -> (Event, LentSink)?) {
        let delivery = decide { body(&$0) }
        if let (event, sink) = delivery { sink.send(event) }
    }

    /// An instant change of the front that no stack change makes (attach, activate, visible in
    /// a family): `change` runs under the lock and ends the op with an outcome, or changes the
    /// tree (returning `nil`); then the will-phase and the did-phase, all `appear`/`disappear`,
    /// instant. Returns the outcome `change` gave.
    func changeFront(_ change: (inout FamilyState) -> Outcome?) -> Outcome? {
        let (outcome, front) = decide { state -> (Outcome?, FrontChange) in
            let before = state.familyFront
            defer { state.frontMayChange() }
            if let outcome = change(&state) { return (outcome, FrontChange()) }
            return (nil, FrontChange(before: before, after: state.familyFront))
        }
        willPhase(front, own: [], reason: .appear, animated: false)
        didPhase(front, own: [], reason: .appear, animated: false)
        return outcome
    }

    /// SPEC §4 steps 1–6 of a change that follows the front rule (`followsFrontRule`): the
    /// will-phase is the front rule's, found by comparing the family's front before step 2
    /// with the front after it.
    func beginInFamily(_ change: StackChange) {
        let (from, to, reason, animated) = (change.from, change.to, change.kind.reason, change.animated)
        var before: [FrontPair] = []
        step { state in
            before = state.familyFront
            return state.enter(.will, of: change)
        }
        var front = FrontChange()
        var own: [FrontPair] = []
        step { state in
            state.apply(change)
            own = state.ownPairs(of: change)
            front = FrontChange(before: before, after: state.familyFront)
            // SPEC §16.5: a navigator off screen with `always_appear` on emits its own stack's events.
            if change.topChanges, state.node.alwaysAppear, !state.isOnScreen(state.node.id) {
                front.hides += own.filter { $0.screen.id == from?.id }
                front.shows += own.filter { $0.screen.id == to?.id }
            }
            state.opFront = front
            return state.enter(.did, of: change)
        }
        step { $0.node.updateBar(animated: animated) }
        willPhase(front, own: own, reason: reason, animated: animated)
        var waits = false
        if animated, let from, let to {
            step { state in
                // An animator removed since the op was planned would never finish it.
                guard state.node.interest.contains(.animator) else { return nil }
                waits = true
                return state.beginTransition(change, showsAppearance: false, from: from, to: to)
            }
        }
        if !waits { complete(change, showsAppearance: false) }
    }

    /// SPEC §4 steps 7–11 of a change that follows the front rule: the front rule's did-phase; a `restore_tree`'s old modal
    /// torn down before the old screens leave (SPEC §16.10); the releases; a deep link's focus
    /// walk between `set_completed` and `done` (16.10); `action idle`. The members a routed
    /// back tore down (a back that popped its asker's host screen: the asker heard its `done`)
    /// leave next (`FamilyState.nextWork`).
    @inline(never)
    func completeInFamily(_ change: StackChange) {
        didPhase(of: change, reason: change.kind.reason)
        if change.kind == .set, let teardown = decide({ $0.tearDownReplacedModal() }) { deliver(teardown) }
        if change.removesScreens { change.disappearing.refs.forEachBackwards { release($0) } }
        if change.kind == .set, decide({ $0.focuses }) {
            step { $0.enter(.completed, of: change) }
            bringToFront()
            done(.completed, ends: false)
        } else {
            done(.completed, ends: false) { $0.enter(.completed, of: change) }
        }
        finalStep { $0.enterIdle() }
    }

    /// Step 7 in a family: the did-phase of the front change found at step 2.
    func didPhase(of change: StackChange, reason: AppearanceReason) {
        let (front, own) = decide { state in (state.opFront, state.ownPairs(of: change)) }
        didPhase(front, own: own, reason: reason, animated: change.animated)
    }

    /// SPEC §5's cancel in a family: the pop's front change undone, reason `cancel` for the
    /// navigator's own tops.
    func cancelInFamily(_ change: StackChange) {
        let (front, own) = decide { state in (state.opFront.reversed, state.ownPairs(of: change)) }
        willPhase(front, own: own, reason: .cancel, animated: change.animated)
        didPhase(front, own: own, reason: .cancel, animated: change.animated)
    }
}

extension FamilyState {
    /// The changed navigator's old and new tops, which carry the op's reason.
    func ownPairs(of change: StackChange) -> [FrontPair] {
        // Appended one by one: a compactMap over the two optional tops costs ten times more.
        var pairs: [FrontPair] = []
        pairs.reserveCapacity(2)
        if let from = change.from { pairs.append(FrontPair(member: node.id, screen: from)) }
        if let to = change.to { pairs.append(FrontPair(member: node.id, screen: to)) }
        return pairs
    }

    /// Whether a change of the navigator's stack from top `from` to top `to` takes its show and
    /// hide events from the front rule's comparison of the whole family (SPEC §16.5): in a
    /// family of more than one, a `set` (its focus walk, its restored modal) or a change whose
    /// old or new top hosts an active child. Any other change — most pushes and pops — can
    /// change the family's front only in the navigator's own pair: its modal's subtree does not
    /// hang from its top, and whether it is on screen depends on its ancestors only. The front
    /// rule then gives section 4's two screens when it is on screen, and nothing when it is
    /// not (`showsOwnAppearance`), so such a change takes section 4's steps.
    @inline(__always)
    func followsFrontRule(_ kind: StackChange.Kind, from: ScreenRef?, to: ScreenRef?) -> Bool {
        !others.isEmpty && (kind == .set || node.hostsActiveChild(from) || node.hostsActiveChild(to))
    }

    /// Whether a change that takes section 4's steps emits its two screens' show and hide
    /// events: the navigator is on screen, or `always_appear` is on (SPEC §7, §16.5).
    /// `mutating` only so that a lock hold reads its state in place: a non-mutating call on
    /// the hold's `inout` state copies all of it first (450 bytes, every push and pop).
    @inline(__always)
    mutating func showsOwnAppearance() -> Bool {
        node.alwaysAppear || nodeIsOnScreen()
    }
}
