/// A family of navigators (SPEC §16.8): one lock over one `FamilyState` — the queue of the ops
/// asked of all its members, the op in flight, the driver, the outbox, the wakeup, the id of
/// the next transition — and its members' `NodeState`s. Every navigator starts as a family of
/// one; `NavigatorCore.merge(_:link:)` moves a family's members into another family, which is
/// how attach and present join a child to its parent at the call (SPEC §16.2, §16.4).
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
        countTransitions(after: moving)
        frontMayChange()
        others.append(moving.node)
        others.append(contentsOf: moving.others)
        moving.others = MemberList()
        moving.node = NodeState(id: moving.node.id)
        moving.forward = family
    }
}

extension NavigatorCore {
    /// Whether `other` is in this navigator's family now.
    package func isInFamily(of other: NavigatorCore) -> Bool {
        family === other.family
    }
}
