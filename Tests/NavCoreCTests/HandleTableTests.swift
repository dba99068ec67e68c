@testable import NavCoreC
import Testing

/// The handle table's generations (issue 16 item 9): no handle is ever issued twice, so a stale
/// handle never names a newer navigator. The table is built with an injected first generation
/// (an internal initialiser, reached with `@testable`; nothing of it is in the shipped C API),
/// so that a slot's last generation is reached in a few steps instead of a trillion.
@Suite("Handle table") struct HandleTableTests {
    /// Inserts a navigator and returns its handle.
    private func insert(_ table: inout HandleTable) throws -> UInt64 {
        let navigator = try #require(table.insert { CNavigator(handle: $0, hostDispatch: false) })
        return navigator.handle
    }

    @Test("a generation has 40 bits: the slot's handle after generation 2^32 - 1 is a new one")
    func generationIsWiderThan32Bits() throws {
        var table = HandleTable(firstGeneration: UInt64(UInt32.max))
        let old = try insert(&table)
        _ = try table.remove(old)
        let next = try insert(&table)
        #expect(next != old)
        #expect(next >> (HandleTable.slotBits + 1) == UInt64(UInt32.max) + 1)
        // Before the fix, generation 2^32 - 1 wrapped to 1: the slot's first handle again.
        #expect(next != HandleTable.handle(slot: 0, generation: 1))
        #expect(throws: HandleTable.Refusal.unknown) { try table.lookup(old) }
        #expect(try table.lookup(next).handle == next)
    }

    @Test("a slot whose generation is used up is never reused: every handle is issued once")
    func exhaustedSlotIsRetired() throws {
        var table = HandleTable(firstGeneration: HandleTable.lastGeneration - 1)
        var issued: Set<UInt64> = []
        for _ in 0..<6 {
            let handle = try insert(&table)
            #expect(issued.insert(handle).inserted, "handle \(handle) was issued twice")
            _ = try table.remove(handle)
        }
        for handle in issued {
            #expect(throws: HandleTable.Refusal.unknown) { try table.lookup(handle) }
        }
        // Two generations per slot were left: six navigators took three slots.
        let slots = Set(issued.map { ($0 >> 1) & (1 << HandleTable.slotBits - 1) })
        #expect(slots == [0, 1, 2])
    }

    @Test("after fork, the child's table refuses the parent's navigators as inherited and makes new ones")
    func inheritedNavigatorsAreRefused() throws {
        var table = HandleTable()
        let parents = try insert(&table)
        table.inheritAll()
        #expect(throws: HandleTable.Refusal.inherited) { try table.lookup(parents) }
        #expect(throws: HandleTable.Refusal.inherited) { try table.remove(parents) }
        let childs = try insert(&table)
        #expect(childs != parents)
        #expect(try table.lookup(childs).handle == childs)
    }
}
