/// Everything a family of navigators knows (SPEC §16.8), guarded by its lock: what the family
/// shares — the queue, the op in flight, the driver, the outbox, retired host code, the
/// transition ids — and its members' own state (`NodeState`). Plain data and small mutations: each
/// op's validation, plan and script live in its file in `Engine/Ops/`, the steps they share in
/// `Family+Scripts.swift` and `FamilyState+Changes.swift`, the thread hand-off in
/// `NavigatorCore.swift` (the calls) and `Family+Driver.swift` (the driver).
package struct FamilyState: Sendable {
    // MARK: Configuration

    /// Host dispatch mode (SPEC §9): asking only enqueues; `drain` runs the queue.
    package let hostDispatch: Bool

    // MARK: Members

    /// The member this lock hold acts for (`focus(on:)`): the navigator a call was made on, or
    /// the one whose op or event the driver is delivering. Stored inline, so that a family of
    /// one — every family for now — reaches its navigator as directly as before families.
    /// Between lock holds it is the member the driver's next step acts for (`stepMember`): a
    /// hold that acts for another member (a call, a teardown) focuses back before it ends, so
    /// that the driver's holds, the most frequent ones, need no focus of their own.
    package internal(set) var node: NodeState
    /// The family's other members.
    package internal(set) var others = MemberList()
    /// The family's root: its host-mode wakeup goes through the root's callback (SPEC §16.8).
    package internal(set) var root: NodeID
    /// The family this one was merged into: every member has moved there, and a call that finds
    /// this set follows it (`NavigatorCore`). `nil` while the family is live on its own.
    package internal(set) var forward: Family?

    // MARK: Ops

    /// Ops waiting to run, in FIFO order, each with the member it was asked of.
    package var queue = ChunkedQueue<Queued<Request>>()
    /// The member whose op is in flight, or whose op ran last: the driver's steps act for it.
    package internal(set) var opMember: NodeID
    /// The op in flight; the family is busy while there is one (and, within the lock hold
    /// that ends it, the op that has just ended: see `endOp`).
    package internal(set) var current: RunningOp?
    /// Where the op in flight stands; `nil` exactly when there is none. Stored beside the op,
    /// not in it: reading a field of the optional op copies the whole op (its request, change
    /// and screens), and the driving loop reads the phase several times per op.
    package private(set) var currentPhase: RunningOp.Phase?
    /// The record of an ended op, cleared, that the next op to start takes instead of a new
    /// one (`Family.drive`): most ops start and end within one drive, one after the other.
    var spareOp: Optional<RunningOp>
    /// Whether the op in flight has reported its outcome (its `done` has gone out, its `action
    /// idle` comes next): a teardown made by a call from then on (`discardHost`) leaves it to
    /// end, as an op reports one outcome (SPEC §16.6). Beside the op, as its phase is.
    var reported = false
    /// What only a family of more than one navigator uses, out of line, made at its first
    /// change (`FamilyOps`).
    var familyStorage: OutOfLine<FamilyOps>?
    /// Events raised outside the op in flight (bar on a threshold change, a discard's release,
    /// progress), delivered before the op's next event.
    package var outbox = ChunkedQueue<Queued<Event>>()
    /// Host code the family let go of (a replaced sink, an unregistered route's factory, a
    /// replaced result listener: objects, all of them).
    /// Dropping it may run host code — a C ctx destructor, a Swift deinit — so the driving
    /// thread drops it, like a callback: never under the lock, never beside another callback.
    package var retired: [any AnyObject & Sendable] = []
    private var lastTransition: UInt64 = 0

    // MARK: Driving (SPEC §9)

    /// Who delivers the callbacks, the drain going on, host mode's wakeup, and `destroy`.
    package internal(set) var driver = DriverState.initial

    /// A family of one: `node`, in the given dispatch mode.
    package init(hostDispatch: Bool, node: NodeState) {
        self.hostDispatch = hostDispatch
        self.node = node
        root = node.id
        opMember = node.id
        spareOp = nil
    }

    /// Makes the member `id` the one this lock hold acts for (`node`); nothing when it already
    /// is, as in a family of one.
    @inline(__always)
    package mutating func focus(on id: NodeID) {
        if node.id != id { refocus(id) }
    }

    /// The member the driver's next step acts for, which `node` is between lock holds: the
    /// op's member, or, between a routed op's `done` (its asker's) and its `action idle`, its
    /// performer (`routedIdle`).
    var stepMember: NodeID { routedIdle ?? opMember }

    /// Whether this hold acts for the live member `id`: false once it was torn down (SPEC
    /// §16.7: its handle is dead), which `focus(on:)` leaves unfound.
    @inline(__always)
    package func actsFor(_ id: NodeID) -> Bool {
        node.id == id && !node.dead
    }

    private mutating func refocus(_ id: NodeID) {
        guard let index = others.index(of: id) else { return }
        others.exchange(&node, at: index)
    }

    /// The root's sink, through which the family's wakeup goes (SPEC §16.8).
    package var rootSink: any EventSink {
        if node.id == root { return node.sink }
        return others.index(of: root).map { others[$0].sink } ?? node.sink
    }

    // MARK: Queries

    /// Whether an op is in flight.
    package var busy: Bool { currentPhase != nil }
    /// The transition in flight, if the op waits for one.
    package var transition: (id: UInt64, interactive: Bool)? {
        if case .waiting(let id, let interactive) = currentPhase { return (id, interactive) }
        return nil
    }
    /// The id of the pending veto decision, if the op waits for one.
    package var pendingDecision: UInt64? {
        if case .deciding(let id) = currentPhase { return id }
        return nil
    }
    /// How many ops wait in the queue (the op in flight not counted).
    package var pending: Int { queue.count }
    /// Whether a back button or gesture would pop now (SPEC §6), without asking the veto.
    package var canGoBack: Bool { !busy && queue.isEmpty && backTarget(of: node.id) != nil }
    /// Whether queued ops may start now.
    package var canStartOps: Bool { !hostDispatch || driver.isDraining }
    /// Whether `destroy` has been called: every later call fails with `invalid_handle`.
    package var destroyed: Bool { driver.isDestroyed }

    // MARK: Requests

    /// Takes an op (SPEC §3): it starts at once when the family is idle, nobody is
    /// delivering callbacks and the mode is inline; otherwise it waits in the queue.
    package mutating func enqueue(_ request: consuming Request) -> RequestStatus {
        if !hostDispatch && !busy && queue.isEmpty && !driver.isDriven {
            start(request)
            return .ok
        }
        queue.append(Queued(request, member: node.id))
        node.queuedOps += 1
        if hostDispatch { raiseWakeup() }
        return .queued
    }

    /// Marks the transition `id` finished, or cancelled, for the driver to act on.
    package mutating func endTransition(_ id: UInt64, cancel: Bool) throws(NavigationError) {
        guard let transition, transition.id == id else {
            throw NavigationError(.state, "transition \(id) is not in flight")
        }
        if cancel {
            guard transition.interactive else {
                throw NavigationError(.state, "transition \(id) is not interactive and cannot be cancelled")
            }
            currentPhase = .cancelRequested
        } else {
            currentPhase = .finishRequested
        }
    }

    /// Records the progress of the interactive transition `id` (SPEC §5).
    package mutating func progress(_ id: UInt64, _ value: Double) throws(NavigationError) {
        guard let transition, transition.id == id, transition.interactive else {
            throw NavigationError(.state, "no interactive transition \(id) is in flight")
        }
        guard value >= 0, value <= 1 else {
            throw NavigationError(.invalid, "progress \(value) is not within 0…1")
        }
        // To the navigator that performs the transition (SPEC §16.6), whichever was called.
        if withMember(opMember, { $0.interest.contains(.progress) }) == true {
            outbox.append(Queued(.progress(transition: id, value: value), member: opMember))
        }
    }

    /// Starts a `drain` (host mode): the host has answered the wakeup. With a budget, a bounded
    /// one (SPEC §9); in inline mode a budget means nothing (the queue always runs).
    package mutating func beginDrain(_ budget: DrainBudget? = nil) {
        driver.beginDrain(hostDispatch ? budget : nil)
    }

    /// What a bounded drain returns once its call is over (SPEC §9): `queued` when ops wait in
    /// the queue with no op in flight and no drain going on — it stopped on its budget, or ops
    /// arrived after it, and either way `wakeup` has been raised for them — else `ok` (the
    /// queue is empty, an op waits for the host and its *finish*, *cancel* or `decide` raises
    /// `wakeup` later, or another call drives on, as a drain made inside a callback does).
    package var boundedDrainStatus: RequestStatus {
        hostDispatch && !queue.isEmpty && !busy && !driver.isDraining ? .queued : .ok
    }

    /// Marks the family destroyed; the driver tears it down (SPEC §9).
    package mutating func markDestroyed() { driver.destroy() }

    /// Whether `destroy` was called; if so the op in flight stops here, for the teardown to
    /// end it `aborted` (SPEC §9: nothing new starts, not even an `open`'s next factory).
    mutating func haltIfDestroyed() -> Bool {
        if destroyed { setPhase(.halted) }
        return destroyed
    }

    /// Answers the pending veto decision `id` (SPEC §13); `state` if it is not the one pending.
    package mutating func answerDecision(_ id: UInt64, allow: Bool) throws(NavigationError) {
        guard let pending = pendingDecision, pending == id else {
            throw NavigationError(.state, "decision \(id) is not pending")
        }
        currentPhase = .decided(allow: allow)
    }

    // MARK: The op in flight

    /// Makes `request`, asked of `member` (by default the one this hold acts for), the op in
    /// flight, `pending` until the driver runs it.
    @discardableResult
    package mutating func start(_ request: consuming Request, member: NodeID? = nil) -> RunningOp {
        let op: RunningOp
        if let spare = spareOp.take() {
            spare.reuse(for: request)
            op = spare
        } else {
            op = RunningOp(request)
        }
        current = op
        currentPhase = .pending
        reported = false
        if let member {
            opMember = member
            focus(on: member)
        } else {
            opMember = node.id
        }
        return op
    }

    /// Raises `event` outside the op in flight, for the member this hold acts for; the driver
    /// delivers it before the op's next event.
    mutating func raise(_ event: consuming Event) {
        outbox.append(Queued(event, member: node.id))
    }

    /// Moves the op in flight to `phase`; nothing when there is none.
    package mutating func setPhase(_ phase: RunningOp.Phase) {
        if currentPhase != nil { currentPhase = phase }
    }

    /// Takes the op in flight out of the state (moved, not copied): it ends.
    mutating func takeCurrent() -> RunningOp? {
        currentPhase = nil
        return current.take()
    }

    /// Ends the op in flight. Its record stays in `current` until `takeEnded` moves it out, in
    /// the same lock hold, for the caller to drop once the lock is released (it may
    /// hold host closures, a completion or a run block, whose deinit must not run under the
    /// lock). Not moved twice: the record is large, and each move copies it.
    mutating func endOp() {
        currentPhase = nil
    }

    /// The record of the op that `endOp` ended in this lock hold; `nil` while an op is in flight.
    mutating func takeEnded() -> RunningOp? {
        busy ? nil : current.take()
    }

    // MARK: Screens

    /// Creates a detached screen.
    package mutating func createScreen(route: String, object: HostObject) -> UInt64 {
        let id = IDSource.next()
        node.screens.add(ScreenBox(id: id, route: route, object: object))
        return id
    }

    // MARK: Navigation bar

    /// Sets the threshold and emits the bar change at once, instant (SPEC §8).
    package mutating func setThreshold(_ value: Int) throws(NavigationError) {
        guard value >= 0 else { throw NavigationError(.invalid, "node.threshold \(value) is negative") }
        node.threshold = value
        if let event = node.updateBar(animated: false) { raise(event) }
    }

    // MARK: Wakeup

    /// Host mode: wake the host unless it has a wakeup it has not answered.
    package mutating func raiseWakeup() {
        driver.raiseWakeup()
    }

    /// Takes back the sink a caller raised `wakeup` on, with the lock held, so that the caller
    /// never holds the last reference to host code: the current sink is only let go (this
    /// state still holds it); a sink replaced meanwhile is retired, for a driver to drop. Returns
    /// whether the caller must be that driver (nobody drives: it now does, to drop it).
    package mutating func takeBack(_ raised: inout (any EventSink)?) -> Bool {
        guard let taken = raised else { return false }
        raised = nil
        guard taken !== rootSink else { return false }
        retired.append(taken)
        guard !driver.isDriven else { return false }
        driver.claim()
        return true
    }

    /// SPEC §9: a wakeup registered (or replaced) while queued ops or undelivered events wait
    /// (even behind a transition or a pending decision) is called once at once, by the
    /// registering thread, so that a host that registers late never stalls. Only the root's
    /// (the registrant is `node`): a family's wakeup goes through its root's callback, and a
    /// member's own is not called while it has a parent (§16.8), so a member's registration
    /// calls nothing, and the root's wakeup, already raised, waits for the next drain.
    package mutating func wakeLateRegistrant() {
        guard hostDispatch, node.id == root, !queue.isEmpty || !outbox.isEmpty else { return }
        driver.raiseWakeupAgain()
    }

    /// Whether the caller must raise `wakeup` now; clears the request.
    package mutating func takeWakeupDue() -> Bool {
        driver.takeWakeupDue()
    }

    // MARK: Transitions

    /// Goes on counting transition ids after `other`'s too (a merge): no member of either family
    /// receives an id it already received, so a late *finish* of an old id finishes nothing new.
    mutating func countTransitions(after other: FamilyState) {
        lastTransition = max(lastTransition, other.lastTransition)
    }

    /// A fresh transition id, never 0.
    package mutating func nextTransitionID() -> UInt64 {
        lastTransition &+= 1
        if lastTransition == 0 { lastTransition = 1 }
        return lastTransition
    }
}

/// What a family queues for one of its members: an op asked of it, or an event raised for it.
package struct Queued<Value: Sendable>: Sendable {
    package var value: Value
    /// The member it was asked of or raised for.
    package let member: NodeID

    init(_ value: consuming Value, member: NodeID) {
        self.value = value
        self.member = member
    }
}
