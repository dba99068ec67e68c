@testable import NavCoreEngine
import Testing

/// `ChunkedQueue.removeFirst(_:where:)`, a teardown's search for its navigators' queued ops
/// (SPEC §16.8): it takes the first matching elements in order, keeps the others in order,
/// across chunk boundaries.
@Suite struct ChunkedQueueTests {
    @Test(arguments: [0, 1, 7, 8, 9, 100, 3_000])
    func removeFirstTakesTheMatchesInOrderAndKeepsTheRest(length: Int) {
        var queue = ChunkedQueue<Int>()
        for value in 0..<length { queue.append(value) }
        _ = queue.popFirst()  // the head is not at a chunk's start
        let rest = Array((0..<length).dropFirst())
        let multiples = rest.filter { $0 % 3 == 0 }
        let wanted = multiples.count / 2
        let removed = queue.removeFirst(wanted, where: { $0 % 3 == 0 })
        #expect(removed == Array(multiples.prefix(wanted)))
        let expected = rest.filter { !Array(multiples.prefix(wanted)).contains($0) }
        #expect(queue.count == expected.count)
        #expect(queue.removeAll() == expected)
    }
}
