#if !NAVCORE_SINGLE_THREADED
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// The message of the last failing call (SPEC §10), kept per thread: a copy (`CText`) that the
/// next failing call on the same thread replaces.
enum LastError {
    /// Replaces this thread's message (with none when no memory is left for a copy).
    static func set(_ message: String) {
        let previous = storage
        storage = CText.copy(message)
        CText.free(previous)
    }

    /// This thread's message, valid until the next `set` on this thread; "" if none.
    static var message: UnsafePointer<CChar> {
        storage.map { UnsafePointer($0) } ?? StaticNames.empty
    }

    #if NAVCORE_SINGLE_THREADED
    /// One thread (see the engine's `LockPrimitive`): one message.
    nonisolated(unsafe) private static var storage: UnsafeMutablePointer<CChar>?
    #else
    /// Where there are threads: the message in a pthread key, whose destructor frees it when
    /// the thread ends.
    private static var storage: UnsafeMutablePointer<CChar>? {
        get { pthread_getspecific(key)?.assumingMemoryBound(to: CChar.self) }
        set { _ = pthread_setspecific(key, newValue) }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key) { CText.free($0) }
        return key
    }()
    #endif
}
