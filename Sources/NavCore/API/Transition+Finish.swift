/// A transition ends or reports progress through the navigator that started it, so an animator
/// needs no reference to the navigator (and keeps none: the transition holds it weakly).
extension Transition {
    /// The animation ended: the op completes (<doc:Semantics> §4 step 7 onwards). `.state`
    /// once the transition is no longer in flight; `.invalidHandle` once its navigator is gone.
    public func finish() async throws(NavigationError) {
        try await control.navigator().control { navigator throws(NavigationError) in try navigator.finishTransition(id) }
    }

    /// The user abandoned the interactive gesture: the pop is undone (<doc:Semantics> §5).
    /// `.state` for a transition that is not interactive or no longer in flight.
    public func cancel() async throws(NavigationError) {
        try await control.navigator().control { navigator throws(NavigationError) in try navigator.cancelTransition(id) }
    }

    /// Reports the gesture's progress, 0…1, to observers (<doc:Semantics> §5); `.invalid`
    /// outside 0…1.
    public func update(progress: Double) async throws(NavigationError) {
        try await control.navigator().control { navigator throws(NavigationError) in try navigator.updateTransition(id, progress: progress) }
    }
}
