import CNavCore
import Testing

/// navcore.h: navcore_show_options_init, navcore_screen_hooks_init, navcore_observer_init and
/// navcore_request_init write only the bytes of the version asked — a host built against an older header has a
/// smaller struct, and the library must not write past it.
@Suite("Versioned struct initializers") struct VersionedInitTests {
    /// The canary that fills the buffer before an `_init` call.
    static let canary: UInt8 = 0xA5

    /// Runs `initialize` on a canary-filled buffer `spare` bytes longer than `prefix`; returns
    /// its status and the buffer after.
    static func initialized<Layout>(
        _: Layout.Type, prefix: Int, spare: Int = 32, _ initialize: (UnsafeMutablePointer<Layout>) -> Int32
    ) -> (status: Int32, bytes: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: prefix + spare, alignment: MemoryLayout<Layout>.alignment)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: canary)
        let status = initialize(buffer.baseAddress!.assumingMemoryBound(to: Layout.self))
        return (status, Array(buffer))
    }

    /// Runs a successful `initialize` with version 1 on a canary-filled buffer, expects every
    /// byte after version 1's last field untouched, and returns the struct written.
    static func version1<Layout, Last>(
        ending last: KeyPath<Layout, Last>, _ initialize: (UnsafeMutablePointer<Layout>) -> Int32,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Layout {
        let prefix = try end(of: last)
        // Room for the newest layout, which the struct is read back as.
        let spare = Swift.max(32, MemoryLayout<Layout>.size - prefix)
        let (status, bytes) = initialized(Layout.self, prefix: prefix, spare: spare, initialize)
        expectStatus(status, sourceLocation: sourceLocation)
        #expect(bytes[prefix...].allSatisfy { $0 == canary }, sourceLocation: sourceLocation)
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: Layout.self) }
    }

    /// Where version 1 of `Layout` ends: its last field's offset plus its size.
    static func end<Layout, Field>(of field: KeyPath<Layout, Field>) throws -> Int {
        try #require(MemoryLayout<Layout>.offset(of: field)) + MemoryLayout<Field>.size
    }

    @Test("navcore_show_options_init(1) writes version 1's fields, with version 1, and not one byte after them")
    func showOptionsVersion1() throws {
        let options = try Self.version1(ending: \navcore_show_options.payload) { navcore_show_options_init($0, 1) }
        #expect(options.version == 1)
        #expect(options.animated == false)
        #expect(options.remove_current == true)
        #expect(options.recycle == c(NAVCORE_RECYCLE_ANY))
        #expect(options.payload == nil)
    }

    @Test("navcore_open_options_init(1) writes version 1's defaults, with version 1, and not one byte after them")
    func openOptionsVersion1() throws {
        let options = try Self.version1(ending: \navcore_open_options.focus) { navcore_open_options_init($0, 1) }
        #expect(options.version == 1 && options.animated == false && options.focus == false)
    }

    @Test("navcore_screen_hooks_init(1) writes version 1's NULL hooks, with version 1, and not one byte after them")
    func screenHooksVersion1() throws {
        let hooks = try Self.version1(ending: \navcore_screen_hooks.destroy) { navcore_screen_hooks_init($0, 1) }
        #expect(hooks.version == 1)
        #expect(hooks.will_show == nil && hooks.did_show == nil && hooks.will_hide == nil && hooks.did_hide == nil)
        #expect(hooks.payload == nil && hooks.release == nil && hooks.ctx == nil && hooks.destroy == nil)
    }

    @Test("navcore_observer_init(1) writes version 1's NULL functions, with version 1, and not one byte after them")
    func observerVersion1() throws {
        let observer = try Self.version1(ending: \navcore_observer.destroy) { navcore_observer_init($0, 1) }
        #expect(observer.version == 1)
        #expect(observer.action == nil && observer.appearance == nil && observer.progress == nil && observer.bar == nil)
        #expect(observer.payload == nil && observer.release == nil && observer.done == nil)
        #expect(observer.ctx == nil && observer.destroy == nil)
    }

    @Test("navcore_request_init(1) writes version 1's empty request, no op (-1), and not one byte after it")
    func requestVersion1() throws {
        let request = try Self.version1(ending: \navcore_request.document) { navcore_request_init($0, 1) }
        #expect(request.version == 1 && request.op == -1)
        #expect(request.screen == 0 && request.screens == nil && request.count == 0)
        #expect(request.animated == false && request.visible == false && request.result == nil && request.block == nil)
        #expect(request.route == nil && request.show_options == nil && request.entries == nil && request.document == nil)
    }

    /// Expects `initialize` to fail with invalid for version 0 and for `newest + 1`, writing nothing.
    static func unknownVersions<Layout, Last>(
        ending last: KeyPath<Layout, Last>, newest: Int32, _ initialize: (UnsafeMutablePointer<Layout>, UInt32) -> Int32
    ) throws {
        let prefix = try end(of: last)
        for version in [0, UInt32(newest) + 1] {
            let (status, bytes) = initialized(Layout.self, prefix: prefix, spare: 0) { initialize($0, version) }
            expectError(status, NAVCORE_ERR_INVALID)
            #expect(bytes.allSatisfy { $0 == canary }, "version \(version)")
        }
    }

    @Test("an _init with an unknown version writes nothing")
    func unknownVersionWritesNothing() throws {
        try Self.unknownVersions(ending: \navcore_show_options.payload, newest: NAVCORE_SHOW_OPTIONS_VERSION) {
            navcore_show_options_init($0, $1)
        }
        try Self.unknownVersions(ending: \navcore_screen_hooks.destroy, newest: NAVCORE_SCREEN_HOOKS_VERSION) {
            navcore_screen_hooks_init($0, $1)
        }
        try Self.unknownVersions(ending: \navcore_observer.destroy, newest: NAVCORE_OBSERVER_VERSION) {
            navcore_observer_init($0, $1)
        }
        try Self.unknownVersions(ending: \navcore_request.document, newest: NAVCORE_REQUEST_VERSION) {
            navcore_request_init($0, $1)
        }
        try Self.unknownVersions(ending: \navcore_open_options.focus, newest: NAVCORE_OPEN_OPTIONS_VERSION) {
            navcore_open_options_init($0, $1)
        }
        try Self.unknownVersions(ending: \navcore_attach_options.version, newest: NAVCORE_ATTACH_OPTIONS_VERSION) {
            navcore_attach_options_init($0, $1)
        }
        try Self.unknownVersions(ending: \navcore_activate_options.retap, newest: NAVCORE_ACTIVATE_OPTIONS_VERSION) {
            navcore_activate_options_init($0, $1)
        }
        try Self.unknownVersions(ending: \navcore_present_options.dismiss_on_back, newest: NAVCORE_PRESENT_OPTIONS_VERSION) {
            navcore_present_options_init($0, $1)
        }
        try Self.unknownVersions(ending: \navcore_dismiss_options.result, newest: NAVCORE_DISMISS_OPTIONS_VERSION) {
            navcore_dismiss_options_init($0, $1)
        }
    }

    @Test("navcore_request_init(2) writes the family ops' fields, open's options and tree empty, and not one byte after them")
    func requestVersion2() throws {
        let request = try Self.version1(ending: \navcore_request.tree) { navcore_request_init($0, 2) }
        #expect(request.version == 2 && request.op == -1 && request.child == nil)
        #expect(request.attach_options == nil && request.activate_options == nil)
        #expect(request.present_options == nil && request.dismiss_options == nil)
        #expect(request.open_options == nil && request.tree == nil)
    }

    @Test("the family ops' options _init(1) write their defaults (SPEC §16.12), and not one byte after them")
    func familyOptionsVersion1() throws {
        let attach = try Self.version1(ending: \navcore_attach_options.version) { navcore_attach_options_init($0, 1) }
        #expect(attach.version == 1)
        let activate = try Self.version1(ending: \navcore_activate_options.retap) { navcore_activate_options_init($0, 1) }
        #expect(activate.version == 1 && activate.animated && activate.retap == c(NAVCORE_RETAP_NONE))
        let present = try Self.version1(ending: \navcore_present_options.dismiss_on_back) { navcore_present_options_init($0, 1) }
        #expect(present.version == 1 && present.animated && present.covers && present.dismiss_on_back)
        let dismiss = try Self.version1(ending: \navcore_dismiss_options.result) { navcore_dismiss_options_init($0, 1) }
        #expect(dismiss.version == 1 && dismiss.animated && dismiss.result == nil)
    }
}
