#if !NAVCORE_SINGLE_THREADED
import Synchronization
#endif

/// The process-wide source of screen ids: 64-bit, non-zero, never reused (SPEC §1). One
/// counter for every navigator makes a foreign id impossible to mistake for a local one.
package enum IDSource {
    /// A fresh id.
    package static func next() -> UInt64 {
        ids.next()
    }

    /// A fresh decision id for a veto that answers later (SPEC §13): non-zero, never reused.
    package static func nextDecision() -> UInt64 {
        decisions.next()
    }

    /// A fresh navigator id (`NodeState.id`): non-zero, never reused.
    package static func nextNode() -> UInt64 {
        nodes.next()
    }

    #if NAVCORE_SINGLE_THREADED
    // One thread (see `LockPrimitive`): plain counters. An atomic one would need 64-bit atomics,
    // which a 32-bit microcontroller gets only from a library (libatomic).
    nonisolated(unsafe) private static var ids = Counter()
    nonisolated(unsafe) private static var decisions = Counter()
    nonisolated(unsafe) private static var nodes = Counter()

    /// A counter for one thread.
    private struct Counter {
        private var last: UInt64 = 0

        mutating func next() -> UInt64 {
            last &+= 1
            return last
        }
    }
    #else
    private static let ids = Atomic<UInt64>(0)
    private static let decisions = Atomic<UInt64>(0)
    private static let nodes = Atomic<UInt64>(0)
    #endif
}

#if !NAVCORE_SINGLE_THREADED
extension Atomic<UInt64> {
    /// The counter's next value: 1, 2, 3, …, each to one caller, from any thread.
    fileprivate func next() -> UInt64 {
        wrappingAdd(1, ordering: .relaxed).newValue
    }
}
#endif
