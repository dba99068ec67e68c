/// A family's members other than the one a lock hold acts for (`FamilyState.others`), with an
/// index from each one's id to its position: reaching a member costs the same in a hostile
/// host's family of 100,000 navigators as in a family of two (SPEC §16.8). The order is not
/// meaningful: a removal moves the last member into the hole, a focus swaps a member with
/// `node`.
package struct MemberList: Sendable, RandomAccessCollection {
    private var states: [NodeState] = []
    /// Each member's position in `states`. The member a focus swapped out (the family's
    /// `node`) keeps the entry of the position it left, stale, so that a swap rewrites one
    /// entry in place (`focused` tells that it is no longer there). Out of line (`OutOfLine`),
    /// made at the first member, so that a family of one's state, copied and moved by every
    /// call, stays small.
    private var index: OutOfLine<IDMap<Int>>?
    /// The member the last focus swapped out, whose entry in `index` is stale; 0 (no id)
    /// before the first swap.
    private var focused: NodeID = 0

    private var positions: IDMap<Int> {
        get { index?.value ?? IDMap() }
        _modify {
            let storage = index ?? OutOfLine(IDMap())
            index = storage
            yield &storage.value
        }
    }

    package init() {}

    package var startIndex: Int { states.startIndex }
    package var endIndex: Int { states.endIndex }

    package subscript(index: Int) -> NodeState {
        _read { yield states[index] }
        _modify { yield &states[index] }
    }

    /// What `body` reads of the member at `index`, lent in place; `nil` when there is none.
    /// Through a pointer's subscript, an addressor: an array's subscript, and a buffer's, hand
    /// out a copy of the member (its stack, screens and routes retained and released).
    @inline(__always)
    package func read<R>(at index: Int, _ body: (borrowing NodeState) -> R) -> R? {
        states.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.indices.contains(index) else { return nil }
            return body(base[index])
        }
    }

    /// What the walks of the front read of the member `id` (`FrontLinks`); `nil` when it is not
    /// one of these.
    func frontLinks(of id: NodeID) -> FrontLinks? {
        guard let index = index(of: id) else { return nil }
        return read(at: index) { $0.frontLinks }
    }

    /// The position of the member `id`; `nil` when it is not one of these.
    package func index(of id: NodeID) -> Int? {
        guard id != focused else { return nil }
        return index?.value[id]
    }

    /// Adds `member` (never the member in focus, `focused`, which is the family's `node`).
    mutating func append(_ member: NodeState) {
        positions.insert(states.count, for: member.id)
        states.append(member)
    }

    /// Adds every member of `members`.
    mutating func append(contentsOf members: MemberList) {
        for member in members.states { append(member) }
    }

    /// Takes out the member at `index`; the last member takes its place.
    mutating func remove(at index: Int) -> NodeState {
        positions.remove(states[index].id)
        let last = states.count - 1
        if index != last {
            states.swapAt(index, last)
            positions.insert(index, for: states[index].id)
        }
        return states.removeLast()
    }

    /// Puts `member` at `index` and hands back the member that was there (a focus's swap).
    mutating func exchange(_ member: inout NodeState, at index: Int) {
        swap(&member, &states[index])
        positions.insert(index, for: states[index].id)
        focused = member.id
    }
}
