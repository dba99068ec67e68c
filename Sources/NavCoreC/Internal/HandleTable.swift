import CNavCore
import NavCore

/// Every live navigator of the process, by handle. A handle encodes a slot and the slot's
/// generation, `generation << 32 | slot << 1 | 1`: odd, so never NULL and never a real pointer;
/// a destroyed or forged handle finds no slot or the wrong generation and is refused with
/// `invalid_handle` (SPEC §9), without ever reading through the pointer.
struct HandleTable: Sendable {
    private struct Slot: Sendable {
        var generation: UInt32 = 1
        var navigator: CNavigator?
    }

    /// The process's table.
    static let shared = Lock(HandleTable())

    private var slots: [Slot] = []
    private var free: [Int] = []

    /// Registers the navigator that `make` builds for its new handle.
    mutating func insert(_ make: (UInt64) -> CNavigator) -> CNavigator? {
        let index: Int
        if let reused = free.popLast() {
            index = reused
        } else {
            guard slots.count < Int(Int32.max) else { return nil }
            slots.append(Slot())
            index = slots.count - 1
        }
        guard slots.indices.contains(index) else { return nil }
        let handle = UInt64(slots[index].generation) << 32 | UInt64(index) << 1 | 1
        let navigator = make(handle)
        slots[index].navigator = navigator
        return navigator
    }

    /// The live navigator behind `handle`.
    func lookup(_ handle: UInt64) -> CNavigator? {
        guard let index = slotIndex(handle) else { return nil }
        return slots[index].navigator
    }

    /// Removes the navigator behind `handle`; the slot's next handle gets a new generation.
    mutating func remove(_ handle: UInt64) -> CNavigator? {
        guard let index = slotIndex(handle), let navigator = slots[index].navigator else { return nil }
        slots[index].navigator = nil
        slots[index].generation = slots[index].generation == UInt32.max ? 1 : slots[index].generation + 1
        free.append(index)
        return navigator
    }

    /// The slot of a well-formed handle whose generation is current.
    private func slotIndex(_ handle: UInt64) -> Int? {
        guard handle & 1 == 1 else { return nil }
        let index = Int(truncatingIfNeeded: (handle & 0xFFFF_FFFF) >> 1)
        guard slots.indices.contains(index), UInt64(slots[index].generation) == handle >> 32 else { return nil }
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
