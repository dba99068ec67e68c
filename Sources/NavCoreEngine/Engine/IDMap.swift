/// A hash map from screen ids to values, made for the registry's hot path (docs/performance.md,
/// *Where the cost goes*): a `Dictionary<UInt64, _>` hashes every key with SipHash (≈ 100 instructions per
/// lookup); ids come from one process-wide counter (`IDSource`), sequential and never 0, so a
/// multiplicative (Fibonacci) hash spreads them evenly at the cost of one multiply.
///
/// Open addressing with linear probing over one array of `(key, value)` slots (a probe reads
/// the key and its value in the same cache line); key 0 marks an empty slot. Removal shifts the
/// following entries of the run back (no tombstones), so a lookup never walks dead slots. The
/// table doubles above 3/4 full (as `Dictionary` does, so a slot costs what a `Dictionary`
/// bucket does) and halves below 1/8 full, so a navigator that once held many screens gives the
/// memory back.
///
/// No operation traps: every slot index is `hash >> shift` or `(index + 1) & mask` with
/// `capacity == 1 << (64 - shift)` and `mask == capacity - 1`, so it is below `capacity`, the
/// slot array's count (an empty map has no slots and answers without indexing).
package struct IDMap<Value> {
    /// One slot: `key == 0` and `value == nil` when empty.
    fileprivate struct Slot {
        var key: UInt64
        var value: Value?

        static var empty: Slot { Slot(key: 0, value: nil) }
    }

    /// The hash's multiplier: 2⁶⁴ / φ, odd, so that the hash is a bijection of the ids.
    package static var multiplier: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    /// The smallest table the map allocates.
    private static var minimumCapacity: Int { 8 }

    private var slots: ContiguousArray<Slot> = []
    /// `64 - log2(capacity)`: the hash's top bits index the table.
    private var shift = 64
    /// The number of entries.
    package private(set) var count = 0

    package init() {}

    /// Whether the map holds no entry.
    package var isEmpty: Bool { count == 0 }

    /// The number of slots (a power of two, or 0 before the first insertion): the table grows
    /// and shrinks by doubling and halving.
    package var capacity: Int { slots.count }

    /// The value of `id`, or `nil` when it has none; setting `nil` removes it (as a
    /// `Dictionary`'s subscript does).
    package subscript(id: UInt64) -> Value? {
        get {
            guard let index = find(id) else { return nil }
            return slots[index].value
        }
        set {
            if let newValue { insert(newValue, for: id) } else { remove(id) }
        }
    }

    /// What `body` reads of the value of `id`, lent in place (the subscript hands out a copy:
    /// a value holding arrays is retained and released); `nil` when `id` has no value.
    @inline(__always)
    package func read<R>(_ id: UInt64, _ body: (borrowing Value) -> R) -> R? {
        guard let index = find(id) else { return nil }
        return slots.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.indices.contains(index) else { return nil }
            // `map` lends its payload (it also takes noncopyable ones): `switch` binding a `let`
            // would copy the value, retaining what it holds.
            return base[index].value.map { body($0) }
        }
    }

    /// The value of `id`, `defaultValue` when it has none, changed in place (as a
    /// `Dictionary`'s subscript with a default: the value is stored after the change).
    package subscript(id: UInt64, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[id] ?? defaultValue() }
        _modify {
            var value = remove(id) ?? defaultValue()
            defer { insert(value, for: id) }
            yield &value
        }
    }

    /// Every value, in no meaningful order.
    package var values: [Value] {
        slots.compactMap { $0.value }
    }

    /// Sets the value of `id` (0 is not an id: ignored), replacing any it had.
    package mutating func insert(_ value: Value, for id: UInt64) {
        guard id != 0 else { return }
        if (count + 1) * 4 > capacity * 3 { resize(to: Swift.max(Self.minimumCapacity, capacity * 2)) }
        let index = probe(id)
        if slots[index].key == id {
            slots[index].value = value
        } else {
            slots[index] = Slot(key: id, value: value)
            count += 1
        }
    }

    /// Changes the value of `id` in place (moved out of its slot and back, never copied);
    /// returns what `change` returns, or `nil` (and nothing changed) when `id` has no value.
    package mutating func update<R>(_ id: UInt64, _ change: (inout Value) -> R) -> R? {
        guard let index = find(id), var value = slots[index].value.take() else { return nil }
        defer { slots[index].value = value }
        return change(&value)
    }

    /// Removes the value of `id` and returns it, or `nil` when it had none.
    @discardableResult
    package mutating func remove(_ id: UInt64) -> Value? {
        guard let index = find(id) else { return nil }
        let value = slots[index].value.take()
        slots[index].key = 0
        count -= 1
        closeHole(at: index)
        if capacity > Self.minimumCapacity, count * 8 < capacity { resize(to: capacity / 2) }
        return value
    }

    /// Removes every entry and returns the values in ascending id order: creation order, since
    /// ids only grow.
    package mutating func removeAll() -> [Value] {
        var entries: [(key: UInt64, value: Value)] = []
        entries.reserveCapacity(count)
        for index in slots.indices {
            if let value = slots[index].value.take() { entries.append((slots[index].key, value)) }
        }
        self = IDMap()
        entries.sort { $0.key < $1.key }
        return entries.map { $0.value }
    }

    /// The slot where the search for `id` starts: the top bits of `id × multiplier`.
    @inline(__always)
    package func home(_ id: UInt64) -> Int {
        Int(truncatingIfNeeded: (id &* Self.multiplier) >> UInt64(shift))
    }

    /// The slot holding `id`, if any.
    private func find(_ id: UInt64) -> Int? {
        guard count > 0, id != 0 else { return nil }
        let index = probe(id)
        return slots[index].key == id ? index : nil
    }

    /// The slot holding `id`, or else the empty slot that ends its run (the table has one: it is
    /// allocated and at most 3/4 full).
    private func probe(_ id: UInt64) -> Int {
        let mask = capacity - 1
        var index = home(id)
        while true {
            let key = slots[index].key
            if key == id || key == 0 { return index }
            index = (index + 1) & mask
        }
    }

    /// Backward-shift deletion: moves each following entry of the run whose home is not in
    /// `(hole, entry]` (cyclically) into the hole, until an empty slot ends the run, so every
    /// entry stays reachable from its home without crossing an empty slot.
    private mutating func closeHole(at start: Int) {
        let mask = capacity - 1
        var hole = start
        var index = (start + 1) & mask
        while true {
            let key = slots[index].key
            if key == 0 { return }
            // The entry may move into the hole when the hole lies between its home and it.
            if (index - home(key)) & mask >= (index - hole) & mask {
                slots.swapAt(hole, index)
                hole = index
            }
            index = (index + 1) & mask
        }
    }

    /// Rehashes every entry into a table of `newCapacity` slots (a power of two, at least
    /// `minimumCapacity` and above `count * 4 / 3`); the values are moved, not copied.
    private mutating func resize(to newCapacity: Int) {
        var old = ContiguousArray(repeating: Slot.empty, count: newCapacity)
        swap(&old, &slots)
        shift = 64 - newCapacity.trailingZeroBitCount
        for index in old.indices where old[index].key != 0 {
            slots[probe(old[index].key)] = Slot(key: old[index].key, value: old[index].value.take())
        }
    }
}

extension IDMap: Sendable where Value: Sendable {}
extension IDMap.Slot: Sendable where Value: Sendable {}
