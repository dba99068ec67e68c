import CNavCore
@_spi(Fronts) import NavCoreEngine

/// The shape of every exported function: resolve the handle, validate, act, and turn the result
/// into a C status, setting the thread's last error message on failure. Nothing here traps.
enum CAPI {
    /// Runs `body` with the live navigator behind `handle`, found without a lock
    /// (`HandleTable.withNavigator`).
    static func call(_ handle: NavigatorHandle?, _ body: (CNavigator) throws(NavigationError) -> Int32) -> Int32 {
        guard let handle else { return fail(NavigationError(.invalid, "the navigator handle is NULL")) }
        do throws(HandleTable.Refusal) {
            return try HandleTable.shared.withNavigator(handle.handleBits) { navigator in
                do throws(NavigationError) {
                    return try body(navigator)
                } catch {
                    return fail(error)
                }
            }
        } catch {
            return fail(error.failure)
        }
    }

    /// Runs `body`, which returns nothing, returning `NAVCORE_OK`.
    static func perform(_ handle: NavigatorHandle?, _ body: (CNavigator) throws(NavigationError) -> Void) -> Int32 {
        call(handle) { navigator throws(NavigationError) in
            try body(navigator)
            return NAVCORE_OK.rawValue
        }
    }

    /// Puts a callback (or, for NULL, nothing) in one slot of the navigator's table: `store`
    /// writes it into its slot.
    static func register<Function>(
        _ handle: NavigatorHandle?, _ function: Function?, _ ctx: UnsafeMutableRawPointer?, _ destroy: navcore_destroy_fn?,
        _ store: (inout CallbackTable.Slots, Slot<Function>?) -> Void
    ) -> Int32 {
        perform(handle) { navigator throws(NavigationError) in
            try navigator.register { store(&$0, registration(function, ctx, destroy).map(Slot.init)) }
        }
    }

    /// Writes what `read` returns into `out` (checked first: a NULL `out` changes nothing).
    static func query<Value: Sendable>(
        _ out: UnsafeMutablePointer<Value>?, _ handle: NavigatorHandle?,
        _ read: (borrowing FamilyState) throws(NavigationError) -> Value
    ) -> Int32 {
        call(handle) { navigator throws(NavigationError) in
            let out = try required(out, "the out-parameter")
            out.pointee = try navigator.core.read(read)
            return NAVCORE_OK.rawValue
        }
    }

    /// `pointer`, which must not be NULL.
    static func required<T>(_ pointer: T?, _ what: String) throws(NavigationError) -> T {
        guard let pointer else { throw NavigationError(.invalid, "\(what) is NULL") }
        return pointer
    }

    /// Sets the thread's message and returns the status.
    static func fail(_ error: NavigationError) -> Int32 {
        LastError.set(error.message)
        return error.rawValue
    }
}
