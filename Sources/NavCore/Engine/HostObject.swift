/// What the host attached to a screen. The engine carries it untouched and hands it back in
/// events and, exactly once, in the screen's release.
///
/// Two fronts share the engine: the C library keeps the host's `void *` as an address, the
/// Swift API keeps its own object. An enum, rather than `any Sendable` for both, lets each
/// front read its form back without a dynamic cast on every event.
package enum HostObject: Sendable {
    /// Nothing attached.
    case none
    /// A C host's `void *`, as its bit pattern.
    case address(UInt)
    /// A C host's `void *` with the hooks the C front attached to this one screen at its
    /// creation (`navcore_screen_create_with_hooks`). The engine never looks at the hooks: the
    /// C front reads them back from the events that name the screen.
    case hookedAddress(UInt, any AnyObject & Sendable)
    /// A Swift host's object (see `SwiftObject`).
    case swift(SwiftObject)
}

extension HostObject {
    /// A C host's `void *` as its bit pattern; 0 for none or a Swift object.
    @inlinable package var address: UInt {
        switch self {
        case .address(let address), .hookedAddress(let address, _): address
        case .none, .swift: 0
        }
    }
}
