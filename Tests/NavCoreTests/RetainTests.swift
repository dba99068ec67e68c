import NavCore
import Testing

/// SPEC §17 through the Swift API: a retained screen that leaves the stack is detached
/// (`.detach`), not released, and stays live with its object and result; the mark is a call.
@Suite struct RetainTests {
    @Test func aRetainedScreenIsDetachedKeepingItsObjectAndResult() throws {
        let h = Harness(animator: false)
        let screens = try h.stack("a")
        let token = Token("kept view")
        let b = try h.screen("b", object: token)
        try h.nav.push(b, animated: false, completion: nil)
        try h.nav.setResult("picked", for: b)
        #expect(try h.nav.isRetained(b) == false)
        try h.nav.retain(b, true)
        #expect(try h.nav.isRetained(b))
        _ = h.trace()
        try h.nav.pop(animated: false, completion: nil)
        #expect(h.trace().contains("detach b"))
        #expect(try h.nav.screen(b.id) == b)
        #expect((try h.nav.screen(b.id).object as? Token) === token)
        #expect(try h.nav.result(of: b) == "picked")
        // Pushed again, then unmarked: its next leave is a release.
        try h.nav.push(b, animated: false, completion: nil)
        #expect(h.names == ["a", "b"])
        try h.nav.retain(b, false)
        try h.nav.pop(animated: false, completion: nil)
        #expect(h.trace().contains("release b"))
        expectError(.noSuchScreen) { try h.nav.isRetained(b) }
        expectError(.noSuchScreen) { try h.nav.retain(b, true) }
        #expect(try h.nav.isRetained(screens[0]) == false)
    }

    @Test func retainFailsWithStateOnceTheReleaseHasBegun() throws {
        let h = Harness(animator: false)
        try h.stack("a", "b")
        let b = h.nav.stack[1]
        let inside = Locked<NavigationError.Code?>(nil)
        try h.nav.onResult(of: b) { [nav = h.nav] _ in
            do throws(NavigationError) { try nav.retain(b, true) } catch { inside.update { $0 = error.code } }
        }
        try h.nav.pop(animated: false, completion: nil)
        #expect(inside.value == .state)
        #expect(h.trace().contains("release b"))
    }
}
