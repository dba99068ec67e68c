import CNavCore
import Testing

/// navcore.h, "Screens": navcore_screen_create, navcore_screen_discard, navcore_screen_object,
/// navcore_screen_route; the release callback's exactly-once delivery of each host object.
@Suite("Screens") struct ScreenTests {
    @Test("screen_create stores the route and the host object; a NULL route is the empty route")
    func createStoresRouteAndObject() {
        let h = Harness()
        defer { h.close() }
        var id: UInt64 = 0
        expectStatus(navcore_screen_create(&id, h.nav, "settings", h.ctx("S")))
        #expect(id != 0)
        var object: UnsafeMutableRawPointer?
        expectStatus(navcore_screen_object(&object, h.nav, id))
        #expect(object == h.ctx("S"))
        var length = 0
        var buffer = [CChar](repeating: 0x7F, count: 16)
        expectStatus(navcore_screen_route(&length, &buffer, buffer.count, h.nav, id))
        #expect(length == 8 && text(buffer) == "settings")

        var unnamed: UInt64 = 0
        expectStatus(navcore_screen_create(&unnamed, h.nav, nil, nil))
        expectStatus(navcore_screen_route(&length, &buffer, buffer.count, h.nav, unnamed))
        #expect(length == 0 && buffer[0] == 0)
        object = h.ctx("sentinel")
        expectStatus(navcore_screen_object(&object, h.nav, unnamed))
        #expect(object == nil, "a NULL host object comes back NULL")
        #expect(h.r.take().isEmpty, "creating a screen emits nothing")
    }

    @Test("screen ids are non-zero and never reused, across discards and navigators")
    func idsAreNeverReused() {
        let first = Harness(), second = Harness()
        defer { first.close(); second.close() }
        var seen = Set<UInt64>()
        for round in 0..<200 {
            let h = round.isMultiple(of: 2) ? first : second
            var id: UInt64 = 0
            expectStatus(navcore_screen_create(&id, h.nav, "r", nil))
            #expect(id != 0)
            #expect(seen.insert(id).inserted, "id \(id) was handed out before")
            expectStatus(navcore_screen_discard(h.nav, id))
        }
    }

    @Test("screen_create refuses a NULL out-parameter and a route that is not UTF-8, creating nothing")
    func createRefusesBadArguments() {
        let h = Harness()
        defer { h.close() }
        expectError(navcore_screen_create(nil, h.nav, "r", nil), NAVCORE_ERR_INVALID)
        var id: UInt64 = 77
        expectError(navcore_screen_create(&id, h.nav, invalidUTF8, h.ctx("bad")), NAVCORE_ERR_INVALID)
        #expect(id == 77, "the out-parameter is written only on success")
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.take(["release"]).isEmpty, "no screen was created by the failed calls")
    }

    @Test("screen_route copies snprintf style: at most size - 1 bytes and a NUL, and the full length")
    func routeCopiesSnprintfStyle() {
        let h = Harness()
        defer { h.close() }
        var id: UInt64 = 0
        expectStatus(navcore_screen_create(&id, h.nav, "navigation", nil))  // 10 bytes
        var length = 0
        expectStatus(navcore_screen_route(&length, nil, 0, h.nav, id))
        #expect(length == 10, "size 0 with a NULL buffer only measures")

        for size in [1, 2, 4, 10, 11, 12] {
            var buffer = [CChar](repeating: 0x7F, count: 16)
            length = 0
            expectStatus(navcore_screen_route(&length, &buffer, size, h.nav, id))
            #expect(length == 10, "size \(size)")
            let copied = min(10, size - 1)
            #expect(text(buffer) == String("navigation".prefix(copied)), "size \(size)")
            #expect(buffer[copied] == 0, "size \(size): NUL after the copied bytes")
            #expect(buffer[(copied + 1)...].allSatisfy { $0 == 0x7F }, "size \(size): nothing written past the NUL")
        }

        // Lengths are in bytes of UTF-8.
        var accented: UInt64 = 0
        expectStatus(navcore_screen_create(&accented, h.nav, "écran", nil))
        var buffer = [CChar](repeating: 0x7F, count: 8)
        expectStatus(navcore_screen_route(&length, &buffer, buffer.count, h.nav, accented))
        #expect(length == 6 && text(buffer) == "écran")
    }

    @Test("screen_route and screen_object refuse NULL out-parameters and a NULL buffer with a size, writing nothing")
    func routeAndObjectRefuseBadArguments() {
        let h = Harness()
        defer { h.close() }
        let a = h.screen("A")
        var length = 55
        expectError(navcore_screen_route(&length, nil, 4, h.nav, a), NAVCORE_ERR_INVALID)
        #expect(length == 55)
        var buffer = [CChar](repeating: 0x7F, count: 4)
        expectError(navcore_screen_route(nil, &buffer, buffer.count, h.nav, a), NAVCORE_ERR_INVALID)
        #expect(buffer.allSatisfy { $0 == 0x7F })
        expectError(navcore_screen_object(nil, h.nav, a), NAVCORE_ERR_INVALID)
    }

    @Test("discard releases a detached screen once; every later call naming it fails with no_such_screen")
    func discardReleasesOnceAndKillsTheID() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let d = h.screen("D")
        expectStatus(navcore_screen_discard(h.nav, d))
        #expect(h.r.take() == ["release D"])
        let never = h.ctx("never")
        var object: UnsafeMutableRawPointer? = never
        var length = 66
        expectError(navcore_screen_discard(h.nav, d), NAVCORE_ERR_NO_SUCH_SCREEN)
        expectError(navcore_screen_object(&object, h.nav, d), NAVCORE_ERR_NO_SUCH_SCREEN)
        expectError(navcore_screen_route(&length, nil, 0, h.nav, d), NAVCORE_ERR_NO_SUCH_SCREEN)
        expectError(navcore_push(h.nav, d, false, h.r.doneFn, never), NAVCORE_ERR_NO_SUCH_SCREEN)
        expectError(navcore_pop_to(h.nav, d, false, h.r.doneFn, never), NAVCORE_ERR_NO_SUCH_SCREEN)
        let ids = [h.id("A"), d]
        expectError(navcore_set_stack(h.nav, ids, ids.count, false, h.r.doneFn, never), NAVCORE_ERR_NO_SUCH_SCREEN)
        #expect(object == never && length == 66, "out-parameters are written only on success")
        #expect(h.r.take().isEmpty, "failed calls queue nothing and call no completion")
        #expect(h.stack == ["A"] && h.pending == 0)
        #expect(h.r.releaseCount("D") == 1)
    }

    @Test("unknown ids, 0 and another navigator's screens are no_such_screen")
    func foreignAndUnknownIDsAreNoSuchScreen() {
        let h = Harness(), other = Harness()
        defer { h.close(); other.close() }
        h.build("A")
        let foreign = other.screen("F")
        var object: UnsafeMutableRawPointer?
        for id in [0, UInt64.max, foreign] {
            expectError(navcore_screen_object(&object, h.nav, id), NAVCORE_ERR_NO_SUCH_SCREEN, "id \(id)")
            expectError(navcore_screen_discard(h.nav, id), NAVCORE_ERR_NO_SUCH_SCREEN, "id \(id)")
            expectError(navcore_push(h.nav, id, false, nil, nil), NAVCORE_ERR_NO_SUCH_SCREEN, "id \(id)")
        }
        expectStatus(navcore_screen_object(&object, other.nav, foreign))
        #expect(object == other.ctx("F"), "the other navigator still has its screen")
    }

    @Test("discard refuses a screen in the stack, and one entering or leaving it with the op in flight")
    func discardRefusesStackedScreens() {
        let h = Harness()
        defer { h.close() }
        h.build("A", "B")
        let c = h.screen("C")
        expectError(navcore_screen_discard(h.nav, h.id("A")), NAVCORE_ERR_STATE, "in the stack")
        expectStatus(navcore_push(h.nav, c, true, nil, nil))
        #expect(h.transition != 0)
        expectError(navcore_screen_discard(h.nav, c), NAVCORE_ERR_STATE, "entering with the op in flight")
        h.finish()
        expectStatus(navcore_pop(h.nav, true, nil, nil))
        #expect(h.transition != 0)
        expectError(navcore_screen_discard(h.nav, c), NAVCORE_ERR_STATE, "leaving with the op in flight")
        h.finish()
        #expect(h.stack == ["A", "B"])
        expectError(navcore_screen_discard(h.nav, c), NAVCORE_ERR_NO_SUCH_SCREEN, "released by the pop")
        #expect(h.r.releaseCount("C") == 1)
    }

    @Test("a screen only queued to enter can be discarded; the push then ends invalid")
    func queuedScreenCanBeDiscarded() {
        let h = Harness()
        defer { h.close() }
        h.build("A")
        let b = h.screen("B"), c = h.screen("C")
        expectStatus(navcore_push(h.nav, b, true, nil, nil))
        expectStatus(navcore_push(h.nav, c, true, h.r.doneFn, h.ctx("c1")), NAVCORE_QUEUED)
        expectStatus(navcore_screen_discard(h.nav, c))
        _ = h.r.take()
        h.finish()
        #expect(h.r.take(["completion", "release"]) == ["completion c1 push invalid"])
        #expect(h.stack == ["A", "B"])
        #expect(h.r.releaseCount("C") == 1)
    }

    @Test("the release callback hands back every screen's object exactly once: popped, replaced, discarded, destroyed")
    func releaseHandsBackEachObjectOnce() {
        let h = Harness()
        defer { h.close() }
        let ids = ["A", "B", "C", "D", "E", "F"].map { h.screen($0) }
        for id in ids.prefix(3) { expectStatus(navcore_push(h.nav, id, false, nil, nil)) }
        expectStatus(navcore_pop(h.nav, false, nil, nil))
        expectStatus(navcore_set_stack(h.nav, [ids[0], ids[3]], 2, false, nil, nil))
        expectStatus(navcore_screen_discard(h.nav, ids[4]))
        #expect(h.r.take(["release"]) == ["release C", "release B", "release E"])
        expectStatus(navcore_navigator_destroy(h.nav))
        #expect(h.r.take(["release"]) == ["release D", "release A", "release F"], "stack top down, then detached")
        #expect(h.r.releaseCounts == ["A": 1, "B": 1, "C": 1, "D": 1, "E": 1, "F": 1])
    }
}
