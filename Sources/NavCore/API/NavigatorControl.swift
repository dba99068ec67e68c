/// The navigator behind a `Transition` or a `VetoDecision`: what their `finish()`, `cancel()`,
/// `update(progress:)` and `decide(allow:)` call, on the navigator's own isolation (the main
/// actor for a navigator made with `dispatch: .mainActor`, the calling thread otherwise).
protocol NavigatorControl: AnyObject, Sendable {
    /// Runs `call` with the navigator where its callbacks may run.
    func control(_ call: @escaping @Sendable (Navigator) throws(NavigationError) -> Void) async throws(NavigationError)
}

extension Navigator: NavigatorControl {
    func control(_ call: @escaping @Sendable (Navigator) throws(NavigationError) -> Void) async throws(NavigationError) {
        guard mainActor != nil else { return try call(self) }
        let result: Result<Void, NavigationError> = await MainActor.run {
            do throws(NavigationError) { return .success(try call(self)) } catch { return .failure(error) }
        }
        try result.get()
    }
}

extension Optional where Wrapped == any NavigatorControl {
    /// The navigator, or `.invalidHandle` once it is gone.
    func navigator() throws(NavigationError) -> any NavigatorControl {
        guard let self else { throw NavigationError.destroyed }
        return self
    }
}
