/// The options of `show` (<doc:Semantics> §8), with its defaults: instant, replace the current top,
/// recycle a screen of the route already in the stack, no payload.
public struct ShowOptions: Sendable {
    /// Animate the change (default: no).
    public var animated: Bool
    /// A new screen replaces the current top instead of going over it (default: yes).
    public var removeCurrent: Bool
    /// Which screen of the route in the stack to reuse (default: `.any`, the one nearest the
    /// top; `.top`: the top only; `.none`).
    public var recycle: Recycle
    /// Text delivered to the shown screen (default: none).
    public var payload: String?

    /// Options with the given values, each defaulting as <doc:Semantics> §8 says.
    public init(animated: Bool = false, removeCurrent: Bool = true, recycle: Recycle = .any, payload: String? = nil) {
        self.animated = animated
        self.removeCurrent = removeCurrent
        self.recycle = recycle
        self.payload = payload
    }
}
