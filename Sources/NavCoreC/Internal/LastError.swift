import Glibc

/// The per-thread message of the last failing call (SPEC §10): a `strdup`'d C string kept in a
/// pthread key whose destructor frees it when the thread ends.
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key) { free($0) }
        return key
    }()

    /// Replaces this thread's message.
    static func set(_ message: String) {
        let previous = pthread_getspecific(key)
        _ = pthread_setspecific(key, strdup(message))
        free(previous)
    }

    /// This thread's message, valid until the next `set` on this thread; "" if none.
    static var message: UnsafePointer<CChar> {
        if let message = pthread_getspecific(key) {
            return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
        }
        return StaticNames.empty
    }
}
