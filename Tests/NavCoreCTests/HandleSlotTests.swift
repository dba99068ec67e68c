import Dispatch
@testable import NavCoreC
import Testing

/// The count of calls in flight that a handle slot keeps beside its generation
/// (`HandleSlot.State.maxPins`: 2^21 - 1 on a 64-bit target, 511 on a 32-bit one). A call that
/// finds it full fails with `no_memory` at once, on every build: it never waits for another
/// thread's call to return (the header's `@waits never`). The C interface cannot reach 2^21
/// calls at once (a thread each, or as many nested frames), so the slot is filled here directly.
@Suite("Handle slot") struct HandleSlotTests {
    private typealias State = HandleSlot.State

    /// A live slot of generation 1 that `pins` calls are using.
    private func liveSlot(pins: UInt) -> UnsafeMutablePointer<HandleSlot> {
        let slot = UnsafeMutablePointer<HandleSlot>.allocate(capacity: 1)
        slot.initialize(to: HandleSlot())
        slot.pointee.state.store(State(generation: 1, kind: .live, pins: pins).bits, ordering: .relaxed)
        return slot
    }

    @Test("the last pin the slot counts succeeds; one more fails with no_memory at once, and succeeds again once a call returns")
    func fullSlotRefusesAPinWithoutWaiting() throws {
        nonisolated(unsafe) let slot = liveSlot(pins: State.maxPins - 1)
        defer { slot.deinitialize(count: 1); slot.deallocate() }
        #expect(throws: Never.self) { try slot.pointee.pin(1) }
        #expect(slot.pointee.current.pins == State.maxPins)

        // A watchdog ends a pin that waits for another call to return: after 10 s it unpins
        // once, so that such a pin succeeds (and the expectation below fails) instead of hanging.
        let returned = DispatchSemaphore(value: 0)
        let watchdogDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if returned.wait(timeout: .now() + 10) == .timedOut { _ = slot.pointee.unpin() }
            watchdogDone.signal()
        }
        let refusal: HandleTable.Refusal?
        do throws(HandleTable.Refusal) {
            try slot.pointee.pin(1)
            refusal = nil
        } catch {
            refusal = error
        }
        returned.signal()
        watchdogDone.wait()
        #expect(refusal == .tooManyCalls)
        #expect(slot.pointee.current.pins == State.maxPins, "a refused pin counts nothing")
        #expect(refusal?.failure.code == .noMemory)

        #expect(slot.pointee.unpin() == false)
        #expect(throws: Never.self) { try slot.pointee.pin(1) }
        #expect(slot.pointee.current.pins == State.maxPins)
    }
}
