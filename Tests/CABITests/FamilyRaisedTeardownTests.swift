import CNavCore
import Testing

/// What the test's callbacks saw and need (inline dispatch: one thread).
private final class RaceLog: @unchecked Sendable {
    // @unchecked: written and read on the test's thread only (inline dispatch).
    var releases: [(nav: Nav?, screen: UInt64)] = []
    var child: Nav?
    var root: Nav?
    var childScreen: UInt64 = 0
    var hostScreen: UInt64 = 0
    var statuses: [Int32] = []
}

/// SPEC §16.7 with §12: a screen whose discard has raised its release, still undelivered, when
/// its navigator is torn down is released once — by that raised release, to its own
/// navigator's sink — and not again by the teardown (nor to the sink of the op in flight).
@Suite("Family raised events and teardown") struct FamilyRaisedTeardownTests {
    @Test("a discard raised inside a callback, then its navigator's teardown: one release, to its navigator")
    func discardThenTeardownReleasesOnce() {
        let (root, _) = FamilyHandleTests.navigator("Home", visible: true)
        let (child, _) = FamilyHandleTests.navigator("A")
        let log = RaceLog()
        log.root = root
        log.child = child
        let ctx = Unmanaged.passUnretained(log).toOpaque()
        // A detached screen of the root hosts the child; a detached screen of the child.
        expectStatus(navcore_screen_create(&log.hostScreen, root, "Host", nil))
        expectStatus(navcore_attach(root, log.hostScreen, child, nil, nil, nil))
        expectStatus(navcore_screen_create(&log.childScreen, child, "Spare", nil))
        let release: navcore_release_fn = { nav, screen, _, _, ctx in
            Unmanaged<RaceLog>.fromOpaque(ctx!).takeUnretainedValue().releases.append((nav, screen))
        }
        expectStatus(navcore_on_release(root, release, ctx, nil))
        expectStatus(navcore_on_release(child, release, ctx, nil))
        // Inside a callback the discards' events wait for it to return: the child's spare
        // screen's release is raised, then the host screen's discard tears the child down.
        let done: navcore_done_fn = { _, _, _, ctx in
            let log = Unmanaged<RaceLog>.fromOpaque(ctx!).takeUnretainedValue()
            log.statuses.append(navcore_screen_discard(log.child, log.childScreen))
            log.statuses.append(navcore_screen_discard(log.root, log.hostScreen))
        }
        var next: UInt64 = 0
        expectStatus(navcore_screen_create(&next, root, "Next", nil))
        expectStatus(navcore_push(root, next, false, done, ctx))
        #expect(log.statuses == [Int32(NAVCORE_OK.rawValue), Int32(NAVCORE_OK.rawValue)])
        let spare = log.releases.filter { $0.screen == log.childScreen }
        #expect(spare.count == 1, "released once")
        #expect(spare.map(\.nav) == [child], "to the child's sink")
        #expect(log.releases.filter { $0.screen == log.hostScreen }.map(\.nav) == [root])
        expectStatus(navcore_navigator_destroy(root))
    }
}
