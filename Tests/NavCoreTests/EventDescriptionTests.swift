import NavCore
import Testing

/// Events print as trace lines, naming screens `route#id`.
@Suite struct EventDescriptionTests {
    @Test func eventsDescribeThemselvesAsTraceLines() throws {
        let nav = Navigator()
        let home = try nav.makeScreen(route: "home"), inbox = try nav.makeScreen(route: "inbox")
        let log = Locked<[String]>([])
        nav.addObserver { log.append($0.description) }
        try nav.push(home, animated: false, completion: nil)
        try nav.push(inbox, animated: false, completion: nil)
        let lines = log.take()
        #expect(lines.contains("action will_push +inbox#\(inbox.id) -home#\(home.id) instant"))
        #expect(lines.contains("did_show inbox#\(inbox.id) push instant"))
        #expect(lines.last == "action idle")
        #expect(NavigationEvent.progress(transition: 1, value: 0.125).description == "progress 0.13")
        #expect(NavigationEvent.progress(transition: 1, value: 0.015).description == "progress 0.01")
        #expect(NavigationEvent.progress(transition: 1, value: 0.875).description == "progress 0.88")
        #expect(NavigationEvent.progress(transition: 1, value: 1).description == "progress 1.00")
        #expect(NavigationEvent.progress(transition: 1, value: 0).description == "progress 0.00")
        #expect(NavigationEvent.progress(transition: 1, value: 0.29).description == "progress 0.29")
        #expect(NavigationEvent.done(.popToRoot, .notInStack).description == "done pop_to_root not_in_stack")
    }
}
