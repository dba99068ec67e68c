#if NAVCORE_SINGLE_THREADED

/// The lock under `Lock` in a program with one thread — bare metal, WebAssembly without threads
/// — for which navcore is compiled with `-D NAVCORE_SINGLE_THREADED` (`make embedded` does):
/// nothing at all. No second thread can enter, and the engine never holds a lock while host
/// code runs, so a call made from inside a callback never finds one held. Calling navcore from
/// a second thread (or an interrupt handler) is then not allowed.
@usableFromInline
struct LockPrimitive: ~Copyable, Sendable {
    @usableFromInline init() {}
    @inlinable func lock() {}
    @inlinable func unlock() {}
    @usableFromInline func unlockInForkChild() {}
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
import Synchronization

/// The lock under `Lock` where there are threads: one word changed with atomic instructions,
/// and, for a thread that finds it held, a pthread mutex and condition variable to sleep on.
///
/// The word is 0 when the lock is free, 1 when it is held, 2 when it is held and a thread may
/// be asleep waiting for it. Taking a free lock is one compare-and-exchange and releasing an
/// uncontended one is one exchange, both inlined into the caller: a lock round trip costs a
/// few instructions, against about 50 through `pthread_mutex_lock` and `_unlock` (a cycle of
/// push and pop takes about 28). A thread that finds the lock held sleeps on the condition
/// variable after marking the word 2, under the parking mutex; the holder that then releases
/// the lock sees the 2 and signals under the same mutex, so a wakeup cannot be lost between a
/// waiter's mark and its sleep.
///
/// While the process has one thread, the lock is taken and released with plain stores, as
/// glibc takes its own mutexes then (`SingleThreadedFlag`): nobody else can take it meanwhile.
/// Only that thread can start a second, and `pthread_create` marks the process threaded before
/// the new thread runs, ordering the plain stores before everything the new thread does. So a
/// thread started while the lock is held (navcore runs no host code under it, but the lock
/// does not rely on that) finds the word held, and the holder releases it with the exchange,
/// which wakes it: the flag is read again at each release.
///
/// Not `Synchronization.Mutex`: on Linux that one waits on a futex inside the precompiled
/// standard library, which ThreadSanitizer cannot see, so every access it guards is reported
/// as a race. This word's atomics are compiled into navcore itself (ThreadSanitizer sees
/// their acquire and release), and the parking mutex and condition variable are intercepted.
@usableFromInline
struct LockPrimitive: ~Copyable, @unchecked Sendable {
    // @unchecked: the word is atomic, and the parking pair is made to be shared between threads.
    @usableFromInline let word = Atomic<UInt32>(0)
    /// Where a thread that found the lock held sleeps; allocated once, freed with the lock.
    @usableFromInline let parking: UnsafeMutablePointer<Parking>
    /// Non-zero while the process has one thread (`SingleThreadedFlag`); always zero where the
    /// C library does not say, and the lock always uses atomic instructions.
    @usableFromInline let singleThreaded: UnsafePointer<UInt8>

    @usableFromInline
    struct Parking {
        var mutex = pthread_mutex_t()
        var condition = pthread_cond_t()
    }

    @usableFromInline init() {
        parking = .allocate(capacity: 1)
        parking.initialize(to: Parking())
        pthread_mutex_init(&parking.pointee.mutex, nil)
        pthread_cond_init(&parking.pointee.condition, nil)
        singleThreaded = SingleThreadedFlag.process.address
    }

    deinit {
        pthread_cond_destroy(&parking.pointee.condition)
        pthread_mutex_destroy(&parking.pointee.mutex)
        parking.deinitialize(count: 1)
        parking.deallocate()
    }

    @inlinable func lock() {
        // A word found held with one thread is a reentrant call (a bug): it waits, as with threads.
        if isAlone, word.load(ordering: .relaxed) == 0 {
            word.store(1, ordering: .relaxed)
            return
        }
        if word.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged { return }
        waitForLock()
    }

    @inlinable func unlock() {
        // With one thread nobody waits.
        if isAlone {
            word.store(0, ordering: .relaxed)
            return
        }
        if word.exchange(0, ordering: .releasing) == 2 { wakeWaiter() }
    }

    /// Whether the process has one thread now.
    @inlinable var isAlone: Bool { singleThreaded.pointee != 0 }

    /// The lock was held: marks the word 2 (a waiter may sleep) until the mark finds it free,
    /// which takes it, sleeping between tries.
    @usableFromInline func waitForLock() {
        pthread_mutex_lock(&parking.pointee.mutex)
        while word.exchange(2, ordering: .acquiring) != 0 {
            pthread_cond_wait(&parking.pointee.condition, &parking.pointee.mutex)
        }
        pthread_mutex_unlock(&parking.pointee.mutex)
    }

    /// The lock was released with a waiter marked: wakes one, which tries again.
    @usableFromInline func wakeWaiter() {
        pthread_mutex_lock(&parking.pointee.mutex)
        pthread_cond_signal(&parking.pointee.condition)
        pthread_mutex_unlock(&parking.pointee.mutex)
    }

    /// Releases the lock in a child process after `fork()`, which has only the forking thread:
    /// no waiter to wake, and the parking mutex may have been held by a thread that is gone.
    @usableFromInline func unlockInForkChild() {
        pthread_mutex_init(&parking.pointee.mutex, nil)
        pthread_cond_init(&parking.pointee.condition, nil)
        word.store(0, ordering: .releasing)
    }
}

/// glibc's `__libc_single_threaded` (`<sys/single_threaded.h>`, glibc 2.32): non-zero while the
/// process has one thread, set to zero by `pthread_create` before the second starts. glibc reads
/// it to take its mutexes without atomic instructions; `LockPrimitive` reads it for the same.
/// Found once per process with `dlsym`, as Swift's Glibc module does not declare it. Where the C
/// library has no such variable (musl, Darwin, a glibc before 2.32) it is a byte of navcore's
/// own that stays zero: the process is never known to have one thread.
@usableFromInline
struct SingleThreadedFlag: @unchecked Sendable {
    // @unchecked: the address of a byte nobody writes but the C library.
    let address: UnsafePointer<UInt8>

    /// The flag of this process.
    static let process = SingleThreadedFlag()

    private init() {
        #if canImport(Glibc)
        if let symbol = dlsym(nil, "__libc_single_threaded") {
            address = UnsafePointer(symbol.assumingMemoryBound(to: UInt8.self))
            return
        }
        #endif
        let never = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)  // kept for the process
        never.initialize(to: 0)
        address = UnsafePointer(never)
    }
}

#endif
