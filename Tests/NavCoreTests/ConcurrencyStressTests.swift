import Foundation
import NavCore
import Synchronization
import Testing

/// SPEC §3, §9 and §10 under load: eight threads ask ops of one navigator at once (pushes of
/// fresh screens, pops, tagged run blocks, shows of routes, backs, gestures) while a finisher
/// thread (the host) finishes every transition, and cancels about half of the interactive
/// ones after a progress report, in both dispatch modes (in host mode a drainer thread drains
/// whenever the wakeup handler signals it). Now and then the finisher also tries what must be
/// refused: a cancel of a transition that is not interactive, a second finish. The threads meet
/// at a barrier a few times; there the navigator runs dry and a back gesture is started while
/// the others resume. The destroy tests end the run with a destroy at a random point of its
/// last quarter, by an asking thread, by the finisher, or from inside a run block.
///
/// At the end: every accepted op's completion ran exactly once and no refused call's ever
/// did; each thread's ops ended, and its run blocks ran, in the order it asked them; every
/// screen created was released exactly once; no two callbacks ever overlapped. A watchdog ends
/// the process if a test runs past its time limit (a deadlock cannot be waited out).
///
/// Scale and seed come from the environment (`make stress` sets them):
/// `NAVCORE_STRESS_OPS` ops per thread (default 3,000), `NAVCORE_STRESS_SEED` (default fixed),
/// `NAVCORE_STRESS_TIMEOUT` seconds per test (default 600).
@Suite(.serialized, .timeLimit(.minutes(30)))
struct ConcurrencyStressTests {
    static let threadCount = 8
    static let opsPerThread = StressEnvironment.integer("NAVCORE_STRESS_OPS") ?? 3_000
    static let seed = UInt64(StressEnvironment.integer("NAVCORE_STRESS_SEED") ?? 0x5EED)
    /// Barriers per thread: each starts a back gesture on an idle navigator (the finisher
    /// cancels about half), so long runs get more of them.
    static let phases = max(8, opsPerThread / 1_000)
    /// How long any one wait may take before the test gives up (a bound, not a pacing).
    static let watchdog: TimeInterval = timeLimit
    /// How long one test may run before the watchdog ends the process.
    static let timeLimit = TimeInterval(StressEnvironment.integer("NAVCORE_STRESS_TIMEOUT") ?? 600)

    @Test(arguments: [DispatchMode.inline, .host])
    func concurrentOpsAllEndExactlyOnceInOrderAndReleaseEveryScreen(mode: DispatchMode) throws {
        let run = StressRun(mode: mode, threads: Self.threadCount, opsPerThread: Self.opsPerThread,
                            phases: Self.phases, destroyAfter: nil, seed: Self.seed)
        let watchdog = Watchdog("stress \(mode)", limit: Self.timeLimit) { run.progress }
        defer { watchdog.disarm() }
        run.start()
        try #require(run.waitForAskers(timeout: Self.watchdog), "the asking threads did not finish")
        try #require(run.waitForAllCompletions(timeout: Self.watchdog),
                     "accepted \(run.acceptedCount) ops but only \(run.completedCount) ended")
        try #require(run.stopHelpers(timeout: Self.watchdog), "the finisher or drainer thread did not stop")

        // Everything ended and nobody drives any more: the navigator is idle.
        #expect(!run.nav.isBusy)
        #expect(run.nav.pendingCount == 0)
        #expect(run.nav.transitionInFlight == nil)
        #expect(run.nav.actionState == .idle)

        try run.nav.destroy()
        run.checkEverything(destroyedMidway: false)
        #expect(run.unexpectedErrors.value.isEmpty, "\(run.unexpectedErrors.value.prefix(5))")
        #expect(run.outcomeCount(.aborted) == 0, "nothing was pending when the navigator was destroyed")
        // The only calls that fail are gestures asked while the navigator was busy.
        #expect(run.acceptedCount == run.askedCount - run.refusedGestures.value)
        // The barrier gestures all started (the navigator was idle) and half were cancelled.
        #expect(run.barrierGestures.value == Self.phases)
        #expect(run.outcomeCount(.cancelled) > 0)
        #expect(run.refusedCancels.value > 0, "the finisher's cancels of non-interactive transitions were refused")
        #expect(run.outcomeCount(.vetoed) > 0)
        #expect(run.outcomeCount(.factoryFailed) > 0)
        #expect(run.transitionsFinished.value > 0)
        print("stress \(mode), seed \(Self.seed), \(Self.opsPerThread) ops per thread: \(run.summary)")
        if mode == .host {
            #expect(run.startedAtOnce.value == 0, "in host dispatch mode every asked op is queued")
        } else {
            #expect(run.startedAtOnce.value > 0, "an op asked of an idle inline navigator starts at once")
        }
    }

    @Test(arguments: [DispatchMode.inline, .host], Destroyer.allCases)
    func destroyWhileThreadsAreAskingAbortsTheRestAndReleasesEveryScreen(mode: DispatchMode, destroyer: Destroyer) throws {
        // Once the op at a random point of the last quarter has been asked, the navigator is
        // destroyed (by that asking thread, by the finisher, or by a run block that thread asks)
        // while the other threads keep asking.
        let opsPerThread = Self.opsPerThread / 2
        let total = Self.threadCount * opsPerThread
        var random = SplitMix(state: Self.seed ^ 0xDE57_2011)
        let destroyAfter = Int.random(in: (total * 3 / 4)..<total, using: &random)
        let run = StressRun(mode: mode, threads: Self.threadCount, opsPerThread: opsPerThread,
                            phases: Self.phases / 2, destroyAfter: destroyAfter, destroyer: destroyer, seed: Self.seed)
        let watchdog = Watchdog("stress destroy \(mode) by \(destroyer)", limit: Self.timeLimit) { run.progress }
        defer { watchdog.disarm() }
        run.start()
        try #require(run.waitForAskers(timeout: Self.watchdog), "the asking threads did not finish")
        try #require(run.waitForDestroy(timeout: Self.watchdog), "the navigator was not destroyed")
        try #require(run.stopHelpers(timeout: Self.watchdog), "the finisher or drainer thread did not stop")
        // Whoever drove the navigator at the destroy tore it down before its call returned.
        #expect(run.completedCount == run.acceptedCount)

        run.checkEverything(destroyedMidway: true)
        print("stress \(mode), seed \(Self.seed), destroyed by \(destroyer) after op \(destroyAfter) of \(total): \(run.summary)")
        #expect(run.nav.isDestroyed)
        #expect(run.unexpectedErrors.value.isEmpty, "\(run.unexpectedErrors.value.prefix(5))")
        if destroyer == .asker {
            // The destroying thread's next call already fails; the finisher's and the run
            // block's destroy may come after the last call.
            #expect(run.rejectedAfterDestroy.value > 0, "calls after the destroy fail with invalid_handle")
            #expect(run.acceptedCount < run.askedCount)
        }
    }
}

/// Who destroys the navigator in the destroy tests.
enum Destroyer: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The asking thread that asked the op at the destroy point, right after that op.
    case asker
    /// The finisher (the host thread that finishes transitions), when that thread asks it to.
    case finisher
    /// A run block that thread asks: the destroy happens inside a callback, on the driving thread.
    case callback

    var description: String { rawValue }
}

/// The stress tests' knobs, read from the environment.
enum StressEnvironment {
    static func integer(_ name: String) -> Int? {
        guard let text = ProcessInfo.processInfo.environment[name], !text.isEmpty else { return nil }
        return Int(text.hasPrefix("0x") ? text.dropFirst(2) : Substring(text), radix: text.hasPrefix("0x") ? 16 : 10)
    }
}

/// Ends the process if a test is not finished after `limit` seconds. A deadlocked navigator
/// cannot be waited out (the test's own thread may be the one stuck), so the watchdog prints
/// what it knows, read from atomics only (a lock might be held by a stuck thread), and exits.
final class Watchdog: Sendable {
    private let finished = DispatchSemaphore(value: 0)

    init(_ name: String, limit: TimeInterval, describe: @escaping @Sendable () -> String) {
        let thread = Thread { [finished] in
            guard finished.wait(timeout: .now() + limit) == .timedOut else { return }
            let message = "WATCHDOG: \(name) did not finish within \(Int(limit)) s (a deadlock?): \(describe())\n"
            FileHandle.standardError.write(Data(message.utf8))  // unbuffered: write(2)
            _exit(3)
        }
        thread.name = "watchdog"
        thread.start()
    }

    /// The test finished: the watchdog's thread ends.
    func disarm() { finished.signal() }
}

/// A small deterministic random source, one per thread.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A barrier for the asking threads: the last to arrive runs an action, then all go on.
final class PhaseBarrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let parties: Int
    private var waiting = 0
    private var generation = 0

    init(parties: Int) { self.parties = parties }

    /// Returns false if the watchdog ran out.
    func arrive(timeout: TimeInterval, leader: () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let arrival = generation
        waiting += 1
        if waiting == parties {
            leader()
            waiting = 0
            generation += 1
            condition.broadcast()
            return true
        }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while generation == arrival {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}

/// One stress run: the navigator, its callbacks, the threads and the books they keep.
///
/// Every op has a tag, thread × opsPerThread + seq; the barrier gestures belong to an extra
/// "user" thread, index `threads`.
final class StressRun: Sendable {
    let nav: Navigator
    let mode: DispatchMode
    let threads: Int
    let opsPerThread: Int
    let phases: Int
    /// After how many asked ops the navigator is destroyed (by `destroyer`).
    let destroyAfter: Int?
    let destroyer: Destroyer
    let seed: UInt64
    private var tagCount: Int { (threads + 1) * opsPerThread }
    private var userThread: Int { threads }

    // Callbacks never overlap.
    private let inCallback = Atomic<Int>(0)
    private let overlaps = Atomic<Int>(0)
    private let callbackCount = Atomic<Int>(0)

    // Per op tag.
    private let accepted: Locked<[Bool]>
    private let completions: Locked<[Int]>
    private let outcomes: Locked<[Outcome?]>
    private let kinds: Locked<[OperationKind?]>
    private let runs: Locked<[Int]>
    // Per thread: the last op that ended and the last block that ran.
    private let lastCompleted: Locked<[Int]>
    private let lastRun: Locked<[Int]>
    private let ownCompletion: [DispatchSemaphore]
    let orderViolations = Locked<[String]>([])

    // Screens.
    private let created = Locked<Set<UInt64>>([])
    private let releases = Locked<[UInt64: Int]>([:])

    // Progress and tallies.
    private let asked = Atomic<Int>(0)
    private let acceptedTotal = Atomic<Int>(0)
    private let completed = Atomic<Int>(0)
    private let completionSignal = DispatchSemaphore(value: 0)
    let startedAtOnce = Locked(0)
    let refusedGestures = Locked(0)
    let barrierGestures = Locked(0)
    let rejectedAfterDestroy = Locked(0)
    let transitionsFinished = Locked(0)
    /// The finisher's cancels of non-interactive transitions and second finishes: refused.
    let refusedCancels = Locked(0)
    let refusedFinishes = Locked(0)
    let unexpectedErrors = Locked<[String]>([])
    // The destroy of the destroy tests: asked of the finisher, done (by whoever), signalled.
    private let destroyAskedOfFinisher = Atomic<Bool>(false)
    private let destroyed = Atomic<Bool>(false)
    private let destroySignal = DispatchSemaphore(value: 0)

    // Helper threads.
    private let barrier: PhaseBarrier
    private let userSeq = Locked(0)
    private let pendingTransitions = Locked<[Transition]>([])
    private let transitionSignal = DispatchSemaphore(value: 0)
    private let wakeupSignal = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)
    private let askers = DispatchGroup()
    private let helpers = DispatchGroup()
    private let delegateObject = CountingDelegate()

    init(mode: DispatchMode, threads: Int, opsPerThread: Int, phases: Int, destroyAfter: Int?,
         destroyer: Destroyer = .asker, seed: UInt64 = 0) {
        self.mode = mode
        self.destroyAfter = destroyAfter
        self.destroyer = destroyer
        self.seed = seed
        self.threads = threads
        self.opsPerThread = opsPerThread
        self.phases = phases
        let tags = (threads + 1) * opsPerThread
        nav = Navigator(dispatch: mode)
        accepted = Locked(Array(repeating: false, count: tags))
        completions = Locked(Array(repeating: 0, count: tags))
        outcomes = Locked(Array(repeating: nil, count: tags))
        kinds = Locked(Array(repeating: nil, count: tags))
        runs = Locked(Array(repeating: 0, count: tags))
        lastCompleted = Locked(Array(repeating: -1, count: threads + 1))
        lastRun = Locked(Array(repeating: -1, count: threads + 1))
        ownCompletion = (0...threads).map { _ in DispatchSemaphore(value: 0) }
        barrier = PhaseBarrier(parties: threads)
        installCallbacks()
    }

    // MARK: Callbacks

    /// Runs a callback's body, counting any overlap with another callback.
    func callback<R>(_ body: () throws -> R) rethrows -> R {
        let depth = inCallback.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
        if depth > 1 { overlaps.wrappingAdd(1, ordering: .sequentiallyConsistent) }
        callbackCount.wrappingAdd(1, ordering: .relaxed)
        defer { inCallback.wrappingSubtract(1, ordering: .sequentiallyConsistent) }
        return try body()
    }

    private func installCallbacks() {
        nav.addObserver { [self] event in
            callback {
                if case .released(let screen) = event { releases.update { $0[screen.id, default: 0] += 1 } }
            }
        }
        delegateObject.onAction = { [weak self] in self?.callback {} }
        nav.delegate = delegateObject
        nav.setAnimator { [self] transition in
            callback {
                pendingTransitions.update { $0.append(transition) }
                transitionSignal.signal()
            }
        }
        // Refuses some backs, never a gesture (so that every barrier gesture has a transition).
        nav.setPopVeto { [self] screen, trigger in callback { trigger == .gesture || screen.id % 7 != 0 } }
        // SPEC §9: the wakeup may come from any thread, even during another callback, so it is
        // not counted as a callback here.
        nav.setWakeupHandler { [wakeupSignal] in wakeupSignal.signal() }
        for index in 0..<4 {
            try? nav.registerRoute("r\(index)") { [self] request in
                callback {
                    created.update { _ = $0.insert(request.id) }
                    return "object of \(request.id)"
                }
            }
        }
        try? nav.registerRoute("broken") { [self] _ in
            try callback { throw StressFactoryError() }
        }
    }

    // MARK: Threads

    func start() {
        helpers.enter()
        startThread(name: "finisher") { [self] in finishTransitions() }
        if mode == .host {
            helpers.enter()
            startThread(name: "drainer") { [self] in drainWhenWoken() }
        }
        for thread in 0..<threads {
            askers.enter()
            startThread(name: "asker \(thread)") { [self] in ask(thread: thread) }
        }
    }

    private func startThread(name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }

    /// The animator's other half, the host: finishes every transition it is given, and
    /// cancels the first interactive one and a random half of the others (after a progress
    /// report, most of the time). Now and then it tries a cancel of a non-interactive
    /// transition or a second finish, which must be refused with `state` and change nothing.
    /// In the destroy tests it may be the one that destroys the navigator.
    private func finishTransitions() {
        defer { helpers.leave() }
        var random = SplitMix(state: seed ^ 0xF1_0157)
        var interactiveCount = 0
        while true {
            transitionSignal.wait()
            if stopping.load(ordering: .sequentiallyConsistent) { return }
            if destroyAskedOfFinisher.exchange(false, ordering: .sequentiallyConsistent) { destroyNow("the finisher") }
            guard let transition = pendingTransitions.update({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            do throws(NavigationError) {
                let roll = Int.random(in: 0..<100, using: &random)
                if transition.interactive {
                    interactiveCount += 1
                    if roll < 80 { try nav.updateTransition(transition.id, progress: Double(roll) / 80) }
                    if roll % 2 == 0 || interactiveCount == 1 {  // the first one always: some cancel
                        try nav.cancelTransition(transition.id)
                    } else {
                        try nav.finishTransition(transition.id)
                    }
                } else {
                    if roll < 10 {
                        expectRefusal(.state, refusedCancels, "cancel of a non-interactive transition") { () throws(NavigationError) in
                            try nav.cancelTransition(transition.id)
                        }
                    }
                    try nav.finishTransition(transition.id)
                    if roll >= 90 {
                        expectRefusal(.state, refusedFinishes, "a second finish") { () throws(NavigationError) in
                            try nav.finishTransition(transition.id)
                        }
                    }
                }
                transitionsFinished.update { $0 += 1 }
            } catch {
                if error.code != .invalidHandle { unexpectedErrors.append("finish: \(error)") }
            }
        }
    }

    /// Runs `body`, which must fail with `code` (or `invalid_handle` once destroyed).
    private func expectRefusal(_ code: NavigationError.Code, _ tally: Locked<Int>, _ what: String,
                               _ body: () throws(NavigationError) -> Void) {
        do throws(NavigationError) {
            try body()
            unexpectedErrors.append("\(what) was accepted")
        } catch where error.code == code {
            tally.update { $0 += 1 }
        } catch where error.code == .invalidHandle {
        } catch {
            unexpectedErrors.append("\(what): \(error)")
        }
    }

    /// Destroys the navigator, once, and says so.
    private func destroyNow(_ who: String) {
        do throws(NavigationError) {
            try nav.destroy()
        } catch {
            unexpectedErrors.append("destroy by \(who): \(error)")
        }
        destroyed.store(true, ordering: .sequentiallyConsistent)
        destroySignal.signal()
    }

    /// Host dispatch mode: the "UI thread", which drains whenever the wakeup handler asks.
    private func drainWhenWoken() {
        defer { helpers.leave() }
        while true {
            wakeupSignal.wait()
            if stopping.load(ordering: .sequentiallyConsistent) { return }
            do throws(NavigationError) {
                try nav.drain()
            } catch {
                if error.code != .invalidHandle { unexpectedErrors.append("drain: \(error)") }
            }
        }
    }

    /// One asking thread: a random mix of ops, each tagged (thread, seq), in phases.
    private func ask(thread: Int) {
        defer { askers.leave() }
        var random = SplitMix(state: (UInt64(thread + 1) &* 0x1234_5678_9ABC) ^ seed)
        let phaseLength = max(1, opsPerThread / phases)
        for seq in 0..<opsPerThread {
            askOne(thread: thread, seq: seq, random: &random)
            if asked.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue == destroyAfter {
                switch destroyer {
                case .asker:
                    destroyNow("an asking thread")
                case .finisher:
                    destroyAskedOfFinisher.store(true, ordering: .sequentiallyConsistent)
                    transitionSignal.signal()
                case .callback:
                    do throws(NavigationError) {
                        try nav.run ({ [self] in callback { destroyNow("a run block") } }, completion: nil)
                    } catch {
                        unexpectedErrors.append("the destroying run: \(error)")
                    }
                }
            }
            if seq % phaseLength == phaseLength - 1 {
                if !barrier.arrive(timeout: ConcurrencyStressTests.watchdog, leader: { userGesture() }) {
                    unexpectedErrors.append("thread \(thread): the barrier timed out")
                }
            }
        }
    }

    private func askOne(thread: Int, seq: Int, random: inout SplitMix) {
        let tag = thread * opsPerThread + seq
        let animated = Bool.random(using: &random)
        let completion = completion(thread: thread, seq: seq)
        let roll = Int.random(in: 0..<100, using: &random)
        do throws(NavigationError) {
            let kind: OperationKind
            let status: RequestStatus
            switch roll {
            case 0..<28:
                kind = .push
                let screen = try makeScreen(route: "t\(thread)", tag: tag)
                status = try nav.push(screen, animated: animated, completion: completion)
            case 28..<50:
                kind = .pop
                status = try nav.pop(animated: animated, completion: completion)
            case 50..<75:
                kind = .run
                status = try nav.run({ [self] in callback { ran(thread: thread, seq: seq) } }, completion: completion)
            case 75..<92:
                kind = .show
                let route = roll < 90 ? "r\(roll % 4)" : "broken"
                let options = ShowOptions(animated: animated, removeCurrent: roll % 3 != 0,
                                          recycle: roll % 5 != 0 ? .any : .none, payload: roll % 2 == 0 ? "p\(tag)" : nil)
                status = try nav.show(route, options: options, completion: completion)
            case 92..<96:
                kind = .back
                status = try nav.back(animated: animated, completion: completion)
            case 96..<98:
                kind = .popToRoot
                status = try nav.popToRoot(animated: animated, completion: completion)
            default:
                kind = .gesture
                do throws(NavigationError) {
                    status = try nav.beginGesture(completion: completion)
                } catch where error.code == .busy {
                    refusedGestures.update { $0 += 1 }
                    return
                }
            }
            accept(tag: tag, kind: kind, status: status)
            // Now and then wait for this op to end, so that the navigator sometimes runs dry
            // and later ops start at once.
            if Int.random(in: 0..<16, using: &random) == 0 { waitForOwnOp(thread: thread, seq: seq) }
        } catch {
            reject(error, "thread \(thread) op \(seq)")
        }
    }

    /// The barrier's action, with every asking thread waiting: once the navigator is idle,
    /// checks it and starts a back gesture, which the finisher finishes or cancels while the
    /// threads go on.
    private func userGesture() {
        guard waitForQuiescence() else { return }
        if !nav.isDestroyed { checkIdleNavigator() }
        do throws(NavigationError) {
            while nav.stack.count < 2 {
                let seq = nextUserSeq()
                let screen = try makeScreen(route: "user", tag: userThread * opsPerThread + seq)
                accept(tag: userThread * opsPerThread + seq, kind: .push,
                       status: try nav.push(screen, animated: false, completion: completion(thread: userThread, seq: seq)))
                guard waitForQuiescence() else { return }
            }
            let seq = nextUserSeq()
            let status = try nav.beginGesture(completion: completion(thread: userThread, seq: seq))
            accept(tag: userThread * opsPerThread + seq, kind: .gesture, status: status)
            barrierGestures.update { $0 += 1 }
        } catch {
            reject(error, "barrier gesture")
        }
    }

    /// At a barrier, idle: the queries agree with one another and name live screens only.
    private func checkIdleNavigator() {
        let stack = nav.stack
        if nav.canGoBack != (stack.count >= 2) { unexpectedErrors.append("canGoBack with \(stack.count) screens") }
        if nav.actionState != .idle || nav.transitionInFlight != nil {
            unexpectedErrors.append("not idle at the barrier: \(nav.actionState)")
        }
        if nav.top != stack.last || nav.root != stack.first { unexpectedErrors.append("top/root disagree with the stack") }
        if Set(stack.map(\.id)).count != stack.count { unexpectedErrors.append("a screen is twice in the stack") }
        for screen in stack where (try? nav.screen(screen.id)) == nil {
            unexpectedErrors.append("stacked screen \(screen.id) is not live")
        }
    }

    private func nextUserSeq() -> Int { userSeq.update { seq in defer { seq += 1 }; return seq } }

    private func makeScreen(route: String, tag: Int) throws(NavigationError) -> Screen {
        let screen = try nav.makeScreen(route: route, object: tag)
        created.update { _ = $0.insert(screen.id) }
        return screen
    }

    private func completion(thread: Int, seq: Int) -> Navigator.Completion {
        { [self] outcome in callback { completed(thread: thread, seq: seq, outcome: outcome) } }
    }

    private func accept(tag: Int, kind: OperationKind, status: RequestStatus) {
        kinds.update { $0[tag] = kind }
        accepted.update { $0[tag] = true }
        acceptedTotal.wrappingAdd(1, ordering: .sequentiallyConsistent)
        if status == .ok && kind != .gesture { startedAtOnce.update { $0 += 1 } }
    }

    private func reject(_ error: NavigationError, _ what: String) {
        if error.code == .invalidHandle {
            rejectedAfterDestroy.update { $0 += 1 }
        } else {
            unexpectedErrors.append("\(what): \(error)")
        }
    }

    /// Waits (bounded by the watchdog) until the op `seq` of `thread` has ended.
    private func waitForOwnOp(thread: Int, seq: Int) {
        let deadline = DispatchTime.now() + ConcurrencyStressTests.watchdog
        while lastCompleted.update({ $0[thread] }) < seq {
            if ownCompletion[thread].wait(timeout: deadline) == .timedOut {
                unexpectedErrors.append("thread \(thread): op \(seq) did not end")
                return
            }
        }
    }

    /// Waits (bounded by the watchdog) until every accepted op has ended and the navigator
    /// is idle with an empty queue. Only the barrier's leader calls it, with the askers parked.
    private func waitForQuiescence() -> Bool {
        let deadline = DispatchTime.now() + ConcurrencyStressTests.watchdog
        while completedCount < acceptedTotal.load(ordering: .sequentiallyConsistent) {
            if completionSignal.wait(timeout: deadline) == .timedOut {
                unexpectedErrors.append("the ops did not end at the barrier")
                return false
            }
        }
        // The last `done` has been delivered; its `action idle` follows on the driving thread.
        while nav.isBusy || nav.pendingCount > 0 {
            if DispatchTime.now() > deadline {
                unexpectedErrors.append("the navigator stayed busy at the barrier")
                return false
            }
            sched_yield()
        }
        return true
    }

    private func completed(thread: Int, seq: Int, outcome: Outcome) {
        let tag = thread * opsPerThread + seq
        completions.update { $0[tag] += 1 }
        outcomes.update { $0[tag] = outcome }
        let previous = lastCompleted.update { last -> Int in
            defer { last[thread] = max(last[thread], seq) }
            return last[thread]
        }
        if previous >= seq {
            orderViolations.append("thread \(thread): op \(seq) ended after op \(previous)")
        }
        completed.wrappingAdd(1, ordering: .sequentiallyConsistent)
        completionSignal.signal()
        ownCompletion[thread].signal()
    }

    private func ran(thread: Int, seq: Int) {
        runs.update { $0[thread * opsPerThread + seq] += 1 }
        let previous = lastRun.update { last -> Int in
            defer { last[thread] = max(last[thread], seq) }
            return last[thread]
        }
        if previous >= seq {
            orderViolations.append("thread \(thread): block \(seq) ran after block \(previous)")
        }
    }

    // MARK: Waiting for the run (each wait is bounded by the watchdog)

    func waitForAskers(timeout: TimeInterval) -> Bool {
        askers.wait(timeout: .now() + timeout) == .success
    }

    /// Every op asked: the askers' and the barrier's (pushes and gestures).
    var askedCount: Int { asked.load(ordering: .sequentiallyConsistent) + userSeq.value }
    var acceptedCount: Int { accepted.value.lazy.filter { $0 }.count }
    var completedCount: Int { completed.load(ordering: .sequentiallyConsistent) }

    /// Waits until every accepted op has ended (the asking threads must have finished).
    func waitForAllCompletions(timeout: TimeInterval) -> Bool {
        let target = acceptedCount
        let deadline = DispatchTime.now() + timeout
        while completedCount < target {
            if completionSignal.wait(timeout: deadline) == .timedOut { return completedCount >= target }
        }
        return true
    }

    /// Waits until the navigator has been destroyed (at once if no destroy is planned).
    func waitForDestroy(timeout: TimeInterval) -> Bool {
        destroyAfter == nil || destroyed.load(ordering: .sequentiallyConsistent)
            || destroySignal.wait(timeout: .now() + timeout) == .success
    }

    /// The run in figures, for the log.
    var summary: String {
        "\(askedCount) ops asked, \(acceptedCount) accepted, \(completedCount) ended "
            + "(\(outcomeCount(.completed)) completed, \(outcomeCount(.noop)) noop, \(outcomeCount(.cancelled)) cancelled, "
            + "\(outcomeCount(.vetoed)) vetoed, \(outcomeCount(.factoryFailed)) factory_failed, \(outcomeCount(.aborted)) aborted), "
            + "\(refusedGestures.value) gestures refused busy, \(rejectedAfterDestroy.value) calls after the destroy, "
            + "\(transitionsFinished.value) transitions ended, \(refusedCancels.value + refusedFinishes.value) bad cancels/finishes refused, "
            + "\(created.value.count) screens released once each"
    }

    /// What the watchdog prints: read from atomics only.
    var progress: String {
        "asked \(asked.load(ordering: .relaxed)), accepted \(acceptedTotal.load(ordering: .relaxed)), "
            + "ended \(completed.load(ordering: .relaxed)), callbacks \(callbackCount.load(ordering: .relaxed)), "
            + "in a callback now \(inCallback.load(ordering: .relaxed)), destroyed \(destroyed.load(ordering: .relaxed))"
    }

    /// Stops the finisher (and drainer) and waits for them.
    func stopHelpers(timeout: TimeInterval) -> Bool {
        stopping.store(true, ordering: .sequentiallyConsistent)
        transitionSignal.signal()
        wakeupSignal.signal()
        return helpers.wait(timeout: .now() + timeout) == .success
    }

    func outcomeCount(_ outcome: Outcome) -> Int { outcomes.value.lazy.filter { $0 == outcome }.count }

    // MARK: The checks

    /// Checks the books after the navigator was destroyed and every thread has stopped.
    func checkEverything(destroyedMidway: Bool) {
        let accepted = accepted.value
        let completions = completions.value
        let outcomes = outcomes.value
        let kinds = kinds.value
        let runs = runs.value

        #expect(overlaps.load(ordering: .sequentiallyConsistent) == 0, "two callbacks ran at the same time")
        #expect(callbackCount.load(ordering: .relaxed) >= acceptedCount, "every completion was counted")
        #expect(delegateObject.actionChanges.value > 0, "the delegate heard the action changes")
        #expect(orderViolations.value.isEmpty, "\(orderViolations.value.prefix(5))")

        var wrongCompletions: [String] = []
        var wrongRuns: [String] = []
        var wrongOutcomes: [String] = []
        for tag in 0..<tagCount {
            let expected = accepted[tag] ? 1 : 0
            if completions[tag] != expected {
                wrongCompletions.append("op \(tag): accepted \(accepted[tag]), completion ran \(completions[tag]) times")
            }
            if !accepted[tag] && runs[tag] != 0 { wrongRuns.append("the block of refused op \(tag) ran") }
            guard accepted[tag], let kind = kinds[tag], let outcome = outcomes[tag] else { continue }
            if kind == .run, runs[tag] != (outcome == .completed ? 1 : 0) {
                wrongRuns.append("run \(tag) ended \(outcome) and ran \(runs[tag]) times")
            }
            if !Self.possible(kind).contains(outcome) && !(destroyedMidway && outcome == .aborted) {
                wrongOutcomes.append("\(kind) \(tag) ended \(outcome)")
            }
        }
        #expect(wrongCompletions.isEmpty, "\(wrongCompletions.count) wrong: \(wrongCompletions.prefix(5))")
        #expect(wrongRuns.isEmpty, "\(wrongRuns.prefix(5))")
        #expect(wrongOutcomes.isEmpty, "\(wrongOutcomes.prefix(5))")

        let created = created.value
        let releases = releases.value
        #expect(!created.isEmpty)
        let unreleased = created.filter { releases[$0] == nil }
        let twice = releases.filter { $0.value != 1 }
        let strangers = releases.keys.filter { !created.contains($0) }
        #expect(unreleased.isEmpty, "\(unreleased.count) screens were never released")
        #expect(twice.isEmpty, "screens released more than once: \(twice.prefix(5))")
        #expect(strangers.isEmpty, "released ids that were never created: \(strangers.prefix(5))")
    }

    /// The outcomes each kind of op may end with in this run, the destroy aside.
    static func possible(_ kind: OperationKind) -> Set<Outcome> {
        switch kind {
        case .push: [.completed]  // always a fresh screen
        case .pop, .popToRoot: [.completed, .noop]
        case .run: [.completed]
        case .show: [.completed, .noop, .factoryFailed]
        case .back: [.completed, .noop, .vetoed]
        case .gesture: [.completed, .noop, .cancelled]
        default: []
        }
    }
}

/// A delegate that implements one method (the others keep their empty defaults).
final class CountingDelegate: NavigatorDelegate, @unchecked Sendable {
    let actionChanges = Counter()
    /// Set once before the delegate is installed.
    var onAction: (@Sendable () -> Void)?

    func navigator(_ navigator: Navigator, actionDidChange change: ActionChange) {
        actionChanges.increment()
        onAction?()
    }
}

struct StressFactoryError: Error {}
