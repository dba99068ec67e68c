import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Families: the versioned options of attach, activate, present and dismiss (the
// libgit2 pattern, as navcore_show_options).

/// Writes the defaults of `version` into `*options` (NAVCORE_ATTACH_OPTIONS_INIT's).
@c public func navcore_attach_options_init(_ options: UnsafeMutablePointer<navcore_attach_options>?, _ version: UInt32) -> Int32 {
    CFamilyOptions.attachLayout.initialize(options, version)
}

/// Writes the defaults of `version` into `*options` (NAVCORE_ACTIVATE_OPTIONS_INIT's).
@c public func navcore_activate_options_init(
    _ options: UnsafeMutablePointer<navcore_activate_options>?, _ version: UInt32
) -> Int32 {
    CFamilyOptions.activateLayout.initialize(options, version)
}

/// Writes the defaults of `version` into `*options` (NAVCORE_PRESENT_OPTIONS_INIT's).
@c public func navcore_present_options_init(
    _ options: UnsafeMutablePointer<navcore_present_options>?, _ version: UInt32
) -> Int32 {
    CFamilyOptions.presentLayout.initialize(options, version)
}

/// Writes the defaults of `version` into `*options` (NAVCORE_DISMISS_OPTIONS_INIT's).
@c public func navcore_dismiss_options_init(
    _ options: UnsafeMutablePointer<navcore_dismiss_options>?, _ version: UInt32
) -> Int32 {
    CFamilyOptions.dismissLayout.initialize(options, version)
}

/// Reading a host's family options: each version first, then only that version's fields; NULL
/// options are the defaults (SPEC §16.2–16.4).
enum CFamilyOptions {
    /// navcore_attach_options: version 1 is the version alone.
    static let attachLayout = VersionedStruct<navcore_attach_options>(
        name: "navcore_attach_options", initializer: "NAVCORE_ATTACH_OPTIONS_INIT", what: "the options",
        sizes: [VersionedStruct.end(of: \navcore_attach_options.version)]
    ) { version in navcore_attach_options(version: version) }

    /// navcore_activate_options: version 1 ends with `retap`.
    static let activateLayout = VersionedStruct<navcore_activate_options>(
        name: "navcore_activate_options", initializer: "NAVCORE_ACTIVATE_OPTIONS_INIT", what: "the options",
        sizes: [VersionedStruct.end(of: \navcore_activate_options.retap)]
    ) { version in
        navcore_activate_options(version: version, animated: true, retap: Int32(bitPattern: NAVCORE_RETAP_NONE.rawValue))
    }

    /// navcore_present_options: version 1 ends with `dismiss_on_back`.
    static let presentLayout = VersionedStruct<navcore_present_options>(
        name: "navcore_present_options", initializer: "NAVCORE_PRESENT_OPTIONS_INIT", what: "the options",
        sizes: [VersionedStruct.end(of: \navcore_present_options.dismiss_on_back)]
    ) { version in navcore_present_options(version: version, animated: true, covers: true, dismiss_on_back: true) }

    /// navcore_dismiss_options: version 1 ends with `result`.
    static let dismissLayout = VersionedStruct<navcore_dismiss_options>(
        name: "navcore_dismiss_options", initializer: "NAVCORE_DISMISS_OPTIONS_INIT", what: "the options",
        sizes: [VersionedStruct.end(of: \navcore_dismiss_options.result)]
    ) { version in navcore_dismiss_options(version: version, animated: true, result: nil) }

    static func attach(_ options: UnsafePointer<navcore_attach_options>?) throws(NavigationError) -> AttachOptions {
        if let options { _ = try attachLayout.read(options) }
        return AttachOptions()
    }

    static func activate(_ options: UnsafePointer<navcore_activate_options>?) throws(NavigationError) -> ActivateOptions {
        let options = if let options { try activateLayout.read(options) } else { activateLayout.newestDefaults }
        guard let retap = Retap(rawValue: options.retap) else {
            throw NavigationError(.invalid, "retap \(options.retap) is not a navcore_retap")
        }
        return ActivateOptions(animated: options.animated, retap: retap)
    }

    static func present(_ options: UnsafePointer<navcore_present_options>?) throws(NavigationError) -> PresentOptions {
        let options = if let options { try presentLayout.read(options) } else { presentLayout.newestDefaults }
        return PresentOptions(animated: options.animated, covers: options.covers, dismissOnBack: options.dismiss_on_back)
    }

    static func dismiss(_ options: UnsafePointer<navcore_dismiss_options>?) throws(NavigationError) -> DismissOptions {
        let options = if let options { try dismissLayout.read(options) } else { dismissLayout.newestDefaults }
        return DismissOptions(animated: options.animated, result: try CStrings.optionalText(options.result, "the result"))
    }
}
