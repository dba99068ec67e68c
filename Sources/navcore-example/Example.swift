// A tiny Swift host of navcore (swift run navcore-example), set up as recommended for an app
// whose UI is on the main actor: a navigator made with `dispatch: .mainActor`, so every callback
// below runs on the main actor (each closure says `@MainActor`, which types it so); an animator that finishes each transition after a short sleep; awaited ops; rapid taps
// that queue; a veto; a route with a payload; and @MainActor screen objects that hear their own
// appearance. No handler captures the navigator: each gets what it acts on.
import NavCore

/// A screen object: a title, a draft whose unsaved text vetoes back, and its own feedback.
@MainActor
final class Page: MainActorScreenFeedback {
    let title: String
    var draft = ""

    init(_ title: String) { self.title = title }

    func appearance(_ change: AppearanceChange) {
        guard change.phase == .didShow else { return }
        print("  \(title) did show (\(change.reason), \(change.animated ? "animated" : "instant"))")
    }

    func receivePayload(_ payload: String) { print("  \(title) got the payload \(payload)") }
}

@MainActor
func title(_ screen: Screen) -> String { (screen.object as? Page)?.title ?? screen.route }

@main
@MainActor
struct Example {
    static func main() async throws {
        let nav = Navigator(dispatch: .mainActor)
        // The host animates; navcore waits until the host finishes the transition.
        try nav.setAnimator { @MainActor transition in
            print("  slide \(transition.style): \(title(transition.from)) > \(title(transition.to))")
            Task {
                try await Task.sleep(for: .milliseconds(20))
                try await transition.finish()
            }
        }
        try nav.setPopVeto { @MainActor screen, trigger in
            let allowed = (screen.object as? Page)?.draft.isEmpty != false
            print("  veto asked about \(title(screen)) (\(trigger)): \(allowed ? "allowed" : "refused")")
            return allowed
        }
        try nav.registerRoute("detail") { @MainActor request in Page("Detail") }

        let home = try nav.makeScreen(route: "home", object: Page("Home"))
        let inbox = try nav.makeScreen(route: "inbox", object: Page("Inbox"))
        let draft = Page("Draft")
        let compose = try nav.makeScreen(route: "compose", object: draft)

        print("push Home: \(try await nav.push(home))")     // the first screen never animates
        // The awaiting forms have no `completion:`; the forms with one return at once with .ok
        // (started) or .queued (waits behind the running op).
        let first = try nav.push(inbox, completion: nil)    // starts sliding
        let second = try nav.push(compose, completion: nil) // a rapid second tap: queued
        print("rapid taps: \(first), \(second)")
        await nav.idle()                                    // both slides have ended
        print("stack: \(nav.stack.map(title))")

        draft.draft = "hello"
        print("back with unsaved changes: \(try await nav.back())")
        draft.draft = ""
        print("back after saving: \(try await nav.back())")

        let options = ShowOptions(animated: true, removeCurrent: false, payload: #"{"id":7}"#)
        print("show detail: \(try await nav.show("detail", options: options))")
        print("stack: \(nav.stack.map(title))")
        print("pop to root: \(try await nav.popToRoot())")
        print("stack: \(nav.stack.map(title))")
    }
}
