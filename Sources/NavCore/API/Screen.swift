/// A screen of a navigator's stack (<doc:Semantics> §1): an id, a route name and the host's object.
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
        self.init(id: screen.id, route: screen.route, hostObject: screen.object)
    }

    /// A screen made from its fields (a screen just created, before any event names it).
    init(id: UInt64, route: String, hostObject: HostObject) {
        self.id = id
        self.route = route
        if case .swift(let host) = hostObject {
            object = host.object
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

/// A Swift host's object as the engine carries it, with its `ScreenFeedback` conformance looked
/// up once, when the screen is made, instead of on every show/hide event.
package final class SwiftObject: Sendable {
    /// What the host attached.
    let object: any Sendable
    /// The same object, if it adopts `ScreenFeedback`.
    let feedback: (any ScreenFeedback)?

    init(_ object: any Sendable) {
        self.object = object
        feedback = object as? any ScreenFeedback
    }
}

extension HostObject {
    /// The engine's form of a Swift host object.
    init(_ object: (any Sendable)?) {
        if let object {
            self = .swift(SwiftObject(object))
        } else {
            self = .none
        }
    }

    /// The object's `ScreenFeedback`, if it adopts it.
    var feedback: (any ScreenFeedback)? {
        if case .swift(let host) = self { return host.feedback }
        return nil
    }
}
