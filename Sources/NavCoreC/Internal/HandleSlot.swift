import Synchronization

/// One slot of the handle table, read by every exported call without a lock: which navigator
/// the handles of this slot name, and how many calls are using it. A slot lives in a chunk that
/// is never freed (`HandleSlots`), so that any thread may read it at any time, even while the
/// navigator it holds is being destroyed; only the navigator is released, and only once no
/// call uses it.
///
/// `state` is one word, `generation << 24 | kind << 21 | pins` (on a 32-bit target
/// `generation << 12 | kind << 9 | pins`); `entry` holds the navigator,
/// retained once by the table, from `publish` until `empty`. A call *pins* the slot with one
/// compare-and-exchange that also checks the generation and that the slot is live, borrows the
/// navigator (no retain: the pin keeps the table's reference alive) and unpins it with one
/// atomic subtraction when it returns. `navcore_navigator_destroy` marks the slot `closing`
/// (no new pin succeeds); the table's reference is dropped, and the slot emptied for reuse, by
/// whoever sees the pins of a closing slot reach zero: the destroying thread itself when no
/// call was under way, else the last such call as it unpins. Destroy never waits for a pin, so
/// a callback may destroy the navigator whose call runs it.
///
/// Why a lookup racing a destroy never touches freed memory: the slot itself is never freed;
/// the navigator is read only by a thread holding a pin, and pinning succeeds only while the
/// slot is live; once the slot is closing no pin is added, so the pins only fall, and the one
/// thread that takes them to zero is the only one that releases the navigator.
///
/// Why there is no ABA: a pin's compare-and-exchange expects the whole word, generation
/// included. Within one generation the word only goes live → closing, the pins moving only
/// meanwhile; emptying the slot gives it the next generation (or retires it when its
/// generation is used up), and a generation never comes back (40 bits; 20 on a 32-bit target).
/// So a stale word, read before a destroy and a reuse, can never be exchanged: a word equal to
/// it names the very same live navigator.
struct HandleSlot: ~Copyable {
    /// `State`'s bits.
    let state = Atomic<UInt>(0)
    /// The navigator's `Unmanaged` bits; 0 when empty.
    let entry = Atomic<UInt>(0)

    /// The slot's state word.
    struct State {
        /// What the slot holds.
        enum Kind: UInt {
            /// No navigator: never used, or its last one destroyed.
            case empty
            /// A navigator that calls may pin.
            case live
            /// A destroyed navigator that calls still pin; the last one's unpin empties the slot.
            case closing
            /// A navigator of the parent process, in a child made by `fork()`: its lock and its
            /// driver may belong to threads that do not exist here, so it is never touched again.
            case inherited
            /// A navigator that was closing at `fork()`, in the child: the calls that pinned it
            /// are gone with their threads, so the slot is never emptied.
            case abandoned
        }

        static let kindBits = 3
        /// What the word leaves beside the generation and the kind: 21 bits (9 on a 32-bit
        /// target, where the generation has 20).
        static let pinBits = UInt.bitWidth - HandleTable.generationBits - kindBits
        static let generationShift = pinBits + kindBits
        /// The most calls in flight on one navigator at once, on every thread and nested in its
        /// callbacks: 2,097,151 (more than threads a process can have; on a 32-bit target, 511).
        /// One more is refused (`pin`).
        static let maxPins: UInt = 1 << pinBits - 1

        let bits: UInt

        init(bits: UInt) { self.bits = bits }

        init(generation: UInt64, kind: Kind, pins: UInt = 0) {
            bits = UInt(truncatingIfNeeded: generation) << Self.generationShift
                | kind.rawValue << Self.pinBits | pins & Self.maxPins
        }

        var generation: UInt64 { UInt64(bits >> Self.generationShift) }
        /// `nil` only for bits no slot ever holds.
        var kind: Kind? { Kind(rawValue: bits >> Self.pinBits & (1 << Self.kindBits - 1)) }
        var pins: UInt { bits & Self.maxPins }

        /// The same generation and pins, another kind.
        func with(_ kind: Kind) -> State { State(generation: generation, kind: kind, pins: pins) }

        /// Refuses a handle of `generation` unless this state is its live navigator.
        @inline(__always)
        func checkLive(_ generation: UInt64) throws(HandleTable.Refusal) {
            guard self.generation == generation else { throw .unknown }
            switch kind {
            case .live: return
            case .inherited: throw .inherited
            case .empty, .closing, .abandoned, nil: throw .unknown
            }
        }
    }

    /// The slot's current state.
    var current: State { State(bits: state.load(ordering: .acquiring)) }

    /// The navigator the slot holds, if any (read with a pin held, or with the table's lock).
    var navigator: Unmanaged<CNavigator>? {
        UnsafeRawPointer(bitPattern: entry.load(ordering: .relaxed)).map { Unmanaged.fromOpaque($0) }
    }

    /// Pins the live navigator of `generation` (lock-free): until `unpin()`, the navigator is
    /// neither released nor its slot reused. Refused with `tooManyCalls` when `State.maxPins`
    /// calls already pin it, on every build: the call never waits for another one to return.
    @inline(__always)
    func pin(_ generation: UInt64) throws(HandleTable.Refusal) {
        var seen = state.load(ordering: .relaxed)
        while true {
            let current = State(bits: seen)
            try current.checkLive(generation)
            // Full: refused, not waited out. Alone, no other call would ever unpin; with
            // threads, waiting for another thread's call to return would break `@waits never`
            // (a host that keeps its own lock across calls, Python's GIL, would deadlock).
            if current.pins == State.maxPins { throw .tooManyCalls }
            let (exchanged, original) = state.compareExchange(
                expected: seen, desired: seen &+ 1, successOrdering: .acquiring, failureOrdering: .relaxed)
            if exchanged { return }
            seen = original
        }
    }

    /// Drops a pin; true when it was the last pin of a closing slot, which the caller must then
    /// empty (`HandleTable`).
    @inline(__always)
    func unpin() -> Bool {
        let after = State(bits: state.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue)
        return after.kind == .closing && after.pins == 0
    }

    /// Makes `navigator` the slot's live one at `generation`. With the table's lock, on an empty
    /// slot (which no call can pin, so nothing else writes its word).
    func publish(_ navigator: CNavigator, generation: UInt64) {
        entry.store(UInt(bitPattern: Unmanaged.passRetained(navigator).toOpaque()), ordering: .relaxed)
        state.store(State(generation: generation, kind: .live).bits, ordering: .releasing)
    }

    /// Closes the live navigator of `generation`, so that no call pins it again. With the
    /// table's lock. Returns the navigator (retained: the table's reference may be dropped as
    /// soon as the slot is closing) and whether no call pins it, in which case the caller must
    /// empty the slot now.
    func close(_ generation: UInt64) throws(HandleTable.Refusal) -> (navigator: CNavigator, idle: Bool) {
        var seen = current
        try seen.checkLive(generation)
        guard let navigator = self.navigator?.takeUnretainedValue() else { throw .unknown }
        // Under the lock only the pins of a live slot change.
        while true {
            let (exchanged, original) = state.compareExchange(
                expected: seen.bits, desired: seen.with(.closing).bits,
                successOrdering: .acquiringAndReleasing, failureOrdering: .acquiring)
            if exchanged { return (navigator, seen.pins == 0) }
            seen = State(bits: original)
        }
    }

    /// Empties a closing slot that no call pins, with the table's lock. Returns the table's
    /// reference to its navigator, for the caller to release outside the lock, and whether the
    /// slot may be reused: at the next generation, unless its generation is used up.
    func empty(lastGeneration: UInt64) -> (navigator: Unmanaged<CNavigator>?, reusable: Bool) {
        let navigator = self.navigator
        entry.store(0, ordering: .relaxed)
        let generation = current.generation
        let reusable = generation < lastGeneration
        state.store(State(generation: reusable ? generation + 1 : generation, kind: .empty).bits, ordering: .releasing)
        return (navigator, reusable)
    }

    /// In the child after `fork()`, where no other thread runs: the live navigator becomes
    /// inherited and a closing one abandoned, keeping the pins of the forking thread's calls.
    func inherit() {
        let current = self.current
        switch current.kind {
        case .live: state.store(current.with(.inherited).bits, ordering: .relaxed)
        case .closing: state.store(current.with(.abandoned).bits, ordering: .relaxed)
        case .empty, .inherited, .abandoned, nil: break
        }
    }
}
