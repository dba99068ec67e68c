import CNavCore
@_spi(Fronts) import NavCoreEngine

/// A struct the host allocates and versions (the libgit2 pattern: `navcore_show_options`,
/// `navcore_screen_hooks`). Its first field is the `unsigned int version`, and each version's
/// layout is a prefix of the next, so a host built against an older header has a smaller
/// struct. The library therefore reads and writes only the bytes of the version named — never
/// the newest layout's size — and the fields a version lacks keep the library's defaults.
struct VersionedStruct<Layout>: Sendable {
    /// The C type's name, for messages (`navcore_show_options`).
    let name: String
    /// Its initializer macro, for messages (`NAVCORE_SHOW_OPTIONS_INIT`).
    let initializer: String
    /// What a NULL pointer to it is called in the message (`the options`).
    let what: String
    /// `sizes[v - 1]`: the bytes of version v, each within the newest layout.
    private let sizes: [Int]
    /// The newest layout's defaults, with `version` set to the one given. (A closure: a C
    /// struct with a pointer field is not Sendable.)
    private let defaults: @Sendable (UInt32) -> Layout

    /// `sizes` lists, from version 1 up, where each version ends (see `end(of:)`); its count is
    /// the newest version this library knows. A size is clamped to the newest layout, so that
    /// no copy can run past either side.
    init(name: String, initializer: String, what: String, sizes: [Int], defaults: @escaping @Sendable (UInt32) -> Layout) {
        self.name = name
        self.initializer = initializer
        self.what = what
        self.sizes = sizes.map { Swift.min(Swift.max($0, MemoryLayout<UInt32>.size), MemoryLayout<Layout>.size) }
        self.defaults = defaults
    }

    /// The end of a version whose last field is `field`: its offset plus its size.
    /// Transparent, so that it is inlined before Embedded Swift's checks and the caller's key
    /// path literal becomes a constant offset there (Embedded Swift has no key path values).
    @_transparent
    static func end<Field>(of field: KeyPath<Layout, Field>) -> Int {
        MemoryLayout<Layout>.offset(of: field).map { $0 + MemoryLayout<Field>.size } ?? MemoryLayout<Layout>.size
    }

    /// The newest version this library knows (NAVCORE_*_VERSION of the header it was built with).
    var newest: UInt32 { UInt32(clamping: sizes.count) }

    /// The defaults of the newest version: what a NULL struct means.
    var newestDefaults: Layout { defaults(newest) }

    /// The bytes of `version`; `invalid` unless it is one this library knows (1 … newest): 0 is
    /// a never-initialised struct, a larger one a header newer than the library.
    func size(of version: UInt32) throws(NavigationError) -> Int {
        let index = Int(clamping: version) - 1
        guard sizes.indices.contains(index) else {
            throw NavigationError(
                .invalid,
                "\(name) version \(version) is not one this library knows (1 to \(newest)): "
                    + "start from \(initializer) or \(name)_init()")
        }
        return sizes[index]
    }

    /// The host's struct at `pointer`, read as its `version` says: that version's bytes over
    /// the defaults, so the fields it lacks keep their defaults.
    func read(_ pointer: UnsafePointer<Layout>) throws(NavigationError) -> Layout {
        let version = UnsafeRawPointer(pointer).loadUnaligned(as: UInt32.self)
        let size = try size(of: version)
        var value = defaults(version)
        withUnsafeMutableBytes(of: &value) { bytes in
            let target = UnsafeMutableRawBufferPointer(rebasing: bytes.prefix(size))
            target.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: target.count))
        }
        return value
    }

    /// navcore_*_init: writes the defaults of `version` into `*pointer` — that version's bytes
    /// only, its `version` field the one asked — and returns the C status.
    func initialize(_ pointer: UnsafeMutablePointer<Layout>?, _ version: UInt32) -> Int32 {
        do throws(NavigationError) {
            let pointer = try CAPI.required(pointer, what)
            let size = try size(of: version)
            withUnsafeBytes(of: defaults(version)) { bytes in
                let source = UnsafeRawBufferPointer(rebasing: bytes.prefix(size))
                UnsafeMutableRawBufferPointer(start: pointer, count: source.count).copyMemory(from: source)
            }
            return NAVCORE_OK.rawValue
        } catch {
            return CAPI.fail(error)
        }
    }
}
