/// What an op does when it runs: end at once with an outcome, or change the stack.
package enum Plan: Sendable {
    case end(Outcome)
    case change(StackChange)
}

/// The changes of the stack that the ops' plans (`Engine/Ops/`) are made of, and the payload
/// delivery of `show` and `open`. Planning claims the screens that enter the stack, so that
/// they cannot be discarded before step 2 puts them there.
extension FamilyState {
    /// SPEC §4: animated only if asked, visible, an animator exists and the top changes from
    /// an existing screen.
    /// Mutating, as its callers are: a call from a mutating method into a non-mutating one
    /// copies the whole state first.
    @inline(__always)
    mutating func effectiveAnimation(asked: Bool, from: ScreenRef?, to: ScreenRef?) -> Bool {
        asked && nodeIsOnScreen() && node.interest.contains(.animator) && from != nil && from?.id != to?.id
    }

    /// Whether the navigator this hold acts for is on screen: SPEC §7's `visible` in a family
    /// of one, §16.5's on screen in a family. Mutating, as its callers are.
    @inline(__always)
    mutating func nodeIsOnScreen() -> Bool {
        others.isEmpty ? node.visible : isNodeOnScreenInFamily()
    }

    /// `nodeIsOnScreen` in a family of more than one, out of line: the ops of a family of one
    /// read the `visible` flag. Remembered for the member until a change may move it
    /// (`OnScreenMemo`): a push and a pop each ask it, and each answer is a walk up the chain of
    /// the member's parents.
    @inline(never)
    private mutating func isNodeOnScreenInFamily() -> Bool {
        if let memo = onScreenMemo, memo.member == node.id {
            memo.check(against: self)
            return memo.onScreen
        }
        let onScreen = isOnScreen(node.id)
        onScreenMemo = OnScreenMemo(member: node.id, onScreen: onScreen)
        return onScreen
    }

    /// A pop of the top (`pop`, `back`, the gesture's `interactive` one); `noop` with one
    /// screen or none.
    mutating func pop(animated: Bool, interactive: Bool = false) -> Plan {
        truncate(keeping: node.stack.count - 1, animated: animated, interactive: interactive)
    }

    /// A payload delivered to a screen (SPEC §8, §14): it becomes the screen's saved state,
    /// then its `payload` event is emitted (returned, if someone listens).
    mutating func deliverPayload(_ payload: String?, to screen: ScreenRef) -> Event? {
        guard let payload else { return nil }
        node.screens.update(screen.id) { $0.savedState = payload }
        return node.interest.contains(.payload) ? .payload(screen, payload) : nil
    }

    // MARK: Changes

    /// A push of a live screen that the caller has just marked as entering the stack
    /// (`ScreenRegistry.enter`, `markStacked`).
    mutating func push(_ screen: ScreenRef, animated: Bool) -> StackChange {
        let from = node.stack.last
        let frontRule = followsFrontRule(.push, from: from, to: screen)
        return StackChange(
            edit: .push(screen), kind: .push, style: .push,
            animated: effectiveAnimation(asked: animated, from: from, to: screen), interactive: false,
            followsFrontRule: frontRule,
            appearing: screen, disappearing: from.map { ScreenList(CollectionOfOne($0)) } ?? ScreenList(),
            from: from, to: screen)
    }

    /// A pop down to `count` screens; `noop` unless 1 ≤ count < stack size.
    mutating func truncate(keeping count: Int, animated: Bool, interactive: Bool = false) -> Plan {
        guard count >= 1, count < node.stack.count else { return .end(.noop) }
        let to = node.stack[count - 1]
        let from = node.stack.last
        let frontRule = followsFrontRule(.pop, from: from, to: to)
        return .change(
            StackChange(
                edit: .truncate(count), kind: .pop, style: .pop,
                animated: effectiveAnimation(asked: animated, from: from, to: to), interactive: interactive,
                followsFrontRule: frontRule,
                appearing: to, disappearing: ScreenList(node.stack[count...]), from: from, to: to))
    }

    /// A `set` to `screens`; `kept` holds the ids among them that may be in the stack now (a
    /// screen of the stack not in it leaves). The style follows UIKit's rule.
    mutating func replace(with screens: [ScreenRef], kept: Set<UInt64>, animated: Bool) -> Plan {
        guard !screens.elementsEqual(node.stack, by: { $0.id == $1.id }) else { return .end(.noop) }
        let from = node.stack.last
        let to = screens.last
        let topChanges = from?.id != to?.id
        let style: TransitionStyle = node.stack.contains { $0.id == to?.id } ? .pop : .push
        let frontRule = followsFrontRule(.set, from: from, to: to)
        for screen in screens { node.screens.markStacked(screen.id) }
        return .change(
            StackChange(
                edit: .replace(screens), kind: .set, style: style,
                animated: effectiveAnimation(asked: animated, from: from, to: to), interactive: false,
                followsFrontRule: frontRule,
                appearing: topChanges ? to : nil, disappearing: ScreenList(node.stack.filter { !kept.contains($0.id) }),
                from: from, to: to))
    }
}

/// The state changes of SPEC §4's steps, each returning the event it emits (or `nil` when
/// nobody listens to that kind).
extension FamilyState {
    /// Steps 1, 3 and 9: `action will_<k>`, `did_<k>`, `<k>_completed`.
    mutating func enter(_ stage: StackChange.Stage, of change: StackChange) -> Event? {
        node.action = change.kind.state(stage)
        return actionEvent(for: change)
    }

    /// §5: `action pop_cancelled`.
    mutating func enterCancelled(_ change: StackChange) -> Event? {
        node.action = .popCancelled
        return actionEvent(for: change)
    }

    private func actionEvent(for change: StackChange) -> Event? {
        guard node.interest.contains(.action) else { return nil }
        return .action(
            ActionEvent(state: node.action, appearing: change.appearing, disappearing: change.disappearing.refs,
                        animated: change.animated))
    }

    /// Step 2: the stack changes.
    mutating func apply(_ change: StackChange) {
        if change.followsFrontRule { frontMayChange() }
        switch change.edit {
        case .push(let screen):
            node.stack.append(screen)
        case .truncate(let count):
            if count >= 0, count <= node.stack.count { node.stack.removeLast(node.stack.count - count) }
        case .replace(let screens):
            node.stack = screens
            if node.tree.restoring != nil { placeRestoredModal() }
        }
    }

    /// §5 cancel: the popped screens go back on top.
    mutating func restore(_ change: StackChange) {
        if change.followsFrontRule { frontMayChange() }
        node.stack.append(contentsOf: change.disappearing.refs)
    }

    /// Steps 5 and 7: one show/hide event, if appearance events are on for this change.
    func appearance(_ phase: AppearancePhase, _ screen: ScreenRef?, _ reason: AppearanceReason,
                    animated: Bool) -> Event? {
        guard let screen, node.interest.contains(.appearance(phase)) else { return nil }
        return .appearance(AppearanceEvent(phase: phase, screen: screen, reason: reason, animated: animated))
    }

    /// Step 6: the op waits for the host's animator.
    mutating func beginTransition(_ change: StackChange, showsAppearance: Bool, from: ScreenRef, to: ScreenRef) -> Event {
        let id = nextTransitionID()
        setPhase(.waiting(transition: id, interactive: change.interactive))
        current?.change = change
        current?.showsAppearance = showsAppearance
        return .transition(TransitionEvent(id: id, style: change.style, from: from, to: to,
                                           interactive: change.interactive))
    }

    /// Step 8: one screen's release.
    mutating func release(_ screen: ScreenRef) -> Event? {
        node.screens.remove(screen.id).map { .release($0) }
    }

    /// Step 10: the `done` event, if someone listens. `ends` makes it the op's last event
    /// (ops without action events).
    mutating func done(_ outcome: Outcome, ends: Bool) -> Event? {
        guard let kind = current?.request.kind else { return nil }
        if routedFrom != nil { returnToAsker(ends: ends) }
        if ends { endOp() } else { reported = true }
        // A routed op's asker out of focus: `Family.done` delivers its event (`askerHearsDoneOutOfFocus`).
        guard node.id == opMember else { return nil }
        return node.interest.contains(.done) ? .done(kind, outcome) : nil
    }

    /// Step 11: `action idle`; the op ends.
    mutating func enterIdle() -> Event? {
        if routedIdle != nil { returnToPerformer() }
        endOp()
        return becomeIdle()
    }

    /// `action idle` without ending the op: a navigator's own idle inside another's op (a deep
    /// link's pop step, SPEC §16.10).
    mutating func becomeIdle() -> Event? {
        node.action = .idle
        guard node.interest.contains(.action) else { return nil }
        return .action(ActionEvent(state: .idle, appearing: nil, disappearing: ScreenRefs(), animated: false))
    }

}
