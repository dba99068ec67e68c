import NavCore

// A Swift 6 app model whose whole UI layer is on the main actor, written the way the README
// recommends: a navigator made with `dispatch: .mainActor`, `@MainActor` handlers that capture
// neither the navigator nor the model, `@MainActor` types adopting `MainActorNavigatorDelegate` and `MainActorScreenFeedback`
// as they are. Every callback asserts that it runs on the main actor and counts its kind.

/// The kinds of callback a main-actor app receives.
enum CallbackKind: String, CaseIterable, Sendable {
    case animator, veto, factory, feedback, delegate, completion, observer, stream, run, result
}

/// What the callbacks saw, on the main actor.
@MainActor
final class CallbackTally {
    private(set) var counts: [CallbackKind: Int] = [:]

    /// Asserts the main actor's isolation (it traps otherwise) and counts `kind`.
    func record(_ kind: CallbackKind) {
        MainActor.assertIsolated("\(kind) ran off the main actor")
        counts[kind, default: 0] += 1
    }

    /// The kinds never seen.
    var missing: [CallbackKind] { CallbackKind.allCases.filter { counts[$0] == nil } }
}

/// A page of the app: a `@MainActor` view model that hears its own appearance.
@MainActor
final class Page: MainActorScreenFeedback {
    let title: String
    let tally: CallbackTally
    var hasUnsavedChanges = false
    private(set) var appearances: [String] = []
    private(set) var payloads: [String] = []

    init(_ title: String, tally: CallbackTally) {
        self.title = title
        self.tally = tally
    }

    func appearance(_ change: AppearanceChange) {
        tally.record(.feedback)
        appearances.append("\(change.phase) \(change.reason)")
    }

    func receivePayload(_ payload: String) {
        tally.record(.feedback)
        payloads.append(payload)
    }
}

/// The app: owns the navigator, is its delegate, animates with a short delay.
@MainActor
final class AppModel: MainActorNavigatorDelegate {
    let nav = Navigator(dispatch: .mainActor)
    let tally = CallbackTally()
    private(set) var doneLines: [String] = []
    /// Interactive transitions wait there for the user's finger to lift.
    let gestures = GestureTracker()

    init() throws {
        try nav.setMainActorDelegate(self)
        let tally = tally, gestures = gestures
        try nav.setAnimator { @MainActor transition in
            tally.record(.animator)
            if transition.interactive {
                gestures.inFlight = transition
                return
            }
            Task {
                try await Task.sleep(for: .milliseconds(2))
                try await transition.finish()
            }
        }
        try nav.setPopVeto { @MainActor screen, _ in
            tally.record(.veto)
            return (screen.object as? Page)?.hasUnsavedChanges != true
        }
        try nav.registerRoute("detail") { @MainActor request in
            tally.record(.factory)
            return Page("Detail \(request.id)", tally: tally)
        }
    }

    func page(_ title: String) throws -> Screen {
        try nav.makeScreen(route: title.lowercased(), object: Page(title, tally: tally))
    }

    func navigator(_ navigator: Navigator, operation: OperationKind, didEndWith outcome: Outcome) {
        tally.record(.delegate)
        doneLines.append("\(operation) \(outcome)")
    }
}

/// The interactive transition the user's finger drives, kept apart from the model so that the
/// animator can hold it without holding the model (which holds the navigator).
@MainActor
final class GestureTracker {
    var inFlight: Transition?

    /// Waits until the animator has the gesture's transition (a gesture started by a task
    /// that has not run yet).
    func waitForGesture() async throws {
        for _ in 0..<100_000 where inFlight == nil { await Task.yield() }
        guard inFlight != nil else { throw NavigationError(.state, "no gesture started") }
    }

    /// The finger moves, then lifts: finishes or cancels the transition in flight.
    func lift(finish: Bool) async throws {
        guard let transition = inFlight else { return }
        inFlight = nil
        try await transition.update(progress: 0.5)
        if finish { try await transition.finish() } else { try await transition.cancel() }
    }
}
