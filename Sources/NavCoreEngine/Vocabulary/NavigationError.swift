/// An error status of a navigator call, with a human-readable message (<doc:Semantics> §10).
///
/// A call that throws changed nothing and queued nothing; its completion is never called.
/// `code.rawValue` is the `NAVCORE_ERR_*` status that `include/navcore.h` returns for it.
public struct NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The status codes of <doc:Semantics> §10, with the raw values of the C header.
    public enum Code: Int32, Sendable, CaseIterable, CustomStringConvertible {
        /// A bad argument: NULL, out of range, an unknown enum value, invalid UTF-8.
        case invalid = -1
        /// The navigator was destroyed (or the handle never was a navigator).
        case invalidHandle = -2
        /// The screen id is dead, was never created, or belongs to another navigator.
        case noSuchScreen = -3
        /// The navigator is busy or its queue is not empty (the gesture only).
        case busy = -4
        /// The call does not fit the navigator's state (no transition in flight, hidden…).
        case state = -5
        /// The name is already registered.
        case exists = -6
        /// Memory ran out.
        case noMemory = -7
        /// A bug in navcore.
        case `internal` = -8

        /// The spelling used by <doc:Semantics> and the scenario traces, e.g. `no_such_screen`.
        public var description: String {
            switch self {
            case .invalid: "invalid"
            case .invalidHandle: "invalid_handle"
            case .noSuchScreen: "no_such_screen"
            case .busy: "busy"
            case .state: "state"
            case .exists: "exists"
            case .noMemory: "no_memory"
            case .internal: "internal"
            }
        }
    }

    /// What kind of error this is.
    public var code: Code
    /// What went wrong, in words, for logs and for the C API's per-thread last error.
    public var message: String

    /// Makes an error with its code and message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The C status code (`NAVCORE_ERR_*`), always negative.
    public var rawValue: Int32 { code.rawValue }

    /// `"<code>: <message>"`.
    public var description: String { "\(code): \(message)" }

    /// Two errors are equal when their codes are; the message is commentary.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, in line with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

extension NavigationError {
    package static let destroyed = NavigationError(.invalidHandle, "the navigator has been destroyed")

    package static func noSuchScreen(_ id: UInt64) -> NavigationError {
        NavigationError(.noSuchScreen, "screen \(id) is not a live screen of this navigator")
    }
}
