/// Every live screen of one navigator, by id, and how many of each route are in the stack
/// (so that `show` with recycle knows in O(1) whether to look for one).
package struct ScreenRegistry: Sendable {
    /// One live screen.
    package struct Record: Sendable {
        package var screen: ScreenRef
        /// In the stack, entering it with the op in flight, or leaving it before its release.
        /// A stacked screen cannot be discarded.
        package var stacked: Bool
    }

    private var records: [UInt64: Record] = [:]
    private var stackedByRoute: [String: Int] = [:]

    package init() {}

    /// The live screen `id`, or `nil` when it is dead, never was, or belongs elsewhere.
    package subscript(id: UInt64) -> Record? { records[id] }

    /// Registers a new detached screen.
    package mutating func add(_ screen: ScreenRef) {
        records[screen.id] = Record(screen: screen, stacked: false)
    }

    /// Marks a screen as entering the stack; returns false if it is not live.
    @discardableResult
    package mutating func markStacked(_ id: UInt64) -> Bool {
        guard var record = records[id] else { return false }
        if !record.stacked {
            record.stacked = true
            stackedByRoute[record.screen.route, default: 0] += 1
            records[id] = record
        }
        return true
    }

    /// Removes a screen; returns it, or `nil` if it was not live.
    package mutating func remove(_ id: UInt64) -> ScreenRef? {
        guard let record = records.removeValue(forKey: id) else { return nil }
        if record.stacked {
            let left = (stackedByRoute[record.screen.route] ?? 1) - 1
            stackedByRoute[record.screen.route] = left > 0 ? left : nil
        }
        return record.screen
    }

    /// Whether some screen of `route` is stacked.
    package func hasStacked(route: String) -> Bool { stackedByRoute[route] != nil }

    /// Removes every screen and returns them in creation order (ids only grow).
    package mutating func removeAll() -> [ScreenRef] {
        let screens = records.values.map(\.screen).sorted { $0.id < $1.id }
        records.removeAll()
        stackedByRoute.removeAll()
        return screens
    }
}
