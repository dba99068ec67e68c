import NavCore

/// How a retained-mode toolkit mirrors the stack (the "Integrating with a UI toolkit" article
/// shows it): it builds a screen's view when the screen is about to appear, plays transitions
/// with the animator, and lets go of views only when an op has completed, so that the
/// interactive gesture's provisional pop keeps the popped view until the finger lifts.
@MainActor
final class ToolkitMirror: MainActorNavigatorDelegate {
    /// The toolkit's views, by screen id: what it has built and not yet torn down.
    private(set) var views: [UInt64: String] = [:]

    func navigator(_ navigator: MainActorNavigator, actionDidChange change: ActionChange) {
        switch change.state {
        case .willPush, .willSet:
            // Build the appearing view before it slides in.
            if let screen = change.appearing { views[screen.id] = views[screen.id] ?? "view of \(screen.route)" }
        case .pushCompleted, .popCompleted, .setCompleted:
            // The op is over: tear down the views of the screens that left the stack.
            let kept = Set(navigator.stack.map(\.id))
            views = views.filter { kept.contains($0.key) }
        case .popCancelled:
            break  // the gesture was abandoned: the stack is back, every view still there
        default:
            break  // will_pop, did_*: the stack changed, the transition may still be running
        }
    }
}
