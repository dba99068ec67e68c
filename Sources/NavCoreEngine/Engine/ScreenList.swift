/// The screens an op removes from the top or the stack, bottom to top, owned by the op's
/// `StackChange` until its last event (so that `<k>_completed` still names screens whose
/// `release` has removed their records). Does not allocate for zero or one screen, the size of
/// nearly every push and pop. Events carry it borrowed, as `ScreenRefs`.
package struct ScreenList: Sendable {
    fileprivate enum Storage: Sendable {
        case empty
        case single(ScreenBox)
        case many(ScreenArray)
    }

    private let storage: Storage

    /// The empty list.
    package init() { storage = .empty }

    /// A list holding (owning) `screens` in order; allocates only for two screens or more.
    package init<Screens: Collection<ScreenRef>>(_ screens: Screens) {
        if screens.count > 1 {
            storage = .many(ScreenArray(screens.map { $0.owned }))
        } else if let only = screens.first {
            storage = .single(only.owned)
        } else {
            storage = .empty
        }
    }

    /// How many screens the list holds.
    package var count: Int { refs.count }

    /// The list as events carry it: borrowed, valid while this list is alive.
    package var refs: ScreenRefs {
        switch storage {
        case .empty: ScreenRefs(.empty)
        case .single(let screen): ScreenRefs(.single(screen.ref))
        case .many(let screens): ScreenRefs(.many(.passUnretained(screens)))
        }
    }
}

/// The heap storage of a `ScreenList` of two screens or more: a class, so that a borrowed list
/// is one unmanaged pointer.
@_spi(Fronts) public final class ScreenArray: Sendable {
    @usableFromInline let screens: [ScreenBox]

    fileprivate init(_ screens: [ScreenBox]) { self.screens = screens }
}

/// An action event's disappearing screens: a borrowed view of the op's `ScreenList`, trivially
/// copyable (see `ScreenRef` for why borrowing is safe).
///
/// It is a `Sequence`, not a `Collection`, so that nothing can index it out of range.
@_spi(Fronts) public struct ScreenRefs: Sequence, @unchecked Sendable {
    // @unchecked: the unmanaged array is immutable and `Sendable`; `ScreenRef` says when it is
    // alive.
    @usableFromInline enum Storage {
        case empty
        case single(ScreenRef)
        case many(Unmanaged<ScreenArray>)
    }

    // Inlinable, in the SPI group `Fronts` (see `ScreenRef`): both fronts read the list on
    // every action event.
    @usableFromInline let storage: Storage

    fileprivate init(_ storage: Storage) { self.storage = storage }

    /// The empty list (`action idle`).
    package init() { storage = .empty }

    /// How many screens the list holds.
    @inlinable public var count: Int {
        switch storage {
        case .empty: 0
        case .single: 1
        case .many(let array): array._withUnsafeGuaranteedRef { $0.screens.count }
        }
    }

    /// The screen, when the list holds exactly one (nearly every push and pop).
    @inlinable public var single: ScreenRef? {
        if case .single(let screen) = storage { return screen }
        return nil
    }

    /// Writes `element` of each screen, front to back, into `buffer`, as many as fit; returns
    /// how many (the C front's action events: their ids and host objects).
    @inlinable public func write<Element>(into buffer: UnsafeMutableBufferPointer<Element>, _ element: (ScreenRef) -> Element) -> Int {
        switch storage {
        case .empty:
            return 0
        case .single(let screen):
            guard !buffer.isEmpty else { return 0 }
            buffer.initializeElement(at: 0, to: element(screen))
            return 1
        case .many(let array):
            return array._withUnsafeGuaranteedRef { array in
                let count = Swift.min(array.screens.count, buffer.count)
                for index in 0..<count { buffer.initializeElement(at: index, to: element(array.screens[index].ref)) }
                return count
            }
        }
    }

    /// Calls `body` with each screen in reverse order (the release order of SPEC §4 step 8:
    /// top down), without allocating.
    package func forEachBackwards(_ body: (ScreenRef) -> Void) {
        switch storage {
        case .empty: break
        case .single(let screen): body(screen)
        case .many(let array): array._withUnsafeGuaranteedRef { array in for screen in array.screens.reversed() { body(screen.ref) } }
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(storage: storage) }

    /// Walks the list front to back.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let storage: Storage
        @usableFromInline var position = 0

        @inlinable init(storage: Storage) { self.storage = storage }

        @inlinable public mutating func next() -> ScreenRef? {
            defer { position += 1 }
            switch storage {
            case .empty: return nil
            case .single(let screen): return position == 0 ? screen : nil
            case .many(let array):
                return array._withUnsafeGuaranteedRef { array in
                    position < array.screens.count ? array.screens[position].ref : nil
                }
            }
        }
    }
}
