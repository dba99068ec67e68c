/// How a navigator runs its queue (<doc:Semantics> §9), chosen at creation.
public enum DispatchMode: Sendable {
    /// The thread that asks an op or finishes a transition runs the queue.
    case inline
    /// Asking an op only enqueues it and raises the wakeup handler; the host calls `drain()` on
    /// its UI thread, which runs the queue there.
    case host
}
