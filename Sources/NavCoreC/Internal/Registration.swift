import CNavCore

/// A host callback as registered: the C function, its ctx and the ctx's destructor. The
/// destructor runs when the last reference goes: when the registration is replaced or the
/// navigator ends — and, since the driver holds the callback table that holds it while it
/// calls `fn`, never while `fn` may still be running.
final class Registration<Function>: @unchecked Sendable {
    // @unchecked: `ctx` belongs to the host, which promised (navcore.h) that it may be passed
    // back from any thread; navcore never reads through it.
    let function: Function
    let ctx: UnsafeMutableRawPointer?
    private var destroy: navcore_destroy_fn?

    init(_ function: Function, ctx: UnsafeMutableRawPointer?, destroy: navcore_destroy_fn?) {
        self.function = function
        self.ctx = ctx
        self.destroy = destroy
    }

    deinit {
        HostCalls.destroy(destroy, ctx)
    }

    /// What a delivery reads: the function and ctx, as a plain value.
    var call: Call<Function> { Call(function: function, ctx: ctx) }

    /// Forgets the destructor: for a registration whose call failed, whose ctx therefore still
    /// belongs to the host. Only before the registration is shared.
    func disownContext() {
        destroy = nil
    }
}

/// A C callback as it is called: the function and its ctx, two plain words.
struct Call<Function>: @unchecked Sendable {
    // @unchecked: see `Registration`.
    let function: Function
    let ctx: UnsafeMutableRawPointer?
}

/// A registered callback in the callback table: its call inline, beside the registration that
/// owns the ctx, so that a delivery reads two plain words and retains nothing.
struct Slot<Function>: Sendable {
    let call: Call<Function>
    let registration: Registration<Function>

    init(_ registration: Registration<Function>) {
        call = registration.call
        self.registration = registration
    }
}

/// A registration for an optional C function: `nil` when the host passed NULL.
func registration<Function>(
    _ function: Function?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?
) -> Registration<Function>? {
    function.map { Registration($0, ctx: ctx, destroy: destroy) }
}
