/// The saved document of a stack (<doc:Semantics> §14): its routes and saved states, bottom to top.
///
/// `Codable` with the keys of the text form, so a `JSONEncoder` writes the same shape as
/// `text` (`{"navcore":1,"stack":[{"route":…,"state":…}]}`); `text` is the exact form
/// `Navigator.save()` returns, and `Navigator.restore(_:)` rebuilds a stack of new screens from
/// either.
public struct NavigationDocument: Sendable, Equatable, Codable {
    /// The document's version: always 1.
    public let navcore: Int
    /// The entries, bottom to top.
    public var stack: [RouteEntry]

    /// A document of these entries.
    public init(stack: [RouteEntry]) {
        navcore = 1
        self.stack = stack
    }

    /// The document read from its text; `.invalid` for anything but exactly the saved shape.
    public init(text: String) throws(NavigationError) {
        self.init(stack: try SavedDocument.parse(text))
    }

    /// The exact text (<doc:Semantics> §14: no whitespace, only `"`, `\` and U+0001–U+001F
    /// escaped).
    public var text: String { SavedDocument.encode(stack) }
}

extension Navigator {
    /// The saved document of the stack as queries see it now.
    public func saveDocument() throws(NavigationError) -> NavigationDocument {
        NavigationDocument(stack: try core.savedEntries())
    }

    /// Opens the stack `document` describes: `open(document.stack)`. An empty stack or a
    /// version other than 1 throws `.invalid` (`.invalidHandle` first once destroyed).
    @discardableResult
    public func restore(_ document: NavigationDocument, animated: Bool = false, completion: Completion?) throws(NavigationError) -> RequestStatus {
        try core.checkLive()
        guard document.navcore == 1 else { throw NavigationError(.invalid, "document version \(document.navcore) is not 1") }
        return try open(document.stack, animated: animated, completion: completion)
    }

    /// Opens the stack `document` describes and waits for the outcome.
    public func restore(_ document: NavigationDocument, animated: Bool = false) async throws(NavigationError) -> Outcome {
        try await outcome { completion throws(NavigationError) in try restore(document, animated: animated, completion: completion) }
    }
}
