import NavCore
import Synchronization
import Testing

/// Families of `.mainActor` navigators asked on the main actor, where an op is queued and
/// drained on the calling thread: attach and present join the families at the call as they
/// do in the other modes (SPEC §16.2, §16.4).
@MainActor
@Suite struct MainActorFamilyTests {
    /// The outcomes a completion saw, in order.
    private final class Outcomes: Sendable {
        let seen = Mutex<[Outcome]>([])
        var completion: Navigator.Completion { { outcome in self.seen.withLock { $0.append(outcome) } } }
    }

    @Test func attachAskedOnTheMainActorJoinsAndCompletes() throws {
        let root = Navigator(dispatch: .mainActor), child = Navigator(dispatch: .mainActor)
        let host = try root.makeScreen(route: "tabs")
        #expect(try root.push(host, animated: false, completion: nil) == .ok)
        let outcomes = Outcomes()
        #expect(try root.attach(child, to: host, completion: outcomes.completion) == .ok)
        #expect(outcomes.seen.withLock { $0 } == [.completed])
        #expect(child.parent === root && child.hostScreen?.id == host.id)
    }

    @Test func presentAskedOnTheMainActorJoinsAndCompletes() throws {
        let root = Navigator(dispatch: .mainActor), modal = Navigator(dispatch: .mainActor)
        #expect(try root.push(try root.makeScreen(route: "home"), animated: false, completion: nil) == .ok)
        let outcomes = Outcomes()
        #expect(try root.present(modal, animated: false, completion: outcomes.completion) == .ok)
        #expect(outcomes.seen.withLock { $0 } == [.completed])
        #expect(root.modal === modal && modal.isModal)
    }
}
