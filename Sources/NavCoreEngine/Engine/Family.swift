/// A family of navigators (SPEC §16.8): one lock over one `FamilyState` — the queue of the ops
/// asked of all its members, the op in flight, the driver, the outbox, the wakeup, the id of
/// the next transition — and its members' `NodeState`s. Every navigator starts as a family of
/// one; `NavigatorCore.merge(_:)` moves a family's members into another family, which is how
/// attach and present will join a child to its parent (SPEC §16.2, §16.4).
package final class Family: Sendable {
    /// The family's state, under its one lock.
    let state: Lock<FamilyState>

    /// A family of one: `node`, in the given dispatch mode.
    init(hostDispatch: Bool, node: NodeState) {
        state = Lock(FamilyState(hostDispatch: hostDispatch, node: node))
    }

    /// Takes the lock of the family this one's members are in now and returns that family:
    /// this one, or the family it was merged into, followed as far as merges have gone. The way
    /// in of every call (`NavigatorCore`): a merge may move a quiet family between two calls, so
    /// a call locks its family and checks under that lock that it was not merged away; if it
    /// was, it lets go of it and follows the forward. In a family of one that is one check. The
    /// caller does its work and releases the lock with `state.unlock(handing:after:)`.
    @inline(__always)
    func lockCurrent() -> Family {
        state.lock()
        if case .none = state.value.forward { return self }
        return lockForwarded()
    }

    /// `lockCurrent` of a family merged into another, whose lock is held: lets go of it and
    /// follows the forwards, each read under the lock of its family, to the live family.
    @inline(never)
    private func lockForwarded() -> Family {
        var family = self
        while let next = family.state.value.forward {
            family.state.unlock()
            family = next
            family.state.lock()
        }
        return family
    }

    /// The family this one's members are in now (itself unless it was merged into another).
    var current: Family {
        var family = self
        while let next = family.state.withLock({ $0.forward }) { family = next }
        return family
    }
}

extension FamilyState {
    /// Whether the family may be merged into another (SPEC §16.8): idle with an empty queue and
    /// no work in hand — no thread delivering its callbacks, no op in flight (a gesture accepted
    /// inside a callback included), no event, retired host code or wakeup waiting.
    var isQuiet: Bool {
        driver == .idle(.quiet) && !busy && queue.isEmpty && outbox.isEmpty && retired.isEmpty && pendingTeardowns.isEmpty
    }

    /// Takes in every member of `moving`, which is left empty and forwarding to `family` (this
    /// state's family). Both locks are held; `moving` is quiet, so nothing of it is in flight.
    mutating func adopt(_ moving: inout FamilyState, forwardingTo family: Family) {
        others.append(moving.node)
        others += moving.others
        moving.others = []
        moving.node = NodeState(id: moving.node.id)
        moving.forward = family
    }
}

extension NavigatorCore {
    /// Moves `child`'s family into this navigator's (SPEC §16.8: how attach and present will
    /// join it; no op does yet). Its members then share this family's queue, lock and driver;
    /// each keeps its stack, screens, routes, action state, flags and front. Both families'
    /// locks are taken in one fixed order (by address), and no other code holds two family
    /// locks, so merges never deadlock; a call that locked the child's old family meanwhile
    /// finds it forwarded and follows it. Fails, changing nothing, with `state` when `child` is
    /// already in this family (of two crossing merges, the second), `invalid_handle` when
    /// either is destroyed, `invalid` when their dispatch modes differ, and `busy` when the
    /// child's family is not quiet (`FamilyState.isQuiet`).
    package func merge(_ child: NavigatorCore) throws(NavigationError) {
        while true {
            let parent = family
            let moving = child.family
            guard parent !== moving else {
                throw NavigationError(.state, "the navigators are already in one family")
            }
            let merged = try Lock.withLocks(parent.state, moving.state) { into, from throws(NavigationError) in
                // Merged elsewhere between finding the families and locking them: look again.
                guard into.forward == nil, from.forward == nil else { return false }
                guard !into.destroyed, !from.destroyed else { throw NavigationError.destroyed }
                guard into.hostDispatch == from.hostDispatch else {
                    throw NavigationError(.invalid, "the navigators have different dispatch modes")
                }
                guard from.isQuiet else {
                    throw NavigationError(.busy, "the child's family is busy, has queued ops or work in hand")
                }
                into.adopt(&from, forwardingTo: parent)
                return true
            }
            if merged { return }
        }
    }

    /// Whether `other` is in this navigator's family now.
    package func isInFamily(of other: NavigatorCore) -> Bool {
        family === other.family
    }
}
