/// The navigator behind a `Transition`: what its `finish()`, `cancel()` and
/// `update(progress:)` call, on the navigator's own isolation (the main actor for a
/// `MainActorNavigator`, the calling thread for a `Navigator`).
protocol TransitionControl: AnyObject, Sendable {
    func finishTransition(_ id: UInt64) async throws(NavigationError)
    func cancelTransition(_ id: UInt64) async throws(NavigationError)
    func updateTransition(_ id: UInt64, progress: Double) async throws(NavigationError)
}

extension Navigator: TransitionControl {}

/// A transition ends or reports progress through the navigator that started it, so an animator
/// needs no reference to the navigator (and keeps none: the transition holds it weakly).
extension Transition {
    /// The animation ended: the op completes (<doc:Semantics> §4 step 7 onwards). `.state` once the
    /// transition is no longer in flight; `.invalidHandle` once its navigator is gone.
    public func finish() async throws(NavigationError) {
        try await navigator().finishTransition(id)
    }

    /// The user abandoned the interactive gesture: the pop is undone (<doc:Semantics> §5). `.state` for a
    /// transition that is not interactive or no longer in flight.
    public func cancel() async throws(NavigationError) {
        try await navigator().cancelTransition(id)
    }

    /// Reports the gesture's progress, 0…1, to observers (<doc:Semantics> §5); `.invalid` outside 0…1.
    public func update(progress: Double) async throws(NavigationError) {
        try await navigator().updateTransition(id, progress: progress)
    }

    private func navigator() throws(NavigationError) -> any TransitionControl {
        guard let control else { throw NavigationError.destroyed }
        return control
    }
}
