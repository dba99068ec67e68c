import NavCore
@testable import NavCoreC
import Testing

/// VersionedStruct with two versions (the shipped structs have one so far): reading and writing
/// version 1 touches only version 1's bytes, and the fields version 1 lacks keep the defaults.
@Suite("Versioned structs") struct VersionedStructTests {
    /// A struct whose version 2 appended `second` (8 bytes) to version 1's `first`.
    struct TwoVersions {
        var version: UInt32
        var first: UInt32
        var second: UInt64
    }

    static let layout = VersionedStruct<TwoVersions>(
        name: "test_options", initializer: "TEST_OPTIONS_INIT", what: "the test options",
        sizes: [VersionedStruct.end(of: \TwoVersions.first), VersionedStruct.end(of: \TwoVersions.second)]
    ) { TwoVersions(version: $0, first: 7, second: 9) }

    static let canary: UInt8 = 0xA5

    /// A canary-filled buffer as big as version 2, passed to `body` as the struct.
    static func withBuffer<R>(_ body: (UnsafeMutablePointer<TwoVersions>) throws -> R) rethrows -> (R, [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: MemoryLayout<TwoVersions>.size, alignment: MemoryLayout<TwoVersions>.alignment)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: canary)
        let result = try body(buffer.baseAddress!.assumingMemoryBound(to: TwoVersions.self))
        return (result, Array(buffer))
    }

    @Test("version 1 ends after `first`; version 2 is the whole struct")
    func sizes() throws {
        #expect(Self.layout.newest == 2)
        #expect(try Self.layout.size(of: 1) == 8)
        #expect(try Self.layout.size(of: 2) == MemoryLayout<TwoVersions>.size)
    }

    @Test("initialize(1) writes version 1's defaults and version 1, not the bytes of `second`")
    func initializeVersion1() {
        let (status, bytes) = Self.withBuffer { Self.layout.initialize($0, 1) }
        #expect(status == 0)  // NAVCORE_OK
        #expect(bytes[0..<8] == [1, 0, 0, 0, 7, 0, 0, 0])
        #expect(bytes[8...].allSatisfy { $0 == Self.canary })
    }

    @Test("initialize(2) writes the whole struct")
    func initializeVersion2() {
        let (status, bytes) = Self.withBuffer { Self.layout.initialize($0, 2) }
        #expect(status == 0)  // NAVCORE_OK
        #expect(bytes == [2, 0, 0, 0, 7, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0])
    }

    @Test("reading takes the host's fields of its version; version 1 leaves `second` its default",
          arguments: [(UInt32(1), UInt64(9)), (2, 4)])
    func read(version: UInt32, second: UInt64) throws {
        let (read, _) = try Self.withBuffer { pointer in
            pointer.pointee = TwoVersions(version: version, first: 3, second: 4)
            return try Self.layout.read(pointer)
        }
        #expect(read.version == version && read.first == 3 && read.second == second)
    }

    @Test("version 0, a version newer than the newest and NULL are invalid, and nothing is written")
    func unknownVersions() {
        for version: UInt32 in [0, 3, .max] {
            #expect(throws: NavigationError(
                .invalid,
                "test_options version \(version) is not one this library knows (1 to 2): "
                    + "start from TEST_OPTIONS_INIT or test_options_init()")) { try Self.layout.size(of: version) }
            let (status, bytes) = Self.withBuffer { Self.layout.initialize($0, version) }
            #expect(status == NavigationError.Code.invalid.rawValue)
            #expect(bytes.allSatisfy { $0 == Self.canary })
        }
        #expect(Self.layout.initialize(nil, 1) == NavigationError.Code.invalid.rawValue)
    }
}
