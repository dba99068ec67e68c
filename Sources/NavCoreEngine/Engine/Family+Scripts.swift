/// The steps that every op's script (`Engine/Ops/`) is made of: the order of events of SPEC
/// §4 and §5 for a change of the stack, one step per event, top to bottom, and the end of an
/// op. Each `step` changes the state under the lock and delivers what it emitted with the lock
/// released; what an op decides (its plan) comes from its own file.
extension Family {
    /// Runs an op that has just started, to its end or until it waits for its transition.
    func run(_ op: RunningOp) {
        op.request.operation.run(self)
    }

    /// Ends the op with the plan's outcome, or makes its change.
    func carryOut(_ plan: Plan) {
        switch plan {
        case .end(let outcome): end(outcome)
        case .change(let change): begin(change)
        }
    }

    /// Ends an op that emits no action events: its `done` is its last event.
    func end(_ outcome: Outcome) {
        done(outcome, ends: true)
    }

    /// Step 10: the op's own completion, then the `done` observers; `entered` is the step just
    /// before (`<k>_completed`, `pop_cancelled`), which shares its lock hold when it emits
    /// nothing.
    ///
    /// A routed op's `done` is its asker's (SPEC §16.6): while its performer stays in focus for
    /// its `action idle`, the asker's sink, read in place, gets the completion and the event.
    @inline(__always)
    func done(_ outcome: Outcome, ends: Bool, after entered: (inout FamilyState) -> Event? = { _ in nil }) {
        var completion: CompletionHandler?
        var sink: LentSink?
        var kind = OperationKind.run
        var askerListens = false
        finalSteps(2, { state, index in
            guard index == 1 else { return entered(&state) }
            kind = state.current?.request.kind ?? kind
            completion = state.current?.request.completion
            let event = state.done(outcome, ends: ends)
            sink = state.opMemberSink
            askerListens = state.askerHearsDoneOutOfFocus
            return event
        }, host: {
            guard let sink else { return }
            if let completion { completion.complete(kind, outcome, through: sink) }
            if askerListens { sink.send(.done(kind, outcome)) }
        })
    }

    /// SPEC §4 steps 1–6, each in the lock hold of the one before when that one emitted
    /// nothing. Returns with the op waiting when its transition is animated; runs steps 7–11 at
    /// once when it is instant.
    private func begin(_ change: StackChange) {
        if change.followsFrontRule { return beginInFamily(change) }
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
                shows = change.topChanges && state.showsOwnAppearance()
                return state.node.updateBar(animated: animated)
            case 3:  // 5. will_hide X
                return shows ? state.appearance(.willHide, from, reason, animated: animated) : nil
            case 4:  // 5. will_show Y
                return shows ? state.appearance(.willShow, to, reason, animated: animated) : nil
            default:  // 6. the host's transition
                // An animator removed since the op was planned would never finish it.
                guard let from, let to, state.node.interest.contains(.animator) else { return nil }
                waits = true
                return state.beginTransition(change, showsAppearance: shows, from: from, to: to)
            }
        }
        if !waits { complete(change, showsAppearance: shows) }
    }

    /// SPEC §4 steps 7–11, when the transition ended (or there was none); consecutive steps
    /// that emit nothing share a lock hold.
    func complete(_ change: StackChange, showsAppearance: Bool) {
        if change.followsFrontRule { return completeInFamily(change) }
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
            return state.node.updateBar(animated: animated)
        }
        if change.followsFrontRule {
            cancelInFamily(change)
        } else if showsAppearance {
            step { $0.appearance(.willHide, to, .cancel, animated: animated) }
            step { $0.appearance(.willShow, from, .cancel, animated: animated) }
            step { $0.appearance(.didHide, to, .cancel, animated: animated) }
            step { $0.appearance(.didShow, from, .cancel, animated: animated) }
        }
        done(.cancelled, ends: false) { $0.enterCancelled(change) }
        finalStep { $0.enterIdle() }
    }

    /// One screen's release (step 8, a failed `open`): its listener is called with its result,
    /// while it is still live, then its `release` (SPEC §12). One step when it has no listener.
    @inline(__always)
    func release(_ screen: ScreenRef) {
        var heard = false
        var children: SubtreeTeardown?
        step { state in
            if let detach = state.detachIfRetained(screen) { return detach }  // SPEC §17
            // SPEC §16.7: a screen's children are torn down before its result and release.
            if !state.others.isEmpty, let teardown = state.tearDownChildren(of: screen.id) {
                children = teardown
                return nil
            }
            // Without a listener nothing needs marking: the release follows in this lock hold.
            guard state.node.screens.read(screen.id, { $0.hasListener }) == true, let result = state.beginRelease(screen.id) else {
                return state.release(screen)
            }
            heard = true
            return result
        }
        if let children {
            deliver(children)
            return release(screen)
        }
        if heard { step { $0.release(screen) } }
    }

    /// `payload S <text>`, when there is a payload; it becomes the screen's saved state.
    func deliver(_ payload: String?, to screen: ScreenRef) {
        guard payload != nil else { return }
        step { $0.deliverPayload(payload, to: screen) }
    }
}
