import CNavCore

/// The Swift runtime makes a generic type's metadata the first time the process needs it, inside
/// a `once` of its own. A `fork()` while another thread is in the middle of one copies it
/// half-done, and the child waits on it forever the first time it needs that type: a host that
/// forks while another thread makes its first navcore calls would get a child that hangs.
/// So the first navigator's creation, before any other thread can be inside navcore, takes two
/// navigators through the common calls — one inline (screens made, pushed, counted, popped and
/// released), one in host dispatch mode with an observer and a route (`show`, `drain`) — and
/// destroys them. The metadata those calls need then exists before any later call can race a
/// fork. What the warm-up does not reach (a restore's document, a family op) may still meet a
/// type for the first time, and a fork during the warm-up itself copies its own `once`
/// half-done: docs/reliability.md says so.
enum RuntimeWarmUp {
    /// Warms the runtime up once, at the first navigator's creation; the other threads' first
    /// creations wait for it. Nothing in a program with one thread, which cannot fork it.
    @inline(__always)
    static func ensure() {
        #if !NAVCORE_SINGLE_THREADED
        _ = done
        #endif
    }

    #if !NAVCORE_SINGLE_THREADED
    private static let done: Void = {
        warmUp(hostDispatch: false)
        warmUp(hostDispatch: true)
    }()

    /// One navigator's common life, through the exported calls themselves.
    private static func warmUp(hostDispatch: Bool) {
        guard let navigator = HandleTable.shared.insert({ CNavigator(handle: $0, hostDispatch: hostDispatch) }) else {
            return
        }
        let handle = navigator.pointer
        var (first, second, count): (UInt64, UInt64, UInt) = (0, 0, 0)
        _ = navcore_on_done(handle, { _, _, _, _ in }, nil, nil)
        _ = navcore_route_register(handle, "warm-up", { out, _, _, _, _, _ in
            out?.pointee = nil
            return 0
        }, nil, nil)
        _ = navcore_screen_create(&first, handle, "warm-up", nil)
        _ = navcore_screen_create(&second, handle, "warm-up", nil)
        _ = navcore_push(handle, first, false, nil, nil)
        _ = navcore_push(handle, second, false, nil, nil)
        _ = navcore_show(handle, "warm-up", nil, nil, nil)
        _ = navcore_drain(handle)
        _ = navcore_stack_count(&count, handle)
        _ = navcore_pop(handle, false, nil, nil)
        _ = navcore_drain(handle)
        _ = navcore_navigator_destroy(handle)
    }
    #endif
}
