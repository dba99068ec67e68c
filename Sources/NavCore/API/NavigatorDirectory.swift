@_spi(Fronts) import NavCoreEngine

/// The Swift objects of the live navigators, by the engine's node id, so that the family
/// queries (`parent`, `modal`, `children(of:)`, …) answer with the host's own `Navigator`
/// objects (<doc:Semantics> §16.12, binding objects).
///
/// Each navigator is listed weakly from its creation to its `deinit`. A navigator that has a
/// parent is also kept, strongly, from its successful `attach` or `present` until its
/// teardown: its family delivers its events inside calls made on any member, so it must not
/// go while its family may still call it. The root's object owns the family: its `deinit`
/// destroys it, which tears every member down and lets them go.
final class NavigatorDirectory: Sendable {
    static let shared = NavigatorDirectory()

    private struct Entry {
        weak var navigator: Navigator?
        /// Set while the navigator has a parent.
        var kept: Navigator?
    }

    /// The engine's lock, not `Synchronization.Mutex`, whose futex ThreadSanitizer cannot see
    /// (`LockPrimitive`): navigators are made and dropped on any thread.
    private let entries = Lock<[NodeID: Entry]>([:])

    /// Lists a new navigator.
    func register(_ navigator: Navigator) {
        entries.withLock { $0[navigator.core.node] = Entry(navigator: navigator) }
    }

    /// Unlists a navigator whose `deinit` has begun.
    func unregister(_ node: NodeID) {
        _ = entries.withLock { $0.removeValue(forKey: node) }
    }

    /// The live navigator of `node`, if it has one.
    func navigator(_ node: NodeID?) -> Navigator? {
        guard let node else { return nil }
        return entries.withLock { $0[node]?.navigator }
    }

    /// Keeps the navigator of `node` alive: it has joined a family under a parent.
    func keep(_ node: NodeID) {
        entries.withLock { entries in
            if let navigator = entries[node]?.navigator { entries[node]?.kept = navigator }
        }
    }

    /// Stops keeping the navigator of `node`: it was torn down. The reference is dropped
    /// after the lock, since the object's `deinit` may run.
    func letGo(_ node: NodeID) {
        let kept = entries.withLock { entries -> Navigator? in
            defer { entries[node]?.kept = nil }
            return entries[node]?.kept
        }
        withExtendedLifetime(kept) {}
    }
}
