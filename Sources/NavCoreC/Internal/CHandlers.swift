import CNavCore
import NavCore

// The C host's code in the engine's handler protocols. `@unchecked Sendable`: the ctx pointers
// belong to the host, which promised (navcore.h) that they may be passed back from any thread.

/// An op's completion: function, ctx and the navigator's handle — three words, which an
/// existential stores inline, so asking an op with a completion allocates nothing.
struct CCompletion: CompletionHandler, @unchecked Sendable {
    let function: navcore_done_fn
    let ctx: UnsafeMutableRawPointer?
    let handle: UInt64

    func complete(_ kind: OperationKind, _ outcome: Outcome) {
        HostCalls.done(function, handle.navigatorHandle, kind, outcome, ctx)
    }
}

/// A `run` op's block.
struct CRunBlock: RunBlock, @unchecked Sendable {
    let function: navcore_run_fn
    let ctx: UnsafeMutableRawPointer?
    let handle: UInt64

    func run() { HostCalls.run(function, handle.navigatorHandle, ctx) }
}

/// A route's factory; its ctx destructor runs when the route is unregistered or the navigator
/// ends, once no `show` is using it.
struct CFactory: RouteFactory {
    let registration: Registration<navcore_factory_fn>
    let handle: UInt64

    func makeObject(route: String, id: UInt64, payload: String?) -> HostObject? {
        HostCalls.factory(registration.call, handle.navigatorHandle, route: route, id: id, payload: payload)
    }
}
