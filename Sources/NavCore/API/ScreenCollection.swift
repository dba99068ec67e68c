@_spi(Fronts) import NavCoreEngine

/// The screens of an action event that leave the top or the stack, bottom to top
/// (`ActionChange.disappearing`): a random-access collection that holds zero or one screen —
/// nearly every push and pop — inline, so that an action event allocates no array.
public struct ScreenCollection: RandomAccessCollection, Sendable {
    private enum Storage: Sendable {
        case empty
        case one(Screen)
        case many([Screen])
    }

    private let storage: Storage

    /// The screens of an engine event's list.
    init(_ screens: ScreenRefs) {
        // The single screen first: one call into the engine's module for nearly every event.
        if let only = screens.single {
            storage = .one(Screen(only))
        } else if screens.count == 0 {
            storage = .empty
        } else {
            storage = .many(screens.map(Screen.init))
        }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .empty: 0
        case .one: 1
        case .many(let screens): screens.count
        }
    }

    /// The screen at `position`, which must be in `indices` (as for an array).
    public subscript(position: Int) -> Screen {
        switch storage {
        case .empty: EmptyCollection<Screen>()[position]
        case .one(let screen): CollectionOfOne(screen)[position]
        case .many(let screens): screens[position]
        }
    }
}
