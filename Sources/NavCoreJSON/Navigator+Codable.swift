import Foundation
import NavCore

/// Typed results over the text contract of results (NavCore's Semantics article, §12): a
/// result is JSON text, encoded and decoded with Foundation's coders. A separate module, so
/// that the C library (`libnavcore.so`, built on `NavCore` alone) does not depend on
/// Foundation.
///
/// ```swift
/// struct Choice: Codable { let color: String }
/// let choice = try await nav.pushForResult(picker, as: Choice.self)   // Choice?
/// // in the picker:
/// try nav.pop(encoding: Choice(color: "blue"), completion: nil)
/// ```
extension Navigator {
    /// Pushes `screen` and waits until it is released; returns its result decoded from JSON, or
    /// `nil` when it has none. Throws `NavigationError` when the push cannot be asked, and the
    /// decoder's error when the result is not a `T`.
    public func pushForResult<T: Decodable>(
        _ screen: Screen, as type: T.Type, animated: Bool = true, decoder: JSONDecoder = JSONDecoder()
    ) async throws -> T? {
        guard let text = try await pushForResult(screen, animated: animated) else { return nil }
        return try decoder.decode(type, from: Data(text.utf8))
    }

    /// Pops the top screen carrying `value` encoded as JSON text as its result (NavCore's
    /// Semantics article, §12), without waiting: `.ok` or `.queued` at once, the outcome to
    /// `completion`. (Not `pop(result:)`, which takes the text itself: a `String` would be
    /// encoded as a JSON string.)
    @discardableResult
    public func pop<T: Encodable>(
        encoding value: T, animated: Bool = true, encoder: JSONEncoder = JSONEncoder(), completion: Completion?
    ) throws -> RequestStatus {
        try pop(animated: animated, result: try encoder.text(of: value), completion: completion)
    }

    /// Pops the top screen carrying `value` encoded as JSON text as its result, and waits for
    /// the outcome.
    public func pop<T: Encodable>(
        encoding value: T, animated: Bool = true, encoder: JSONEncoder = JSONEncoder()
    ) async throws -> Outcome {
        try await pop(animated: animated, result: try encoder.text(of: value))
    }

    /// The saved document of the stack as JSON `Data` in its exact text form (NavCore's
    /// Semantics article, §14), for a file or a state-restoration archive.
    public func saveData() throws -> Data {
        Data(try save().utf8)
    }
}

extension JSONEncoder {
    /// `value` encoded as JSON text.
    fileprivate func text(of value: some Encodable) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
