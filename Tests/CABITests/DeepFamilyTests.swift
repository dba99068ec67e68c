import CNavCore
import Foundation
import Testing

/// A hostile host's deep family (SPEC §16.8): 100,000 navigators, each attached to the previous
/// one's screen, or each a modal presented by the previous one. Every walk over the tree —
/// placement, front pairs, back routing, save_tree, a subtree's teardown, destroy — runs in a
/// loop, not a recursion, so none of them overflows the thread's stack.
///
/// `NAVCORE_DEEP_FAMILY_DEPTH` sets another depth: `make test-tsan` runs them 10,000 deep. They
/// are single-threaded, so ThreadSanitizer has nothing to find in them, and 100,000 deep under
/// it they took 80 s each, holding the test pool's threads while the other suites waited.
@Suite("Deep families") struct DeepFamilyTests {
    static let depth = ProcessInfo.processInfo.environment["NAVCORE_DEEP_FAMILY_DEPTH"].flatMap { Int($0) } ?? 100_000

    /// A navigator showing one screen `route`, hidden: a chain of hidden navigators is placed
    /// but not on screen, so that building it costs no front rule over the chain.
    private static func hiddenNavigator(_ route: String) -> (Nav?, UInt64) {
        FamilyHandleTests.navigator(route, visible: false)
    }

    /// The chain's navigators, the root first: each attached to the previous one's screen.
    private static func attachedChain() -> [Nav?] {
        var (previous, screen) = hiddenNavigator("Level")
        var chain = [previous]
        for _ in 1..<depth {
            let (next, nextScreen) = hiddenNavigator("Level")
            expectStatus(navcore_attach(previous, screen, next, nil, nil, nil))
            chain.append(next)
            (previous, screen) = (next, nextScreen)
        }
        return chain
    }

    private static func stackCount(_ nav: Nav?) -> Int {
        var count = 0
        expectStatus(navcore_stack_count(&count, nav))
        return count
    }

    /// The number of times `needle` occurs in the document saved from `nav`.
    private static func savedCount(of needle: String, _ nav: Nav?) -> Int {
        var document: UnsafeMutablePointer<CChar>?
        expectStatus(navcore_save_tree(&document, nav))
        defer { navcore_free(document) }
        guard let document else { return -1 }
        return String(cString: document).components(separatedBy: needle).count - 1
    }

    @Test("an attached chain 100,000 deep (or NAVCORE_DEEP_FAMILY_DEPTH): back routes to the deepest, save_tree, leave, destroy")
    func attachedChainDeep() {
        let chain = Self.attachedChain()
        guard let root = chain.first, let deepest = chain.last else { return }
        var top: UInt64 = 0
        expectStatus(navcore_screen_create(&top, deepest, "Top", nil))
        expectStatus(navcore_push(deepest, top, false, nil, nil))
        var target: Nav?
        expectStatus(navcore_back_target(&target, root))
        #expect(target == deepest)
        #expect(Self.savedCount(of: "\"Level\"", root) == Self.depth)
        expectStatus(navcore_back(root, false, nil, nil))
        #expect(Self.stackCount(deepest) == 1, "the back popped the deepest navigator's top")
        // The second navigator leaves: its subtree of the rest is torn down.
        expectStatus(navcore_leave(chain[1], nil, nil))
        var parent: Nav?
        #expect(navcore_parent(&parent, deepest) == Int32(NAVCORE_ERR_INVALID_HANDLE.rawValue))
        expectStatus(navcore_navigator_destroy(root))
    }

    @Test("modals presenting modals 100,000 deep (or NAVCORE_DEEP_FAMILY_DEPTH): back dismisses the deepest, save_tree, destroy")
    func modalChainDeep() {
        let (root, _) = Self.hiddenNavigator("Level")
        var previous = root
        var last = root
        for _ in 1..<Self.depth {
            let (modal, _) = Self.hiddenNavigator("Level")
            expectStatus(navcore_present(previous, modal, nil, nil, nil))
            (previous, last) = (modal, modal)
        }
        var target: Nav?
        expectStatus(navcore_back_target(&target, root))
        #expect(target == last, "the deepest modal, one screen, dismissed on back")
        #expect(Self.savedCount(of: "\"Level\"", root) == Self.depth)
        expectStatus(navcore_back(root, false, nil, nil))
        var modal: Nav?
        expectStatus(navcore_back_target(&modal, root))
        #expect(modal != nil && modal != last)
        expectStatus(navcore_navigator_destroy(root))
    }
}
