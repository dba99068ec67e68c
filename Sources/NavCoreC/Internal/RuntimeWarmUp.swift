import CNavCore

/// The Swift runtime makes a generic type's metadata the first time the process needs it, inside
/// a `once` of its own. A `fork()` while another thread is in the middle of one copies it
/// half-done, and the child waits on it forever the first time it needs that type: a host that
/// forks while another thread makes its first navcore calls would get a child that hangs.
/// So the first navigator's creation, before any other thread can be inside navcore, takes one
/// navigator through the common calls — screens made, pushed, counted, popped and released,
/// the navigator destroyed — and the metadata they need exists before any later call can race
/// a fork. Calls outside that path (a restore's document, a family) may still meet a type for
/// the first time; docs/reliability.md says so.
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
        guard let navigator = HandleTable.shared.insert({ CNavigator(handle: $0, hostDispatch: false) }) else { return }
        let handle = navigator.pointer
        var (first, second, count): (UInt64, UInt64, UInt) = (0, 0, 0)
        _ = navcore_screen_create(&first, handle, "warm-up", nil)
        _ = navcore_screen_create(&second, handle, "warm-up", nil)
        _ = navcore_push(handle, first, false, nil, nil)
        _ = navcore_push(handle, second, false, nil, nil)
        _ = navcore_stack_count(&count, handle)
        _ = navcore_pop(handle, false, nil, nil)
        _ = navcore_navigator_destroy(handle)
    }()
    #endif
}
