/// A FIFO queue stored in chunks: O(1) `append` and `popFirst`, and growing never moves what
/// is already queued (a doubling ring buffer copies every element and briefly holds both
/// copies). Chunks double from 8 to 1,024 slots, so a short queue stays small and a long one
/// costs one slot per element. It holds the navigator's queue of ops (SPEC §3.5) and its outbox.
///
/// Every slot access is checked against the chunk's bounds and cannot fail by construction;
/// the optional slots make a bug show up as a missing element, never as a trap.
package struct ChunkedQueue<Element> {
    private var chunks: [ContiguousArray<Element?>] = []
    /// The next element to pop, in `chunks.first`.
    private var head = 0
    /// The next free slot, in `chunks.last`.
    private var tail = 0
    package private(set) var count = 0

    private static var firstChunk: Int { 8 }
    private static var largestChunk: Int { 1024 }

    package init() {}

    /// Whether the queue holds no element.
    package var isEmpty: Bool { count == 0 }

    /// The front element, or `nil` when empty.
    package var first: Element? {
        guard count > 0, let chunk = chunks.first, chunk.indices.contains(head) else { return nil }
        return chunk[head]
    }

    /// Adds `element` at the back.
    package mutating func append(_ element: consuming Element) {
        let last = chunks.count - 1
        if last < 0 || tail >= chunks[last].count {
            let size = chunks.last.map { Swift.min($0.count * 2, Self.largestChunk) } ?? Self.firstChunk
            chunks.append(ContiguousArray(repeating: nil, count: size))
            tail = 0
        }
        let index = chunks.count - 1
        guard chunks[index].indices.contains(tail) else { return }
        chunks[index][tail] = element
        tail += 1
        count += 1
    }

    /// Removes and returns the front element, or `nil` when empty.
    package mutating func popFirst() -> Element? {
        guard count > 0, !chunks.isEmpty, chunks[0].indices.contains(head) else { return nil }
        let element = chunks[0][head].take()
        head += 1
        count -= 1
        if count == 0 {
            // Empty: keep one chunk for the next ops, start it over.
            if chunks.count > 1 { chunks.removeFirst(chunks.count - 1) }
            head = 0
            tail = 0
        } else if head >= chunks[0].count {
            chunks.removeFirst()
            head = 0
        }
        return element
    }

    /// Removes every element, front to back, and returns them.
    package mutating func removeAll() -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(count)
        while let element = popFirst() { elements.append(element) }
        return elements
    }

    /// Removes the first `wanted` elements that `leaves` picks, front to back, and returns
    /// them; the others keep their order. Linear in the part of the queue up to the last one
    /// removed: the elements behind it are not read.
    package mutating func removeFirst(_ wanted: Int, where leaves: (Element) -> Bool) -> [Element] {
        guard wanted > 0 else { return [] }
        var removed: [Element] = []
        var kept: [Element] = []
        scan: for chunk in chunks.indices {
            let end = chunk == chunks.count - 1 ? tail : chunks[chunk].count
            for slot in (chunk == 0 ? head : 0)..<end {
                guard let element = chunks[chunk][slot] else { continue }
                if leaves(element) {
                    removed.append(element)
                    if removed.count == wanted { break scan }
                } else {
                    kept.append(element)
                }
            }
        }
        // The front slots, as many as were removed, go; the kept elements fill the next ones.
        for _ in removed.indices { _ = popFirst() }
        var next = kept.makeIterator()
        fill: for chunk in chunks.indices {
            let end = chunk == chunks.count - 1 ? tail : chunks[chunk].count
            for slot in (chunk == 0 ? head : 0)..<end {
                guard let element = next.next() else { break fill }
                chunks[chunk][slot] = element
            }
        }
        return removed
    }

    /// Removes the elements that `leaves` picks, front to back, and returns them; the others
    /// keep their order. Linear in the whole queue.
    package mutating func removeAll(where leaves: (Element) -> Bool) -> [Element] {
        var removed: [Element] = []
        for element in removeAll() {
            if leaves(element) { removed.append(element) } else { append(element) }
        }
        return removed
    }
}

extension ChunkedQueue: Sendable where Element: Sendable {}
