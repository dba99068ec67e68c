import Synchronization

/// The process-wide source of screen ids: 64-bit, non-zero, never reused (SPEC §1). One
/// counter for every navigator makes a foreign id impossible to mistake for a local one.
package enum IDSource {
    private static let counter = Atomic<UInt64>(0)
    private static let decisions = Atomic<UInt64>(0)

    /// A fresh id.
    package static func next() -> UInt64 {
        counter.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// A fresh decision id for a veto that answers later (SPEC §13): non-zero, never reused.
    package static func nextDecision() -> UInt64 {
        decisions.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
