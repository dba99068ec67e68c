import CNavCore
import Synchronization
@_spi(Fronts) import NavCoreEngine

/// Where navcore_ask_outcome's call and its op's end meet, so that exactly one of them reports
/// the outcome: the call's out-parameter when the op ended before the call returned, else the
/// host's `done`.
///
/// The op's completion is `report` with this record as its ctx. Both sides settle `state`
/// with one compare-and-exchange from `asking`: the op's end writes its outcome there (the
/// call then returns it), or the call's return writes `returned` (the op's end then calls the
/// host's `done`). Whoever loses the exchange is the last to touch the record and frees it, so
/// the two may run on different threads at the same moment: an op handed to another thread's
/// driver may end there while the call returns. A call that fails frees it at once: its op never
/// ran and never will, so its completion is never called (SPEC §2).
struct OutcomeHandOff: ~Copyable {
    /// The call has not returned and the op has not ended.
    private static let asking: Int32 = -2
    /// The call returned first: the op's end reports to `done`.
    private static let returned: Int32 = -1

    /// `asking`, then the op's outcome (≥ 0) or `returned`.
    private let state = Atomic<Int32>(asking)
    /// The host's completion and its ctx, for an op that ends after the call.
    private let done: navcore_done_fn?
    private let ctx: UnsafeMutableRawPointer?

    private init(done: navcore_done_fn?, ctx: UnsafeMutableRawPointer?) {
        self.done = done
        self.ctx = ctx
    }

    /// Asks `request` (a host's, read) with a record between the op's end and this call;
    /// returns the status and the outcome, or `NAVCORE_OUTCOME_NONE` when `done` will have it.
    static func ask(
        _ navigator: CNavigator, _ request: navcore_request, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
    ) throws(NavigationError) -> (status: Int32, outcome: Int32) {
        let record = UnsafeMutablePointer<OutcomeHandOff>.allocate(capacity: 1)
        record.initialize(to: OutcomeHandOff(done: done, ctx: ctx))
        let completion = CompletionHandler.c(CCallback(report, UnsafeMutableRawPointer(record)))
        let status: Int32
        do throws(NavigationError) {
            // The op's ctx stays the host's: a `run` op's block gets it.
            status = try navigator.core.ask(try request.engineRequest(navigator, completion, ctx)).rawValue
        } catch {
            end(record)
            throw error
        }
        let (exchanged, outcome) = record.pointee.state.compareExchange(
            expected: asking, desired: returned, ordering: .acquiringAndReleasing)
        if exchanged { return (status, Int32(NAVCORE_OUTCOME_NONE)) }
        end(record)
        return (status, outcome)
    }

    /// The op's completion: keeps the outcome for the call still under way, or, once the call
    /// has returned, tells the host's `done` and frees the record.
    private static let report: navcore_done_fn = { nav, op, outcome, ctx in
        guard let record = ctx?.assumingMemoryBound(to: OutcomeHandOff.self) else { return }
        let (exchanged, _) = record.pointee.state.compareExchange(
            expected: asking, desired: outcome, ordering: .acquiringAndReleasing)
        if exchanged { return }
        let (done, ctx) = (record.pointee.done, record.pointee.ctx)
        end(record)
        done?(nav, op, outcome, ctx)
    }

    /// Ends a record that one side has let go of.
    private static func end(_ record: UnsafeMutablePointer<OutcomeHandOff>) {
        record.deinitialize(count: 1)
        record.deallocate()
    }
}
