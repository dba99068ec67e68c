import CNavCore
import Glibc
import Testing

/// navcore.h, "Saved state, save, open and restore" (SPEC §14) and the show options' recycle
/// (SPEC §8): navcore_screen_set_saved_state, navcore_screen_saved_state, navcore_save,
/// navcore_open (navcore_route_entry), navcore_restore.
@Suite("Save, open and restore")
struct RestorationTests {
    /// What a `char **` query returned, freed with navcore_free; "-" for NULL.
    static func text(_ status: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32,
                     sourceLocation: SourceLocation = #_sourceLocation) -> String {
        var text: UnsafeMutablePointer<CChar>?
        expectStatus(status(&text), sourceLocation: sourceLocation)
        defer { navcore_free(text) }
        return text.map { String(cString: $0) } ?? "-"
    }

    /// Opens `entries` (route, state or nil).
    static func open(_ h: Harness, _ entries: [(String, String?)], ctx: String) -> Int32 {
        let routes = entries.map { strdup($0.0) }
        let states = entries.map { $0.1.map { strdup($0) } ?? nil }
        defer { (routes + states).forEach { free($0) } }
        let list = zip(routes, states).map { navcore_route_entry(route: $0, state: $1) }
        return navcore_open(h.nav, list, list.count, false, h.r.doneFn, h.ctx(ctx))
    }

    @Test("open builds the stack through the factories; save writes the exact document; restore rebuilds it")
    func openSaveRestore() {
        let h = Harness()
        defer { h.close() }
        #expect(h.route("Home") == OK && h.route("Item") == OK)
        expectStatus(Self.open(h, [("Home", nil), ("Item", "id=7")], ctx: "o"))
        #expect(h.stack == ["Home", "Item"])
        #expect(h.r.take(["factory", "payload", "completion"]) == [
            "factory Home", "factory Item payload=id=7", "payload Item id=7", "completion o open completed",
        ])
        let item = h.id("Item")
        #expect(Self.text { navcore_screen_saved_state($0, h.nav, item) } == "id=7")
        expectStatus(navcore_screen_set_saved_state(h.nav, item, "a\"b\\c\u{1}/é"))
        let document = Self.text { navcore_save($0, h.nav) }
        #expect(document == #"{"navcore":1,"stack":[{"route":"Home","state":null},{"route":"Item","state":"a\"b\\c\u0001/é"}]}"#)
        expectStatus(navcore_restore(h.nav, document, false, h.r.doneFn, h.ctx("r")))
        #expect(h.stack == ["Home#2", "Item#2"])
        #expect(Self.text { navcore_save($0, h.nav) } == document)
        #expect(h.r.take(["completion"]) == ["completion r open completed"])
        expectStatus(navcore_screen_set_saved_state(h.nav, h.id("Item#2"), nil))
        #expect(Self.text { navcore_screen_saved_state($0, h.nav, h.id("Item#2")) } == "-")
    }

    @Test("save_tree writes version 2; restore_tree rebuilds it; open with options reads its animated and focus")
    func treeAndOpenOptions() {
        let h = Harness()
        defer { h.close() }
        #expect(h.route("Home") == OK && h.route("Item") == OK)
        var options = navcore_open_options()
        expectStatus(navcore_open_options_init(&options, UInt32(NAVCORE_OPEN_OPTIONS_VERSION)))
        options.focus = true  // a root has nothing to walk: the focus changes nothing
        let texts = [strdup("Home"), strdup("Item"), strdup("id=7")]
        defer { texts.forEach { free($0) } }
        var entries = [navcore_route_entry(route: texts[0], state: nil), navcore_route_entry(route: texts[1], state: texts[2])]
        expectStatus(navcore_open_with_options(h.nav, &entries, entries.count, &options, h.r.doneFn, h.ctx("o")))
        #expect(h.stack == ["Home", "Item"])
        #expect(h.r.take(["completion"]) == ["completion o open completed"])
        let tree = Self.text { navcore_save_tree($0, h.nav) }
        #expect(tree == #"{"navcore":2,"stack":[{"route":"Home","state":null},{"route":"Item","state":"id=7"}]}"#)
        expectStatus(navcore_restore_tree(h.nav, tree, false, h.r.doneFn, h.ctx("r")))
        #expect(h.stack == ["Home#2", "Item#2"])
        #expect(h.r.take(["completion"]) == ["completion r open completed"])
        // Version 1 is a tree of one; anything else, and an unknown options version, asks nothing.
        expectStatus(navcore_restore_tree(h.nav, Self.text { navcore_save($0, h.nav) }, false, nil, nil))
        expectError(navcore_restore_tree(h.nav, #"{"navcore":2,"stack":[]}"#, false, nil, nil), NAVCORE_ERR_INVALID)
        expectError(navcore_restore_tree(h.nav, nil, false, nil, nil), NAVCORE_ERR_INVALID)
        expectError(navcore_restore(h.nav, tree, false, nil, nil), NAVCORE_ERR_INVALID)
        options.version = 0
        expectError(navcore_open_with_options(h.nav, &entries, entries.count, &options, nil, nil), NAVCORE_ERR_INVALID)
        #expect(h.stack == ["Home#3", "Item#3"])
        expectStatus(navcore_open_with_options(h.nav, &entries, entries.count, nil, nil, nil))
        #expect(h.stack == ["Home#4", "Item#4"])
    }

    /// What navcore_on_child heard: the host screen and the child's handle, of each call.
    final class ChildLog: @unchecked Sendable {
        var calls: [(parent: OpaquePointer?, screen: UInt64, child: OpaquePointer?)] = []
        /// The navigator each call of the "Item" factory received.
        var factoryNavigators: [OpaquePointer?] = []
    }

    @Test("restore_tree makes the children of a saved tree; navcore_on_child hears each before its screens")
    func restoreTreeAnnouncesChildren() {
        let h = Harness()
        defer { h.close() }
        #expect(h.route("Tabs") == OK && h.route("List") == OK)
        let log = ChildLog()
        let ctx = Unmanaged.passRetained(log).toOpaque()
        // SPEC §16.1: a factory found in an ancestor's registry is called with the navigator that
        // will own the new screen, here the child that restore_tree made.
        expectStatus(navcore_route_register(h.nav, "Item", { out, nav, _, _, _, ctx in
            guard let ctx else { return 1 }
            Unmanaged<ChildLog>.fromOpaque(ctx).takeUnretainedValue().factoryNavigators.append(OpaquePointer(nav))
            out?.pointee = nil
            return 0
        }, Unmanaged.passUnretained(log).toOpaque(), nil))
        expectStatus(navcore_on_child(h.nav, { parent, screen, child, ctx in
            guard let ctx else { return }
            let log = Unmanaged<ChildLog>.fromOpaque(ctx).takeUnretainedValue()
            var count = 0
            navcore_stack_count(&count, child)  // announced before its screens are made
            #expect(count == 0)
            log.calls.append((OpaquePointer(parent), screen, OpaquePointer(child)))
        }, ctx, { Unmanaged<ChildLog>.fromOpaque($0!).release() }))
        let tree = #"{"navcore":2,"stack":[{"route":"Tabs","state":null,"active":0,"children":[{"stack":[{"route":"List","state":"a"},{"route":"Item","state":null}]}]}]}"#
        expectStatus(navcore_restore_tree(h.nav, tree, false, h.r.doneFn, h.ctx("r")))
        #expect(h.r.take(["completion"]) == ["completion r open completed"])
        #expect(log.calls.count == 1)
        #expect(log.calls.first?.parent == OpaquePointer(h.nav) && log.calls.first?.screen == h.id("Tabs"))
        var count = 0
        if let child = log.calls.first?.child { expectStatus(navcore_stack_count(&count, UnsafeMutablePointer(child))) }
        #expect(count == 2)
        #expect(log.factoryNavigators.count == 1 && log.factoryNavigators.first == log.calls.first?.child)
        #expect(Self.text { navcore_save_tree($0, h.nav) } == tree)
        expectStatus(navcore_on_child(h.nav, nil, nil, nil))
    }

    @Test("bad calls fail and ask nothing: no entries, NULLs, bad UTF-8, a huge count, a malformed document")
    func badCalls() {
        let h = Harness()
        defer { h.close() }
        var entry = navcore_route_entry(route: nil, state: nil)
        expectError(navcore_open(h.nav, &entry, 0, false, nil, nil), NAVCORE_ERR_INVALID)
        expectError(navcore_open(h.nav, nil, 1, false, nil, nil), NAVCORE_ERR_INVALID)
        expectError(navcore_open(h.nav, &entry, 1, false, nil, nil), NAVCORE_ERR_INVALID)
        expectError(navcore_open(h.nav, &entry, Int.max / 2, false, nil, nil), NAVCORE_ERR_INVALID)
        for document in [#"{"navcore":1,"stack":[]}"#, #"{"navcore":1.0,"stack":[{"route":"A","state":null}]}"#,
                         #"{"navcore":1,"stack":[{"route":"A","state":"\ud800"}]}"#, "[]", ""] {
            expectError(navcore_restore(h.nav, document, false, h.r.doneFn, h.ctx("never")), NAVCORE_ERR_INVALID)
        }
        expectError(navcore_restore(h.nav, nil, false, nil, nil), NAVCORE_ERR_INVALID)
        expectError(navcore_save(nil, h.nav), NAVCORE_ERR_INVALID)
        #expect(h.pending == 0 && h.r.take(["completion"]).isEmpty)
    }

    @Test("restore reads the document's bytes in place: UTF-8 of every width is taken as is; bytes that are not UTF-8, in a string or outside, are invalid")
    func restoreChecksUTF8() {
        let h = Harness()
        defer { h.close() }
        #expect(h.route("A") == OK)
        func restore(_ bytes: [UInt8], _ ctx: String) -> Int32 {
            (bytes + [0]).map { CChar(bitPattern: $0) }.withUnsafeBufferPointer { document in
                navcore_restore(h.nav, document.baseAddress, false, h.r.doneFn, h.ctx(ctx))
            }
        }
        func document(route: [UInt8] = Array("A".utf8), state: [UInt8]) -> [UInt8] {
            Array(#"{"navcore":1,"stack":[{"route":""#.utf8) + route + Array(#"","state":""#.utf8) + state
                + Array(#""}]}"#.utf8)
        }
        for text in ["\u{80}", "é", "\u{7FF}", "\u{800}", "€", "\u{D7FF}", "\u{E000}", "\u{FFFF}", "😀", "\u{10FFFF}"] {
            expectStatus(restore(document(state: Array(text.utf8)), "ok"))
            var top: UInt64 = 0
            expectStatus(navcore_top(&top, h.nav))
            #expect(Self.text { navcore_screen_saved_state($0, h.nav, top) } == text)
        }
        #expect(h.r.take(["completion"]).count == 10)
        let notUTF8: [[UInt8]] = [
            [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xC3], [0xC3, 0x41], [0xE0, 0x80, 0xAF], [0xE2, 0x82],
            [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80],
            [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF],
        ]
        for bytes in notUTF8 {
            expectError(restore(document(state: Array("ok".utf8) + bytes), "never"), NAVCORE_ERR_INVALID)
            #expect(String(cString: navcore_last_error_message()) == "the document is not valid UTF-8")
            expectError(restore(document(route: bytes, state: []), "never"), NAVCORE_ERR_INVALID)
            expectError(restore(document(state: []) + bytes, "never"), NAVCORE_ERR_INVALID)
        }
        #expect(h.pending == 0 && h.r.take(["completion"]).isEmpty)
    }

    @Test("a failing factory releases what the open made, last made first; the stack stays")
    func failingFactory() {
        let h = Harness()
        defer { h.close() }
        h.build("X")
        #expect(h.route("A") == OK && h.route("B") == OK && h.route("Broken") == OK)
        h.r.failingRoutes = ["Broken"]
        expectStatus(Self.open(h, [("A", nil), ("B", nil), ("Broken", nil)], ctx: "o"))
        #expect(h.r.take(["release", "completion"]) == ["release B", "release A", "completion o open factory_failed"])
        #expect(h.stack == ["X"])
    }

    @Test("show options' recycle: top reuses only the top, any the nearest, none never; other values, and an unknown options version, are invalid")
    func showRecycling() {
        let h = Harness()
        defer { h.close() }
        #expect(h.route("L") == OK && h.route("I") == OK)
        var keep = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_ANY, payload: nil)
        expectStatus(navcore_show(h.nav, "L", &keep, nil, nil))
        expectStatus(navcore_show(h.nav, "I", &keep, nil, nil))
        var top = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_TOP, payload: nil)
        expectStatus(navcore_show(h.nav, "I", &top, h.r.doneFn, h.ctx("t")))
        expectStatus(navcore_show(h.nav, "L", &top, nil, nil))
        #expect(h.stack == ["L", "I", "L#2"])
        expectStatus(navcore_show(h.nav, "I", &keep, nil, nil))
        #expect(h.stack == ["L", "I"])
        var none = showOptions(animated: false, remove_current: false, recycle: NAVCORE_RECYCLE_NONE, payload: nil)
        expectStatus(navcore_show(h.nav, "I", &none, nil, nil))
        #expect(h.stack == ["L", "I", "I#2"])
        var bad = keep
        bad.recycle = 3
        expectError(navcore_show(h.nav, "I", &bad, nil, nil), NAVCORE_ERR_INVALID)
        bad = keep
        bad.version = UInt32(NAVCORE_SHOW_OPTIONS_VERSION) + 1
        expectError(navcore_show(h.nav, "I", &bad, nil, nil), NAVCORE_ERR_INVALID)
        bad.version = 0
        expectError(navcore_post(h.nav, "I", &bad, nil, nil), NAVCORE_ERR_INVALID)
        #expect(h.stack == ["L", "I", "I#2"])
        #expect(h.r.take(["completion"]) == ["completion t show noop"])
    }
}
