/// A value guarded by a lock: the one lock of a navigator and of its front. The lock itself is
/// a `LockPrimitive`, chosen when navcore is compiled.
package final class Lock<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let primitive: LockPrimitive
    /// Only touched with the lock held, which already makes every access exclusive; the
    /// runtime's dynamic exclusivity check would cost a thread-local lookup per lock.
    @exclusivity(unchecked) @usableFromInline var value: Value

    package init(_ value: Value) {
        primitive = LockPrimitive()
        self.value = value
    }

    /// Takes the lock and keeps it until `unlock(changing:)`: for `pthread_atfork`, whose
    /// prepare handler holds a lock across `fork()` so that the child never inherits it held by
    /// a thread that does not exist there, and for a family's calls, which lock a family before
    /// they know it is the one to act in (`Family.lockCurrent`).
    package func lock() { primitive.lock() }

    /// Changes the value with the lock that `lock()` took, then releases it (`fork()`'s parent
    /// handler).
    package func unlock(changing body: (inout Value) -> Void = { _ in }) {
        body(&value)
        primitive.unlock()
    }

    /// `unlock(changing:)` in the child process after `fork()` (its handler), where only the
    /// forking thread exists.
    package func unlockInForkChild(changing body: (inout Value) -> Void) {
        body(&value)
        primitive.unlockInForkChild()
    }

    /// Runs `body` on the value with the lock that `lock()` took, handing it `argument` to
    /// consume, then releases it: the rest of a hold whose lock was taken first, apart from its
    /// work (a family's call: `Family.lockCurrent`).
    @inlinable
    package func unlock<Argument, R, E: Error>(
        handing argument: consuming Argument, after body: (inout Value, consuming Argument) throws(E) -> R
    ) throws(E) -> R {
        defer { primitive.unlock() }
        return try body(&value, argument)
    }

    /// Runs `body` on the value with the lock held. Inlinable (also into the C front): called
    /// once per event, and an unspecialised generic call would copy every result through value
    /// witnesses.
    @inlinable
    package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        primitive.lock()
        defer { primitive.unlock() }
        return try body(&value)
    }

    /// `withLock` that hands `argument` to `body` to consume (a value that moves into the
    /// guarded one): passed through rather than captured, as a capture would copy it.
    @inlinable
    package func withLock<Argument, R, E: Error>(
        handing argument: consuming Argument, _ body: (inout Value, consuming Argument) throws(E) -> R
    ) throws(E) -> R {
        primitive.lock()
        defer { primitive.unlock() }
        return try body(&value, argument)
    }

    /// Runs `body` on the values of two locks, holding both, taken in one fixed order (by the
    /// locks' addresses) so that two threads locking the same two never deadlock.
    package static func withLocks<R, E: Error>(
        _ first: Lock, _ second: Lock, _ body: (inout Value, inout Value) throws(E) -> R
    ) throws(E) -> R {
        let (outer, inner) = ObjectIdentifier(first) < ObjectIdentifier(second) ? (first, second) : (second, first)
        outer.primitive.lock()
        defer { outer.primitive.unlock() }
        inner.primitive.lock()
        defer { inner.primitive.unlock() }
        return try body(&first.value, &second.value)
    }
}
