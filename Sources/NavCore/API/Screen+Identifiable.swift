/// A screen's identity is its id (never reused in a process), so lists of screens (SwiftUI's
/// `ForEach(state.stack)`) need no key path.
extension Screen: Identifiable {}
