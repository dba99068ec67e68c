#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`: the one lock of a navigator and of its front.
///
/// Not `Synchronization.Mutex`: on Linux that one waits on a futex inside the precompiled
/// standard library, which ThreadSanitizer cannot see, so every access it guards is reported
/// as a race and `swift test --sanitize=thread` fails. pthread mutexes are intercepted.
package final class Lock<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Only touched with `mutex` held, which already makes every access exclusive; the
    /// runtime's dynamic exclusivity check would cost a thread-local lookup per lock.
    @exclusivity(unchecked) @usableFromInline var value: Value

    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock and keeps it until `unlock(changing:)`: for `pthread_atfork`, whose
    /// prepare handler holds a lock across `fork()` so that the child never inherits it held by
    /// a thread that does not exist there.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Changes the value with the lock that `lock()` took, then releases it (`fork()`'s parent
    /// and child handlers).
    package func unlock(changing body: (inout Value) -> Void = { _ in }) {
        body(&value)
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` on the value with the lock held. Inlinable (also into the C front): called
    /// once per event, and an unspecialised generic call would copy every result through value
    /// witnesses.
    @inlinable
    package func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// `withLock` that hands `argument` to `body` to consume (a value that moves into the
    /// guarded one): passed through rather than captured, as a capture would copy it.
    @inlinable
    package func withLock<Argument, R, E: Error>(
        handing argument: consuming Argument, _ body: (inout Value, consuming Argument) throws(E) -> R
    ) throws(E) -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value, argument)
    }
}
