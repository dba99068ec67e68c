/// The options of `open` (<doc:Semantics> §14, §16.10), with its defaults: instant, no focus.
public struct OpenOptions: Sendable, Equatable {
    /// Animate the change (default: no).
    public var animated: Bool
    /// Once the stack is built, bring the navigator to the front of its family in the same op
    /// (a deep link into a tab, <doc:Semantics> §16.10; default: no).
    public var focus: Bool

    /// Options with the given values, each defaulting as <doc:Semantics> §14 says.
    public init(animated: Bool = false, focus: Bool = false) {
        self.animated = animated
        self.focus = focus
    }
}
