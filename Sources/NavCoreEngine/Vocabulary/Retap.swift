/// What `activate` does when its navigator is already the active child of its host screen
/// (<doc:Semantics> §16.3): "tap the selected tab again".
///
/// The raw values are the `NAVCORE_RETAP_*` constants of `include/navcore.h`.
public enum Retap: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// Nothing: the op ends `noop`.
    case none = 0
    /// The navigator pops to its root.
    case popToRoot = 1

    /// The spelling used by the scenario traces.
    public var description: String { self == .none ? "none" : "pop_to_root" }
}
