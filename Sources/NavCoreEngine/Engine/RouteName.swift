/// A route's name as a dictionary key: two names are the same route when their UTF-8 bytes are
/// equal (`Text.same`), as in every host language.
///
/// A C or Python host that registered "é" and "e" + U+0301 as two routes would otherwise see the
/// second refused as `exists`, and `show` find a route the host never named (docs/semantics.md,
/// reading 35).
package struct RouteName: Hashable, Sendable {
    package let text: String

    package init(_ text: String) { self.text = text }

    package static func == (lhs: RouteName, rhs: RouteName) -> Bool { Text.same(lhs.text, rhs.text) }

    package func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
        hasher.combine(0xFF as UInt8)  // never a byte of UTF-8: ends the name
    }
}
