import CNavCore
import Testing

/// navcore.h, "Results" (SPEC §12, §15): navcore_screen_set_result, navcore_screen_result,
/// navcore_screen_on_result (navcore_result_fn), navcore_pop_with_result, navcore_free.
@Suite("Results")
struct ResultTests {
    /// The screen's result through the query, freed with navcore_free; "-" for none.
    static func result(_ h: Harness, _ screen: UInt64, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        var text: UnsafeMutablePointer<CChar>?
        expectStatus(navcore_screen_result(&text, h.nav, screen), sourceLocation: sourceLocation)
        defer { navcore_free(text) }
        return text.map { String(cString: $0) } ?? "-"
    }

    @Test("set_result sets and clears; the query returns the caller's copy; a dead id, NULL out and bad UTF-8 fail")
    func setAndRead() {
        let h = Harness()
        defer { h.close() }
        let a = h.screen("A")
        #expect(Self.result(h, a) == "-")
        expectStatus(navcore_screen_set_result(h.nav, a, "chosen"))
        #expect(Self.result(h, a) == "chosen")
        expectStatus(navcore_screen_set_result(h.nav, a, nil))
        #expect(Self.result(h, a) == "-")
        invalidUTF8.withUnsafeBufferPointer { bad in
            expectError(navcore_screen_set_result(h.nav, a, bad.baseAddress), NAVCORE_ERR_INVALID)
        }
        expectError(navcore_screen_result(nil, h.nav, a), NAVCORE_ERR_INVALID)
        expectStatus(navcore_screen_discard(h.nav, a))
        expectError(navcore_screen_set_result(h.nav, a, "late"), NAVCORE_ERR_NO_SUCH_SCREEN)
        var text: UnsafeMutablePointer<CChar>?
        expectError(navcore_screen_result(&text, h.nav, a), NAVCORE_ERR_NO_SUCH_SCREEN)
        navcore_free(nil)
    }

    @Test("a pop carrying a result: the listener gets it right before the release, then its ctx destructor runs")
    func popWithResult() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A", "B")
        expectStatus(navcore_screen_on_result(h.nav, ids[1], h.r.resultFn, h.ctx("result"), h.r.destroyFn))
        expectStatus(navcore_pop_with_result(h.nav, false, "picked", h.r.doneFn, h.ctx("p")))
        #expect(h.r.take(["result", "release", "destroy", "completion"]) == [
            "result B picked", "destroy result", "release B", "completion p pop completed",
        ])
        expectStatus(navcore_pop_with_result(h.nav, false, "ignored", nil, nil))
        #expect(Self.result(h, ids[0]) == "-", "a noop pop sets nothing")
    }

    @Test("replacing a listener destroys the old ctx unheard; on_result inside the listener fails with state")
    func replaceAndState() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A", "B")
        expectStatus(navcore_screen_on_result(h.nav, ids[1], h.r.resultFn, h.ctx("old"), h.r.destroyFn))
        expectStatus(navcore_screen_on_result(h.nav, ids[1], h.r.resultFn, h.ctx("result"), h.r.destroyFn))
        #expect(h.r.destroyCount("old") == 1)
        let inside = Locked(Int32(99))
        h.r.on("result B") { inside.set(navcore_screen_on_result(h.nav, ids[1], nil, nil, nil)) }
        expectStatus(navcore_pop(h.nav, false, nil, nil))
        expectError(inside.value, NAVCORE_ERR_STATE)
        #expect(h.r.take(["result"]) == ["result B -"])
        #expect(h.r.destroyCount("result") == 1 && h.r.destroyCount("old") == 1)
        // A failed registration keeps nothing: its destructor is never called.
        expectError(navcore_screen_on_result(h.nav, ids[1], h.r.resultFn, h.ctx("dead"), h.r.destroyFn),
                    NAVCORE_ERR_NO_SUCH_SCREEN)
        #expect(h.r.destroyCount("dead") == 0)
    }

    @Test("destroy calls each listener before its screen's release; discard does too, at once")
    func destroyAndDiscard() {
        let h = Harness()
        defer { h.close() }
        let ids = h.build("A")
        let d = h.screen("D")
        expectStatus(navcore_screen_on_result(h.nav, ids[0], h.r.resultFn, h.ctx("result"), nil))
        expectStatus(navcore_screen_on_result(h.nav, d, h.r.resultFn, h.ctx("result"), nil))
        expectStatus(navcore_screen_set_result(h.nav, d, "draft"))
        expectStatus(navcore_screen_discard(h.nav, d))
        #expect(h.r.take(["result", "release"]) == ["result D draft", "release D"])
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.take(["result", "release"]) == ["result A -", "release A"])
    }
}
