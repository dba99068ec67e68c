import CNavCore
@_spi(Fronts) import NavCoreEngine
#if !NAVCORE_SINGLE_THREADED
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// Every live navigator of the process, by handle. A handle encodes a slot and the slot's
/// generation, `generation << 24 | slot << 1 | 1` (on a 32-bit target, where a handle is a
/// 32-bit pointer, `generation << 12 | slot << 1 | 1`): odd, so never NULL and never a real pointer;
/// a destroyed or forged handle finds no slot or the wrong generation and is refused with
/// `invalid_handle` (SPEC §9), without ever reading through the pointer.
///
/// No handle is ever issued twice: a slot's generation grows by one per navigator (40 bits:
/// a trillion navigators per slot; 20 bits, a million, on a 32-bit target), and a slot whose
/// generation is used up is never reused,
/// so that a stale handle can never name a newer navigator.
///
/// Every exported call resolves its handle without a lock (`withNavigator`): the slots are
/// never freed and each one is pinned by the calls that use its navigator (`HandleSlot`, which
/// explains why a lookup racing a destroy never touches freed memory, and why there is no
/// ABA). Only `insert` and `remove`, and the rare last unpin of a destroyed navigator, take
/// the table's lock, which guards the free slots.
final class HandleTable: Sendable {
    /// Why a handle names no live navigator.
    enum Refusal: Error {
        case unknown
        case inherited
        /// More calls in flight on one navigator (on other threads, or nested inside its
        /// callbacks) than its slot counts (`HandleSlot.State.maxPins`).
        case tooManyCalls

        /// The error a call with such a handle fails with.
        var failure: NavigationError {
            switch self {
            case .unknown:
                NavigationError(.invalidHandle, "the navigator handle is destroyed or was never a navigator")
            case .inherited:
                NavigationError(.invalidHandle,
                                "the navigator was created before fork() by the parent process; the child cannot use it")
            case .tooManyCalls:
                NavigationError(.noMemory,
                                "more than \(HandleSlot.State.maxPins) calls at once on this navigator (nested or on other threads)")
            }
        }
    }

    /// What the lock guards: the slots handed out so far, and those free for reuse.
    private struct Allocation: Sendable {
        var count = 0
        var free: [Int] = []
    }

    /// Bits of the slot number (8,388,608 navigators at once; 2,048 on a 32-bit target) and of
    /// the generation: a handle is a pointer, so both fit in one beside the low bit.
    static let slotBits = UInt.bitWidth == 64 ? 23 : 11
    static let generationBits = UInt.bitWidth - 1 - slotBits
    static let lastGeneration: UInt64 = 1 << generationBits - 1

    #if NAVCORE_SINGLE_THREADED
    /// The process's table (one thread, no `fork()`).
    static let shared = HandleTable()
    #else
    /// The process's table. Its lock is held across `fork()`, so that the child gets the table
    /// whole and usable, with every navigator inherited.
    static let shared: HandleTable = {
        pthread_atfork(
            { HandleTable.shared.prepareFork() },
            { HandleTable.shared.parentAfterFork() },
            { HandleTable.shared.childAfterFork() })
        return HandleTable()
    }()
    #endif

    private let slots = HandleSlots()
    private let allocation = Lock(Allocation())
    /// The generation of a new slot: 1, but for tests of the generation's end.
    private let firstGeneration: UInt64

    init(firstGeneration: UInt64 = 1) {
        self.firstGeneration = firstGeneration
    }

    /// Registers the navigator that `make` builds for its new handle; `nil` when every slot is
    /// taken.
    func insert(_ make: (UInt64) -> CNavigator) -> CNavigator? {
        allocation.withLock { allocation in
            let index: Int
            let generation: UInt64
            if let reused = allocation.free.last, let slot = slots.slot(reused) {
                allocation.free.removeLast()
                index = reused
                generation = slot.pointee.current.generation
            } else {
                guard allocation.count < 1 << Self.slotBits else { return nil }
                index = allocation.count
                generation = firstGeneration
            }
            guard let slot = slots.make(index) else { return nil }
            if index == allocation.count { allocation.count += 1 }
            let navigator = make(Self.handle(slot: index, generation: generation))
            slot.pointee.publish(navigator, generation: generation)
            return navigator
        }
    }

    /// Runs `body` with the live navigator behind `handle`, lock-free: the navigator is
    /// borrowed, pinned in its slot for the call, not retained.
    @inline(__always)
    func withNavigator<Result>(_ handle: UInt64, _ body: (CNavigator) -> Result) throws(Refusal) -> Result {
        guard case let (slot, index, generation)? = address(handle) else { throw .unknown }
        try slot.pointee.pin(generation)
        defer { if slot.pointee.unpin() { empty(slot, index) } }
        guard let navigator = slot.pointee.navigator else { throw .unknown }
        return navigator._withUnsafeGuaranteedRef(body)
    }

    /// Removes the navigator behind `handle`: no call finds it again, and the table's reference
    /// is dropped once no call is using it. The slot's next handle gets the next generation,
    /// or, if the generation is used up, the slot is never used again.
    func remove(_ handle: UInt64) throws(Refusal) -> CNavigator {
        guard case let (slot, index, generation)? = address(handle) else { throw .unknown }
        let (navigator, emptied) = try allocation.withLock { allocation throws(Refusal) in
            let (navigator, idle) = try slot.pointee.close(generation)
            return (navigator, idle ? empty(slot, index, &allocation) : nil)
        }
        emptied?.release()
        return navigator
    }

    /// Takes the table's lock across `fork()` (`pthread_atfork`'s prepare handler).
    func prepareFork() { allocation.lock() }

    /// Releases it in the parent.
    func parentAfterFork() { allocation.unlock() }

    /// In the child: every navigator becomes inherited, then the lock is released. They are
    /// kept, never released: releasing one could run host code or wait on a lock a vanished
    /// thread holds.
    func childAfterFork() {
        allocation.unlockInForkChild { allocation in
            for index in 0..<allocation.count { slots.slot(index)?.pointee.inherit() }
        }
    }

    /// The handle of `slot` at `generation`.
    static func handle(slot: Int, generation: UInt64) -> UInt64 {
        generation << (Self.slotBits + 1) | UInt64(truncatingIfNeeded: slot) << 1 | 1
    }

    /// The slot a well-formed handle names, its index and the handle's generation; `nil` for
    /// a handle no navigator ever had.
    @inline(__always)
    private func address(_ handle: UInt64) -> (UnsafeMutablePointer<HandleSlot>, Int, UInt64)? {
        guard handle & 1 == 1 else { return nil }
        let index = Int(truncatingIfNeeded: (handle >> 1) & (1 << Self.slotBits - 1))
        return slots.slot(index).map { ($0, index, handle >> (Self.slotBits + 1)) }
    }

    /// Empties a closing slot that no call pins any more, then drops the table's reference to
    /// its navigator outside the lock (its deinit may run host code).
    private func empty(_ slot: UnsafeMutablePointer<HandleSlot>, _ index: Int) {
        allocation.withLock { empty(slot, index, &$0) }?.release()
    }

    /// Empties the slot with the lock held; returns the reference to drop.
    private func empty(_ slot: UnsafeMutablePointer<HandleSlot>, _ index: Int,
                       _ allocation: inout Allocation) -> Unmanaged<CNavigator>? {
        let (navigator, reusable) = slot.pointee.empty(lastGeneration: Self.lastGeneration)
        if reusable { allocation.free.append(index) }
        return navigator
    }
}

/// The C type of a handle, `navcore_navigator *`.
public typealias NavigatorHandle = UnsafeMutablePointer<navcore_navigator>

extension UInt64 {
    /// The C pointer that carries this handle.
    var navigatorHandle: NavigatorHandle? { NavigatorHandle(bitPattern: UInt(truncatingIfNeeded: self)) }
}

extension UnsafeMutablePointer where Pointee == navcore_navigator {
    /// The handle this C pointer carries.
    var handleBits: UInt64 { UInt64(UInt(bitPattern: self)) }
}
