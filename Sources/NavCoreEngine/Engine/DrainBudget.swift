/// The budget of a bounded drain (SPEC §9): a count of ops, a time, or both. The drain always
/// starts the first op it can; it starts another only while every limit it has lasts, so a UI
/// thread that other threads flood gets its main loop back after one op plus the budget.
package struct DrainBudget: Sendable, Equatable {
    /// At most this many ops are started by the drain; `nil`: no count.
    let maxOps: Int?
    /// Another op starts only while less than this many seconds have passed since the call
    /// began; `nil`: no time (`infinity` is allowed and never runs out).
    let seconds: Double?
    /// When the call began (took the navigator's lock), in seconds on the `MonotonicClock`.
    /// (Not a `ContinuousClock.Instant`: that type's layout is resilient, and a field of it in
    /// the navigator's state would make every access to the state's later fields go through
    /// run-time offsets.)
    let start: Double
    /// How many ops the drain has started so far.
    private var started = 0

    /// A budget that starts counting now. A count below 1, or a negative or NaN time, is
    /// `invalid` (it would run nothing, which SPEC §9 refuses rather than guesses at).
    package init(maxOps: Int?, seconds: Double?) throws(NavigationError) {
        if let maxOps, maxOps < 1 {
            throw NavigationError(.invalid, "a bounded drain needs a count of at least 1 op, not \(maxOps)")
        }
        if let seconds, !(seconds >= 0) {
            throw NavigationError(.invalid, "a bounded drain needs a time of 0 s or more, not \(seconds)")
        }
        self.maxOps = maxOps
        self.seconds = seconds
        start = MonotonicClock.now()
    }

    /// `duration` in seconds (negative stays negative, however small: it is then `invalid`).
    package static func seconds(_ duration: Duration) -> Double {
        let (whole, fraction) = duration.components
        return Double(whole) + Double(fraction) / 1e18
    }

    /// Whether the drain may start another op now; counts the op if so. The first one always
    /// may: an op already started runs to its next wait whatever the budget.
    mutating func admitsStart() -> Bool {
        if started > 0 {
            if let maxOps, started >= maxOps { return false }
            if let seconds, !(secondsSinceStart < seconds) { return false }
        }
        started += 1
        return true
    }

    /// The time since the call began, in seconds.
    private var secondsSinceStart: Double { MonotonicClock.now() - start }
}
