import CNavCore
import Glibc
import NavCore

/// Every live navigator of the process, by handle. A handle encodes a slot and the slot's
/// generation, `generation << 24 | slot << 1 | 1`: odd, so never NULL and never a real pointer;
/// a destroyed or forged handle finds no slot or the wrong generation and is refused with
/// `invalid_handle` (SPEC §9), without ever reading through the pointer.
///
/// No handle is ever issued twice: a slot's generation grows by one per navigator (40 bits:
/// a trillion navigators per slot), and a slot whose generation is used up is never reused,
/// so that a stale handle can never name a newer navigator.
struct HandleTable: Sendable {
    private struct Slot: Sendable {
        var generation: UInt64
        var entry: Entry?
    }

    /// What a slot holds.
    private enum Entry: Sendable {
        case live(CNavigator)
        /// A navigator of the parent process, in a child made by `fork()`: its lock and its
        /// driver may belong to threads that do not exist here, so it is never touched again.
        case inherited(CNavigator)
    }

    /// Why a handle names no live navigator.
    enum Refusal: Error {
        case unknown
        case inherited

        /// The error a call with such a handle fails with.
        var failure: NavigationError {
            switch self {
            case .unknown:
                NavigationError(.invalidHandle, "the navigator handle is destroyed or was never a navigator")
            case .inherited:
                NavigationError(.invalidHandle,
                                "the navigator was created before fork() by the parent process; the child cannot use it")
            }
        }
    }

    /// Bits of the slot number (8,388,608 navigators at once) and of the generation.
    static let slotBits = 23
    static let generationBits = 64 - 1 - slotBits
    static let lastGeneration: UInt64 = 1 << generationBits - 1

    /// The process's table. It is held across `fork()`, so that the child gets it whole and
    /// usable, with every navigator inherited.
    static let shared: Lock<HandleTable> = {
        pthread_atfork(
            { HandleTable.shared.lock() },
            { HandleTable.shared.unlock() },
            { HandleTable.shared.unlock { $0.inheritAll() } })
        return Lock(HandleTable())
    }()

    private var slots: [Slot] = []
    private var free: [Int] = []
    /// The generation of a new slot: 1, but for tests of the generation's end.
    private let firstGeneration: UInt64

    init(firstGeneration: UInt64 = 1) {
        self.firstGeneration = firstGeneration
    }

    /// Registers the navigator that `make` builds for its new handle; `nil` when every slot is
    /// taken.
    mutating func insert(_ make: (UInt64) -> CNavigator) -> CNavigator? {
        let index: Int
        if let reused = free.popLast() {
            index = reused
        } else {
            guard slots.count < 1 << Self.slotBits else { return nil }
            slots.append(Slot(generation: firstGeneration))
            index = slots.count - 1
        }
        guard slots.indices.contains(index) else { return nil }
        let navigator = make(Self.handle(slot: index, generation: slots[index].generation))
        slots[index].entry = .live(navigator)
        return navigator
    }

    /// The live navigator behind `handle`.
    func lookup(_ handle: UInt64) throws(Refusal) -> CNavigator {
        switch entry(handle) {
        case .live(let navigator): return navigator
        case .inherited: throw .inherited
        case nil: throw .unknown
        }
    }

    /// Removes the navigator behind `handle`; the slot's next handle gets the next generation,
    /// or, if the generation is used up, the slot is never used again.
    mutating func remove(_ handle: UInt64) throws(Refusal) -> CNavigator {
        let navigator = try lookup(handle)
        guard let index = slotIndex(handle) else { throw .unknown }
        slots[index].entry = nil
        if slots[index].generation < Self.lastGeneration {
            slots[index].generation += 1
            free.append(index)
        }
        return navigator
    }

    /// In the child after `fork()`: every navigator becomes inherited. They are kept, never
    /// released: releasing one could run host code or wait on a lock a vanished thread holds.
    mutating func inheritAll() {
        for index in slots.indices {
            if case .live(let navigator) = slots[index].entry { slots[index].entry = .inherited(navigator) }
        }
    }

    /// The handle of `slot` at `generation`.
    static func handle(slot: Int, generation: UInt64) -> UInt64 {
        generation << (Self.slotBits + 1) | UInt64(truncatingIfNeeded: slot) << 1 | 1
    }

    /// What the slot of a well-formed handle whose generation is current holds.
    private func entry(_ handle: UInt64) -> Entry? {
        slotIndex(handle).flatMap { slots[$0].entry }
    }

    /// The slot of a well-formed handle whose generation is current.
    private func slotIndex(_ handle: UInt64) -> Int? {
        guard handle & 1 == 1 else { return nil }
        let index = Int(truncatingIfNeeded: (handle >> 1) & (1 << Self.slotBits - 1))
        guard slots.indices.contains(index), slots[index].generation == handle >> (Self.slotBits + 1) else { return nil }
        return index
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
