/// What an op does when it runs: end at once with an outcome, or change the stack.
package enum Plan: Sendable {
    case end(Outcome)
    case change(StackChange)
}

/// What `show` does when it runs (SPEC §8).
package enum ShowPlan: Sendable {
    case end(Outcome)
    /// A screen of the route is in the stack: deliver the payload, then pop to it.
    case recycle(ScreenRef, Plan)
    /// Ask the factory for the object of a new screen with this id.
    case create(any RouteFactory, id: UInt64)
}

/// The run-time validation of each op (SPEC §2: against the stack as it is when the op runs)
/// and the plan of its change. Planning claims the screens that enter the stack, so that they
/// cannot be discarded before step 2 puts them there.
extension NavigatorState {
    /// SPEC §4: animated only if asked, visible, an animator exists and the top changes from
    /// an existing screen.
    func effectiveAnimation(asked: Bool, from: ScreenRef?, to: ScreenRef?) -> Bool {
        asked && visible && interest.contains(.animator) && from != nil && from?.id != to?.id
    }

    /// `push S`.
    mutating func planPush(_ id: UInt64, animated: Bool) -> Plan {
        guard let record = screens[id] else { return .end(.invalid) }
        guard !record.stacked else { return .end(.duplicate) }
        return .change(push(record.screen, animated: animated))
    }

    /// `pop`.
    func planPop(animated: Bool, interactive: Bool = false) -> Plan {
        truncate(keeping: stack.count - 1, animated: animated, interactive: interactive)
    }

    /// `pop` carrying a result: set on the top before step 1 when the pop is not a noop
    /// (SPEC §12).
    mutating func planPop(animated: Bool, carrying result: String?) -> Plan {
        let plan = planPop(animated: animated)
        if case .change = plan, let result, let top = stack.last {
            screens.update(top.id) { $0.result = result }
        }
        return plan
    }

    /// `pop_to S`: scans from the top, so it touches only the screens it removes.
    func planPopTo(_ id: UInt64, animated: Bool) -> Plan {
        guard let index = stack.lastIndex(where: { $0.id == id }) else { return .end(.notInStack) }
        return truncate(keeping: index + 1, animated: animated)
    }

    /// `pop_to_root`.
    func planPopToRoot(animated: Bool) -> Plan {
        truncate(keeping: 1, animated: animated)
    }

    /// `set S1..Sn`: `invalid` for an empty list or a released screen (checked first), then
    /// `duplicate` for a screen named twice, then `noop` for the same stack.
    mutating func planSet(_ ids: [UInt64], animated: Bool) -> Plan {
        guard !ids.isEmpty else { return .end(.invalid) }
        var screens: [ScreenRef] = []
        screens.reserveCapacity(ids.count)
        for id in ids {
            guard let record = self.screens[id] else { return .end(.invalid) }
            screens.append(record.screen)
        }
        var seen = Set<UInt64>(minimumCapacity: ids.count)
        for id in ids where !seen.insert(id).inserted { return .end(.duplicate) }
        return replace(with: screens, kept: seen, animated: animated)
    }

    /// `show R`: unknown route, recycle (`any`: the screen of R nearest the top; `top`: the
    /// top if it is of R), or create.
    func planShow(_ show: ShowRequest, animated: Bool) -> ShowPlan {
        guard let factory = routes[show.route] else { return .end(.unknownRoute) }
        let recycled: Int? =
            switch show.recycle {
            case .any: screens.hasStacked(route: show.route) ? stack.lastIndex { $0.route == show.route } : nil
            case .top: stack.last?.route == show.route ? stack.count - 1 : nil
            case .none: nil
            }
        if let index = recycled {
            return .recycle(stack[index], truncate(keeping: index + 1, animated: animated))
        }
        return .create(factory, id: IDSource.next())
    }

    /// Registers the screen a route's factory made and plans its entry: replacing the current
    /// top (`remove_current`) or pushed.
    mutating func adopt(_ box: ScreenBox, _ show: ShowRequest, animated: Bool) -> Plan {
        self.screens.add(box)
        let screen = box.ref
        guard show.removeCurrent, !stack.isEmpty else {
            return .change(push(screen, animated: animated))
        }
        var screens = Array(stack.dropLast())
        screens.append(screen)
        return replace(with: screens, kept: Set(screens.map { $0.id }), animated: animated)
    }

    /// `open`'s route check, all before any factory (SPEC §14): the entries' factories, taken
    /// now, or `nil` when a route is not registered.
    func openFactories(_ entries: [RouteEntry]) -> [any RouteFactory]? {
        var factories: [any RouteFactory] = []
        factories.reserveCapacity(entries.count)
        for entry in entries {
            guard let factory = routes[entry.route] else { return nil }
            factories.append(factory)
        }
        return factories
    }

    /// Registers a screen that `open`'s factory made, held by the op until it enters the stack;
    /// its state becomes its saved state before its `payload` event, which this returns.
    mutating func adoptOpened(_ screen: ScreenBox, state: String?) -> Event? {
        screens.add(screen, held: true)
        current?.made.append(screen.ref)
        return deliverPayload(state, to: screen.ref)
    }

    /// `open`'s change once every factory has made its screen: the new screens become the
    /// whole stack, push style (none of them was in the stack).
    mutating func planOpen(animated: Bool) -> Plan {
        let made = current?.made ?? []
        current?.made = []
        for screen in made { screens.update(screen.id) { $0.held = false } }
        return replace(with: made, kept: Set(made.map { $0.id }), animated: animated)
    }

    /// A payload delivered to a screen (SPEC §8, §14): it becomes the screen's saved state,
    /// then its `payload` event is emitted (returned, if someone listens).
    mutating func deliverPayload(_ payload: String?, to screen: ScreenRef) -> Event? {
        guard let payload else { return nil }
        screens.update(screen.id) { $0.savedState = payload }
        return interest.contains(.payload) ? .payload(screen, payload) : nil
    }

    // MARK: Changes

    /// A push of a live, detached screen.
    private mutating func push(_ screen: ScreenRef, animated: Bool) -> StackChange {
        self.screens.markStacked(screen.id)
        let from = stack.last
        return StackChange(
            edit: .push(screen), kind: .push, style: .push,
            animated: effectiveAnimation(asked: animated, from: from, to: screen), interactive: false,
            appearing: screen, disappearing: from.map { ScreenList(CollectionOfOne($0)) } ?? ScreenList(),
            from: from, to: screen)
    }

    /// A pop down to `count` screens; `noop` unless 1 ≤ count < stack size.
    private func truncate(keeping count: Int, animated: Bool, interactive: Bool = false) -> Plan {
        guard count >= 1, count < stack.count else { return .end(.noop) }
        let to = stack[count - 1]
        let from = stack.last
        return .change(
            StackChange(
                edit: .truncate(count), kind: .pop, style: .pop,
                animated: effectiveAnimation(asked: animated, from: from, to: to), interactive: interactive,
                appearing: to, disappearing: ScreenList(stack[count...]), from: from, to: to))
    }

    /// A `set` to `screens`, whose ids are `kept`; the style follows UIKit's rule.
    private mutating func replace(with screens: [ScreenRef], kept: Set<UInt64>, animated: Bool) -> Plan {
        guard !screens.elementsEqual(stack, by: { $0.id == $1.id }) else { return .end(.noop) }
        let from = stack.last
        let to = screens.last
        let topChanges = from?.id != to?.id
        let style: TransitionStyle = stack.contains { $0.id == to?.id } ? .pop : .push
        for screen in screens { self.screens.markStacked(screen.id) }
        return .change(
            StackChange(
                edit: .replace(screens), kind: .set, style: style,
                animated: effectiveAnimation(asked: animated, from: from, to: to), interactive: false,
                appearing: topChanges ? to : nil, disappearing: ScreenList(stack.filter { !kept.contains($0.id) }),
                from: from, to: to))
    }
}

/// The state changes of SPEC §4's steps, each returning the event it emits (or `nil` when
/// nobody listens to that kind).
extension NavigatorState {
    /// Steps 1, 3 and 9: `action will_<k>`, `did_<k>`, `<k>_completed`.
    mutating func enter(_ stage: StackChange.Stage, of change: StackChange) -> Event? {
        action = change.kind.state(stage)
        return actionEvent(for: change)
    }

    /// §5: `action pop_cancelled`.
    mutating func enterCancelled(_ change: StackChange) -> Event? {
        action = .popCancelled
        return actionEvent(for: change)
    }

    private func actionEvent(for change: StackChange) -> Event? {
        guard interest.contains(.action) else { return nil }
        return .action(
            ActionEvent(state: action, appearing: change.appearing, disappearing: change.disappearing.refs,
                        animated: change.animated))
    }

    /// Step 2: the stack changes.
    mutating func apply(_ change: StackChange) {
        switch change.edit {
        case .push(let screen):
            stack.append(screen)
        case .truncate(let count):
            if count >= 0, count <= stack.count { stack.removeLast(stack.count - count) }
        case .replace(let screens):
            stack = screens
        }
    }

    /// §5 cancel: the popped screens go back on top.
    mutating func restore(_ change: StackChange) {
        stack.append(contentsOf: change.disappearing.refs)
    }

    /// Steps 5 and 7: one show/hide event, if appearance events are on for this change.
    func appearance(_ phase: AppearancePhase, _ screen: ScreenRef?, _ reason: AppearanceReason,
                    animated: Bool) -> Event? {
        guard let screen, interest.contains(.appearance(phase)) else { return nil }
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
        screens.remove(screen.id).map { .release($0) }
    }

    /// Step 10: the `done` event, if someone listens. `ends` makes it the op's last event
    /// (ops without action events).
    mutating func done(_ outcome: Outcome, ends: Bool) -> Event? {
        guard let kind = current?.request.kind else { return nil }
        if ends { endOp() }
        return interest.contains(.done) ? .done(kind, outcome) : nil
    }

    /// Step 11: `action idle`; the op ends.
    mutating func enterIdle() -> Event? {
        endOp()
        action = .idle
        guard interest.contains(.action) else { return nil }
        return .action(ActionEvent(state: .idle, appearing: nil, disappearing: ScreenRefs(), animated: false))
    }

}
