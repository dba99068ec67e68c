@testable import NavCoreC
import Testing

/// The handle table's generations (docs/c-api.md, Handles): no handle is ever issued twice, so
/// a stale handle never names a newer navigator. The table is built with an injected first
/// generation (an internal initialiser, reached with `@testable`; nothing of it is in the
/// shipped C API), so that a slot's last generation is reached in a few steps instead of a
/// trillion. And its lock-free lookup (no lock shared by every call of every navigator): a
/// navigator destroyed while a call uses it stays alive until that call returns.
@Suite("Handle table") struct HandleTableTests {
    /// Inserts a navigator and returns its handle.
    private func insert(_ table: HandleTable) throws -> UInt64 {
        let navigator = try #require(table.insert { CNavigator(handle: $0, hostDispatch: false) })
        return navigator.handle
    }

    /// The handle of the navigator a lookup of `handle` finds.
    private func lookup(_ table: HandleTable, _ handle: UInt64) throws(HandleTable.Refusal) -> UInt64 {
        try table.withNavigator(handle) { $0.handle }
    }

    @Test("a generation has 40 bits: the slot's handle after generation 2^32 - 1 is a new one")
    func generationIsWiderThan32Bits() throws {
        let table = HandleTable(firstGeneration: UInt64(UInt32.max))
        let old = try insert(table)
        _ = try table.remove(old)
        let next = try insert(table)
        #expect(next != old)
        #expect(next >> (HandleTable.slotBits + 1) == UInt64(UInt32.max) + 1)
        // Before the fix, generation 2^32 - 1 wrapped to 1: the slot's first handle again.
        #expect(next != HandleTable.handle(slot: 0, generation: 1))
        #expect(throws: HandleTable.Refusal.unknown) { try lookup(table, old) }
        #expect(try lookup(table, next) == next)
    }

    @Test("a slot whose generation is used up is never reused: every handle is issued once")
    func exhaustedSlotIsRetired() throws {
        let table = HandleTable(firstGeneration: HandleTable.lastGeneration - 1)
        var issued: Set<UInt64> = []
        for _ in 0..<6 {
            let handle = try insert(table)
            #expect(issued.insert(handle).inserted, "handle \(handle) was issued twice")
            _ = try table.remove(handle)
        }
        for handle in issued {
            #expect(throws: HandleTable.Refusal.unknown) { try lookup(table, handle) }
        }
        // Two generations per slot were left: six navigators took three slots.
        let slots = Set(issued.map { ($0 >> 1) & (1 << HandleTable.slotBits - 1) })
        #expect(slots == [0, 1, 2])
    }

    @Test("after fork, the child's table refuses the parent's navigators as inherited and makes new ones")
    func inheritedNavigatorsAreRefused() throws {
        let table = HandleTable()
        let parents = try insert(table)
        table.prepareFork()
        table.childAfterFork()
        #expect(throws: HandleTable.Refusal.inherited) { try lookup(table, parents) }
        #expect(throws: HandleTable.Refusal.inherited) { try table.remove(parents) }
        let childs = try insert(table)
        #expect(childs != parents)
        #expect(try lookup(table, childs) == childs)
    }

    @Test("the slots grow chunk by chunk (64, 128, 256, …) and every handle finds its own navigator")
    func slotsGrowAcrossChunks() throws {
        let table = HandleTable()
        let handles = try (0..<500).map { _ in try insert(table) }
        #expect(Set(handles.map { $0 >> 1 & (1 << HandleTable.slotBits - 1) }) == Set(0..<500))
        for handle in handles { #expect(try lookup(table, handle) == handle) }
        for handle in handles { _ = try table.remove(handle) }
        for handle in handles { #expect(throws: HandleTable.Refusal.unknown) { try lookup(table, handle) } }
        // A slot index beyond every chunk made so far is refused, not read.
        #expect(throws: HandleTable.Refusal.unknown) { try lookup(table, HandleTable.handle(slot: 100_000, generation: 1)) }
    }

    @Test("the chunks hold exactly the 2^23 slots a handle can name: the last one 64, not 2^23")
    func chunksCoverTheSlotsExactly() {
        let capacities = (0..<HandleSlots.chunkCount).map(HandleSlots.capacity(of:))
        #expect(capacities.reduce(0, +) == 1 << HandleTable.slotBits)
        #expect(capacities.first == 64)
        #expect(capacities.last == 64)
        #expect(capacities.dropLast().enumerated().allSatisfy { $0.element == 64 << $0.offset })
    }

    @Test("a navigator destroyed during a call on it is released, and its slot reused, only when that call returns")
    func destroyDuringACallWaitsForIt() throws {
        let table = HandleTable()
        let handle = try insert(table)
        weak var released: CNavigator?
        try table.withNavigator(handle) { navigator in
            released = navigator
            #expect(throws: Never.self) { _ = try table.remove(handle) }
            #expect(released != nil, "the navigator outlives its destroy while a call uses it")
            #expect(throws: HandleTable.Refusal.unknown) { try lookup(table, handle) }
            #expect(throws: HandleTable.Refusal.unknown) { try table.remove(handle) }
            // The slot is still in use: a new navigator takes another one.
            let other = try? insert(table)
            #expect(other.map { $0 >> 1 & (1 << HandleTable.slotBits - 1) } == 1)
        }
        #expect(released == nil, "the last call's return released the destroyed navigator")
        // Now the slot is free again, at the next generation.
        let next = try insert(table)
        #expect(next == HandleTable.handle(slot: 0, generation: 2))
    }

    @Test("a slot pinned across fork is abandoned in the child if it was being destroyed")
    func closingSlotIsAbandonedAfterFork() throws {
        let table = HandleTable()
        let handle = try insert(table)
        try table.withNavigator(handle) { _ in
            _ = try? table.remove(handle)
            table.prepareFork()
            table.childAfterFork()
        }
        // The forking thread's call returned; the slot stays out of use and refuses the handle.
        #expect(throws: HandleTable.Refusal.unknown) { try lookup(table, handle) }
        let next = try insert(table)
        #expect(next == HandleTable.handle(slot: 1, generation: 1))
    }
}
