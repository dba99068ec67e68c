/// The navigator behind a `Transition` or a `VetoDecision`: what their `finish()`, `cancel()`,
/// `update(progress:)` and `decide(allow:)` call, on the navigator's own isolation (the main
/// actor for a `MainActorNavigator`, the calling thread for a `Navigator`).
protocol NavigatorControl: AnyObject, Sendable {
    func finishTransition(_ id: UInt64) async throws(NavigationError)
    func cancelTransition(_ id: UInt64) async throws(NavigationError)
    func updateTransition(_ id: UInt64, progress: Double) async throws(NavigationError)
    func decide(_ decision: VetoDecision, allow: Bool) async throws(NavigationError)
}

extension Navigator: NavigatorControl {}

extension Optional where Wrapped == any NavigatorControl {
    /// The navigator, or `.invalidHandle` once it is gone.
    func navigator() throws(NavigationError) -> any NavigatorControl {
        guard let self else { throw NavigationError.destroyed }
        return self
    }
}
