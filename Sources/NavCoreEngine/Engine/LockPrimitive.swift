#if NAVCORE_SINGLE_THREADED

/// The lock under `Lock` in a program with one thread — bare metal, WebAssembly without threads
/// — for which navcore is compiled with `-D NAVCORE_SINGLE_THREADED` (`make embedded` does):
/// nothing at all. No second thread can enter, and the engine never holds a lock while host
/// code runs, so a call made from inside a callback never finds one held. Calling navcore from
/// a second thread (or an interrupt handler) is then not allowed.
@usableFromInline
struct LockPrimitive: Sendable {
    @usableFromInline init() {}
    @usableFromInline func destroy() {}
    @inlinable func lock() {}
    @inlinable func unlock() {}
}

#else

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("navcore's lock needs pthreads; a program with one thread compiles navcore with -D NAVCORE_SINGLE_THREADED")
#endif

/// The lock under `Lock` where there are threads: a `pthread_mutex_t`.
///
/// Not `Synchronization.Mutex`: on Linux that one waits on a futex inside the precompiled
/// standard library, which ThreadSanitizer cannot see, so every access it guards is reported
/// as a race and `swift test --sanitize=thread` fails. pthread mutexes are intercepted (and a
/// round trip costs 8 ns against the futex mutex's 19 here).
@usableFromInline
struct LockPrimitive: @unchecked Sendable {
    // @unchecked: a pthread mutex is made to be shared between threads.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    /// Frees the mutex; once, when its `Lock` is deinitialised.
    @usableFromInline func destroy() {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable func lock() { pthread_mutex_lock(mutex) }
    @inlinable func unlock() { pthread_mutex_unlock(mutex) }
}

#endif
