#if !NAVCORE_SINGLE_THREADED
import Synchronization
#endif

/// One navigator as the fronts hold it: a handle to its node in its family, and the calls that
/// SPEC §9 asks for: each runs under its family's one lock, never held while a callback runs,
/// and hands the work it makes to the family's driver (`Family+Driver.swift`): one driving
/// thread per family at a time, to which calls from other threads (and from inside callbacks)
/// hand their work; inline and host dispatch.
///
/// Both fronts (the C library and the Swift `Navigator`) call these entry points; their host
/// code reaches the engine as the sink installed in the navigator's node (`install(_:)`).
package final class NavigatorCore: Sendable {
    /// The family this navigator was made in. A merge moves the navigator into another family
    /// and leaves this one forwarding there, so what the core holds never changes: every call
    /// follows the forwards to the family the navigator is in now (none in a family of one).
    private let origin: Family
    /// This navigator in its family.
    package let node: NodeID
    /// Where calls start following the forwards: the family this navigator was last found in,
    /// so that a member whose family merged into another, and that one into a third, is not
    /// walked through every old family on each call. An unmanaged address, 0 for `origin`: it
    /// names `origin` or a family that `origin`'s forwards lead to, each kept alive by the
    /// forward before it (a merged family never lets go of the one it went into), so it stays
    /// valid as long as this navigator; a stale one costs only the hops from it.
    #if NAVCORE_SINGLE_THREADED
    nonisolated(unsafe) private var lastFamily: UInt = 0
    #else
    private let lastFamily = Atomic<UInt>(0)
    #endif

    /// A navigator in inline (default) or host dispatch mode, delivering to `sink`: a family of
    /// one, with its own `visible` flag on or off (SPEC §16.12's creation option).
    package init(hostDispatch: Bool, sink: any EventSink, visible: Bool = true) {
        var member = NodeState(id: IDSource.nextNode())
        _ = member.install(sink)
        member.visible = visible
        node = member.id
        origin = Family(hostDispatch: hostDispatch, node: member)
    }

    /// A navigator navcore makes inside `family` (`restore_tree`, SPEC §16.10): its member
    /// `node` is already in the family's state.
    init(member node: NodeID, of family: Family) {
        self.node = node
        origin = family
    }

    /// The family this navigator is in now.
    var family: Family { origin.current }

    /// Takes the lock of the family this navigator is in now and returns that family, starting
    /// from the one it was last found in (`Family.lockCurrent`).
    @inline(__always)
    private func lockFamily() -> Family {
        #if NAVCORE_SINGLE_THREADED
        let bits = lastFamily
        #else
        let bits = lastFamily.load(ordering: .acquiring)
        #endif
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return lockFamily(from: origin) }
        return lockFamily(from: Unmanaged<Family>.fromOpaque(pointer).takeUnretainedValue())
    }

    /// `lockFamily` from `start`, remembering the family found when it is another.
    @inline(__always)
    private func lockFamily(from start: Family) -> Family {
        let family = start.lockCurrent()
        if family !== start { remember(family) }
        return family
    }

    /// Remembers `family` as the one this navigator was last found in. Out of line: only after
    /// a merge.
    @inline(never)
    private func remember(_ family: Family) {
        let bits = UInt(bitPattern: Unmanaged.passUnretained(family).toOpaque())
        #if NAVCORE_SINGLE_THREADED
        lastFamily = bits
        #else
        lastFamily.store(bits, ordering: .releasing)
        #endif
    }

    // MARK: The lock

    /// Runs `body` under the lock of this navigator's family, acting for this navigator. A
    /// call's way in: the family followed as far as merges have moved it (`Family.lockCurrent`).
    @inline(__always)
    private func withState<R, E: Error>(_ body: (inout FamilyState) throws(E) -> R) throws(E) -> R {
        try lockFamily().state.unlock(handing: ()) { state, _ throws(E) in
            state.focus(on: node)
            defer { state.focus(on: state.stepMember) }  // between holds, `node` is the driver's next
            return try body(&state)
        }
    }

    /// Who may become the driver after a call.
    package enum Driving: Sendable {
        /// In inline mode only: asking ops, thresholds, discards.
        case inlineOnly
        /// Always: `drain`, `finish`, `cancel`, `progress`, `gesture`, `destroy`, which act at
        /// once in host mode too.
        case always
    }

    // MARK: The one way in

    /// Runs `body` on the state under the lock (failing with `invalid_handle` once destroyed),
    /// then, with the lock released, raises a due wakeup and drives the navigator if this
    /// caller should and nobody else is.
    package func perform<R: Sendable>(
        _ driving: Driving, _ body: (inout FamilyState) throws(NavigationError) -> R
    ) throws(NavigationError) -> R {
        try perform(driving, handing: ()) { state, _ throws(NavigationError) in try body(&state) }
    }

    /// `perform` that hands `argument` to `body` to consume (a request that moves into the
    /// queue): passed through rather than captured, as a capture would copy it.
    func perform<Argument, R: Sendable>(
        _ driving: Driving, handing argument: consuming Argument,
        _ body: (inout FamilyState, consuming Argument) throws(NavigationError) -> R
    ) throws(NavigationError) -> R {
        let family = lockFamily()
        var wakeup: (any EventSink)?
        var first: Work?
        let (result, claim) = try family.state.unlock(handing: argument) { state, argument throws(NavigationError) in
            let result: R
            let claim: FamilyState.Claim
            do {
                state.focus(on: node)
                defer { state.focus(on: state.stepMember) }  // between holds, `node` is the driver's next
                guard !state.destroyed, state.actsFor(node) else { throw NavigationError.destroyed }
                let wasDriven = state.driver.isDriven
                // Moved, not copied: without `consume` the request is copied once per call.
                result = try body(&state, consume argument)
                claim = state.claimDriver(callerMayDrive: driving == .always || !state.hostDispatch, wasDriven: wasDriven)
                if state.takeWakeupDue() { wakeup = state.rootSink }
            }
            // The driver's first work, in this hold: nothing reaches the host between the two.
            // Not when a wakeup is due, which the host hears first.
            guard case .drive = claim, wakeup == nil else { return (result, claim) }
            first = state.nextWork()
            return (result, first == nil ? .none : claim)
        }
        // The family the call acted in is the one to drive: a family with a driver is not
        // quiet, so no merge moves it until the drive ends.
        let mustDrop = wakeup == nil ? nil : family.raiseWakeup(&wakeup)
        switch claim {
        case .none: mustDrop?.dropRetired()
        case .drive: family.drive(first.take())
        case .dropRetired: family.dropRetired()
        }
        return result
    }

    /// Reads the state under the lock; fails with `invalid_handle` once destroyed.
    ///
    /// Built as Embedded Swift (a Cortex-M's flash, a page's download), every query shares one
    /// way in to the lock (`withLiveState`), so that each of `read`'s specializations holds only
    /// the query's own body: ten copies of the way in do not fit the core's flash budget (W12).
    /// Elsewhere the way in stays inline: there the fronts call `read` unspecialized (`package`
    /// code is not inlined into another module), and a `Result` of its generic type would be
    /// made at run time, through the runtime's metadata caches — a cost per query, and a lock a
    /// `fork()` may copy held.
    package func read<R: Sendable>(_ body: (borrowing FamilyState) throws(NavigationError) -> R) throws(NavigationError) -> R {
        #if hasFeature(Embedded)
        var outcome = Result<R, NavigationError>.failure(.destroyed)
        withLiveState { state in outcome = Result { () throws(NavigationError) in try body(state) } }
        return try outcome.get()
        #else
        try withState { state throws(NavigationError) in
            guard !state.destroyed, state.actsFor(node) else { throw NavigationError.destroyed }
            return try body(state)
        }
        #endif
    }

    #if hasFeature(Embedded)
    /// Runs `body` on the state under the lock, unless the navigator was destroyed.
    @inline(never)
    private func withLiveState(_ body: (borrowing FamilyState) -> Void) {
        withState { state in
            guard !state.destroyed, state.actsFor(node) else { return }
            body(state)
        }
    }
    #endif

    /// Fails with `invalid_handle` once destroyed: the first check of a call that validates an
    /// argument without the lock (a document to parse), so that a destroyed navigator's status
    /// comes first, as everywhere (SPEC §9).
    package func checkLive() throws(NavigationError) {
        try read { _ in }
    }

    /// Changes what emits nothing (always_appear, routes, results, saved states); fails with
    /// `invalid_handle` once destroyed. Internal: the fronts change the state only through the
    /// calls of NavigatorCore+Calls.swift, which use it.
    func configure<R: Sendable>(_ body: (inout FamilyState) throws(NavigationError) -> R) throws(NavigationError) -> R {
        try withState { state throws(NavigationError) in
            guard !state.destroyed, state.actsFor(node) else { throw NavigationError.destroyed }
            return try body(&state)
        }
    }

    /// Installs the sink that `change` derives from the current one (the front's new host
    /// code). The replaced sink is retired: the driving thread drops it, as dropping it may run
    /// host code (a ctx destructor, a closure's deinit). Fails once destroyed, or when `change`
    /// throws, keeping nothing. `newWakeup`: the change registers or replaces the wakeup callback, which SPEC §9 calls
    /// once at once when work waits (host mode).
    package func replaceSink<Sink: EventSink>(
        newWakeup: Bool = false, _ change: (Sink?) throws(NavigationError) -> Sink
    ) throws(NavigationError) -> Sink {
        try perform(.inlineOnly) { state throws(NavigationError) in
            let sink = try change(state.node.sink as? Sink)
            state.retired.append(state.node.install(sink))
            if newWakeup { state.wakeLateRegistrant() }
            return sink
        }
    }

    /// What `body` reads from the installed sink, if it is a `Sink`, evaluated under the lock.
    /// Only the value leaves the lock, never the sink: were the sink handed out, a registration
    /// replacing it meanwhile could leave this thread with its last reference, and its host
    /// code (a ctx destructor, a closure's deinit) would be dropped here, beside callbacks,
    /// rather than by the driver.
    package func readSink<Sink: EventSink, Value: Sendable>(_: Sink.Type, _ body: (Sink) -> Value) -> Value? {
        withState { state in (state.node.sink as? Sink).map(body) }
    }

    /// Whether `destroy` has been called.
    package var isDestroyed: Bool { withState { $0.destroyed || !$0.actsFor(node) } }
}
