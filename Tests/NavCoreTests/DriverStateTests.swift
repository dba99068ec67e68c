import NavCore
import Testing

/// `DriverState`, the driver's state machine: each row of its doc comment's tables, and the
/// transitions that must change nothing (no drain outlives its driver, nothing revives a
/// destroyed family, a raised wakeup is not raised again before a drain).
@Suite struct DriverStateTests {
    typealias State = DriverState

    /// The result of a mutating query (`#expect` cannot take one itself).
    func take(_ state: inout State, _ body: (inout State) -> Bool) -> Bool { body(&state) }

    @Test func aCallThatMayDriveClaimsAnIdleFamilyAndReleasesIt() {
        var state = State.idle(.outstanding)
        #expect(!state.isDriven)
        state.claim()
        #expect(state == .delivering(.outstanding))
        #expect(state.isDriven)
        state.claim()  // already driven: unchanged
        #expect(state == .delivering(.outstanding))
        state.release()
        #expect(state == .idle(.outstanding))
    }

    @Test func aDrainAnswersTheWakeupAndEndsWithItsDriver() throws {
        var state = State.idle(.outstanding)
        state.beginDrain(nil)
        #expect(state == .draining(nil, .quiet))
        #expect(state.isDraining && state.isDriven)
        #expect(take(&state, { $0.drainAdmitsStart() }))  // no budget: always
        #expect(take(&state, { $0.drainAdmitsStart() }))
        state.release()
        #expect(state == .idle(.quiet))
        #expect(!state.isDraining)
    }

    @Test func aDrainHandedToTheDriverReplacesItsBudget() throws {
        var state = State.delivering(.due)
        let budget = try DrainBudget(maxOps: 1, seconds: nil)
        state.beginDrain(budget)
        #expect(state == .draining(budget, .quiet))
        state.beginDrain(nil)
        #expect(state == .draining(nil, .quiet))
    }

    @Test func aBudgetRunsOutAndTheDriverGoesOnDelivering() throws {
        var state = State.idle(.quiet)
        state.beginDrain(try DrainBudget(maxOps: 2, seconds: nil))
        #expect(take(&state, { $0.drainAdmitsStart() }))
        #expect(take(&state, { $0.drainAdmitsStart() }))
        state.raiseWakeup()
        #expect(!take(&state, { $0.drainAdmitsStart() }))
        #expect(state == .delivering(.due))
        #expect(take(&state, { $0.drainAdmitsStart() }))  // no drain, no budget: inline mode starts ops
    }

    @Test func aTimeBudgetOfZeroStartsExactlyOneOp() throws {
        var state = State.idle(.quiet)
        state.beginDrain(try DrainBudget(maxOps: nil, seconds: 0))
        #expect(take(&state, { $0.drainAdmitsStart() }))
        #expect(!take(&state, { $0.drainAdmitsStart() }))
        #expect(state == .delivering(.quiet))
    }

    @Test func theWakeupIsRaisedOnceUntilTheNextDrain() {
        var state = State.delivering(.quiet)
        #expect(!take(&state, { $0.takeWakeupDue() }))
        state.raiseWakeup()
        #expect(state == .delivering(.due))
        state.raiseWakeup()
        #expect(take(&state, { $0.takeWakeupDue() }))
        #expect(state == .delivering(.outstanding))
        state.raiseWakeup()  // outstanding: not again
        #expect(!take(&state, { $0.takeWakeupDue() }))
        #expect(!take(&state, { $0.takeQuietWakeup() }))
        state.release()
        state.beginDrain(nil)
        #expect(state.wakeup == .quiet)
        #expect(take(&state, { $0.takeQuietWakeup() }))  // the driver raises it itself
        #expect(state == .draining(nil, .outstanding))
    }

    @Test func aLateRegistrantIsWokenEvenWhenAWakeupIsOutstanding() {
        var state = State.idle(.outstanding)
        state.raiseWakeupAgain()
        #expect(state == .idle(.due))
        #expect(take(&state, { $0.takeWakeupDue() }))
    }

    @Test func destroyHandsTheTeardownToTheDriverAndEndsForGood() throws {
        for start in [State.idle(.due), .delivering(.quiet), .draining(try DrainBudget(maxOps: 1, seconds: nil), .outstanding)] {
            var state = start
            state.destroy()
            #expect(state == .destroying)
            #expect(state.isDestroyed && state.awaitsTeardown && state.isDriven)
            #expect(state.wakeup == nil)
            state.raiseWakeup()
            state.raiseWakeupAgain()
            state.beginDrain(nil)
            state.destroy()
            #expect(state == .destroying)
            #expect(!take(&state, { $0.takeWakeupDue() }))
            state.tearDown()
            #expect(state == .destroyed(driving: true))
            #expect(!state.awaitsTeardown)
            state.release()
            #expect(state == .destroyed(driving: false))
            #expect(!state.isDriven && state.isDestroyed)
            state.claim()  // a thread that must drop retired host code
            #expect(state == .destroyed(driving: true))
            state.tearDown()
            state.destroy()
            #expect(state == .destroyed(driving: true))
        }
    }

    @Test func aTeardownComesOnlyAfterDestroy() {
        var state = State.delivering(.quiet)
        state.tearDown()
        #expect(state == .delivering(.quiet))
        #expect(!state.isDestroyed)
    }
}
