import CNavCore
import Testing

/// The navigators that ops' completions received, in order.
private final class Completions: @unchecked Sendable {
    // @unchecked: written and read on the test's thread only (inline dispatch).
    var navigators: [Nav?] = []
    var outcomes: [Int32] = []
}

/// SPEC §16.6 "one op, one outcome": a back routed from the navigator it was asked of to the
/// one that pops belongs to the first — its completion names it even when the op ends
/// `aborted` in its family's teardown (found by navcore-fuzz, kept as
/// fuzz/corpus/crasher-aborted-back-completes-on-target.bin).
@Suite("Family routed abort") struct FamilyRoutedAbortTests {
    @Test("a routed back aborted by the root's destroy completes as the root's op")
    func abortedRoutedBackIsTheAskersOp() {
        let (root, home) = FamilyHandleTests.navigator("Home", visible: true)
        let (child, _) = FamilyHandleTests.navigator("A")
        expectStatus(navcore_attach(root, home, child, nil, nil, nil))
        var screen: UInt64 = 0
        expectStatus(navcore_screen_create(&screen, child, "B", nil))
        expectStatus(navcore_push(child, screen, false, nil, nil))
        // An animator on the child: its pop waits for the host, so the back is in flight.
        expectStatus(navcore_on_transition(child, { _, _, _ in }, nil, nil))
        let completions = Completions()
        let ctx = Unmanaged.passUnretained(completions).toOpaque()
        let done: navcore_done_fn = { nav, _, outcome, ctx in
            let completions = Unmanaged<Completions>.fromOpaque(ctx!).takeUnretainedValue()
            completions.navigators.append(nav)
            completions.outcomes.append(outcome)
        }
        expectStatus(navcore_back(root, true, done, ctx))
        #expect(completions.outcomes.isEmpty, "the child's pop waits for its transition")
        expectStatus(navcore_navigator_destroy(root))
        #expect(completions.outcomes == [Int32(NAVCORE_OUTCOME_ABORTED.rawValue)])
        #expect(completions.navigators == [root], "the back was asked of the root")
    }
}
