/// A growable FIFO ring buffer: O(1) amortised `append` and O(1) `popFirst`, no allocation
/// once its capacity has grown to the working size. It holds the navigator's queue of ops
/// (SPEC §3.5) and its outbox of events waiting for delivery.
///
/// Every slot access goes through a bounds check that cannot fail by construction; the
/// optional slots make a bug show up as a missing element, never as a trap.
package struct RingBuffer<Element> {
    private var slots: [Element?] = []
    private var head = 0
    package private(set) var count = 0

    package init() {}

    /// Whether the buffer holds no element.
    package var isEmpty: Bool { count == 0 }

    /// The front element, or `nil` when empty.
    package var first: Element? {
        guard count > 0, slots.indices.contains(head) else { return nil }
        return slots[head]
    }

    /// Adds `element` at the back.
    package mutating func append(_ element: Element) {
        if count == slots.count { grow() }
        let tail = (head + count) % slots.count
        if slots.indices.contains(tail) { slots[tail] = element }
        count += 1
    }

    /// Removes and returns the front element, or `nil` when empty.
    package mutating func popFirst() -> Element? {
        guard count > 0, slots.indices.contains(head) else { return nil }
        let element = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        return element
    }

    /// Removes every element, front to back, and returns them.
    package mutating func removeAll() -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        while let element = popFirst() { elements.append(element) }
        return elements
    }

    /// Doubles the capacity, moving the elements to the front of the new storage.
    private mutating func grow() {
        var larger = [Element?](repeating: nil, count: Swift.max(8, slots.count * 2))
        for offset in 0..<count {
            let index = (head + offset) % slots.count
            if slots.indices.contains(index), larger.indices.contains(offset) {
                larger[offset] = slots[index]
            }
        }
        slots = larger
        head = 0
    }
}

extension RingBuffer: Sendable where Element: Sendable {}
