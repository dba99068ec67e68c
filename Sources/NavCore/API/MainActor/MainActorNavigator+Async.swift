/// The `async` forms of the ops: each asks the op at once, on the main actor, and resumes
/// there with its outcome. They throw when the call itself fails (the op never ran). Cancelling
/// the awaiting task does not cancel the op. They have no `completion:` label, which the forms
/// that return at once require.
extension MainActorNavigator {
    /// Pushes `screen` and waits for the outcome.
    public func push(_ screen: Screen, animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try push(screen, animated: animated, completion: completion) }
    }

    /// Pops the top screen (with an optional result for it) and waits for the outcome.
    public func pop(animated: Bool = true, result: String? = nil) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try pop(animated: animated, result: result, completion: completion) }
    }

    /// Pops to `screen` and waits for the outcome.
    public func pop(to screen: Screen, animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try pop(to: screen, animated: animated, completion: completion) }
    }

    /// Pops to the root and waits for the outcome.
    public func popToRoot(animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try popToRoot(animated: animated, completion: completion) }
    }

    /// Sets the stack and waits for the outcome.
    public func setStack(_ screens: [Screen], animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try setStack(screens, animated: animated, completion: completion) }
    }

    /// Presses back and waits for the outcome (`.vetoed` if the veto refused).
    public func back(animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try back(animated: animated, completion: completion) }
    }

    /// Starts the interactive back gesture and resumes when it ends (finished, cancelled,
    /// vetoed or noop); refused, it throws at once.
    public func beginGesture() async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try beginGesture(completion: completion) }
    }

    /// Runs `block` in queue order and waits until it has run.
    public func run(_ block: @escaping @MainActor () -> Void) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try run(block, completion: completion) }
    }

    /// Tells whether the navigator is on screen and waits for the outcome.
    public func setVisible(_ visible: Bool) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try setVisible(visible, completion: completion) }
    }

    /// Shows a route and waits for the outcome.
    public func show(_ route: String, options: ShowOptions = ShowOptions()) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try show(route, options: options, completion: completion) }
    }

    /// Builds the whole stack from routes (<doc:Semantics> §14) and waits for the outcome.
    public func open(_ entries: [RouteEntry], animated: Bool = false) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try open(entries, animated: animated, completion: completion) }
    }

    /// Opens the stack a saved document describes and waits for the outcome.
    public func restore(_ document: String, animated: Bool = false) async throws(NavigationError) -> Outcome {
        try await asker.outcome { completion throws(NavigationError) in try restore(document, animated: animated, completion: completion) }
    }

    /// Shows a route from any thread or actor: queued at the call, in call order, without
    /// waiting for the main actor to ask it; resumes with the outcome.
    public nonisolated func post(_ route: String, options: ShowOptions = ShowOptions()) async throws(NavigationError) -> Outcome {
        try await navigator.post(route, options: options)
    }

    /// Pushes `screen` (asked at once, here) and waits until it is released, returning its
    /// result then (<doc:Semantics> §12). It becomes the screen's result listener.
    public func pushForResult(_ screen: Screen, animated: Bool = true) async throws(NavigationError) -> String? {
        let result: Result<String?, NavigationError> = await withCheckedContinuation { continuation in
            // Both paths run on the main actor: whichever comes first resumes.
            var pending = Optional(continuation)
            let resume = { @MainActor (result: Result<String?, NavigationError>) in
                pending?.resume(returning: result)
                pending = nil
            }
            do throws(NavigationError) {
                try onResult(of: screen) { resume(.success($0)) }
                try push(screen, animated: animated, completion: nil)
            } catch {
                resume(.failure(error))
            }
        }
        return try result.get()
    }

    /// Resumes once the navigator is idle with an empty queue (at once if it is now), or is
    /// destroyed.
    public func idle() async {
        await navigator.idle()
    }
}
