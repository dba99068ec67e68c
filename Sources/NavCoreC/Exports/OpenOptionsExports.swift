import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Saved state, save, open and restore: navcore_open_options, a versioned struct (the
// libgit2 pattern), which navcore_open_with_options takes.

/// Writes the defaults of options `version` into `*options` (NAVCORE_OPEN_OPTIONS_INIT's): only
/// the bytes that version has, so a host's older, smaller struct is never written past.
@c public func navcore_open_options_init(_ options: UnsafeMutablePointer<navcore_open_options>?, _ version: UInt32) -> Int32 {
    COpenOptions.layout.initialize(options, version)
}

/// Reading a host's `navcore_open_options`: its version first, then only that version's fields.
enum COpenOptions {
    /// The versions of navcore_open_options: version 1 ends with `focus`. A later version
    /// appends the end of its last field. NAVCORE_OPEN_OPTIONS_INIT's values are the defaults.
    static let layout = VersionedStruct<navcore_open_options>(
        name: "navcore_open_options", initializer: "NAVCORE_OPEN_OPTIONS_INIT", what: "the options",
        sizes: [VersionedStruct.end(of: \navcore_open_options.focus)]
    ) { version in
        navcore_open_options(version: version, animated: false, focus: false)
    }

    /// The engine's open options from the host's; `nil` for NULL (then the request's own
    /// `animated` stands, without focus).
    static func read(_ options: UnsafePointer<navcore_open_options>?) throws(NavigationError) -> OpenOptions? {
        guard let options else { return nil }
        let read = try layout.read(options)
        return OpenOptions(animated: read.animated, focus: read.focus)
    }
}
