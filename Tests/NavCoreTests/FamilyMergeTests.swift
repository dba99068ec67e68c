import Foundation
@_spi(Fronts) import NavCore
import Testing

/// `NavigatorCore.merge(_:)`, the membership change that attach and present will make (SPEC
/// §16.8): a family of one moves into another family; its navigator keeps its own stack and
/// action state, and shares the family's queue and driver. Calls from other threads during a
/// merge follow the navigator into its new family; crossing merges end with exactly one merge.
/// (Run under ThreadSanitizer by `make test-tsan`.)
@Suite struct FamilyMergeTests {
    /// A navigator with no host code, in its own family.
    static func core(host: Bool = false) -> NavigatorCore {
        NavigatorCore(hostDispatch: host, sink: SilentSink())
    }

    /// Makes a screen and pushes it on `core`; the push's status.
    @discardableResult
    static func push(_ core: NavigatorCore, _ route: String = "") throws(NavigationError) -> RequestStatus {
        let screen = try core.createScreen(route: route, object: .none)
        return try core.ask(Request(PushOp(screen: screen, animated: false), completion: nil))
    }

    static func stack(_ core: NavigatorCore) throws -> [String] {
        try core.read { state in state.node.stack.map { $0.route } }
    }

    static func code(_ body: () throws -> Void) -> NavigationError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? NavigationError)?.code
        }
    }

    @Test func twoIdleFamiliesOfOneBecomeOneFamilyAndEachNavigatorKeepsItsOwnState() throws {
        let parent = Self.core()
        let child = Self.core()
        try Self.push(parent, "p1")
        try Self.push(child, "c1")
        #expect(!parent.isInFamily(of: child))
        try parent.merge(child)
        #expect(parent.isInFamily(of: child) && child.isInFamily(of: parent))
        #expect(try parent.read { $0.others.count } == 1)
        // Each navigator keeps its stack; calls on the child reach its node in the new family.
        #expect(try Self.stack(parent) == ["p1"])
        #expect(try Self.stack(child) == ["c1"])
        #expect(try Self.push(child, "c2") == .ok)
        #expect(try Self.push(parent, "p2") == .ok)
        #expect(try Self.stack(child) == ["c1", "c2"])
        #expect(try Self.stack(parent) == ["p1", "p2"])
        #expect(try child.read { $0.node.action } == .idle)
        // Destroying the family releases every member's screens and kills both.
        try parent.destroy()
        #expect(parent.isDestroyed && child.isDestroyed)
        #expect(Self.code { try Self.push(child) } == .invalidHandle)
    }

    @Test func aMergedFamilySharesOneQueueThatAnyMemberDrains() throws {
        let parent = Self.core(host: true)
        let child = Self.core(host: true)
        try parent.merge(child)
        try Self.push(parent, "p1")
        try Self.push(child, "c1")
        // One queue: both ops wait in it, and each navigator reports the family's count.
        #expect(try parent.read { $0.pending } == 2)
        #expect(try child.read { $0.pending } == 2)
        try child.drain()  // drain of any member runs the family's queue (SPEC §16.8)
        #expect(try parent.read { $0.pending } == 0)
        #expect(try Self.stack(parent) == ["p1"])
        #expect(try Self.stack(child) == ["c1"])
    }

    /// Between lock holds the family's state acts for the member whose op is in flight, so
    /// the driver's steps never look for their member: a call on another member made inside the
    /// op's callback, and the event it raises for that member, must leave the op's later steps
    /// acting on the op's own navigator.
    @Test func callsOnAnotherMemberInsideAnOpsCallbackLeaveTheOpOnItsOwnNavigator() throws {
        let parentSink = CallingSink(interest: .action)
        let childSink = CallingSink(interest: .bar)
        let parent = NavigatorCore(hostDispatch: false, sink: parentSink)
        let child = NavigatorCore(hostDispatch: false, sink: childSink)
        try parent.merge(child)
        try Self.push(child, "c1")
        let detached = Lock<UInt64?>(nil)
        parentSink.onEvent = { event in
            guard case .action(let action) = event else { return }
            switch action.state {
            case .willPush:  // before the stack changes: a call that raises nothing
                detached.withLock { $0 = try? child.createScreen(route: "c-detached", object: .none) }
            case .didPush:  // the child's bar hides: an event raised for the child
                try? child.setThreshold(3)
            default: break
            }
        }
        #expect(try Self.push(parent, "p1") == .ok)
        #expect(try Self.stack(parent) == ["p1"])
        #expect(try Self.stack(child) == ["c1"])
        #expect(childSink.events.count == 1)
        #expect(try parent.read { $0.node.action } == .idle)
        let id = try #require(detached.withLock { $0 })
        #expect(try child.read { $0.node.screens[id] != nil })
        #expect(try parent.read { $0.node.screens[id] == nil })
    }

    @Test func aMergeThatCannotBeMadeFailsAndChangesNothing() throws {
        let parent = Self.core()
        let child = Self.core()
        #expect(Self.code { try parent.merge(parent) } == .state)
        #expect(Self.code { try parent.merge(Self.core(host: true)) } == .invalid)
        let busy = Self.core(host: true)
        try Self.push(busy)  // queued, waiting for a drain
        #expect(Self.code { try Self.core(host: true).merge(busy) } == .busy)
        let dead = Self.core()
        try dead.destroy()
        #expect(Self.code { try parent.merge(dead) } == .invalidHandle)
        #expect(Self.code { try dead.merge(child) } == .invalidHandle)
        #expect(!parent.isInFamily(of: child))
        try parent.merge(child)
        #expect(Self.code { try parent.merge(child) } == .state)
        #expect(Self.code { try child.merge(parent) } == .state)
    }

    @Test func callsFromOtherThreadsDuringAMergeFollowTheNavigatorIntoItsNewFamily() throws {
        for round in 0..<50 {
            let parent = Self.core()
            let child = Self.core()
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            let pushes = 40
            for core in [parent, child] {
                DispatchQueue.global().async(group: done) {
                    start.wait()
                    for _ in 0..<pushes { _ = try? Self.push(core) }
                }
            }
            start.signal()
            start.signal()
            // Retried while the child's family is busy with its own thread's ops.
            var merged = false
            while !merged {
                merged = Self.code { try parent.merge(child) } == nil
            }
            done.wait()
            #expect(parent.isInFamily(of: child), "round \(round)")
            #expect(try parent.read { $0.node.stack.count } == pushes)
            #expect(try child.read { $0.node.stack.count } == pushes)
            #expect(try parent.read { $0.busy || $0.pending > 0 } == false)
            try parent.destroy()
        }
    }

    @Test func crossingMergesEndWithOneMergeAndOneStateFailureNeverADeadlock() throws {
        for round in 0..<200 {
            let a = Self.core()
            let b = Self.core()
            let start = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            let codes = Locked<[NavigationError.Code?]>([])
            for (parent, child) in [(a, b), (b, a)] {
                DispatchQueue.global().async(group: done) {
                    start.wait()
                    let code = Self.code { try parent.merge(child) }
                    codes.update { $0.append(code) }
                }
            }
            start.signal()
            start.signal()
            #expect(done.wait(timeout: .now() + 10) == .success, "round \(round): deadlock")
            let results = codes.value
            #expect(results.filter { $0 == nil }.count == 1, "round \(round): \(results)")
            #expect(results.filter { $0 == .state }.count == 1, "round \(round): \(results)")
            #expect(a.isInFamily(of: b))
        }
    }
}

/// A sink that records its events and hands each to `onEvent` (set before the events come).
private final class CallingSink: EventSink, @unchecked Sendable {
    let interest: EventInterest
    var onEvent: (Event) -> Void = { _ in }
    private(set) var events: [Event] = []

    init(interest: EventInterest) {
        self.interest = interest
    }

    func deliver(_ event: consuming Event) {
        let event = copy event
        events.append(event)
        onEvent(event)
    }

    func shouldPop(_ top: ScreenRef, trigger: PopTrigger, decision: UInt64) -> VetoAnswer { .allow }
    func wakeup() {}
    func navigatorDidEnd() {}
    func complete(_ completion: CCallback<CompletionHandler>, _ kind: OperationKind, _ outcome: Outcome) {}
    func run(_ block: CCallback<RunBlock>) {}
}
