/// How a navigator runs its queue and where its callbacks run (<doc:Semantics> §9), chosen at
/// creation.
public enum DispatchMode: Sendable {
    /// The thread that asks an op or finishes a transition runs the queue.
    case inline
    /// Asking an op only enqueues it and raises the wakeup handler; the host calls `drain()` on
    /// its UI thread, which runs the queue there.
    case host
    /// For an app whose UI is on the main actor: every callback runs on the main actor. An op
    /// asked there runs at once, as in inline mode; one asked on another thread is queued and
    /// runs on the main actor's next turn; the calls that act at once throw `.state` off the main
    /// actor (`await transition.finish()` and `await decision.decide(allow:)` hop there by
    /// themselves). Handlers typed `@MainActor` are registered with the forms whose closure says
    /// `@MainActor` (`setAnimator { @MainActor transition in … }`).
    case mainActor
}
