/// The state machine behind ``StackMirror`` and ``MainActorStackMirror``: it turns the action
/// events and the transitions handed to the animator into ``StackMirrorUpdate``s.
///
/// A stack change is known at `did_push`/`did_pop`/`did_set` (<doc:Semantics> §4); its transition,
/// if the op is animated, comes after, to the animator. So an instant change is told at once,
/// an animated one when its transition arrives (or, should none arrive, when its op completes),
/// and an interactive pop's end at `pop_completed` (commit) or `pop_cancelled` (revert).
struct StackMirrorState: Sendable {
    /// What the host shows (or is animating to).
    private(set) var stack: [Screen]
    /// A change whose transition has not arrived yet.
    private var waiting: (old: [Screen], new: [Screen])?
    /// The stack before the provisional pop in flight.
    private var beforeGesture: [Screen]?

    init(stack: [Screen]) {
        self.stack = stack
    }

    /// The updates an action event makes; `current` is the navigator's stack at that event.
    mutating func receive(_ change: ActionChange, current: [Screen]) -> [StackMirrorUpdate] {
        switch change.state {
        case .didPush, .didPop, .didSet:
            if change.animated {
                waiting = (stack, current)
                return []
            }
            return [tell(old: stack, new: current, transition: nil)]
        case .pushCompleted, .popCompleted, .setCompleted:
            var updates = waiting.map { [tell(old: $0.old, new: $0.new, transition: nil)] } ?? []
            if change.state == .popCompleted, beforeGesture != nil {
                beforeGesture = nil
                updates.append(.resolved(.commit))
            }
            return updates
        case .popCancelled:
            guard let old = beforeGesture else { return [] }
            beforeGesture = nil
            stack = old
            return [.resolved(.revert)]
        default:
            return []
        }
    }

    /// Whether `transition` is a modal coming over the mirrored navigator or leaving it
    /// (<doc:Semantics> §16.4): its animator receives it, but no stack of its own changes, so
    /// no action event announced it and the mirror tells no change for it.
    static func isModalLayer(_ transition: Transition) -> Bool {
        transition.style == .present || transition.style == .dismiss
    }

    /// The update a transition handed to the animator makes.
    mutating func receive(_ transition: Transition) -> [StackMirrorUpdate] {
        guard let (old, new) = waiting else { return [] }
        if transition.interactive { beforeGesture = old }
        return [tell(old: old, new: new, transition: transition)]
    }

    private mutating func tell(old: [Screen], new: [Screen], transition: Transition?) -> StackMirrorUpdate {
        waiting = nil
        stack = new
        let provisional = transition?.interactive ?? false
        return .change(StackMirrorChange(old: old, new: new, transition: transition, provisional: provisional))
    }
}
