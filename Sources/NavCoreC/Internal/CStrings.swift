#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
/// The C library's `strlen`, where navcore knows no C library module (the embedded core:
/// embedded/undefined-symbols.txt).
@_extern(c, "strlen") func strlen(_ string: UnsafePointer<CChar>) -> Int
#endif
import CNavCore
@_spi(Fronts) import NavCoreEngine

/// C strings coming in: NULL handling and UTF-8 validation (SPEC §10: invalid input is
/// `invalid`, never a crash).
enum CStrings {
    /// The text of `pointer`; NULL gives `whenNull`, or fails if there is none.
    static func text(_ pointer: UnsafePointer<CChar>?, _ what: String, whenNull: String? = nil) throws(NavigationError) -> String {
        guard let pointer else {
            if let whenNull { return whenNull }
            throw NavigationError(.invalid, "\(what) is NULL")
        }
        guard let text = String(validatingCString: pointer) else {
            throw NavigationError(.invalid, "\(what) is not valid UTF-8")
        }
        return text
    }

    /// The bytes of `pointer` up to its NUL, in place: neither checked nor copied, for a reader
    /// that checks the UTF-8 itself as it reads (a saved document, which may be large).
    static func bytes(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(NavigationError) -> UnsafeBufferPointer<UInt8> {
        guard let pointer else { throw NavigationError(.invalid, "\(what) is NULL") }
        return UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
    }

    /// The text of `pointer`, or `nil` for NULL.
    static func optionalText(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(NavigationError) -> String? {
        guard pointer != nil else { return nil }
        return try text(pointer, what)
    }
}
