extension SavedTree {
    /// The tree of a saved document, version 2 or 1 (a tree of one); `invalid` for anything but
    /// exactly SPEC §16.10's shape under section 14's JSON rules.
    package static func parse(_ document: String) throws(NavigationError) -> SavedTree {
        var document = document
        guard let tree = document.withUTF8({ read($0) }) else { throw malformed }
        return tree
    }

    /// The tree of a saved document given as UTF-8 bytes, read in place (the C front's text);
    /// `invalid` for bytes that are not UTF-8, and for anything but exactly the shape.
    package static func parse(utf8 document: UnsafeBufferPointer<UInt8>) throws(NavigationError) -> SavedTree {
        guard let tree = read(document) else {
            // Only on failure: whether the bytes were text at all, for the message.
            throw String(validating: document, as: UTF8.self) == nil
                ? NavigationError(.invalid, "the document is not valid UTF-8") : malformed
        }
        return tree
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> SavedTree? {
        var reader = TreeReader(json: JSONReader(bytes: bytes))
        guard reader.document(), reader.json.atEnd else { return nil }
        return reader.tree
    }

    private static var malformed: NavigationError {
        NavigationError(.invalid, "not a navcore saved tree (SPEC §16.10)")
    }
}

/// Reads a version 2 document (or a version 1 one) into a `SavedTree` without recursion: the
/// objects and arrays still open are a stack of frames, so a document nested as deeply as its
/// length allows costs memory and time in proportion to that length, and nothing more.
///
/// Section 14's rules hold throughout: any whitespace, key order and string escapes; no key
/// twice; no key but the shape's. The shape's own rules are checked as each object closes
/// (required keys, `active` and `children` together, `active` in range, the top's stack not
/// empty) and at the end (the version, and a version 1 document without the tree's keys).
private struct TreeReader {
    var json: JSONReader
    var tree = SavedTree(stack: [])
    /// The value of `navcore`, once read.
    private var version: Int?
    /// Whether a key only version 2 has (`modal`, `active`, `children`) was read.
    private var hasTreeKeys = false
    private var frames: [Frame] = []

    init(json: JSONReader) { self.json = json }

    /// An object or array being read.
    private struct Frame {
        let container: Container
        /// No member or element read yet.
        var first = true
        /// The keys read so far (an object's).
        var seen: Keys = []
        /// An entry's `active` index, once read: checked against its children when it closes.
        var active: Int?
    }

    private enum Container {
        /// A navigator's object: the top, a child or a modal (its place in the tree says which).
        case navigator(Int)
        /// A navigator's `stack` array.
        case stack(Int)
        /// An entry's object.
        case entry(navigator: Int, entry: Int)
        /// An entry's `children` array.
        case children(navigator: Int, entry: Int)
    }

    /// The keys of the shape, one bit each: a navigator's, then an entry's.
    private struct Keys: OptionSet {
        let rawValue: UInt8

        static let navcore = Keys(rawValue: 1), stack = Keys(rawValue: 2), modal = Keys(rawValue: 4)
        static let covers = Keys(rawValue: 8), dismissOnBack = Keys(rawValue: 16)
        static let route = Keys(rawValue: 1), state = Keys(rawValue: 2), active = Keys(rawValue: 4)
        static let children = Keys(rawValue: 8)
    }

    /// Reads the whole document; false as soon as it is not the shape.
    mutating func document() -> Bool {
        guard json.take(UInt8(ascii: "{")) else { return false }
        frames.append(Frame(container: .navigator(0)))
        while let frame = frames.last {
            let isObject = switch frame.container {
            case .navigator, .entry: true
            case .stack, .children: false
            }
            let close = UInt8(ascii: isObject ? "}" : "]")
            if json.take(close) {
                frames.removeLast()
                guard closed(frame) else { return false }
                continue
            }
            if frame.first {
                frames[frames.count - 1].first = false
            } else {
                guard json.take(UInt8(ascii: ",")) else { return false }
            }
            guard isObject ? member(of: frame) : element(of: frame) else { return false }
        }
        switch version {
        case 1: return !hasTreeKeys
        case 2: return true
        default: return false
        }
    }

    /// Reads one `"key": value` of the object `frame`; a value that is an object or an array is
    /// opened (its frame pushed) and read by the loop.
    private mutating func member(of frame: Frame) -> Bool {
        guard let text = json.string(), json.take(UInt8(ascii: ":")) else { return false }
        let key = JSONKey(text)
        switch frame.container {
        case .navigator(let navigator):
            return navigatorMember(key, of: navigator)
        case .entry(let navigator, let entry):
            return entryMember(key, of: navigator, entry: entry)
        case .stack, .children:
            return false
        }
    }

    private mutating func navigatorMember(_ key: JSONKey, of navigator: Int) -> Bool {
        guard let place = tree.place(of: navigator) else { return false }
        let isModal = if case .modal = place { true } else { false }
        switch key {
        case "navcore" where place == .top:
            guard see(.navcore) else { return false }
            version = json.unsignedInteger()
            return version != nil
        case "stack":
            guard see(.stack), json.take(UInt8(ascii: "[")) else { return false }
            frames.append(Frame(container: .stack(navigator)))
            return true
        case "modal":
            hasTreeKeys = true
            guard see(.modal), json.take(UInt8(ascii: "{")),
                let modal = tree.addModal(to: navigator, covers: true, dismissOnBack: true)
            else { return false }
            frames.append(Frame(container: .navigator(modal)))
            return true
        case "covers" where isModal:
            guard see(.covers), let covers = json.boolean(),
                case .modal(let parent, _, let dismissOnBack) = place
            else { return false }
            return tree.replacePlace(of: navigator, with: .modal(of: parent, covers: covers, dismissOnBack: dismissOnBack))
        case "dismiss_on_back" where isModal:
            guard see(.dismissOnBack), let dismissOnBack = json.boolean(),
                case .modal(let parent, let covers, _) = place
            else { return false }
            return tree.replacePlace(of: navigator, with: .modal(of: parent, covers: covers, dismissOnBack: dismissOnBack))
        default:
            return false
        }
    }

    private mutating func entryMember(_ key: JSONKey, of navigator: Int, entry: Int) -> Bool {
        switch key {
        case "route":
            guard see(.route), let route = json.string() else { return false }
            return tree.updateEntry(entry, of: navigator) { $0.route = route }
        case "state":
            guard see(.state), let state = json.stringOrNull() else { return false }
            return tree.updateEntry(entry, of: navigator) { $0.state = state }
        case "active":
            hasTreeKeys = true
            guard see(.active) else { return false }
            if json.literal("null") { return true }
            guard let active = json.unsignedInteger(), let index = frames.indices.last else { return false }
            frames[index].active = active
            return true
        case "children":
            hasTreeKeys = true
            guard see(.children), json.take(UInt8(ascii: "[")) else { return false }
            tree.markHost(navigator, entry: entry)
            frames.append(Frame(container: .children(navigator: navigator, entry: entry)))
            return true
        default:
            return false
        }
    }

    /// Reads the opening of one element of the array `frame` (an entry's or a child's object)
    /// and pushes its frame.
    private mutating func element(of frame: Frame) -> Bool {
        guard json.take(UInt8(ascii: "{")) else { return false }
        switch frame.container {
        case .stack(let navigator):
            guard let entry = tree.append(RouteEntry(route: ""), to: navigator) else { return false }
            frames.append(Frame(container: .entry(navigator: navigator, entry: entry)))
            return true
        case .children(let navigator, let entry):
            guard let child = tree.addChild(to: navigator, entry: entry) else { return false }
            frames.append(Frame(container: .navigator(child)))
            return true
        case .navigator, .entry:
            return false
        }
    }

    /// Marks `key` as read in the innermost object; false if it was read already.
    private mutating func see(_ key: Keys) -> Bool {
        guard let index = frames.indices.last, !frames[index].seen.contains(key) else { return false }
        frames[index].seen.insert(key)
        return true
    }

    /// The checks of an object as it closes: its required keys, and the rules between them.
    private mutating func closed(_ frame: Frame) -> Bool {
        switch frame.container {
        case .navigator(let navigator):
            guard let place = tree.place(of: navigator) else { return false }
            let required: Keys = switch place {
            case .top: [.navcore, .stack]
            case .child: [.stack]
            case .modal: [.stack, .covers, .dismissOnBack]
            }
            return frame.seen.isSuperset(of: required) && (place != .top || !tree.stack.isEmpty)
        case .entry(let navigator, let entry):
            guard frame.seen.isSuperset(of: [.route, .state]),
                frame.seen.contains(.active) == frame.seen.contains(.children)
            else { return false }
            return frame.active.map { tree.setActive($0, of: navigator, entry: entry) } ?? true
        case .stack, .children:
            return true
        }
    }
}
