#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text navcore hands to the host as C strings (SPEC §15): NUL-terminated copies in memory of
/// the C allocator, which the host gives back to `navcore_free` (and to nothing else).
enum CText {
    /// A copy of `text`; `nil` when memory runs out.
    static func copy(_ text: String) -> UnsafeMutablePointer<CChar>? {
        var text = text
        return text.withUTF8 { bytes in
            guard let memory = cAllocate(bytes.count + 1) else { return nil }
            if let source = bytes.baseAddress { memory.copyMemory(from: source, byteCount: bytes.count) }
            memory.storeBytes(of: 0, toByteOffset: bytes.count, as: CChar.self)
            return memory.bindMemory(to: CChar.self, capacity: bytes.count + 1)
        }
    }

    /// Gives back a copy that `copy` made; `nil` does nothing.
    static func free(_ copy: UnsafeMutableRawPointer?) {
        cFree(copy)
    }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)

/// `count` bytes from the C allocator; `nil` when memory runs out.
private func cAllocate(_ count: Int) -> UnsafeMutableRawPointer? {
    malloc(count)
}

private func cFree(_ memory: UnsafeMutableRawPointer?) {
    free(memory)
}

#else

// Without a C library navcore knows (Embedded Swift on bare metal or WebAssembly): Swift's
// allocator, which there is the C one that Embedded Swift's runtime itself needs
// (posix_memalign and free).

private func cAllocate(_ count: Int) -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 1)
}

private func cFree(_ memory: UnsafeMutableRawPointer?) {
    memory?.deallocate()
}

#endif
