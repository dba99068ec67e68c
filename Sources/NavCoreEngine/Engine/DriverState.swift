/// Who delivers a family's callbacks and what that thread may start (SPEC §9, §16.8), and how
/// far `destroy` has got. One value instead of independent flags, so that a drain without a
/// driver, a budget without a drain or a teardown before `destroy` cannot be written.
///
/// | state                 | meaning                                                      |
/// |-----------------------|--------------------------------------------------------------|
/// | `idle(w)`             | live; no thread delivers                                     |
/// | `delivering(w)`       | live; one thread (the driver) delivers; queued ops start only in inline mode |
/// | `draining(budget, w)` | live; the driver runs a `drain`: queued ops start, while the budget (if any) lasts |
/// | `destroying`          | `destroy` was called; the driver tears the family down next  |
/// | `destroyed(driving)`  | torn down; `driving`: a thread still delivers its last events or drops host code |
///
/// `w` is host mode's `Wakeup`. The transitions, each made under the family's lock:
///
/// | from                        | event                                             | to                          |
/// |-----------------------------|---------------------------------------------------|-----------------------------|
/// | `idle(w)`                   | a call that may drive finds work, or retired code | `delivering(w)`             |
/// | `idle(w)`                   | `drain` finds work (or retired code)              | `draining(budget, .quiet)`  |
/// | `idle`                      | `drain` finds nothing                             | `idle(.quiet)`              |
/// | `delivering(w)`, `draining` | `drain` asked meanwhile (handed to the driver)    | `draining(budget, .quiet)`  |
/// | `draining(budget, w)`       | the budget runs out                               | `delivering(w)`             |
/// | `delivering(w)`, `draining(_, w)` | the driver finds nothing more to do         | `idle(w)`                   |
/// | `idle`                      | `destroy` (the caller drives)                     | `destroying`                |
/// | `delivering`, `draining`    | `destroy` (handed to the driver)                  | `destroying`                |
/// | `destroying`                | the driver takes the teardown                     | `destroyed(driving: true)`  |
/// | `destroyed(driving: true)`  | the driver finds nothing more to do               | `destroyed(driving: false)` |
/// | `destroyed(driving: false)` | a thread must drop retired host code              | `destroyed(driving: true)`  |
///
/// A live state's wakeup changes on its own (`Wakeup`'s table); `destroying` and `destroyed`
/// wake nobody.
package enum DriverState: Sendable, Equatable {
    case idle(Wakeup)
    case delivering(Wakeup)
    case draining(DrainBudget?, Wakeup)
    case destroying
    case destroyed(driving: Bool)

    /// Host mode's wakeup (SPEC §9): `wakeup` is called once, then not again until a drain.
    ///
    /// | from          | event                                                  | to            |
    /// |---------------|--------------------------------------------------------|---------------|
    /// | `quiet`       | work waits for a drain (an op asked, events raised)    | `due`         |
    /// | any           | the wakeup callback is registered while work waits     | `due`         |
    /// | `due`         | the call that made it due releases the lock and raises it | `outstanding` |
    /// | `quiet`       | the driver leaves queued ops for a drain (it raises it) | `outstanding` |
    /// | any           | `drain`                                                | `quiet`       |
    package enum Wakeup: Sendable, Equatable {
        /// Not raised since the last drain (or ever).
        case quiet
        /// Must be raised by the call holding the lock, once it has released it.
        case due
        /// Raised; the host has not drained since.
        case outstanding
    }

    /// The state of a new family: live, idle, nobody woken.
    package static let initial = DriverState.idle(.quiet)

    /// Whether a thread delivers the family's callbacks (or drops its retired host code).
    package var isDriven: Bool {
        switch self {
        case .idle, .destroyed(driving: false): false
        case .delivering, .draining, .destroying, .destroyed(driving: true): true
        }
    }

    /// Whether `destroy` has been called: every later call fails with `invalid_handle`.
    package var isDestroyed: Bool {
        switch self {
        case .destroying, .destroyed: true
        case .idle, .delivering, .draining: false
        }
    }

    /// Whether `destroy` was called and the teardown is still to come.
    package var awaitsTeardown: Bool { self == .destroying }

    /// Whether a drain is running.
    package var isDraining: Bool {
        if case .draining = self { return true }
        return false
    }

    /// The live state's wakeup; `nil` once destroyed.
    package var wakeup: Wakeup? {
        switch self {
        case .idle(let wakeup), .delivering(let wakeup), .draining(_, let wakeup): wakeup
        case .destroying, .destroyed: nil
        }
    }

    /// The same state with `wakeup` (a destroyed family keeps none).
    package func with(_ wakeup: Wakeup) -> DriverState {
        switch self {
        case .idle: .idle(wakeup)
        case .delivering: .delivering(wakeup)
        case .draining(let budget, _): .draining(budget, wakeup)
        case .destroying, .destroyed: self
        }
    }

    // MARK: Transitions

    /// A thread becomes the driver: `delivering`, or `destroyed(driving: true)`. Only from a
    /// state nobody drives.
    package mutating func claim() {
        switch self {
        case .idle(let wakeup): self = .delivering(wakeup)
        case .destroyed(driving: false): self = .destroyed(driving: true)
        case .delivering, .draining, .destroying, .destroyed(driving: true): break
        }
    }

    /// The driver stops: `idle` (a drain ends with it), or `destroyed(driving: false)`.
    package mutating func release() {
        switch self {
        case .delivering(let wakeup), .draining(_, let wakeup): self = .idle(wakeup)
        case .destroyed(driving: true): self = .destroyed(driving: false)
        case .idle, .destroying, .destroyed(driving: false): break
        }
    }

    /// A `drain` (SPEC §9): the host answered its wakeup; the driver runs the queue within
    /// `budget`. From `idle` this makes the caller the driver, which the caller undoes with
    /// `release()` when there is nothing to run.
    package mutating func beginDrain(_ budget: DrainBudget?) {
        if !isDestroyed { self = .draining(budget, .quiet) }
    }

    /// Whether the driver may start another queued op as far as a drain's budget goes: always
    /// without a bounded drain; with one, while its budget lasts (counting the op), else the
    /// drain ends here and the driver goes on `delivering`.
    package mutating func drainAdmitsStart() -> Bool {
        guard case .draining(var budget?, let wakeup) = self else { return true }
        let admits = budget.admitsStart()
        self = admits ? .draining(budget, wakeup) : .delivering(wakeup)
        return admits
    }

    /// `destroy`: the driver, whoever it is, tears down next.
    package mutating func destroy() {
        if !isDestroyed { self = .destroying }
    }

    /// The driver has taken the teardown.
    package mutating func tearDown() {
        if self == .destroying { self = .destroyed(driving: true) }
    }

    /// Work waits for a drain: the wakeup becomes due unless it is already raised.
    package mutating func raiseWakeup() {
        if wakeup == .quiet { self = with(.due) }
    }

    /// SPEC §9's late registrant: a wakeup registered while work waits is called once at once.
    package mutating func raiseWakeupAgain() {
        if wakeup != nil { self = with(.due) }
    }

    /// Whether the caller must raise the wakeup now; it is then outstanding.
    package mutating func takeWakeupDue() -> Bool {
        guard wakeup == .due else { return false }
        self = with(.outstanding)
        return true
    }

    /// The driver raises the wakeup itself (queued ops wait for a drain): `true` if it was
    /// quiet, and it is now outstanding.
    package mutating func takeQuietWakeup() -> Bool {
        guard wakeup == .quiet else { return false }
        self = with(.outstanding)
        return true
    }
}
