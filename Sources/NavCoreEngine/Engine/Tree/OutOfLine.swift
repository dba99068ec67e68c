/// A value of a family's state kept out of line, behind one reference: what only families of
/// more than one navigator use (the tree, the front change, the routing of a back), so that
/// the state that every call and step copies or moves stays as small as a family of one needs.
/// Guarded by the family's lock, as the state that holds it.
final class OutOfLine<Value>: @unchecked Sendable {
    @exclusivity(unchecked) var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
