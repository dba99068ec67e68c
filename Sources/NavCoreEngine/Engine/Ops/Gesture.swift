/// `gesture` (SPEC §5): the user's interactive back. It is never queued: it starts at once or
/// is refused. Then it is a `back` whose pop is interactive (the host may cancel it) and whose
/// veto answering later counts as no.
package struct GestureOp: OperationDefinition {
    package init() {}

    /// At the call: refused with `state` while hidden or without an animator (no transition
    /// could play), else with `busy` while an op runs or waits.
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        // In a family, the back target's (SPEC §16.6).
        if !state.others.isEmpty { return try state.checkGesture() }
        guard state.node.visible else { throw NavigationError(.state, "the navigator is hidden") }
        guard state.node.interest.contains(.animator) else {
            throw NavigationError(.state, "the gesture needs an animator and none is registered")
        }
        guard !state.busy, state.queue.isEmpty else {
            throw NavigationError(.busy, "the navigator is busy or has queued ops")
        }
    }

    package func run(_ family: Family) {
        family.userPop(.gesture, animated: true)
    }
}
