/// What the host attached to a screen. The engine carries it untouched and hands it back in
/// events and, exactly once, in the screen's release.
///
/// Two fronts share the engine: the C library keeps the host's `void *` as an address, the
/// Swift API keeps an object of its own. An enum, rather than one existential for both, keeps
/// a C screen's object a plain word; each front's objects are class-bound existentials (the
/// only ones Embedded Swift has), which the front casts back to its own final class — a
/// comparison of the class pointer. (Public in the SPI group `Fronts`: see `ScreenRef`.)
@_spi(Fronts) public enum HostObject: Sendable {
    /// Nothing attached.
    case none
    /// A C host's `void *`, as its bit pattern.
    case address(UInt)
    /// A C host's `void *` with the hooks the C front attached to this one screen at its
    /// creation (`navcore_screen_create_with_hooks`). The engine never looks at the hooks: the
    /// C front reads them back from the events that name the screen.
    case hookedAddress(UInt, any AnyObject & Sendable)
    /// A Swift host's object, as the Swift API wraps it (its `SwiftObject`: the screen's route,
    /// object and feedback); the engine never looks at it.
    case swift(any AnyObject & Sendable)
}

extension HostObject {
    /// A C host's `void *` as its bit pattern; 0 for none or a Swift object.
    @inlinable public var address: UInt {
        switch self {
        case .address(let address), .hookedAddress(let address, _): address
        case .none, .swift: 0
        }
    }
}
