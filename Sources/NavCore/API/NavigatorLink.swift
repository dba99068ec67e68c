import Synchronization

/// The navigator whose events a handler snapshot delivers, as the delegate and transitions
/// receive it: one per navigator, shared by all its snapshots, held without a reference count.
///
/// A weak reference cost a `swift_weakLoadStrong` and a retain and release through the side
/// table on every event. None is needed: the engine delivers events only inside a call on the
/// navigator (an op, `drain`, `finishTransition`, … whose caller keeps it alive), or inside its
/// `deinit`'s destroy, and the `deinit` detaches the link before it destroys — the events of
/// that destroy reach observers with no navigator, and not the delegate, as they did when a
/// weak reference read `nil` there.
final class NavigatorLink: Sendable {
    /// The navigator's address, 0 once detached (or before it is attached).
    private let address = Atomic<UInt>(0)

    init() {}

    /// Links `navigator`, once its initialisation is complete.
    func attach(_ navigator: Navigator) {
        address.store(UInt(bitPattern: Unmanaged.passUnretained(navigator).toOpaque()), ordering: .relaxed)
    }

    /// Unlinks the navigator: its `deinit` has begun.
    func detach() {
        address.store(0, ordering: .relaxed)
    }

    /// Calls `body` with the navigator, borrowed (no retain); `nil` once detached.
    func withNavigator<Result>(_ body: (Navigator) -> Result) -> Result? {
        guard let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .relaxed)) else { return nil }
        return Unmanaged<Navigator>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }

    /// The navigator, as a strong reference (for values that keep it, weakly, past the event).
    var navigator: Navigator? { withNavigator { $0 } }
}
