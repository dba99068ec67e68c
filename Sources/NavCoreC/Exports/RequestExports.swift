import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Requests: every op as one value, asked through navcore_ask.

/// Writes the empty request of `version` into `*request` (NAVCORE_REQUEST_INIT's): only the
/// bytes that version has, so a host's older, smaller struct is never written past.
@c public func navcore_request_init(_ request: UnsafeMutablePointer<navcore_request>?, _ version: UInt32) -> Int32 {
    CRequests.layout.initialize(request, version)
}

/// Asks the op a host's request describes, read at the version it names (after the handle,
/// as every argument is checked).
@c public func navcore_ask(
    _ nav: NavigatorHandle?, _ request: UnsafePointer<navcore_request>?, _ done: navcore_done_fn?,
    _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.call(nav) { navigator throws(NavigationError) in
        try CRequests.ask(navigator, try CRequests.layout.read(try CAPI.required(request, "the request")), done, ctx)
    }
}

/// Asks the op a host's request describes, as navcore_ask does, and writes its outcome to
/// `*outOutcome` when the op ended before the call returned (then `done` is not called), or
/// NAVCORE_OUTCOME_NONE, and `done` reports it (`OutcomeHandOff`).
@c public func navcore_ask_outcome(
    _ outOutcome: UnsafeMutablePointer<Int32>?, _ nav: NavigatorHandle?, _ request: UnsafePointer<navcore_request>?,
    _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.call(nav) { navigator throws(NavigationError) in
        let out = try CAPI.required(outOutcome, "the out-parameter")
        let request = try CRequests.layout.read(try CAPI.required(request, "the request"))
        let (status, outcome) = try OutcomeHandOff.ask(navigator, request, done, ctx)
        out.pointee = outcome
        return status
    }
}

/// The one path of every op asked through the C interface: navcore_ask's, and each function
/// of an op's (OperationExports.swift), which makes the request of its arguments.
enum CRequests {
    /// The versions of navcore_request: version 1 ends with `document`, version 2 (the
    /// family ops, open's options and restore_tree's tree) with `tree`. A later version appends
    /// the end of its last field.
    static let layout = VersionedStruct<navcore_request>(
        name: "navcore_request", initializer: "NAVCORE_REQUEST_INIT", what: "the request",
        sizes: [VersionedStruct.end(of: \navcore_request.document), VersionedStruct.end(of: \navcore_request.tree)]
    ) { version in navcore_request.empty(version) }

    /// Asks `request` of the live `navigator`: its fields are read (`invalid` as the functions'
    /// arguments are), then the engine validates the op; `NAVCORE_OK` or `NAVCORE_QUEUED`.
    /// Inlined, with the request's conversion: in a function of an op, whose op is a constant,
    /// only that op's case of the conversion is left, so a named call costs what it did before
    /// requests.
    @inline(__always)
    static func ask(
        _ navigator: CNavigator, _ request: navcore_request, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
    ) throws(NavigationError) -> Int32 {
        try navigator.core.ask(try request.engineRequest(navigator, navigator.completion(done, ctx), ctx)).rawValue
    }
}

extension CNavigator {
    /// The engine's form of an op's optional completion.
    func completion(_ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?) -> CompletionHandler? {
        done.map { .c(CCallback($0, ctx)) }
    }
}
