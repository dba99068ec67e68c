/// The host code that the engine carries inside requests and route registrations and calls
/// back later. Each front (the C library, the Swift API) supplies its own conforming types:
/// the C front a pair of function pointer and context, which fits an existential's inline
/// storage, so that carrying one allocates nothing.

/// Receives an op's outcome when the op ends (SPEC §2), exactly once.
package protocol CompletionHandler: Sendable {
    /// Called on the driving thread, with no lock held.
    func complete(_ kind: OperationKind, _ outcome: Outcome)
}

/// The host's code block of a `run` op (SPEC §2), called once when the op runs.
package protocol RunBlock: Sendable {
    /// Called on the driving thread, with no lock held.
    func run()
}

/// A route's factory (SPEC §8): makes the host's object for a new screen of the route.
package protocol RouteFactory: Sendable {
    /// Returns the new screen's object, or `nil` when the factory failed (`factory_failed`).
    /// Called on the driving thread, with no lock held; the screen `id` is not live yet.
    func makeObject(route: String, id: UInt64, payload: String?) -> HostObject?
}

/// A screen's result listener (SPEC §12): told the screen's result once, right before the
/// screen's release, whatever releases it. Dropping it ends the host's context (a C ctx
/// destructor), which the engine does only after the call has returned, or when it is replaced.
package protocol ResultListener: Sendable {
    /// Called on the driving thread, with no lock held; `screen` is still live during the call.
    func deliver(_ screen: ScreenRef, result: String?)
}
