/// A screen as the engine and its events carry it: its id, its route name and the host's
/// object. One immutable object per screen, shared by the registry, the stack and every event
/// that names the screen, so that carrying a screen costs a reference, not a copy of its route
/// and object.
package final class ScreenRef: Sendable {
    /// The screen's process-wide id (SPEC §1).
    package let id: UInt64
    /// The screen's route name; may be empty.
    package let route: String
    /// What the host attached.
    package let object: HostObject

    package init(id: UInt64, route: String, object: HostObject) {
        self.id = id
        self.route = route
        self.object = object
    }
}
