@_spi(Fronts) import NavCoreEngine
import Synchronization

/// A screen of a navigator's stack (<doc:Semantics> §1): an id, a route name and the host's object.
///
/// A `Screen` is a value that names a screen; it stays valid to compare and to print after the
/// screen is released, but every call naming a released screen fails with `.noSuchScreen`.
/// Two screens are equal when their ids are.
public struct Screen: Hashable, Sendable, CustomStringConvertible {
    /// The process-wide id: non-zero, never reused.
    public let id: UInt64
    /// The route and object, made once with the screen and shared by every `Screen` value that
    /// names it: making a `Screen` for an event costs one reference, not a copy of the route
    /// `String` and of the object's existential.
    let host: SwiftObject

    /// The route the screen belongs to; may be empty.
    public var route: String { host.route }
    /// What the host attached, if anything.
    public var object: (any Sendable)? { host.object }

    init(id: UInt64, host: SwiftObject) {
        self.id = id
        self.host = host
    }

    /// The screen an engine event or the state names. A screen the Swift front made carries
    /// its `SwiftObject`; any other (none is expected in a Swift navigator) gets one made here,
    /// so the route is read from the engine only then.
    init(_ screen: ScreenRef) {
        // An exact type check (one metadata comparison; `SwiftObject` is final), not `as?`,
        // whose dynamic cast costs more than the rest of the event: one is made per screen
        // an event names.
        if let object = screen.swiftObject, type(of: object) == SwiftObject.self {
            self.init(id: screen.id, host: unsafeDowncast(object, to: SwiftObject.self))
        } else {
            self.init(id: screen.id, host: SwiftObject(route: screen.route, object: nil))
        }
    }

    /// Screens are equal when their ids are.
    public static func == (lhs: Screen, rhs: Screen) -> Bool { lhs.id == rhs.id }

    /// Hashes the id, in line with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `route#id`, e.g. `detail#42`.
    public var description: String { "\(route)#\(id)" }
}

/// A Swift screen's route and object as the engine carries them (its `HostObject`), with the
/// object's `ScreenFeedback` and `MainActorScreenFeedback` conformances looked up once, when
/// the screen is made, instead of on every show/hide event. Every screen the Swift front makes
/// has one, object or not.
package final class SwiftObject: Sendable {
    /// The screen's route.
    let route: String
    /// What the host attached.
    let object: (any Sendable)?
    /// The same object, if it adopts `ScreenFeedback`.
    private let feedback: (any ScreenFeedback)?
    /// Whether it does: a test of the optional existential itself copies it through its value
    /// witnesses (≈ 160 instructions per show/hide event with the copy's destruction), even
    /// when it is empty, which it nearly always is.
    private let hasFeedback: Bool
    /// The same object, if it adopts `MainActorScreenFeedback` (a class-bound existential:
    /// testing it costs nothing).
    let mainActorFeedback: (any MainActorScreenFeedback)?

    init(route: String, object: (any Sendable)?) {
        self.route = route
        guard let object else {
            self.object = nil
            feedback = nil
            hasFeedback = false
            mainActorFeedback = nil
            return
        }
        let type = Self.cacheKey(of: object)
        if let feedback = Self.adopted(object, of: type, as: (any ScreenFeedback).self, unless: Self.lastWithoutFeedback) {
            self.feedback = feedback
            hasFeedback = true
        } else {
            feedback = nil
            hasFeedback = false
        }
        mainActorFeedback = Self.adopted(
            object, of: type, as: (any MainActorScreenFeedback).self, unless: Self.lastWithoutMainActorFeedback)
        self.object = object  // last: moved, not copied again
    }

    /// Tells the object of its show/hide event, if it adopts `ScreenFeedback`.
    func tell(_ change: AppearanceChange) {
        if hasFeedback { feedback?.hear(change) }
    }

    /// Tells the object of its payload, if it adopts `ScreenFeedback`.
    func tell(payload: String) {
        if hasFeedback { feedback?.receivePayload(payload) }
    }

    /// The class last found not to adopt `ScreenFeedback`, and `MainActorScreenFeedback` (its
    /// metadata's address), so that the screens of an app's one or two view types skip the
    /// dynamic cast (≈ 2,000 instructions through the runtime's conformance lookup, for an
    /// answer that does not change). One entry each, written by any thread: a stale or
    /// overwritten entry only costs a cast.
    private static let lastWithoutFeedback = Atomic<UInt>(0)
    private static let lastWithoutMainActorFeedback = Atomic<UInt>(0)

    /// The key under which `object`'s answers may be cached: its class's metadata address, or
    /// 0 (never cached) for any other type. Only a class answers a cast by its type alone: a
    /// cast looks inside `Optional` and `AnyHashable`, so for those (and any value type, to be
    /// safe) the answer depends on the value — `Optional<Page>.none` does not adopt what
    /// `Optional(Page())` does.
    private static func cacheKey(of object: any Sendable) -> UInt {
        let type = Swift.type(of: object)
        return type is AnyClass ? UInt(bitPattern: ObjectIdentifier(type)) : 0
    }

    /// `object`, whose cache key is `type` (`cacheKey(of:)`), as a `Protocol` existential, if it
    /// adopts it; `lastWithout` remembers the last class that does not.
    private static func adopted<Protocol>(
        _ object: any Sendable, of type: UInt, as _: Protocol.Type, unless lastWithout: borrowing Atomic<UInt>
    ) -> Protocol? {
        if type != 0 && lastWithout.load(ordering: .relaxed) == type { return nil }
        if let adopted = object as? Protocol { return adopted }
        if type != 0 { lastWithout.store(type, ordering: .relaxed) }
        return nil
    }
}

extension HostObject {
    /// The engine's form of a Swift screen's route and object.
    init(route: String, object: (any Sendable)?) {
        self = .swift(SwiftObject(route: route, object: object))
    }
}
