import CNavCore
@_spi(Fronts) import NavCoreEngine

/// C arrays coming in: a pointer and an element count, checked before anything is read.
enum CArrays {
    /// The `count` elements at `pointer`, refused with `invalid` when the pointer is NULL for a
    /// non-zero count, or when the array's byte size, `count × MemoryLayout<Element>.stride`,
    /// does not fit in an `Int` (no such array exists; copying it would wrap the allocation's
    /// size and write past it). Whether `count` elements really are there is the host's
    /// promise, as for any C array.
    static func elements<Element>(_ pointer: UnsafePointer<Element>?, count: UInt, _ what: String)
        throws(NavigationError) -> UnsafeBufferPointer<Element>
    {
        guard let length = Int(exactly: count),
              !length.multipliedReportingOverflow(by: MemoryLayout<Element>.stride).overflow
        else {
            throw NavigationError(.invalid, "the count \(count) of \(what) is larger than any array")
        }
        guard length > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: try CAPI.required(pointer, what), count: length)
    }
}
