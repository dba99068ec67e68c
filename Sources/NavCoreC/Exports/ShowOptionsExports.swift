import CNavCore
import NavCore

// navcore.h — Operations: navcore_show_options, a versioned struct (the libgit2 pattern).

/// Writes the defaults of options `version` into `*options` (NAVCORE_SHOW_OPTIONS_INIT's).
@c public func navcore_show_options_init(_ options: UnsafeMutablePointer<navcore_show_options>?, _ version: UInt32) -> Int32 {
    do throws(NavigationError) {
        let options = try CAPI.required(options, "the options")
        try CShowOptions.check(version)
        options.pointee = CShowOptions.defaults
        return NAVCORE_OK.rawValue
    } catch {
        return CAPI.fail(error)
    }
}

/// Reading a host's `navcore_show_options`: its version first, then only that version's fields.
enum CShowOptions {
    /// NAVCORE_SHOW_OPTIONS_VERSION: the newest layout this library knows.
    static let version = UInt32(NAVCORE_SHOW_OPTIONS_VERSION)

    /// NAVCORE_SHOW_OPTIONS_INIT, and SPEC §8's defaults for NULL options. (Computed: a C struct
    /// with a pointer field is not Sendable, so it cannot be a stored static.)
    static var defaults: navcore_show_options {
        navcore_show_options(
            version: version, animated: false, remove_current: true,
            recycle: Int32(bitPattern: NAVCORE_RECYCLE_ANY.rawValue), payload: nil)
    }

    /// Fails unless `version` is a layout this library knows (1 … NAVCORE_SHOW_OPTIONS_VERSION).
    static func check(_ version: UInt32) throws(NavigationError) {
        guard (1...Self.version).contains(version) else {
            throw NavigationError(
                .invalid,
                "navcore_show_options version \(version) is not one this library knows (1 to \(Self.version)): "
                    + "start from NAVCORE_SHOW_OPTIONS_INIT or navcore_show_options_init()")
        }
    }

    /// The engine's show request from the host's options (NULL: the defaults).
    static func request(route: String, _ options: UnsafePointer<navcore_show_options>?) throws(NavigationError) -> (ShowRequest, animated: Bool) {
        let version = options?.pointee.version ?? Self.version
        try check(version)
        // Version 1 is every field there is; a later version reads its new fields only when
        // `version` says the host's struct has them.
        let options = options?.pointee ?? defaults
        let show = ShowRequest(
            route: route, removeCurrent: options.remove_current, recycle: try recycle(options.recycle),
            payload: try CStrings.optionalText(options.payload, "the payload"))
        return (show, options.animated)
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
