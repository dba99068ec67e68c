import CNavCore
import Glibc
import Synchronization

// `race posts what`: registrations replaced while another thread posts (a ctx destructor must
// never run beside a callback: docs/semantics.md reading 17). On a private host-dispatch
// navigator (outside the harness's model, whose bookkeeping is single-threaded), a worker
// thread asks `1 + posts % 16` run ops, each raising or riding a wakeup, while this thread
// replaces the registrations that `what` picks, and drains when `what` says, until the worker
// is done; then it drains, destroys the navigator and checks:
// no two callbacks overlapped (the wakeup may, navcore.h), no ctx destructor ran beside a
// callback, every registration's destructor ran exactly once, and every op ended exactly once.
//
// `what`: bit 0 replace on_wakeup, 1 on_done, 2 on_action, 3 drain after each round, 4 replace
// from inside the done callback too.

/// The books of one race, shared by both threads. `@unchecked Sendable`: the navigator handle
/// may be used from any thread (navcore.h); everything else is atomic or locked.
final class RaceBooks: @unchecked Sendable {
    let nav: UnsafeMutablePointer<navcore_navigator>
    let what: UInt8
    let posts: Int
    /// Callbacks running now (the wakeup not counted).
    let running = Atomic<Int>(0)
    let registered = Atomic<Int>(0)
    let destroyed = Atomic<Int>(0)
    let ended = Atomic<Int>(0)
    let workerDone = Atomic<Bool>(false)
    /// What broke, first: read after the worker has been joined.
    let broken = Mutex<String?>(nil)

    init(nav: UnsafeMutablePointer<navcore_navigator>, what: UInt8, posts: Int) {
        self.nav = nav
        self.what = what
        self.posts = posts
    }

    func fail(_ message: String) {
        broken.withLock { if $0 == nil { $0 = message } }
    }

    /// Runs `body` as an exclusive callback.
    func callback(_ name: String, _ body: () -> Void = {}) {
        if running.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue != 1 {
            fail("the \(name) callback overlapped another callback")
        }
        sched_yield()
        body()
        running.wrappingSubtract(1, ordering: .sequentiallyConsistent)
    }

    /// Registers `pick` (0 wakeup, 1 done, 2 action) with this race as ctx and a destructor.
    func replace(_ pick: Int) {
        let ctx = Unmanaged.passUnretained(self).toOpaque()
        let status: Int32 =
            switch pick {
            case 0: navcore_on_wakeup(nav, raceWakeup, ctx, raceDestroy)
            case 1: navcore_on_done(nav, raceDone, ctx, raceDestroy)
            default: navcore_on_action(nav, raceAction, ctx, raceDestroy)
            }
        if status == NAVCORE_OK.rawValue { registered.wrappingAdd(1, ordering: .sequentiallyConsistent) }
        else { fail("a registration on a live navigator returned \(status)") }
    }

    static func from(_ ctx: UnsafeMutableRawPointer?) -> RaceBooks? {
        ctx.map { Unmanaged<RaceBooks>.fromOpaque($0).takeUnretainedValue() }
    }
}

private let raceWakeup: navcore_wakeup_fn = { _, ctx in
    sched_yield()
    _ = RaceBooks.from(ctx)
}
private let raceDone: navcore_done_fn = { _, _, _, ctx in
    guard let books = RaceBooks.from(ctx) else { return }
    books.callback("done") { if books.what & 0x10 != 0 { books.replace(1) } }
}
private let raceAction: navcore_action_fn = { _, _, ctx in RaceBooks.from(ctx)?.callback("action") }
private let raceRun: navcore_run_fn = { _, ctx in RaceBooks.from(ctx)?.callback("run") }
private let raceCompletion: navcore_done_fn = { _, _, _, ctx in
    guard let books = RaceBooks.from(ctx) else { return }
    books.callback("completion") { books.ended.wrappingAdd(1, ordering: .sequentiallyConsistent) }
}
private let raceDestroy: navcore_destroy_fn = { ctx in
    guard let books = RaceBooks.from(ctx) else { return }
    if books.running.load(ordering: .sequentiallyConsistent) != 0 {
        books.fail("a ctx destructor ran while a callback ran")
    }
    books.destroyed.wrappingAdd(1, ordering: .sequentiallyConsistent)
}

/// The worker: posts the run ops.
private func racePoster(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let books = RaceBooks.from(context) else { return nil }
    let ctx = Unmanaged.passUnretained(books).toOpaque()
    for _ in 0..<books.posts {
        let status = navcore_run(books.nav, raceRun, raceCompletion, ctx)
        if status != NAVCORE_QUEUED.rawValue { books.fail("a post in host dispatch returned \(status), not queued") }
    }
    books.workerDone.store(true, ordering: .sequentiallyConsistent)
    return nil
}

extension Harness {
    /// How many rounds of replacements the main thread races the worker for, at most.
    static let raceRounds = 256

    /// `race posts what` (above).
    func race(_ r: inout Reader) {
        let posts = 1 + Int(r.byte()) % 16
        let what = r.byte()
        var handle: UnsafeMutablePointer<navcore_navigator>?
        guard navcore_navigator_create(&handle, Int32(NAVCORE_DISPATCH_HOST.rawValue)) == NAVCORE_OK.rawValue,
              let nav = handle
        else { violation("race: creating a navigator failed") }
        let books = RaceBooks(nav: nav, what: what, posts: posts)
        for pick in 0..<3 { books.replace(pick) }
        var worker = pthread_t()
        let context = Unmanaged.passUnretained(books).toOpaque()
        guard pthread_create(&worker, nil, { racePoster($0) }, context) == 0 else { violation("race: no thread") }
        // Race the worker for a bounded number of rounds, then block in the join: a main
        // thread spinning until the worker ends could starve it on a loaded machine (a 10 s
        // libFuzzer timeout at load 6–8, docs/history/reliability-log.md).
        var rounds = 0
        repeat {
            for pick in 0..<3 where what & (1 << pick) != 0 { books.replace(pick) }
            if what & 8 != 0 { _ = navcore_drain(nav) }
            rounds += 1
        } while rounds < Self.raceRounds && !books.workerDone.load(ordering: .sequentiallyConsistent)
        pthread_join(worker, nil)
        _ = navcore_drain(nav)
        if navcore_navigator_destroy(nav) != NAVCORE_OK.rawValue { violation("race: destroy failed") }
        log("race(posts \(posts), what \(what)): \(books.registered.load(ordering: .relaxed)) registrations")
        if let broken = books.broken.withLock({ $0 }) { violation("race: \(broken)") }
        let registered = books.registered.load(ordering: .sequentiallyConsistent)
        let destroyed = books.destroyed.load(ordering: .sequentiallyConsistent)
        if destroyed != registered { violation("race: \(registered) registrations, \(destroyed) ctx destructor calls") }
        let ended = books.ended.load(ordering: .sequentiallyConsistent)
        if ended != posts { violation("race: \(posts) ops posted, \(ended) completions") }
    }
}
