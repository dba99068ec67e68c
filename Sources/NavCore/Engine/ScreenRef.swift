/// A screen as events present it: its id, its route name and the host's object, copied out of
/// the registry under the lock so that a callback never needs to look anything up.
package struct ScreenRef: Sendable {
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
