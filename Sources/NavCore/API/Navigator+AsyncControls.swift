/// The `async` forms of the calls that `Navigator+Async.swift` does not cover: `post`, the
/// gesture, visibility, `open` and `restore`, and waiting until the navigator is idle. Like
/// the others, each asks as its completion-handler form does and resumes with the outcome.
extension Navigator {
    /// `show` under its "post" name (<doc:Semantics> §8), waiting for the outcome.
    public func post(_ route: String, options: ShowOptions = ShowOptions()) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try show(route, options: options, completion: completion) }
    }

    /// Starts the interactive back gesture and resumes when it ends: `.completed` when the host
    /// finished its transition, `.cancelled`, `.vetoed` or `.noop`. Refused (`.state`, `.busy`)
    /// it throws at once.
    public func beginGesture() async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try beginGesture(completion: completion) }
    }

    /// Tells whether the navigator is on screen and waits for the outcome (`.noop` if no change).
    public func setVisible(_ visible: Bool) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try setVisible(visible, completion: completion) }
    }

    /// Builds the whole stack from routes (<doc:Semantics> §14) and waits for the outcome.
    public func open(_ entries: [RouteEntry], animated: Bool = false) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try open(entries, animated: animated, completion: completion) }
    }

    /// Opens the stack a saved document describes (<doc:Semantics> §14) and waits for the outcome.
    public func restore(_ document: String, animated: Bool = false) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try restore(document, animated: animated, completion: completion) }
    }

    /// Resumes once the navigator is idle with an empty queue (at once if it is now), or is
    /// destroyed. An op that waits for its transition or a veto decision keeps it waiting.
    public func idle() async {
        let events = events()
        guard !isQuiet else { return }
        // Becoming idle is always an event's doing (the `done` or `action idle` that ends the
        // last op), and the stream hears every event after the state it left.
        for await _ in events where isQuiet { return }
    }

    /// Idle with an empty queue, or destroyed.
    var isQuiet: Bool { isDestroyed || (!isBusy && pendingCount == 0) }
}
