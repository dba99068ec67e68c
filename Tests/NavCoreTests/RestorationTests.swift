import Foundation
import NavCore
import Testing

/// SPEC §14 through the Swift API: saved state, `save`, `open` and `restore`, and the
/// document's exact text and strict reading.
@Suite struct RestorationTests {
    /// A harness whose routes make screens that carry their route name.
    func harness(routes: [String], failing: Set<String> = []) throws -> Harness {
        let h = Harness(animator: false)
        for route in routes {
            try h.nav.registerRoute(route) { request in
                if failing.contains(request.route) { throw FactoryError() }
                return request.route
            }
        }
        return h
    }

    /// `RouteEntry`'s `Codable` form, which the Swift API adds to the engine's type: the
    /// synthesized one's keys, `state` left out when there is none.
    @Test func routeEntriesEncodeAndDecodeAsRouteAndState() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let entries = [RouteEntry(route: "home"), RouteEntry(route: "item", state: "id=7")]
        let text = String(decoding: try encoder.encode(entries), as: UTF8.self)
        #expect(text == #"[{"route":"home"},{"route":"item","state":"id=7"}]"#)
        #expect(try JSONDecoder().decode([RouteEntry].self, from: Data(text.utf8)) == entries)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RouteEntry.self, from: Data(#"{"state":"x"}"#.utf8)) }
    }

    @Test func restoreOfSaveRebuildsAnEqualStackOfNewScreens() throws {
        let h = try harness(routes: ["home", "item"])
        try h.nav.open([RouteEntry(route: "home"), RouteEntry(route: "item", state: "id=7")], completion: nil)
        let first = h.nav.stack
        try h.nav.setSavedState("tab\t\"q\"\\", for: first[0])
        let document = try h.nav.saveDocument()
        #expect(document.text == #"{"navcore":1,"stack":[{"route":"home","state":"tab\u0009\"q\"\\"},{"route":"item","state":"id=7"}]}"#)
        try h.nav.restore(document.text, completion: nil)
        #expect(h.names == ["home", "item"])
        #expect(Set(h.nav.stack.map(\.id)).isDisjoint(with: first.map(\.id)))
        #expect(try h.nav.saveDocument() == document)
        let decoded = try JSONDecoder().decode(NavigationDocument.self, from: Data(document.text.utf8))
        #expect(decoded == document, "the Codable form reads the exact text")
        try h.nav.restore(decoded, completion: nil)
        #expect(try h.nav.save() == document.text)
    }

    @Test func aFailingFactoryReleasesWhatTheOpenMadeLastMadeFirst() throws {
        let h = try harness(routes: ["a", "b", "broken"], failing: ["broken"])
        try h.stack("keep")
        let completions = Completions()
        try h.nav.open([RouteEntry(route: "a"), RouteEntry(route: "b", state: "s"), RouteEntry(route: "broken")],
                       completion: completions.handler)
        #expect(completions.received == [.factoryFailed])
        #expect(h.trace() == ["payload b s", "release b", "release a", "done open factory_failed"])
        #expect(h.names == ["keep"])
    }

    @Test func unknownRoutesAreCheckedBeforeAnyFactory() throws {
        let made = Counter()
        let h = Harness(animator: false)
        try h.nav.registerRoute("a") { _ in made.increment(); return nil }
        let completions = Completions()
        try h.nav.open([RouteEntry(route: "a"), RouteEntry(route: "nowhere")], completion: completions.handler)
        #expect(completions.received == [.unknownRoute] && made.value == 0)
        expectError(.invalid) { try h.nav.open([], completion: nil) }
    }

    @Test(arguments: [
        #"{"navcore":1,"stack":[{"route":"a","state":null}]"#, #"{"navcore":01,"stack":[{"route":"a","state":null}]}"#,
        #"{"navcore":1e0,"stack":[{"route":"a","state":null}]}"#, #"{"navcore":-1,"stack":[{"route":"a","state":null}]}"#,
        #"{"navcore":1,"stack":[{"route":"a","state":1}]}"#, #"{"navcore":1,"stack":[{"route":null,"state":null}]}"#,
        #"{"navcore":1,"stack":[{"route":"a","state":null,"route":"b"}]}"#, #"{"navcore":1,"stack":{}}"#,
        #"{"navcore":1,"stack":[{"route":"a","state":"\udc00"}]}"#, #"{"navcore":1,"stack":[{"route":"a","state":"\x"}]}"#,
        "{\"navcore\":1,\"stack\":[{\"route\":\"a\",\"state\":\"raw\u{1}control\"}]}", #"{"navcore":1,"stack":[{"route":"a","state":nul}]}"#,
        #"{"navcore":1,"stack":[{"route":"a","state":null},]}"#, "", "\u{FEFF}{\"navcore\":1,\"stack\":[{\"route\":\"a\",\"state\":null}]}",
    ])
    func malformedDocumentsAreInvalid(_ text: String) {
        #expect(throws: NavigationError.self) { try NavigationDocument(text: text) }
    }

    @Test func anyWhitespaceKeyOrderAndEscapeIsAccepted() throws {
        let text = " \n{ \"stack\" :\t[ { \"state\" : \"\\u00e9\\/\\n\\ud83d\\ude00\" , \"route\" : \"a\" } ] , \"navcore\" : 1 }\r\n"
        let document = try NavigationDocument(text: text)
        #expect(document.stack == [RouteEntry(route: "a", state: "é/\n😀")])
        #expect(document.text == #"{"navcore":1,"stack":[{"route":"a","state":"é/\u000a😀"}]}"#)
    }

    @Test func recycleTopReusesOnlyTheTop() throws {
        let h = try harness(routes: ["list", "item"])
        try h.nav.show("list", completion: nil)
        try h.nav.show("item", options: ShowOptions(removeCurrent: false, payload: "1"), completion: nil)
        try h.nav.show("list", options: ShowOptions(removeCurrent: false, recycle: .top), completion: nil)
        try h.nav.show("list", options: ShowOptions(removeCurrent: false, recycle: .top, payload: "again"), completion: nil)
        #expect(h.names == ["list", "item", "list"])
        #expect(try h.nav.savedState(of: h.nav.stack[2]) == "again")
        #expect(try h.nav.savedState(of: h.nav.stack[1]) == "1")
    }
}
