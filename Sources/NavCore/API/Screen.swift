/// A screen of a navigator's stack (SPEC §1): an id, a route name and the host's object.
///
/// A `Screen` is a value that names a screen; it stays valid to compare and to print after the
/// screen is released, but every call naming a released screen fails with `.noSuchScreen`.
/// Two screens are equal when their ids are.
public struct Screen: Hashable, Sendable, CustomStringConvertible {
    /// The process-wide id: non-zero, never reused.
    public let id: UInt64
    /// The route the screen belongs to; may be empty.
    public let route: String
    /// What the host attached, if anything.
    public let object: (any Sendable)?

    init(_ screen: ScreenRef) {
        id = screen.id
        route = screen.route
        if case .value(let value) = screen.object {
            object = value
        } else {
            object = nil
        }
    }

    /// Screens are equal when their ids are.
    public static func == (lhs: Screen, rhs: Screen) -> Bool { lhs.id == rhs.id }

    /// Hashes the id, in line with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `route#id`, e.g. `detail#42`.
    public var description: String { "\(route)#\(id)" }
}

extension HostObject {
    /// The engine's form of a Swift host object.
    init(_ object: (any Sendable)?) {
        if let object {
            self = .value(object)
        } else {
            self = .none
        }
    }
}
