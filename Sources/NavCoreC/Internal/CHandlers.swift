import CNavCore
@_spi(Fronts) import NavCoreEngine

// The C host's code in the engine's forms of host code (Handlers.swift).

/// A C completion as the engine carries it (`CompletionHandler.c`): the done function's address
/// and ctx, two words stored inline, so asking an op with a completion allocates nothing. The
/// callback table calls it (`CallbackTable.complete`) with the navigator's handle.
extension CCallback where Owner == CompletionHandler {
    init(_ function: navcore_done_fn, _ ctx: UnsafeMutableRawPointer?) {
        self.init(function: unsafeBitCast(function, to: UnsafeRawPointer.self), ctx: ctx)
    }

    /// The function, read back as the type it was made from (a `CompletionHandler`'s C form is
    /// only ever made by the initializer above).
    var done: navcore_done_fn { unsafeBitCast(function, to: navcore_done_fn.self) }
}

/// A `run` op's C block as the engine carries it (`RunBlock.c`), as a completion is.
extension CCallback where Owner == RunBlock {
    init(_ function: navcore_run_fn, _ ctx: UnsafeMutableRawPointer?) {
        self.init(function: unsafeBitCast(function, to: UnsafeRawPointer.self), ctx: ctx)
    }

    /// The function, read back as the type it was made from.
    var block: navcore_run_fn { unsafeBitCast(function, to: navcore_run_fn.self) }
}

/// A route's factory; its ctx destructor runs when the route is unregistered or the navigator
/// ends, once no `show` is using it.
final class CFactory: RouteFactory {
    let registration: Registration<navcore_factory_fn>
    /// The navigator that registered the route: its handle and its node.
    let handle: UInt64
    let node: NodeID

    init(registration: Registration<navcore_factory_fn>, handle: UInt64, node: NodeID) {
        self.registration = registration
        self.handle = handle
        self.node = node
    }

    /// Called with the handle of the navigator that will own the screen (SPEC §16.1): the
    /// registering one's, or, for a route found in an ancestor's registry, the owner's, read
    /// from its family.
    func makeObject(route: String, id: UInt64, payload: String?, owner: NodeID) -> HostObject? {
        let nav = owner == node ? handle.navigatorHandle : ownerHandle(owner)
        return HostCalls.factory(registration.call, nav, route: route, id: id, payload: payload)
    }

    /// The handle of the family member `owner`; the registering navigator's if it has none.
    private func ownerHandle(_ owner: NodeID) -> NavigatorHandle? {
        let handles = try? HandleTable.shared.withNavigator(handle) { navigator in
            try? navigator.handles { _ in [owner] }
        }
        return (handles ?? nil)?.first ?? handle.navigatorHandle
    }
}
