import Foundation
import NavCore
import Synchronization
import Testing

// Shared helpers of the unit tests: a thread-safe box, a counter, the trace-like text of an
// event, and a harness that records everything a navigator tells.

/// A value that any thread may read and change under a lock. (An `NSLock`, which
/// ThreadSanitizer understands; `Synchronization.Mutex` waits on a futex it cannot see.)
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    /// The current value (a copy).
    var value: Value { lock.withLock { stored } }

    /// Changes the value under the lock.
    @discardableResult
    func update<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&stored) }
    }
}

extension Locked where Value == [String] {
    /// Appends one line.
    func append(_ line: String) { update { $0.append(line) } }

    /// The lines recorded so far; empties the list.
    func take() -> [String] { update { lines in defer { lines.removeAll() }; return lines } }
}

/// A counter any thread may bump.
final class Counter: Sendable {
    private let atomic = Atomic<Int>(0)

    init() {}

    @discardableResult
    func increment() -> Int { atomic.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue }

    @discardableResult
    func decrement() -> Int { atomic.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue }

    var value: Int { atomic.load(ordering: .sequentiallyConsistent) }
}

/// Counts the outcomes a completion receives.
final class Completions: Sendable {
    private let outcomes = Locked<[Outcome]>([])

    init() {}

    /// A completion that records its outcome.
    var handler: Navigator.Completion { { [outcomes] outcome in outcomes.update { $0.append(outcome) } } }

    /// Every outcome received, in order.
    var received: [Outcome] { outcomes.value }
}

/// An event as a SPEC §11 trace line, naming each screen by its route (tests give every
/// screen its own route name, so the route is a label).
func traceLine(_ event: NavigationEvent) -> String { event.traceLine { $0.route } }

/// A navigator with an observer that records every event as a trace line, and (optionally)
/// an animator that keeps the transitions it is given for the test to finish.
final class Harness: Sendable {
    let nav: Navigator
    /// Every event, as trace lines, plus what the test's own callbacks add.
    let log = Locked<[String]>([])
    /// Every transition handed to the animator.
    let transitions = Locked<[Transition]>([])

    init(dispatch: DispatchMode = .inline, animator: Bool = true) {
        nav = Navigator(dispatch: dispatch)
        nav.addObserver { [log] event in log.append(traceLine(event)) }
        if animator {
            nav.setAnimator { [transitions] transition in transitions.update { $0.append(transition) } }
        }
    }

    /// A new detached screen whose route (and so label) is `name`.
    func screen(_ name: String, object: (any Sendable)? = nil) throws -> Screen {
        try nav.makeScreen(route: name, object: object)
    }

    /// Makes the stack exactly these new screens, instantly, and forgets the events it made.
    @discardableResult
    func stack(_ names: String...) throws -> [Screen] {
        let screens = try names.map { try screen($0) }
        try nav.setStack(screens, animated: false, completion: nil)
        _ = log.take()
        return screens
    }

    /// The route names of the stack, bottom to top.
    var names: [String] { nav.stack.map(\.route) }

    /// The last transition handed to the animator.
    var lastTransition: Transition? { transitions.value.last }

    /// Finishes the transition in flight.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let id = try #require(nav.transitionInFlight, "no transition in flight", sourceLocation: sourceLocation)
        try nav.finishTransition(id)
    }

    /// The lines recorded since the last call.
    func trace() -> [String] { log.take() }
}

/// Expects `body` to throw a `NavigationError` with `code` and a non-empty message.
func expectError(
    _ code: NavigationError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    let error = #expect(throws: NavigationError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error?.code == code, sourceLocation: sourceLocation)
    #expect(error?.message.isEmpty == false, "an error carries a message", sourceLocation: sourceLocation)
}

/// The current thread's pthread id, to tell which thread a callback ran on.
func currentThreadID() -> UInt { UInt(pthread_self()) }

/// What a failing route factory throws.
struct FactoryError: Error {}

/// A screen's host object that records the feedback it receives, one line per call:
/// `<name> will_show push animated`, `<name> payload <text>`.
final class FeedbackRecorder: ScreenFeedback {
    let name: String
    let calls = Locked<[String]>([])
    /// Called with each line as it is recorded (set before use).
    let onCall: (@Sendable (String) -> Void)?

    init(_ name: String, onCall: (@Sendable (String) -> Void)? = nil) {
        self.name = name
        self.onCall = onCall
    }

    private func record(_ line: String) {
        calls.append(line)
        onCall?(line)
    }

    private func flag(_ animated: Bool) -> String { animated ? "animated" : "instant" }

    func willShow(reason: AppearanceReason, animated: Bool) { record("\(name) will_show \(reason) \(flag(animated))") }
    func didShow(reason: AppearanceReason, animated: Bool) { record("\(name) did_show \(reason) \(flag(animated))") }
    func willHide(reason: AppearanceReason, animated: Bool) { record("\(name) will_hide \(reason) \(flag(animated))") }
    func didHide(reason: AppearanceReason, animated: Bool) { record("\(name) did_hide \(reason) \(flag(animated))") }
    func receivePayload(_ payload: String) { record("\(name) payload \(payload)") }
}
