import NavCore
import Testing

/// The version 2 saved document as a value (SPEC §16.10): written exactly, read under section
/// 14's JSON rules with the tree's own rules, refused (`invalid`) for anything else.
@Suite struct SavedTreeTests {
    /// Scenario 29's family: a tab host with two tabs (the second active) and a modal.
    static let family = #"{"navcore":2,"stack":[{"route":"Tabs","state":null,"active":1,"children":[{"stack":[{"route":"List","state":null},{"route":"Item","state":"id=7"}]},{"stack":[{"route":"List","state":null}]}]}],"modal":{"stack":[{"route":"Sheet","state":null}],"covers":true,"dismiss_on_back":true}}"#

    static func refuses(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: NavigationError.self, "\(document)", sourceLocation: sourceLocation) {
            try SavedTree.parse(document)
        }
        #expect(
            (try? SavedTree.parse(document)) == nil, "\(document)", sourceLocation: sourceLocation)
    }

    static func accepts(_ document: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((try? SavedTree.parse(document)) != nil, "\(document)", sourceLocation: sourceLocation)
    }

    // MARK: Writing

    @Test func theBuiltFamilyIsWrittenInTheKeyOrderOfTheSpec() {
        var tree = SavedTree(stack: [RouteEntry(route: "Tabs")])
        let first = tree.addChild(to: 0, entry: 0)
        let second = tree.addChild(to: 0, entry: 0, active: true)
        tree.append(RouteEntry(route: "List"), to: first ?? -1)
        tree.append(RouteEntry(route: "Item", state: "id=7"), to: first ?? -1)
        tree.append(RouteEntry(route: "List"), to: second ?? -1)
        let modal = tree.addModal(to: 0, covers: true, dismissOnBack: true)
        tree.append(RouteEntry(route: "Sheet"), to: modal ?? -1)
        #expect(tree.text == Self.family)
        #expect(!tree.isTreeOfOne)
    }

    @Test func modalsNestAndChildStacksMayBeEmpty() {
        var tree = SavedTree(stack: [RouteEntry(route: "A", state: "q\"\\\n")])
        tree.addChild(to: 0, entry: 0)
        let modal = tree.addModal(to: 0, covers: false, dismissOnBack: false) ?? -1
        let inner = tree.addModal(to: modal, covers: true, dismissOnBack: false) ?? -1
        tree.append(RouteEntry(route: "B"), to: inner)
        #expect(tree.addModal(to: 0, covers: true, dismissOnBack: true) == nil)  // one modal per navigator
        #expect(tree.addChild(to: 0, entry: 1) == nil)  // no such entry
        #expect(
            tree.text
                == #"{"navcore":2,"stack":[{"route":"A","state":"q\"\\\u000a","active":null,"children":[{"stack":[]}]}],"modal":{"stack":[],"covers":false,"dismiss_on_back":false,"modal":{"stack":[{"route":"B","state":null}],"covers":true,"dismiss_on_back":false}}}"#)
    }

    @Test func aTreeOfOneIsWrittenAsVersion2() {
        let tree = SavedTree(stack: [RouteEntry(route: "a"), RouteEntry(route: "b", state: "s")])
        #expect(tree.isTreeOfOne)
        #expect(tree.text == #"{"navcore":2,"stack":[{"route":"a","state":null},{"route":"b","state":"s"}]}"#)
    }

    @Test func theWalkIsInDocumentOrder() throws {
        let tree = try SavedTree.parse(Self.family)
        var steps: [SavedTree.Step] = []
        tree.walk { steps.append($0) }
        #expect(
            steps == [
                .beginNavigator(0), .entry(navigator: 0, entry: 0),
                .beginNavigator(1), .entry(navigator: 1, entry: 0), .entry(navigator: 1, entry: 1), .endStack(1),
                .endNavigator(1),
                .beginNavigator(2), .entry(navigator: 2, entry: 0), .endStack(2), .endNavigator(2),
                .endChildren(navigator: 0, entry: 0), .endStack(0),
                .beginNavigator(3), .entry(navigator: 3, entry: 0), .endStack(3), .endNavigator(3),
                .endNavigator(0),
            ])
        #expect(tree.place(of: 2) == .child(of: 0, entry: 0))
        #expect(tree.place(of: 3) == .modal(of: 0, covers: true, dismissOnBack: true))
        #expect(tree.entry(0, of: 0)?.active == 1)
    }

    // MARK: Reading what it writes, and section 14's JSON rules

    @Test func aWrittenDocumentReadsBackToTheSameTree() throws {
        let tree = try SavedTree.parse(Self.family)
        #expect(tree.text == Self.family)
        #expect(try SavedTree.parse(tree.text) == tree)
    }

    @Test func anyWhitespaceKeyOrderAndEscapesAreRead() throws {
        let shuffled = """
             { "modal" : { "dismiss_on_back" : false , "covers" : true , "stack" : [ ] } ,
               "stack" : [ { "children" : [ { "stack" : [ ] } ] , "active" : 0 , "state" : "\\u0069d\\/1" , "route" : "T" } ] ,
               "navcore" : 2 }\r\n\t
            """
        let tree = try SavedTree.parse(shuffled)
        #expect(
            tree.text
                == #"{"navcore":2,"stack":[{"route":"T","state":"id/1","active":0,"children":[{"stack":[]}]}],"modal":{"stack":[],"covers":true,"dismiss_on_back":false}}"#
        )
    }

    @Test func aVersion1DocumentIsATreeOfOne() throws {
        let tree = try SavedTree.parse(#"{"navcore":1,"stack":[{"route":"a","state":"x"}]}"#)
        #expect(tree == SavedTree(stack: [RouteEntry(route: "a", state: "x")]))
        #expect(tree.stack == [RouteEntry(route: "a", state: "x")])
        Self.refuses(#"{"navcore":1,"stack":[{"route":"a","state":null}],"modal":{"stack":[],"covers":true,"dismiss_on_back":true}}"#)
        Self.refuses(#"{"navcore":1,"stack":[{"route":"a","state":null,"active":null,"children":[]}]}"#)
    }

    @Test func emptyChildrenWithNoActiveChildAreAcceptedAndKept() throws {
        let document = #"{"navcore":2,"stack":[{"route":"a","state":null,"active":null,"children":[]}]}"#
        #expect(try SavedTree.parse(document).text == document)
    }

    @Test func theBytesAreReadInPlaceAndCheckedForUTF8() throws {
        let bytes = Array(Self.family.utf8)
        let tree = try bytes.withUnsafeBufferPointer { buffer throws(NavigationError) in try SavedTree.parse(utf8: buffer) }
        #expect(tree.text == Self.family)
        let bad = Array(#"{"navcore":2,"stack":[{"route":""#.utf8) + [0xFF] + Array(#"","state":null}]}"#.utf8)
        do {
            _ = try bad.withUnsafeBufferPointer { buffer throws(NavigationError) in try SavedTree.parse(utf8: buffer) }
            Issue.record("bytes that are not UTF-8 were read")
        } catch {
            #expect(error.code == .invalid)
            #expect(error.message.contains("UTF-8"))
        }
    }

    // MARK: Refusals

    @Test func theVersionIsTheInteger1Or2() {
        for version in ["0", "3", "2.0", "2e0", "02", "-2", "\"2\"", "null", "true"] {
            Self.refuses(#"{"navcore":\#(version),"stack":[{"route":"a","state":null}]}"#)
        }
        Self.refuses(#"{"stack":[{"route":"a","state":null}]}"#)
    }

    @Test func theTopStackIsNotEmptyEvenWithAModal() {
        Self.refuses(#"{"navcore":2,"stack":[]}"#)
        Self.refuses(#"{"navcore":2,"stack":[],"modal":{"stack":[{"route":"a","state":null}],"covers":true,"dismiss_on_back":true}}"#)
    }

    @Test func everyKeyAtMostOnce() {
        let top = #"{"route":"a","state":null}"#
        Self.refuses(#"{"navcore":2,"navcore":2,"stack":[\#(top)]}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"stack":[\#(top)]}"#)
        let modal = #"{"stack":[],"covers":true,"dismiss_on_back":true}"#
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":\#(modal),"modal":\#(modal)}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"covers":true,"covers":true,"dismiss_on_back":true}}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"covers":true,"dismiss_on_back":true,"dismiss_on_back":true}}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"stack":[],"covers":true,"dismiss_on_back":true}}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","route":"a","state":null}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"state":null}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":0,"active":0,"children":[{"stack":[]}]}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":0,"children":[{"stack":[]}],"children":[]}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":0,"children":[{"stack":[],"stack":[]}]}]}"#)
        // A key written with an escape is the same key.
        Self.refuses(#"{"navcore":2,"\u006eavcore":2,"stack":[\#(top)]}"#)
    }

    @Test func onlyTheKeysOfEachObject() {
        let top = #"{"route":"a","state":null}"#
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"covers":true}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"dismiss_on_back":true}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"extra":1}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"modal":null}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":null,"children":[{"stack":[],"navcore":2}]}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":null,"children":[{"stack":[],"covers":true}]}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"covers":true,"dismiss_on_back":true,"navcore":2}}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"covers":true,"dismiss_on_back":true,"active":null}}"#)
    }

    @Test func theRequiredKeysOfEachObject() {
        let top = #"{"route":"a","state":null}"#
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a"}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"state":null}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":null,"children":[{}]}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"covers":true,"dismiss_on_back":true}}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"dismiss_on_back":true}}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"covers":true}}"#)
    }

    @Test func activeAndChildrenTogether() {
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":null}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":0}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"children":[{"stack":[]}]}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"children":[]}]}"#)
    }

    @Test func activeIsAValidIndexWrittenAsAnUnsignedInteger() {
        func document(_ active: String) -> String {
            #"{"navcore":2,"stack":[{"route":"a","state":null,"active":\#(active),"children":[{"stack":[]},{"stack":[]}]}]}"#
        }
        Self.accepts(document("0"))
        Self.accepts(document("1"))
        Self.accepts(document("null"))
        for active in ["2", "-1", "-0", "01", "1.0", "1e0", "0E0", "+1", "\"1\"", "true", "99999999999999999999999"] {
            Self.refuses(document(active))
        }
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":0,"children":[]}]}"#)
    }

    @Test func modalOptionsAreBooleansAndAModalIsNeverNull() {
        let top = #"{"route":"a","state":null}"#
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":null}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"covers":1,"dismiss_on_back":true}}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"covers":true,"dismiss_on_back":"yes"}}"#)
        Self.refuses(#"{"navcore":2,"stack":[\#(top)],"modal":{"stack":[],"covers":null,"dismiss_on_back":true}}"#)
    }

    @Test func section14sStringAndTextRules() {
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":"\u0000"}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":"\ud800"}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null}]} x"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null},]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null}],}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null,"active":null,"children":[{"stack":[]},]}]}"#)
        Self.refuses(#"{"navcore":2,"stack":[{"route":"a","state":null}]"#)
        Self.refuses(#"[{"navcore":2}]"#)
        Self.refuses("")
    }

    // MARK: Depth

    /// A document nested as deeply as its length allows is read, written and freed without
    /// recursion (a recursive reader would overflow a thread's stack long before this).
    @Test func aTreeNestedAHundredThousandDeepIsReadAndWrittenBack() throws {
        let depth = 100_000
        let open = #"{"route":"a","state":null,"active":0,"children":[{"stack":["#
        let document = #"{"navcore":2,"stack":["# + String(repeating: open, count: depth)
            + #"{"route":"b","state":null}"# + String(repeating: "]}]}", count: depth) + "]}"
        let tree = try SavedTree.parse(document)
        #expect(tree.navigators.count == depth + 1)
        #expect(tree.text == document)
        Self.refuses(String(document.dropLast(3)) + "]}")  // one bracket short
    }
}
