/// The op in flight: its request and the change it waits to complete. Where it stands (its
/// `Phase`) is stored beside it, in `FamilyState.currentPhase`.
///
/// A class: the family's state and the driver running the op's script share it by reference,
/// so reading a field of the op in flight, or handing it to the driver, copies nothing (as a
/// value, each optional read copied the whole record through its value witnesses). The driver
/// reads only `request` outside the lock, which does not change while the op runs; every other
/// `var` is read and written under the family's lock alone, which already makes each access
/// exclusive (so they skip the runtime's exclusivity check, a call per access).
///
/// Made when an op starts, unless the family has the record of an op that ended, which its
/// driver cleared once nothing else held it (`recycled`, `FamilyState.spareOp`): most ops start
/// and end in one drive, one after another, and a reused record saves an allocation and a free
/// per op.
package final class RunningOp: @unchecked Sendable {
    /// Where the op stands between the driver and the host.
    package enum Phase: Sendable, Equatable {
        /// Started (the navigator is busy); the driver has not run it yet.
        case pending
        /// The driver is running its script.
        case running
        /// Its transition is with the host's animator.
        case waiting(transition: UInt64, interactive: Bool)
        /// The host finished the transition; the driver will run steps 7–11.
        case finishRequested
        /// The host cancelled the interactive transition; the driver will undo the pop.
        case cancelRequested
        /// A `back` whose veto answered later waits for the host's `decide` with this id
        /// (SPEC §13).
        case deciding(UInt64)
        /// The host decided; the driver will pop (`true`) or end the op `vetoed`.
        case decided(allow: Bool)
        /// `destroy` stopped the op's script (an `open` between factories); the teardown
        /// ends it `aborted`.
        case halted
    }

    /// Changed only by `reuse` and `recycled`, while the record is out of use.
    @exclusivity(unchecked) package private(set) var request: Request
    /// Whether `change` emitted show/hide events at step 5: decided then and kept for step 7,
    /// so that every `will_*` gets its `did_*` even if `always_appear` changes meanwhile.
    @exclusivity(unchecked) package var showsAppearance = false
    /// The screens a `show` or `open` made and holds until they enter the stack (SPEC §1), in
    /// creation order.
    @exclusivity(unchecked) package var made: [ScreenRef] = []
    /// The change waiting for its transition (set at step 6).
    @exclusivity(unchecked) package var change: StackChange?

    package init(_ request: consuming Request) {
        self.request = request
    }

    /// Makes this record, cleared, the one of the op `request` that starts now (under the lock).
    func reuse(for request: consuming Request) {
        // Swapped in: an assignment would go through the request's value witness.
        var incoming = request
        swap(&self.request, &incoming)  // `incoming` now holds the cleared request: nothing to let go
    }

    /// The record of an ended op, if nothing else holds it, cleared for the family to reuse for
    /// its next op (`FamilyState.spareOp`): its request and what it held are let go here, with
    /// no lock held, as they may hold host closures.
    static func recycled(_ op: consuming RunningOp) -> RunningOp? {
        var op = op
        guard isKnownUniquelyReferenced(&op) else { return nil }
        var ended = Request.cleared
        swap(&op.request, &ended)  // the ended request is let go at the end of this scope
        op.showsAppearance = false
        if !op.made.isEmpty { op.made = [] }
        if op.change != nil { op.change = nil }
        return op
    }
}
