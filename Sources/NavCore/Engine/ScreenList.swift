/// An ordered list of screens that does not allocate for zero or one element, the size of
/// nearly every push and pop. Used for the disappearing screens of action events.
///
/// It is a `Sequence`, not a `Collection`, so that nothing can index it out of range.
package struct ScreenList: Sequence, Sendable {
    fileprivate enum Storage: Sendable {
        case empty
        case single(ScreenRef)
        case many([ScreenRef])
    }

    private let storage: Storage

    /// The empty list.
    package init() { storage = .empty }

    /// A list of one screen.
    package init(_ screen: ScreenRef) { storage = .single(screen) }

    /// A list holding `screens` in order; allocates only for two screens or more.
    package init<Screens: Collection<ScreenRef>>(_ screens: Screens) {
        if screens.count > 1 {
            storage = .many(Array(screens))
        } else if let only = screens.first {
            storage = .single(only)
        } else {
            storage = .empty
        }
    }

    /// How many screens the list holds.
    package var count: Int {
        switch storage {
        case .empty: 0
        case .single: 1
        case .many(let screens): screens.count
        }
    }

    /// The screens in reverse order (the release order of SPEC §4 step 8: top down).
    package var backwards: [ScreenRef] {
        switch storage {
        case .empty: []
        case .single(let screen): [screen]
        case .many(let screens): screens.reversed()
        }
    }

    /// Writes `element` of each screen, front to back, into `buffer`, as many as fit; returns
    /// how many. Reads the screens in place: unlike iterating, it retains none of them (the C
    /// front's action events: their ids and host objects).
    package func write<Element>(into buffer: UnsafeMutableBufferPointer<Element>, _ element: (ScreenRef) -> Element) -> Int {
        switch storage {
        case .empty:
            return 0
        case .single(let screen):
            guard !buffer.isEmpty else { return 0 }
            buffer.initializeElement(at: 0, to: element(screen))
            return 1
        case .many(let screens):
            let count = Swift.min(screens.count, buffer.count)
            for index in 0..<count { buffer.initializeElement(at: index, to: element(screens[index])) }
            return count
        }
    }

    package func makeIterator() -> Iterator { Iterator(storage: storage) }

    /// Walks the list front to back.
    package struct Iterator: IteratorProtocol {
        fileprivate var storage: Storage
        private var position = 0

        fileprivate init(storage: Storage) { self.storage = storage }

        package mutating func next() -> ScreenRef? {
            defer { position += 1 }
            switch storage {
            case .empty: return nil
            case .single(let screen): return position == 0 ? screen : nil
            case .many(let screens): return position < screens.count ? screens[position] : nil
            }
        }
    }
}
