/// The saved document of SPEC §14: `{"navcore":1,"stack":[{"route":R,"state":S},…]}`.
///
/// Written exactly (no whitespace, escaping only `"`, `\` and U+0001–U+001F: `JSONWriter`); read
/// strictly (RFC 8259 JSON text, any whitespace, key order and escapes, but exactly that shape:
/// `JSONReader`). The reader follows the shape as it reads: anything that is not the shape fails
/// at once, so no input can make it recurse or allocate without bound. Writing and reading take
/// time in proportion to the document's bytes, and each makes its strings at their exact size: a
/// state of megabytes of escaped newlines (a text draft) costs what any other text of that
/// length costs.
package enum SavedDocument {
    // MARK: Writing

    /// The document of `entries`, bottom to top.
    package static func encode(_ entries: [RouteEntry]) -> String {
        JSONWriter.text { $0.document(entries) }
    }

    // MARK: Reading

    /// The entries of a saved document; `invalid` for anything but exactly the shape.
    package static func parse(_ document: String) throws(NavigationError) -> [RouteEntry] {
        var document = document
        guard let entries = document.withUTF8({ read($0) }) else { throw malformed }
        return entries
    }

    /// The entries of a saved document given as UTF-8 bytes, read in place (the C front's
    /// text, which is not copied into a `String` first); `invalid` for bytes that are not
    /// UTF-8, and for anything but exactly the shape.
    package static func parse(utf8 document: UnsafeBufferPointer<UInt8>) throws(NavigationError) -> [RouteEntry] {
        guard let entries = read(document) else {
            // Only on failure: whether the bytes were text at all, for the message.
            throw String(validating: document, as: UTF8.self) == nil
                ? NavigationError(.invalid, "the document is not valid UTF-8") : malformed
        }
        return entries
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> [RouteEntry]? {
        var reader = JSONReader(bytes: bytes)
        guard let entries = reader.document(), reader.atEnd else { return nil }
        return entries
    }

    private static var malformed: NavigationError {
        NavigationError(.invalid, "not a navcore saved document (SPEC §14)")
    }
}

extension JSONWriter {
    /// `{"navcore":1,"stack":[…]}`.
    fileprivate mutating func document(_ entries: [RouteEntry]) {
        append(#"{"navcore":1,"stack":["#)
        for (index, entry) in entries.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            entryOpening(entry)
            append(UInt8(ascii: "}"))
        }
        append("]}")
    }
}

extension JSONReader {
    /// The top-level object: exactly `navcore` (the integer 1) and `stack`.
    fileprivate mutating func document() -> [RouteEntry]? {
        var version = false
        var entries: [RouteEntry]?
        let complete = object { key, reader in
            switch key {
            case "navcore" where !version:
                version = true
                return reader.unsignedInteger() == 1
            case "stack" where entries == nil:
                entries = reader.stack()
                return entries != nil
            default:
                return false
            }
        }
        guard complete, version, let entries, !entries.isEmpty else { return nil }
        return entries
    }

    /// `[entry, …]`.
    fileprivate mutating func stack() -> [RouteEntry]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var entries: [RouteEntry] = []
        if take(UInt8(ascii: "]")) { return entries }
        repeat {
            guard let entry = entry() else { return nil }
            entries.append(entry)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? entries : nil
    }

    /// `{"route": string, "state": string or null}`, in any order.
    fileprivate mutating func entry() -> RouteEntry? {
        var route: String?
        var state: String??
        let complete = object { key, reader in
            switch key {
            case "route" where route == nil:
                route = reader.string()
                return route != nil
            case "state" where state == nil:
                state = reader.stringOrNull()
                return state != nil
            default:
                return false
            }
        }
        guard complete, let route, let state else { return nil }
        return RouteEntry(route: route, state: state)
    }
}
