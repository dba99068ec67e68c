// A NavCore client in top-level code, as `main.swift` of an app's package: every op of both
// navigators asked in its awaiting form, `try await nav.op(…)`, with an animator that finishes
// each transition later, from another task. Top-level code is where Swift used to pick the form
// that returns at once for such a call (it does not count as an async context when overloads
// are ranked): so after each call this checks that the op has ended, and the target is compiled
// with warnings as errors (the sign of that pick was the warning "no 'async' operations occur
// within 'await' expression").
import NavCore

/// Fails the client (the make target fails on its exit status) with a message.
func fail(_ message: String) -> Never {
    print("client: \(message)")
    fatalError(message)
}

/// Checks what an awaited op left: its outcome, nothing in flight, and the stack's routes.
func expectEnded(_ what: String, _ outcome: Outcome, _ expected: Outcome, busy: Bool, stack: [Screen], _ routes: [String]) {
    let shown = stack.map(\.route)
    guard outcome == expected, !busy, shown == routes else {
        fail("\(what): outcome \(outcome) (expected \(expected)), busy \(busy), stack \(shown) (expected \(routes))")
    }
    print("client: \(what): \(outcome), stack \(shown)")
}

// -- Navigator (inline): the animator finishes from a detached task, after the call returned.

let nav = Navigator()
nav.setAnimator { transition in
    Task.detached {
        try await Task.sleep(for: .milliseconds(5))
        try await transition.finish()
    }
}
try nav.registerRoute("detail") { _ in nil }
let home = try nav.makeScreen(route: "home")
let inbox = try nav.makeScreen(route: "inbox")
let compose = try nav.makeScreen(route: "compose")

let firstPush = try await nav.push(home)
expectEnded("push", firstPush, .completed, busy: nav.isBusy, stack: nav.stack, ["home"])
let push = try await nav.push(inbox)
expectEnded("animated push", push, .completed, busy: nav.isBusy, stack: nav.stack, ["home", "inbox"])
let setStack = try await nav.setStack([home, inbox, compose])
expectEnded("setStack", setStack, .completed, busy: nav.isBusy, stack: nav.stack, ["home", "inbox", "compose"])
let pop = try await nav.pop(result: "done")
expectEnded("pop", pop, .completed, busy: nav.isBusy, stack: nav.stack, ["home", "inbox"])
let show = try await nav.show("detail", options: ShowOptions(animated: true, removeCurrent: false))
expectEnded("show", show, .completed, busy: nav.isBusy, stack: nav.stack, ["home", "inbox", "detail"])
let back = try await nav.back()
expectEnded("back", back, .completed, busy: nav.isBusy, stack: nav.stack, ["home", "inbox"])
let gesture = try await nav.beginGesture()
expectEnded("beginGesture", gesture, .completed, busy: nav.isBusy, stack: nav.stack, ["home"])
let post = try await nav.post("detail", options: ShowOptions(animated: true, removeCurrent: false))
expectEnded("post", post, .completed, busy: nav.isBusy, stack: nav.stack, ["home", "detail"])
let popTo = try await nav.pop(to: home)
expectEnded("pop(to:)", popTo, .completed, busy: nav.isBusy, stack: nav.stack, ["home"])
let open = try await nav.open([RouteEntry(route: "detail"), RouteEntry(route: "detail")], animated: true)
expectEnded("open", open, .completed, busy: nav.isBusy, stack: nav.stack, ["detail", "detail"])
let popToRoot = try await nav.popToRoot()
expectEnded("popToRoot", popToRoot, .completed, busy: nav.isBusy, stack: nav.stack, ["detail"])
let document = try nav.save()
let restore = try await nav.restore(document, animated: true)
expectEnded("restore", restore, .completed, busy: nav.isBusy, stack: nav.stack, ["detail"])
let restoreDocument = try await nav.restore(try nav.saveDocument(), animated: true)
expectEnded("restore(document)", restoreDocument, .completed, busy: nav.isBusy, stack: nav.stack, ["detail"])
let hide = try await nav.setVisible(false)
expectEnded("setVisible", hide, .completed, busy: nav.isBusy, stack: nav.stack, ["detail"])
let run = try await nav.run {}
expectEnded("run", run, .completed, busy: nav.isBusy, stack: nav.stack, ["detail"])

// -- A main-actor navigator: top-level code runs on the main actor, where its callbacks run.

let main = Navigator(dispatch: .mainActor)
try main.setAnimator { @MainActor transition in
    Task {
        try await Task.sleep(for: .milliseconds(5))
        try await transition.finish()
    }
}
let start = try main.makeScreen(route: "start")
let next = try main.makeScreen(route: "next")
let mainPush = try await main.push(start)
expectEnded("main actor push", mainPush, .completed, busy: main.isBusy, stack: main.stack, ["start"])
let mainAnimatedPush = try await main.push(next)
expectEnded("main actor animated push", mainAnimatedPush, .completed, busy: main.isBusy, stack: main.stack, ["start", "next"])
let mainBack = try await main.back()
expectEnded("main actor back", mainBack, .completed, busy: main.isBusy, stack: main.stack, ["start"])
let mainRun = try await main.run { @MainActor in }
expectEnded("main actor run", mainRun, .completed, busy: main.isBusy, stack: main.stack, ["start"])
print("client: every awaited op had ended when its await returned")
