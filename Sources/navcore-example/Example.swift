// A tiny Swift host of navcore (swift run navcore-example): an animator that finishes each
// transition after a short sleep, awaited ops, rapid taps that queue, a veto, a route with a
// payload, and screen objects that hear their own appearance (ScreenFeedback).
import NavCore
import Synchronization

/// A screen object: a title, a draft whose unsaved text vetoes back, and its own feedback.
final class Page: ScreenFeedback {
    let title: String
    private let draft = Mutex("")

    init(_ title: String) { self.title = title }

    var hasUnsavedChanges: Bool { draft.withLock { !$0.isEmpty } }
    func type(_ text: String) { draft.withLock { $0 += text } }
    func save() { draft.withLock { $0 = "" } }

    func didShow(reason: AppearanceReason, animated: Bool) {
        print("  \(title) did show (\(reason), \(animated ? "animated" : "instant"))")
    }

    func receivePayload(_ payload: String) { print("  \(title) got the payload \(payload)") }
}

func title(_ screen: Screen) -> String { (screen.object as? Page)?.title ?? screen.route }

@main
struct Example {
    @MainActor  // the "UI thread": the animator's frames run here too, so the output is in order
    static func main() async throws {
        let nav = Navigator()
        // The host animates; navcore waits until the host finishes the transition.
        nav.setAnimator { transition in
            print("  slide \(transition.style): \(title(transition.from)) > \(title(transition.to))")
            Task { @MainActor in
                try? await Task.sleep(for: .milliseconds(20))
                try? nav.finishTransition(transition.id)
            }
        }
        nav.setPopVeto { screen, trigger in
            let allowed = (screen.object as? Page)?.hasUnsavedChanges != true
            print("  veto asked about \(title(screen)) (\(trigger)): \(allowed ? "allowed" : "refused")")
            return allowed
        }
        try nav.registerRoute("detail") { request in Page("Detail") }

        let home = try nav.makeScreen(route: "home", object: Page("Home"))
        let inbox = try nav.makeScreen(route: "inbox", object: Page("Inbox"))
        let draft = Page("Draft")
        let compose = try nav.makeScreen(route: "compose", object: draft)

        print("push Home: \(try await nav.push(home))")     // the first screen never animates
        // In an async context a plain `nav.push` is the awaiting form; the completion-handler
        // form returns at once with .ok (started) or .queued (waits behind the running op).
        let first = try nav.push(inbox, completion: nil)    // starts sliding
        let second = try nav.push(compose, completion: nil) // a rapid second tap: queued
        print("rapid taps: \(first), \(second)")
        print("after both: \(try await nav.run {})")        // runs once the queue reaches it
        print("stack: \(nav.stack.map(title))")

        draft.type("hello")
        print("back with unsaved changes: \(try await nav.back())")
        draft.save()
        print("back after saving: \(try await nav.back())")

        let options = ShowOptions(animated: true, removeCurrent: false, payload: #"{"id":7}"#)
        print("show detail: \(try await nav.show("detail", options: options))")
        print("stack: \(nav.stack.map(title))")
        print("pop to root: \(try await nav.popToRoot())")
        print("stack: \(nav.stack.map(title))")
        try nav.destroy()
    }
}
