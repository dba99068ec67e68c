import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Operations: navcore_show_options, a versioned struct (the libgit2 pattern).

/// Writes the defaults of options `version` into `*options` (NAVCORE_SHOW_OPTIONS_INIT's): only
/// the bytes that version has, so a host's older, smaller struct is never written past.
@c public func navcore_show_options_init(_ options: UnsafeMutablePointer<navcore_show_options>?, _ version: UInt32) -> Int32 {
    CShowOptions.layout.initialize(options, version)
}

/// Reading a host's `navcore_show_options`: its version first, then only that version's fields.
enum CShowOptions {
    /// The versions of navcore_show_options: version 1 ends with `payload`. A later version
    /// appends the end of its last field. NAVCORE_SHOW_OPTIONS_INIT's values are the defaults,
    /// also SPEC §8's for NULL options.
    static let layout = VersionedStruct<navcore_show_options>(
        name: "navcore_show_options", initializer: "NAVCORE_SHOW_OPTIONS_INIT", what: "the options",
        sizes: [VersionedStruct.end(of: \navcore_show_options.payload)]
    ) { version in
        navcore_show_options(
            version: version, animated: false, remove_current: true,
            recycle: Int32(bitPattern: NAVCORE_RECYCLE_ANY.rawValue), payload: nil)
    }

    /// The engine's show options from the host's (NULL: the defaults).
    static func read(_ options: UnsafePointer<navcore_show_options>?) throws(NavigationError) -> ShowOptions {
        let options = if let options { try layout.read(options) } else { layout.newestDefaults }
        return ShowOptions(
            animated: options.animated, removeCurrent: options.remove_current, recycle: try recycle(options.recycle),
            payload: try CStrings.optionalText(options.payload, "the payload"))
    }

    /// A NAVCORE_RECYCLE_* as the engine's Recycle.
    private static func recycle(_ value: Int32) throws(NavigationError) -> Recycle {
        switch UInt32(bitPattern: value) {
        case NAVCORE_RECYCLE_NONE.rawValue: .none
        case NAVCORE_RECYCLE_ANY.rawValue: .any
        case NAVCORE_RECYCLE_TOP.rawValue: .top
        default: throw NavigationError(.invalid, "recycle \(value) is not a navcore_recycle")
        }
    }
}
