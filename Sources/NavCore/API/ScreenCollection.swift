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
        if screens.count > 1 {
            storage = .many(screens.map(Screen.init))
        } else {
            var iterator = screens.makeIterator()
            storage = iterator.next().map { .one(Screen($0)) } ?? .empty
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
