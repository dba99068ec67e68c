/// A family's saved document, version 2 (SPEC §16.10): the navigator asked and its subtree, as
/// `save_tree` writes it and `restore_tree` rebuilds it.
///
/// Kept flat, so that no document, however deeply nested, makes anything recurse (reading,
/// writing, walking or freeing it): the navigators are an array, and a navigator names its
/// children and its modal by their index in it. Index 0 is the tree's top (the navigator asked);
/// every other navigator comes after its parent and is named by exactly one entry's `children`
/// or one navigator's `modal`. Only its own methods change it, and they keep that shape.
package struct SavedTree: Equatable, Sendable {
    /// The navigators: the top first, each of the others after its parent.
    package private(set) var navigators: [Navigator]

    /// One navigator of the tree.
    package struct Navigator: Equatable, Sendable {
        /// Where it is in the tree.
        package fileprivate(set) var place: Place
        /// Its stack, bottom to top.
        package fileprivate(set) var entries: [Entry] = []
        /// The index of its presented modal, if it has one.
        package fileprivate(set) var modal: Int?
    }

    /// Where a navigator is.
    package enum Place: Equatable, Sendable {
        /// The tree's top: the navigator asked.
        case top
        /// A screen child of the entry at `entry` in the stack of `navigator`.
        case child(of: Int, entry: Int)
        /// The presented modal of `navigator`, with its presentation options (SPEC §16.4).
        case modal(of: Int, covers: Bool, dismissOnBack: Bool)
    }

    /// One screen of a navigator's stack.
    package struct Entry: Equatable, Sendable {
        /// Its route and saved state.
        package var entry: RouteEntry
        /// The indices of its children in attach order; `nil` for a screen that has none (the
        /// document has no `active` and `children` keys for it).
        package fileprivate(set) var children: [Int]?
        /// The index of its active child in `children`, or `nil` for none.
        package fileprivate(set) var active: Int?
    }

    /// A tree of one: a top with `stack` (a version 1 document's shape).
    package init(stack: [RouteEntry]) {
        navigators = [Navigator(place: .top, entries: stack.map { Entry(entry: $0) })]
    }

    /// The top's stack, the entries a version 1 document has.
    package var stack: [RouteEntry] { navigators.first?.entries.map { $0.entry } ?? [] }

    /// Whether the tree is only its top (no entry has children, the top has no modal): what a
    /// version 1 document can say.
    package var isTreeOfOne: Bool { navigators.count == 1 }

    // MARK: Building

    /// Appends `entry` to the top of navigator `navigator`'s stack; its index there (`nil`, and
    /// nothing added, for a navigator the tree does not have).
    @discardableResult
    package mutating func append(_ entry: RouteEntry, to navigator: Int) -> Int? {
        guard navigators.indices.contains(navigator) else { return nil }
        navigators[navigator].entries.append(Entry(entry: entry))
        return navigators[navigator].entries.count - 1
    }

    /// Adds a new navigator, last in attach order, as a child of the entry at `entry` of
    /// `navigator`, and makes it that entry's active child when `active`; its index (`nil`, and
    /// nothing added, for an index the tree does not have).
    @discardableResult
    package mutating func addChild(to navigator: Int, entry: Int, active: Bool = false) -> Int? {
        guard navigators.indices.contains(navigator), navigators[navigator].entries.indices.contains(entry) else {
            return nil
        }
        let child = navigators.count
        navigators.append(Navigator(place: .child(of: navigator, entry: entry)))
        var children = navigators[navigator].entries[entry].children ?? []
        if active { navigators[navigator].entries[entry].active = children.count }
        children.append(child)
        navigators[navigator].entries[entry].children = children
        return child
    }

    /// Gives an entry of `navigator` the keys of a screen with children (`"active":null,
    /// "children":[]`) while it has none: what a document may say although `save_tree` never
    /// writes it. Nothing for an index the tree does not have.
    package mutating func markHost(_ navigator: Int, entry: Int) {
        guard navigators.indices.contains(navigator), navigators[navigator].entries.indices.contains(entry) else {
            return
        }
        if navigators[navigator].entries[entry].children == nil { navigators[navigator].entries[entry].children = [] }
    }

    /// Adds a new navigator as the presented modal of `navigator`, which must have none; its
    /// index (`nil`, and nothing added, for an index the tree does not have or a navigator that
    /// has a modal already).
    @discardableResult
    package mutating func addModal(to navigator: Int, covers: Bool, dismissOnBack: Bool) -> Int? {
        guard navigators.indices.contains(navigator), navigators[navigator].modal == nil else { return nil }
        let modal = navigators.count
        navigators.append(Navigator(place: .modal(of: navigator, covers: covers, dismissOnBack: dismissOnBack)))
        navigators[navigator].modal = modal
        return modal
    }

    /// Makes the child at `index` of the entry at `entry` of `navigator` its active child;
    /// `false`, and nothing changed, for an index the tree does not have.
    package mutating func setActive(_ index: Int, of navigator: Int, entry: Int) -> Bool {
        guard navigators.indices.contains(navigator), navigators[navigator].entries.indices.contains(entry),
            navigators[navigator].entries[entry].children?.indices.contains(index) == true
        else { return false }
        navigators[navigator].entries[entry].active = index
        return true
    }

    /// Where navigator `navigator` is; `nil` for an index the tree does not have.
    package func place(of navigator: Int) -> Place? {
        navigators.indices.contains(navigator) ? navigators[navigator].place : nil
    }

    /// The entry at `entry` of `navigator`; `nil` for an index the tree does not have.
    package func entry(_ entry: Int, of navigator: Int) -> Entry? {
        guard navigators.indices.contains(navigator), navigators[navigator].entries.indices.contains(entry) else {
            return nil
        }
        return navigators[navigator].entries[entry]
    }

    /// Changes the route and saved state of the entry at `entry` of `navigator` (the reader's,
    /// as it reads them); `false`, and nothing changed, for an index the tree does not have.
    mutating func updateEntry(_ entry: Int, of navigator: Int, _ change: (inout RouteEntry) -> Void) -> Bool {
        guard navigators.indices.contains(navigator), navigators[navigator].entries.indices.contains(entry) else {
            return false
        }
        change(&navigators[navigator].entries[entry].entry)
        return true
    }

    /// Replaces a modal's presentation options (the reader's, as it reads them); `false`, and
    /// nothing changed, for an index the tree does not have.
    mutating func replacePlace(of navigator: Int, with place: Place) -> Bool {
        guard navigators.indices.contains(navigator) else { return false }
        navigators[navigator].place = place
        return true
    }

    // MARK: Walking

    /// A step of the walk in document order (SPEC §16.10: a navigator's entries bottom to top,
    /// each entry's children right after it, a navigator's modal after all its entries).
    package enum Step: Equatable {
        /// Navigator `index` begins (the top's first of all).
        case beginNavigator(Int)
        /// The entry at `entry` of `navigator`; its children follow.
        case entry(navigator: Int, entry: Int)
        /// The children of that entry are done (only for an entry that has the children keys).
        case endChildren(navigator: Int, entry: Int)
        /// The stack of `navigator` is done; its modal, if any, follows.
        case endStack(Int)
        /// The navigator is done.
        case endNavigator(Int)
    }

    /// Calls `visit` with every step of the tree in document order. Iterative: its memory is
    /// one cursor per level of nesting, its time one step per navigator and entry.
    package func walk(_ visit: (Step) -> Void) {
        guard !navigators.isEmpty else { return }
        /// Where the walk is in one navigator: the entry it is at (`entries.count` = the modal,
        /// past it = done) and that entry's next child (`nil` = the entry not visited yet).
        struct Cursor {
            let navigator: Int
            var entry = 0
            var child: Int?
        }
        var cursors = [Cursor(navigator: 0)]
        visit(.beginNavigator(0))
        while var cursor = cursors.popLast() {
            let navigator = navigators[cursor.navigator]
            if cursor.entry < navigator.entries.count {
                let entry = navigator.entries[cursor.entry]
                if cursor.child == nil { visit(.entry(navigator: cursor.navigator, entry: cursor.entry)) }
                let next = cursor.child ?? 0
                if let children = entry.children, next < children.count {
                    cursor.child = next + 1
                    cursors.append(cursor)
                    if navigators.indices.contains(children[next]) {
                        visit(.beginNavigator(children[next]))
                        cursors.append(Cursor(navigator: children[next]))
                    }
                    continue
                }
                if entry.children != nil { visit(.endChildren(navigator: cursor.navigator, entry: cursor.entry)) }
                cursor.entry += 1
                cursor.child = nil
                cursors.append(cursor)
            } else if cursor.entry == navigator.entries.count {
                visit(.endStack(cursor.navigator))
                cursor.entry += 1
                cursors.append(cursor)
                if let modal = navigator.modal, navigators.indices.contains(modal) {
                    visit(.beginNavigator(modal))
                    cursors.append(Cursor(navigator: modal))
                }
            } else {
                visit(.endNavigator(cursor.navigator))
            }
        }
    }
}
