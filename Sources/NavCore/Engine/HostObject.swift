/// What the host attached to a screen. The engine carries it untouched and hands it back in
/// events and, exactly once, in the screen's release.
///
/// Two fronts share the engine: the C library keeps the host's `void *` as an address, the
/// Swift API keeps any `Sendable` value. An enum, rather than `any Sendable` for both, lets the
/// C front read its pointer back without a dynamic cast on every event.
package enum HostObject: Sendable {
    /// Nothing attached.
    case none
    /// A C host's `void *`, as its bit pattern.
    case address(UInt)
    /// A Swift host's value.
    case value(any Sendable)
}
