/// The scripts of the ops: the order of events of SPEC §4, §5, §7 and §8, one step per event,
/// top to bottom. Each `step` changes the state under the lock and delivers what it emitted
/// with the lock released; what an op decides (its plan) comes from
/// `NavigatorState+Planning.swift`.
extension NavigatorCore {
    /// Runs an op that has just started, to its end or until it waits for its transition.
    func run(_ request: Request) {
        let animated = request.animated
        switch request.operation {
        case .push(let id):
            carryOut(decide { $0.planPush(id, animated: animated) })
        case .pop(let result):
            carryOut(decide { $0.planPop(animated: animated, carrying: result) })
        case .popTo(let id):
            carryOut(decide { $0.planPopTo(id, animated: animated) })
        case .popToRoot:
            carryOut(decide { $0.planPopToRoot(animated: animated) })
        case .set(let ids):
            carryOut(decide { $0.planSet(ids, animated: animated) })
        case .back:
            userPop(.button, animated: animated)
        case .gesture:
            userPop(.gesture, animated: true)
        case .run(let block):
            block.run(through: decide { $0.lentSink })
            end(.completed)
        case .visible(let visible):
            setVisible(visible)
        case .show(let show):
            self.show(show, animated: animated)
        case .open(let entries):
            open(entries, animated: animated)
        }
    }

    /// Ends the op with the plan's outcome, or makes its change.
    private func carryOut(_ plan: Plan) {
        switch plan {
        case .end(let outcome): end(outcome)
        case .change(let change): begin(change)
        }
    }

    /// Ends an op that emits no action events: its `done` is its last event.
    private func end(_ outcome: Outcome) {
        done(outcome, ends: true)
    }

    /// Step 10: the op's own completion, then the `done` observers; `entered` is the step just
    /// before (`<k>_completed`, `pop_cancelled`), which shares its lock hold when it emits
    /// nothing.
    @inline(__always)
    private func done(_ outcome: Outcome, ends: Bool, after entered: (inout NavigatorState) -> Event? = { _ in nil }) {
        var completion: CompletionHandler?
        var sink: LentSink?
        var kind = OperationKind.run
        finalSteps(2, { state, index in
            guard index == 1 else { return entered(&state) }
            kind = state.current?.request.kind ?? kind
            completion = state.current?.request.completion
            sink = state.lentSink
            return state.done(outcome, ends: ends)
        }, host: {
            if let completion, let sink { completion.complete(kind, outcome, through: sink) }
        })
    }

    /// SPEC §4 steps 1–6, each in the lock hold of the one before when that one emitted
    /// nothing. Returns with the op waiting when its transition is animated; runs steps 7–11 at
    /// once when it is instant.
    private func begin(_ change: StackChange) {
        let (from, to, reason, animated) = (change.from, change.to, change.kind.reason, change.animated)
        let waitsForHost = animated && from != nil && to != nil
        var shows = false
        var waits = false
        steps(waitsForHost ? 6 : 5) { state, index in
            switch index {
            case 0:  // 1. action will_<k>
                return state.enter(.will, of: change)
            case 1:  // 2. the stack changes; 3. action did_<k>
                state.apply(change)
                return state.enter(.did, of: change)
            case 2:  // 4. bar, if the threshold was crossed
                shows = change.topChanges && state.appearanceOn
                return state.updateBar(animated: animated)
            case 3:  // 5. will_hide X
                return shows ? state.appearance(.willHide, from, reason, animated: animated) : nil
            case 4:  // 5. will_show Y
                return shows ? state.appearance(.willShow, to, reason, animated: animated) : nil
            default:  // 6. the host's transition
                // An animator removed since the op was planned would never finish it.
                guard let from, let to, state.interest.contains(.animator) else { return nil }
                waits = true
                return state.beginTransition(change, showsAppearance: shows, from: from, to: to)
            }
        }
        if !waits { complete(change, showsAppearance: shows) }
    }

    /// SPEC §4 steps 7–11, when the transition ended (or there was none); consecutive steps
    /// that emit nothing share a lock hold.
    func complete(_ change: StackChange, showsAppearance: Bool) {
        let (from, to, reason, animated) = (change.from, change.to, change.kind.reason, change.animated)
        if showsAppearance {  // 7. did_hide X, did_show Y
            steps(2) { state, index in
                index == 0
                    ? state.appearance(.didHide, from, reason, animated: animated)
                    : state.appearance(.didShow, to, reason, animated: animated)
            }
        }
        if change.removesScreens {  // 8. result and release, top down
            change.disappearing.refs.forEachBackwards { release($0) }
        }
        done(.completed, ends: false) { $0.enter(.completed, of: change) }  // 9. <k>_completed; 10. done
        finalStep { $0.enterIdle() }  // 11. action idle
    }

    /// SPEC §5: the host cancelled the interactive pop. The stack is restored and the
    /// appearance events of the pop are closed in reverse; nothing is released.
    func cancel(_ change: StackChange, showsAppearance: Bool) {
        let (from, to, animated) = (change.from, change.to, change.animated)
        step(change) { state, change in
            state.restore(change)
            return state.updateBar(animated: animated)
        }
        if showsAppearance {
            step { $0.appearance(.willHide, to, .cancel, animated: animated) }
            step { $0.appearance(.willShow, from, .cancel, animated: animated) }
            step { $0.appearance(.didHide, to, .cancel, animated: animated) }
            step { $0.appearance(.didShow, from, .cancel, animated: animated) }
        }
        done(.cancelled, ends: false) { $0.enterCancelled(change) }
        finalStep { $0.enterIdle() }
    }

    /// `back` and `gesture` (SPEC §6, §13): the veto is asked about the top at this moment,
    /// and only when there is something to pop. A `back` whose veto answers later waits for
    /// the host's `decide`; for a gesture, later counts as no.
    private func userPop(_ trigger: PopTrigger, animated: Bool) {
        switch askVeto(trigger) {
        case nil: end(.noop)
        case (.refuse, _)?: end(.vetoed)
        case (.later, _)? where trigger == .gesture: end(.vetoed)
        case (.later, let decision)?: settle { $0.setPhase(.deciding(decision)) }
        case (.allow, _)?: carryOut(decide { $0.planPop(animated: animated, interactive: trigger == .gesture) })
        }
    }

    /// The veto's answer about the top and the decision id it was given, `nil` when there is
    /// nothing to pop. The sink that asks is let go on return, so that a veto replaced
    /// meanwhile is not kept for the whole op.
    private func askVeto(_ trigger: PopTrigger) -> (VetoAnswer, UInt64)? {
        let (top, veto) = decide { state in
            (state.stack.count >= 2 ? state.stack.last : nil, state.interest.contains(.veto) ? state.sink : nil)
        }
        guard let top else { return nil }
        let decision = IDSource.nextDecision()
        return (veto?.shouldPop(top, trigger: trigger, decision: decision) ?? .allow, decision)
    }

    /// SPEC §13: the host answered a `back`'s pending decision: pop as if the veto had allowed
    /// it (animated per the rules at this moment), or end `vetoed`.
    func resume(animated: Bool, allow: Bool) {
        guard allow else { return end(.vetoed) }
        carryOut(decide { $0.planPop(animated: animated) })
    }

    /// One screen's release (step 8, a failed `open`): its listener is called with its result,
    /// while it is still live, then its `release` (SPEC §12). One step when it has no listener.
    @inline(__always)
    private func release(_ screen: ScreenRef) {
        var heard = false
        step { state in
            // Without a listener nothing needs marking: the release follows in this lock hold.
            guard state.screens[screen.id]?.listener != nil, let result = state.beginRelease(screen.id) else {
                return state.release(screen)
            }
            heard = true
            return result
        }
        if heard { step { $0.release(screen) } }
    }

    /// `visible on/off` (SPEC §7): the top appears or disappears, instant.
    private func setVisible(_ visible: Bool) {
        let (changes, top) = decide { state in
            defer { state.visible = visible }
            return (state.visible != visible, state.stack.last)
        }
        guard changes else { return end(.noop) }
        let (will, did, reason): (AppearancePhase, AppearancePhase, AppearanceReason) =
            visible ? (.willShow, .didShow, .appear) : (.willHide, .didHide, .disappear)
        step { $0.appearance(will, top, reason, animated: false) }
        step { $0.appearance(did, top, reason, animated: false) }
        end(.completed)
    }

    /// `show R` (SPEC §8): recycle a screen of the route in the stack, or create one with the
    /// route's factory; the payload reaches the screen before any action event.
    private func show(_ show: ShowRequest, animated: Bool) {
        switch decide({ $0.planShow(show, animated: animated) }) {
        case .end(let outcome):
            end(outcome)
        case .recycle(let screen, let pop):
            deliver(show.payload, to: screen)
            carryOut(pop)
        case .create(let factory, let id):
            guard let object = factory.makeObject(route: show.route, id: id, payload: show.payload) else {
                return end(.factoryFailed)
            }
            let screen = ScreenBox(id: id, route: show.route, object: object)
            let entry = decide { $0.adopt(screen, show, animated: animated) }
            deliver(show.payload, to: screen.ref)
            carryOut(entry)
        }
    }

    /// `payload S <text>`, when there is a payload; it becomes the screen's saved state.
    private func deliver(_ payload: String?, to screen: ScreenRef) {
        guard payload != nil else { return }
        step { $0.deliverPayload(payload, to: screen) }
    }

    /// `open` (SPEC §14): every route checked first, then each entry's factory makes a new
    /// screen, held by the op, with the entry's state as payload; then they become the stack.
    /// A failing factory releases what the op made, last made first; a `destroy` meanwhile
    /// stops it before the next factory (the teardown releases what it made).
    private func open(_ entries: [RouteEntry], animated: Bool) {
        guard let factories = decide({ $0.openFactories(entries) }) else { return end(.unknownRoute) }
        for (entry, factory) in zip(entries, factories) {
            guard !decide({ $0.haltIfDestroyed() }) else { return }
            let id = IDSource.next()
            guard let object = factory.makeObject(route: entry.route, id: id, payload: entry.state) else {
                // Taken, not copied: the op names no screen once its release has begun.
                for screen in decide({ state in
                    defer { state.current?.made = [] }
                    return state.current?.made.reversed() ?? []
                }) { release(screen) }
                return end(.factoryFailed)
            }
            step { $0.adoptOpened(ScreenBox(id: id, route: entry.route, object: object), state: entry.state) }
        }
        guard !decide({ $0.haltIfDestroyed() }) else { return }
        carryOut(decide { $0.planOpen(animated: animated) })
    }
}
