/// The host code that the engine carries inside requests and route registrations and calls
/// back later. Each front supplies its own forms. None is an existential of a non-class
/// protocol (Embedded Swift has none): an op's completion and run block are enums whose cases
/// are stored inline — a C function with its ctx, or a Swift closure — so that asking an op
/// allocates nothing for them; a route's factory and a screen's result listener, registered
/// once and kept, are objects of class-bound protocols.

/// A C host's function and ctx, as the engine carries them: the function's address and the
/// ctx, two plain words. The engine knows no C types, so it never calls one: it hands it to the
/// front's sink (`EventSink`), which reads the function back as its C type. `Owner`, the engine
/// type that carries it (`CompletionHandler`, `RunBlock`), says which C type that is.
package struct CCallback<Owner>: @unchecked Sendable {
    // @unchecked: the ctx belongs to the host, which promised (navcore.h) that it may be passed
    // back from any thread; the engine never reads through either pointer.
    /// The C function's address.
    package let function: UnsafeRawPointer
    /// Its ctx.
    package let ctx: UnsafeMutableRawPointer?

    package init(function: UnsafeRawPointer, ctx: UnsafeMutableRawPointer?) {
        self.function = function
        self.ctx = ctx
    }
}

/// Receives an op's outcome when the op ends (SPEC §2), exactly once.
package enum CompletionHandler: Sendable {
    /// A C host's `navcore_done_fn` and its ctx, called by the front's sink
    /// (`EventSink.complete(_:_:_:)`).
    case c(CCallback<CompletionHandler>)
    /// A Swift host's closure.
    case swift(@Sendable (Outcome) -> Void)

    /// Tells the outcome of the op of `kind`; on the driving thread, with no lock held. `sink`
    /// is the front's sink of the step that ends the op.
    func complete(_ kind: OperationKind, _ outcome: Outcome, through sink: LentSink) {
        switch self {
        case .c(let callback): sink.complete(callback, kind, outcome)
        case .swift(let body): body(outcome)
        }
    }
}

/// The host's code block of a `run` op (SPEC §2), called once when the op runs.
package enum RunBlock: Sendable {
    /// A C host's `navcore_run_fn` and its ctx, called by the front's sink (`EventSink.run(_:)`).
    case c(CCallback<RunBlock>)
    /// A Swift host's closure.
    case swift(@Sendable () -> Void)

    /// Runs it; on the driving thread, with no lock held. `sink` is the front's sink of the
    /// op's step.
    func run(through sink: LentSink) {
        switch self {
        case .c(let callback): sink.run(callback)
        case .swift(let body): body()
        }
    }
}

/// A route's factory (SPEC §8): makes the host's object for a new screen of the route.
package protocol RouteFactory: AnyObject, Sendable {
    /// Returns the new screen's object, or `nil` when the factory failed (`factory_failed`).
    /// Called on the driving thread, with no lock held; the screen `id` is not live yet.
    /// `owner`: the navigator that will own the screen, which is not the one that registered
    /// the route when the route was found in an ancestor's registry (SPEC §16.1).
    func makeObject(route: String, id: UInt64, payload: String?, owner: NodeID) -> HostObject?
}

/// A screen's result listener (SPEC §12): told the screen's result once, right before the
/// screen's release, whatever releases it. Dropping it ends the host's context (a C ctx
/// destructor), which the engine does only after the call has returned, or when it is replaced.
package protocol ResultListener: AnyObject, Sendable {
    /// Called on the driving thread, with no lock held; `screen` is still live during the call.
    func deliver(_ screen: ScreenRef, result: String?)
}
