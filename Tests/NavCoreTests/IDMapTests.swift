import NavCore
import Testing

/// `IDMap`, the registry's id → record table: every operation checked against `Dictionary` as
/// the oracle, over sequential ids (what `IDSource` hands out), ids that share their low bits
/// (the bad case of a masked hash) and ids that all hash to the same slot (the bad case of a
/// multiplicative hash: one long run, wrapping around the table's end).
/// The random ops use `SplitMix` with fixed seeds, so that a failure replays.
@Suite struct IDMapTests {
    /// A class, to see values freed and moved.
    final class Token {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    /// A record-like value: a reference and a flag.
    struct Value {
        var token: Token
        var flag = false
    }

    /// Ids whose hashes are equal in their top 16 bits (so they share a home slot in every
    /// table of up to 65,536 slots): `m * multiplier⁻¹` hashes to `m`, and for `m` near 0 or
    /// near 2⁶⁴ the home is the first or the last slot.
    static func colliding(_ count: Int) -> [UInt64] {
        (1...UInt64(count)).map { m in (m % 2 == 0 ? m : 0 &- m) &* inverse }
    }

    /// The multiplier's inverse modulo 2⁶⁴ (Newton's iteration: 6 steps give 64 bits).
    static let inverse: UInt64 = {
        var inverse = IDMap<Int>.multiplier
        for _ in 0..<6 { inverse = inverse &* (2 &- IDMap<Int>.multiplier &* inverse) }
        return inverse
    }()

    static let patterns: [(name: String, ids: [UInt64])] = [
        ("sequential", Array(1...3_000)),
        ("shared low bits", (1...3_000).map { UInt64($0) << 40 | 0x5 }),
        ("one home slot", colliding(600)),
    ]

    @Test func theCollidingIdsShareTheirHomeSlots() {
        #expect(Self.inverse &* IDMap<Int>.multiplier == 1)
        var map = IDMap<Int>()
        let ids = Self.colliding(6)
        for (index, id) in ids.enumerated() { map.insert(index, for: id) }
        #expect(map.capacity == 8)
        #expect(ids.map(map.home) == [7, 0, 7, 0, 7, 0], "odd m: the last slot, even m: the first")
    }

    @Test(arguments: 0..<patterns.count)
    func randomOperationsAgreeWithDictionary(pattern: Int) {
        let ids = Self.patterns[pattern].ids
        var generator = SplitMix(state: UInt64(pattern) + 1)
        var map = IDMap<Value>()
        var oracle: [UInt64: Int] = [:]
        for step in 0..<20_000 {
            let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4:
                map.insert(Value(token: Token(step)), for: id)
                oracle[id] = step
            case 4..<7:
                #expect(map.remove(id)?.token.number == oracle.removeValue(forKey: id))
            case 7..<9:
                let answer = map.update(id) { value -> Int in
                    value.flag.toggle()
                    value.token = Token(value.token.number + 1)
                    return value.token.number
                }
                if let number = oracle[id] { oracle[id] = number + 1 }
                #expect(answer == oracle[id])
            default:
                #expect(map[id]?.token.number == oracle[id])
            }
            #expect(map.count == oracle.count)
        }
        for id in ids { #expect(map[id]?.token.number == oracle[id], "id \(id)") }
        #expect(map.removeAll().map(\.token.number) == oracle.sorted { $0.key < $1.key }.map(\.value))
        #expect(map.isEmpty && map.capacity == 0)
    }

    @Test(arguments: 0..<patterns.count)
    func theTableDoublesAboveThreeQuartersAndHalvesBelowOneEighth(pattern: Int) {
        let ids = Self.patterns[pattern].ids
        var map = IDMap<Int>()
        #expect(map.capacity == 0, "an empty map allocates nothing")
        var capacities: [Int] = []
        for (index, id) in ids.enumerated() {
            map.insert(index, for: id)
            #expect(map.count * 4 <= map.capacity * 3)
            if capacities.last != map.capacity { capacities.append(map.capacity) }
        }
        #expect(capacities == (0..<capacities.count).map { 8 << $0 }, "8, then doubling")
        #expect(map.count * 8 > map.capacity * 3, "no larger than it needs to be")
        for (index, id) in ids.enumerated() {
            #expect(map.remove(id) == index)
            #expect(map.capacity == 8 || map.count * 8 >= map.capacity)
            #expect(map.count * 4 <= map.capacity * 3)
        }
        #expect(map.isEmpty && map.capacity == 8)
        #expect(map.remove(ids[0]) == nil)
    }

    @Test(arguments: 0..<patterns.count)
    func entriesSurviveRemovalsInAnyOrder(pattern: Int) {
        let ids = Array(Self.patterns[pattern].ids.prefix(500))
        var generator = SplitMix(state: 99)
        for order in [ids, ids.reversed(), ids.shuffled(using: &generator)] {
            var map = IDMap<UInt64>()
            for id in ids { map.insert(id &* 3, for: id) }
            var left = Set(ids)
            for id in order {
                #expect(map.remove(id) == id &* 3)
                left.remove(id)
                // Every entry still reachable after each backward shift: sampled, to keep it short.
                for other in left.prefix(20) { #expect(map[other] == other &* 3) }
                #expect(map[id] == nil)
            }
            #expect(map.isEmpty)
        }
    }

    /// The subscripts a `Dictionary` has: setting `nil` removes, the one with a default changes
    /// a value in place (adding the default first), and `values` lists every value.
    @Test(arguments: 0..<patterns.count)
    func subscriptsAgreeWithDictionary(pattern: Int) {
        let ids = Self.patterns[pattern].ids
        var generator = SplitMix(state: UInt64(pattern) + 7)
        var map = IDMap<[Int]>()
        var oracle: [UInt64: [Int]] = [:]
        for step in 0..<20_000 {
            let id = ids[Int.random(in: 0..<ids.count, using: &generator)]
            switch Int.random(in: 0..<3, using: &generator) {
            case 0:
                let value: [Int]? = step % 3 == 0 ? nil : [step]
                map[id] = value
                oracle[id] = value
            case 1:
                map[id, default: []].append(step)
                oracle[id, default: []].append(step)
            default:
                #expect(map[id] == oracle[id])
            }
            #expect(map.count == oracle.count)
        }
        let order: ([Int], [Int]) -> Bool = { $0.lexicographicallyPrecedes($1) }
        #expect(map.values.sorted(by: order) == oracle.values.sorted(by: order))
    }

    @Test func removeAllAnswersInIdOrderWhateverTheInsertionOrder() {
        var generator = SplitMix(state: 7)
        let ids = (1...1_000).map { UInt64($0) }.shuffled(using: &generator)
        var map = IDMap<UInt64>()
        for id in ids { map.insert(id, for: id) }
        #expect(map.removeAll() == (1...1_000).map { UInt64($0) })
        #expect(map.removeAll().isEmpty)
    }

    @Test func updateChangesTheValueInPlaceWithoutACopy() {
        var map = IDMap<Value>()
        map.insert(Value(token: Token(1)), for: 42)
        let unique = map.update(42) { value in
            value.flag = true
            return isKnownUniquelyReferenced(&value.token)
        }
        #expect(unique == true, "the closure holds the only reference: the value was moved, not copied")
        #expect(map[42]?.flag == true)
        #expect(map.update(43) { _ in true } == nil, "an absent id: nothing changed")
        #expect(map.count == 1)
    }

    @Test func removedAndReplacedValuesAreFreed() {
        var map = IDMap<Value>()
        weak var removed: Token?
        weak var replaced: Token?
        weak var kept: Token?
        do {
            let first = Token(1), second = Token(2), third = Token(3)
            removed = first
            replaced = second
            kept = third
            map.insert(Value(token: first), for: 1)
            map.insert(Value(token: second), for: 2)
            map.insert(Value(token: third), for: 2)
        }
        #expect(replaced == nil)
        _ = map.remove(1)
        #expect(removed == nil)
        for id in 3...100 { map.insert(Value(token: Token(Int(id))), for: UInt64(id)) }  // grows
        for id in 3...100 { _ = map.remove(UInt64(id)) }  // shrinks
        #expect(kept?.number == 3, "moved through every resize")
        _ = map.removeAll()
        #expect(kept == nil)
    }

    @Test func zeroIsNotAnId() {
        var map = IDMap<Int>()
        map.insert(1, for: 0)
        #expect(map.isEmpty && map[0] == nil && map.remove(0) == nil)
    }
}
