import Synchronization

/// The `async` forms of the ops: each asks the op like its completion-handler form and resumes
/// with the outcome when the op ends. It throws when the call itself fails (then the op never
/// ran). Cancelling the awaiting task does not cancel the op.
///
/// These forms have no `completion:` label, which the forms that return at once require, so a
/// plain `nav.push(screen)` is always this one and needs `await`. To ask an op without waiting
/// for it (to get `.ok` or `.queued` at once), name the completion:
/// `try nav.push(screen, completion: nil)`.
extension Navigator {
    /// Pushes `screen` and waits for the outcome.
    public func push(_ screen: Screen, animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try push(screen, animated: animated, completion: completion) }
    }

    /// Pops the top screen (with an optional result for it) and waits for the outcome.
    public func pop(animated: Bool = true, result: String? = nil) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try pop(animated: animated, result: result, completion: completion) }
    }

    /// Pops to `screen` and waits for the outcome.
    public func pop(to screen: Screen, animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try pop(to: screen, animated: animated, completion: completion) }
    }

    /// Pops to the root and waits for the outcome.
    public func popToRoot(animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try popToRoot(animated: animated, completion: completion) }
    }

    /// Sets the stack and waits for the outcome.
    public func setStack(_ screens: [Screen], animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try setStack(screens, animated: animated, completion: completion) }
    }

    /// Presses back and waits for the outcome (`.vetoed` if the veto refused).
    public func back(animated: Bool = true) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try back(animated: animated, completion: completion) }
    }

    /// Runs `block` in queue order and waits until it has run.
    public func run(_ block: @escaping @Sendable () -> Void) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try run(block, completion: completion) }
    }

    /// Shows a route and waits for the outcome.
    public func show(_ route: String, options: ShowOptions = ShowOptions()) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try show(route, options: options, completion: completion) }
    }

    /// Asks an op with a completion that resumes the caller; the ask runs on the caller's
    /// isolation (the main actor's asks drain there: `MainActorNavigator`).
    func outcome(
        isolation: isolated (any Actor)? = #isolation,
        _ ask: (@escaping Completion) throws(NavigationError) -> RequestStatus
    ) async throws(NavigationError) -> Outcome {
        let result: Result<Outcome, NavigationError> = await withCheckedContinuation { continuation in
            do throws(NavigationError) {
                _ = try ask { continuation.resume(returning: .success($0)) }
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        return try result.get()
    }
}

/// "Push for result" (<doc:Semantics> §12), as Flutter's `push<T>` and Textual's
/// `push_screen(wait_for_ dismiss=True)` do it.
extension Navigator {
    /// Pushes `screen` and waits until it is released — popped (e.g. with `pop(result:)`),
    /// removed by any op, discarded, or at destroy — returning its result at that moment. It
    /// becomes the screen's result listener (replacing another).
    ///
    /// ```swift
    /// let picker = try nav.makeScreen(route: "picker")
    /// if let choice = try await nav.pushForResult(picker) { apply(choice) }
    /// // … and in the picker: try nav.pop(result: "blue", completion: nil)
    /// ```
    public func pushForResult(_ screen: Screen, animated: Bool = true) async throws(NavigationError) -> String? {
        let result: Result<String?, NavigationError> = await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            do throws(NavigationError) {
                try onResult(of: screen) { once.resume(.success($0)) }
                try push(screen, animated: animated, completion: nil)
            } catch {
                once.resume(.failure(error))
            }
        }
        return try result.get()
    }
}

/// Resumes a continuation once, whoever comes first: the listener, or the failed call that
/// asked for it (a listener attached before a push that then failed may still be called).
private final class ResumeOnce: Sendable {
    private let continuation: Mutex<CheckedContinuation<Result<String?, NavigationError>, Never>?>

    init(_ continuation: CheckedContinuation<Result<String?, NavigationError>, Never>) {
        self.continuation = Mutex(continuation)
    }

    func resume(_ result: Result<String?, NavigationError>) {
        let taken = continuation.withLock { stored in
            defer { stored = nil }
            return stored
        }
        taken?.resume(returning: result)
    }
}
