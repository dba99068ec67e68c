import CNavCore
import Testing

/// The transition ids an animator received, in order.
private final class TransitionIDs: @unchecked Sendable {
    // @unchecked: written and read on the test's thread only (inline dispatch).
    var ids: [UInt64] = []
}

/// A transition id names one transition (SPEC §16.6: *finish* and *cancel* may name any member
/// of a family): a navigator never receives an id twice, also across its joining a family whose
/// own count is behind (found by navcore-fuzz, kept as
/// fuzz/corpus/crasher-transition-id-repeats-after-attach.bin).
@Suite("Family transition ids") struct FamilyTransitionIDTests {
    @Test("a child attached after animating alone never gets an id again")
    func idsAreNotReusedAfterAMerge() {
        let (root, home) = FamilyHandleTests.navigator("Home", visible: true)
        let (child, _) = FamilyHandleTests.navigator("A", visible: true)
        let received = TransitionIDs()
        expectStatus(navcore_on_transition(child, { _, transition, ctx in
            Unmanaged<TransitionIDs>.fromOpaque(ctx!).takeUnretainedValue().ids.append(transition!.pointee.id)
        }, Unmanaged.passUnretained(received).toOpaque(), nil))
        var screen: UInt64 = 0
        expectStatus(navcore_screen_create(&screen, child, "B", nil))
        expectStatus(navcore_push(child, screen, true, nil, nil))
        #expect(received.ids.count == 1, "the child, alone and on screen, animates its push")
        expectStatus(navcore_transition_finish(child, received.ids[0]))
        // Hidden (it shows no top), it may join the root's family.
        expectStatus(navcore_set_visible(child, false, nil, nil))
        expectStatus(navcore_attach(root, home, child, nil, nil, nil))
        expectStatus(navcore_screen_create(&screen, child, "C", nil))
        expectStatus(navcore_push(child, screen, true, nil, nil))
        #expect(received.ids.count == 2, "attached, active and on screen, it animates again")
        #expect(Set(received.ids).count == received.ids.count, "ids \(received.ids): one was handed out twice")
        expectStatus(navcore_navigator_destroy(root))
    }
}
