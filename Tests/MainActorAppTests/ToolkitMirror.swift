import NavCore

/// How a retained-mode toolkit mirrors the stack with `MainActorStackMirror` (the "Integrating
/// with a UI toolkit" article shows it): it builds the views a change's new stack lacks, plays
/// the change's transition, and tears down the views of screens that left, except after the
/// gesture's provisional pop, whose popped view stays until the pop commits.
@MainActor
final class ToolkitMirror {
    /// The toolkit's views, by screen id: what it has built and not yet torn down.
    private(set) var views: [UInt64: String] = [:]
    private var mirror: MainActorStackMirror?
    /// The gesture's provisional change, until it commits or reverts.
    private var gesture: StackMirrorChange?
    private let gestures: GestureTracker

    /// Mirrors `navigator`, handing the gesture's transition to `gestures` (the finger drives it).
    init(_ navigator: Navigator, gestures: GestureTracker) throws {
        self.gestures = gestures
        mirror = try MainActorStackMirror(navigator) { [weak self] update in self?.apply(update) }
        build(navigator.stack)
    }

    private func apply(_ update: StackMirrorUpdate) {
        switch update {
        case .change(let change):
            build(change.new)  // before its transition slides it in
            guard let transition = change.transition else { return tearDown(after: change) }  // instant
            if change.provisional {
                gesture = change  // the finger may still bring the popped view back
                gestures.inFlight = transition
            } else {
                Task {
                    try await transition.finish()  // when the slide ends
                    self.tearDown(after: change)
                }
            }
        case .resolved(.commit):
            if let gesture { tearDown(after: gesture) }  // the popped view goes
            gesture = nil
        case .resolved(.revert):
            gesture = nil  // the gesture was abandoned: the stack is back, every view still there
        }
    }

    /// Builds a view for each screen of `stack` that has none.
    private func build(_ stack: [Screen]) {
        for screen in stack where views[screen.id] == nil { views[screen.id] = "view of \(screen.route)" }
    }

    /// Tears down the views of the screens that `change` removed and the mirror no longer shows
    /// (a later change may have brought one back).
    private func tearDown(after change: StackMirrorChange) {
        let shown = Set((mirror?.stack ?? []).map(\.id))
        for screen in change.old where !shown.contains(screen.id) { views[screen.id] = nil }
    }
}
