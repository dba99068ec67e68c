/// Every live screen of one navigator, by id, and how many of each named route are in the stack
/// (so that `show` with recycle knows in O(1) whether to look for one). Screens without a
/// route name (the empty route, what a host that never uses `show` creates) are not counted:
/// pushing and releasing them hashes nothing.
package struct ScreenRegistry: Sendable {
    /// One live screen.
    package struct Record: Sendable {
        /// The screen's owned box: the reference that keeps a live screen alive.
        package let box: ScreenBox
        /// In the stack, entering it with the op in flight, or leaving it before its release.
        /// A stacked screen cannot be discarded.
        package var stacked: Bool
        /// Made by the `show` or `open` in flight, not yet in the stack: held by that op until
        /// it ends, so it cannot be discarded (SPEC §1).
        package var held = false
        /// Its release has begun (its result listener may be running): it cannot be discarded
        /// and its listener can no longer be changed (SPEC §1, §12).
        package var releasing = false
        /// Marked by the host to be detached instead of released when it leaves the stack
        /// (SPEC §17).
        package var retained = false
        /// Its result, saved state and listener, boxed: most screens have none, and a record
        /// stays one word larger than without them (a million screens cost 8 MB, not 80).
        private var extras: Extras? = nil

        init(screen: ScreenBox, held: Bool) {
            box = screen
            stacked = false
            self.held = held
        }

        /// Its result (SPEC §12).
        package var result: String? {
            get { data.result }
            set { data.result = newValue }
        }
        /// Its saved state (SPEC §14).
        package var savedState: String? {
            get { data.savedState }
            set { data.savedState = newValue }
        }
        /// Whether it has a result listener, read without a copy of the listener.
        package var hasListener: Bool {
            guard case .data(let data) = extras else { return false }
            return data.listener != nil
        }

        /// Its result listener (SPEC §12).
        package var listener: (any ResultListener)? {
            get { data.listener }
            set { data.listener = newValue }
        }

        private var data: ScreenData {
            get {
                if case .data(let data) = extras { return data }
                return ScreenData()
            }
            set { extras = newValue.isEmpty ? nil : .data(newValue) }
        }

        /// The screen, borrowed from this record.
        package var screen: ScreenRef { box.ref }

        /// Whether the host may discard it now (SPEC §1).
        package var discardable: Bool { !stacked && !held && !releasing }
    }

    /// What the host keeps on a screen besides its object (SPEC §12, §14).
    private struct ScreenData: Sendable {
        var result: String?
        var savedState: String?
        var listener: (any ResultListener)?

        var isEmpty: Bool { result == nil && savedState == nil && listener == nil }
    }

    /// A heap box for `ScreenData`.
    private indirect enum Extras: Sendable {
        case data(ScreenData)
    }

    private var records = IDMap<Record>()
    private var stackedByRoute: [RouteName: Int] = [:]

    package init() {}

    /// The live screen `id`, or `nil` when it is dead, never was, or belongs elsewhere. A copy,
    /// which retains the record's box: a step reads it in place (`read`, `contains`).
    package subscript(id: UInt64) -> Record? { records[id] }

    /// What `body` reads of the live screen `id`'s record, lent in place; `nil` when it is dead,
    /// never was, or belongs elsewhere.
    @inline(__always)
    package func read<R>(_ id: UInt64, _ body: (borrowing Record) -> R) -> R? {
        records.read(id, body)
    }

    /// Whether `id` is a live screen of this navigator.
    @inline(__always)
    package func contains(_ id: UInt64) -> Bool {
        records.read(id) { _ in () } != nil
    }

    /// Registers a new detached screen; `held` for one that a `show` or `open` made.
    package mutating func add(_ screen: ScreenBox, held: Bool = false) {
        records.insert(Record(screen: screen, held: held), for: screen.id)
    }

    /// Changes the live screen `id`'s record in place; `nil` (and nothing changed) if it is dead.
    @discardableResult
    package mutating func update<R>(_ id: UInt64, _ change: (inout Record) -> R) -> R? {
        records.update(id, change)
    }

    /// Marks a screen as entering the stack; returns false if it is not live.
    @discardableResult
    package mutating func markStacked(_ id: UInt64) -> Bool {
        if case .dead = enter(id) { return false }
        return true
    }

    /// What `enter` found.
    package enum Entry {
        /// The screen is not live.
        case dead
        /// The screen was in the stack already.
        case stacked
        /// The screen was detached and is now marked as entering the stack.
        case entered(ScreenRef)
    }

    /// Marks the detached screen `id` as entering the stack, found once: a push's check and
    /// its mark in one lookup.
    package mutating func enter(_ id: UInt64) -> Entry {
        // The route counts only if the screen was not stacked yet.
        let found = records.update(id) { record -> Entry in
            guard !record.stacked else { return .stacked }
            record.stacked = true
            return .entered(record.screen)
        }
        guard let found else { return .dead }
        if case .entered(let screen) = found, !screen.route.isEmpty { stackedByRoute[RouteName(screen.route), default: 0] += 1 }
        return found
    }

    /// Marks a stacked screen as detached again, live (SPEC §17: a retained screen that left the
    /// stack); returns false if it is not live or was not stacked.
    @discardableResult
    package mutating func markDetached(_ id: UInt64) -> Bool {
        let route = records.update(id) { record -> String? in
            guard record.stacked else { return nil }
            record.stacked = false
            return record.screen.route
        }
        guard let route = route ?? nil else { return false }
        uncount(route)
        return true
    }

    /// Removes a screen; returns its box, or `nil` if it was not live.
    package mutating func remove(_ id: UInt64) -> ScreenBox? {
        removeRecord(id)?.box
    }

    /// Removes a screen; returns its record, or `nil` if it was not live.
    package mutating func removeRecord(_ id: UInt64) -> Record? {
        guard let record = records.remove(id) else { return nil }
        if record.stacked { uncount(record.screen.route) }
        return record
    }

    /// One stacked screen of `route` fewer.
    private mutating func uncount(_ route: String) {
        guard !route.isEmpty, let index = stackedByRoute.index(forKey: RouteName(route)) else { return }  // one hash
        if stackedByRoute.values[index] > 1 {
            stackedByRoute.values[index] -= 1
        } else {
            stackedByRoute.remove(at: index)
        }
    }

    /// Whether some screen of `route` may be stacked: exact for a named route; always true for
    /// the empty route, which is not counted (the caller's search of the stack decides, O(n) only
    /// for a `show` of a route registered with the empty name).
    package func hasStacked(route: String) -> Bool { route.isEmpty || stackedByRoute[RouteName(route)] != nil }

    /// Removes every screen and returns their records in creation order (ids only grow).
    package mutating func removeAll() -> [Record] {
        stackedByRoute.removeAll()
        return records.removeAll()
    }
}
