import CNavCore
import Foundation
import Glibc

/// What the library told a test through its callbacks, as trace lines close to SPEC §11's
/// (`action will_push +B -A animated`, `will_show B push animated`, `done push completed`, …),
/// plus counters for what must happen exactly once. Every C callback it hands out is a libffi
/// closure (`FFITrampoline`) whose `user_data` points at this object; `freeTrampolines()`
/// releases them, after the navigators that could call them are destroyed.
///
/// Context pointers and host objects are *tokens*: distinct fake addresses with a name, which
/// the library must hand back untouched (it never reads through them).
final class Recorder: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    private let lock = NSLock()

    private var lines: [String] = []
    private var allLines: [String] = []
    private var lineThreads: [(line: String, thread: pthread_t)] = []
    private var tokenNames: [UInt: String] = [:]
    private var tokensByName: [String: UInt] = [:]
    private var labels: [UInt64: String] = [:]
    private var routeCounts: [String: Int] = [:]
    private var hooks: [(prefix: String, once: Bool, fired: Bool, body: () -> Void)] = []
    private var destroyed: [String: Int] = [:]
    private var released: [String: Int] = [:]
    private var trampolines: [CallbackSignature: FFITrampoline] = [:]
    private var extraTrampolines: [FFITrampoline] = []
    private var lastTransitionEvent: navcore_transition?

    /// The navigator the callbacks should name; a line gets ` nav=?` when another one arrives.
    var expectedNav: Nav? {
        get { lock.withLock { expected.map { Nav(bitPattern: $0) } ?? nil } }
        set { lock.withLock { expected = newValue.map { UInt(bitPattern: $0) } } }
    }
    private var expected: UInt?

    /// Labels of screens whose pop the veto refuses.
    var refusals: Set<String> {
        get { lock.withLock { refused } }
        set { lock.withLock { refused = newValue } }
    }
    private var refused: Set<String> = []

    /// The answer of the deferrable veto (a NAVCORE_VETO_*), by screen label; allow otherwise.
    var deferredAnswers: [String: Int32] {
        get { lock.withLock { answers } }
        set { lock.withLock { answers = newValue } }
    }
    private var answers: [String: Int32] = [:]

    /// The decision id the deferrable veto received last.
    var lastDecision: UInt64 { lock.withLock { decision } }
    private var decision: UInt64 = 0

    /// Routes whose factory fails.
    var failingRoutes: Set<String> {
        get { lock.withLock { failing } }
        set { lock.withLock { failing = newValue } }
    }
    private var failing: Set<String> = []

    init() {}

    static func from(_ userData: UnsafeMutableRawPointer?) -> Recorder {
        Unmanaged<Recorder>.fromOpaque(userData!).takeUnretainedValue()
    }

    // MARK: C functions (libffi closures)

    /// The recorder's closure of `signature`, made on first use.
    func trampoline(_ signature: CallbackSignature) -> FFITrampoline {
        lock.withLock {
            if let existing = trampolines[signature] { return existing }
            let made = FFITrampoline(
                signature, handler: signature.handler, userData: Unmanaged.passUnretained(self).toOpaque())
            trampolines[signature] = made
            return made
        }
    }

    /// A second, distinct closure of `signature` (to tell two registrations apart by address).
    func freshTrampoline(_ signature: CallbackSignature) -> FFITrampoline {
        let made = FFITrampoline(signature, handler: signature.handler, userData: Unmanaged.passUnretained(self).toOpaque())
        lock.withLock { extraTrampolines.append(made) }
        return made
    }

    var doneFn: navcore_done_fn { trampoline(.done).function(as: navcore_done_fn.self) }
    var actionFn: navcore_action_fn { trampoline(.action).function(as: navcore_action_fn.self) }
    var appearanceFn: navcore_appearance_fn { trampoline(.appearance).function(as: navcore_appearance_fn.self) }
    var transitionFn: navcore_transition_fn { trampoline(.transition).function(as: navcore_transition_fn.self) }
    var progressFn: navcore_progress_fn { trampoline(.progress).function(as: navcore_progress_fn.self) }
    var barFn: navcore_bar_fn { trampoline(.bar).function(as: navcore_bar_fn.self) }
    var payloadFn: navcore_payload_fn { trampoline(.payload).function(as: navcore_payload_fn.self) }
    var releaseFn: navcore_release_fn { trampoline(.release).function(as: navcore_release_fn.self) }
    var wakeupFn: navcore_wakeup_fn { trampoline(.wakeup).function(as: navcore_wakeup_fn.self) }
    var vetoFn: navcore_veto_fn { trampoline(.veto).function(as: navcore_veto_fn.self) }
    var factoryFn: navcore_factory_fn { trampoline(.factory).function(as: navcore_factory_fn.self) }
    var runFn: navcore_run_fn { trampoline(.run).function(as: navcore_run_fn.self) }
    var destroyFn: navcore_destroy_fn { trampoline(.destroy).function(as: navcore_destroy_fn.self) }
    var resultFn: navcore_result_fn { trampoline(.result).function(as: navcore_result_fn.self) }
    var deferrableVetoFn: navcore_deferrable_veto_fn {
        trampoline(.deferrableVeto).function(as: navcore_deferrable_veto_fn.self)
    }

    /// Frees every closure. The library must not call them any more.
    func freeTrampolines() {
        let all = lock.withLock { () -> [FFITrampoline] in
            defer { trampolines.removeAll(); extraTrampolines.removeAll() }
            return Array(trampolines.values) + extraTrampolines
        }
        for trampoline in all { trampoline.free() }
    }

    // MARK: Tokens and labels

    /// A distinct fake pointer named `name` (the same one for the same name).
    func token(_ name: String) -> UnsafeMutableRawPointer {
        lock.withLock {
            if let bits = tokensByName[name] { return UnsafeMutableRawPointer(bitPattern: bits)! }
            let bits = UInt(0x5A00_0000) + UInt(tokensByName.count + 1) * 0x40
            tokensByName[name] = bits
            tokenNames[bits] = name
            return UnsafeMutableRawPointer(bitPattern: bits)!
        }
    }

    /// The name of a token; "nil" for NULL, "?0x…" for a pointer that is no token.
    func name(of pointer: UnsafeMutableRawPointer?) -> String {
        guard let pointer else { return "nil" }
        let bits = UInt(bitPattern: pointer)
        return lock.withLock { tokenNames[bits] } ?? "?0x" + String(bits, radix: 16)
    }

    /// Names the screen `id` in trace lines.
    func label(_ id: UInt64, _ label: String) { lock.withLock { labels[id] = label } }

    /// The label of screen `id`; "-" for 0.
    func label(of id: UInt64) -> String {
        if id == 0 { return "-" }
        return lock.withLock { labels[id] } ?? "#\(id)"
    }

    /// The id labelled `label`, if any.
    func id(of label: String) -> UInt64? { lock.withLock { labels.first { $0.value == label }?.key } }

    /// The label SPEC §11 gives the next screen of `route`: `R`, then `R#2`, `R#3`, …
    func nextLabel(route: String) -> String {
        lock.withLock {
            let count = (routeCounts[route] ?? 0) + 1
            routeCounts[route] = count
            return count == 1 ? route : "\(route)#\(count)"
        }
    }

    // MARK: Reading what was recorded

    /// The lines recorded since the last `take`, optionally only those whose first word is in
    /// `categories`; empties the list.
    func take(_ categories: Set<String>? = nil) -> [String] {
        let taken = lock.withLock { () -> [String] in
            defer { lines.removeAll() }
            return lines
        }
        guard let categories else { return taken }
        return taken.filter { categories.contains(String($0.prefix { $0 != " " })) }
    }

    /// Every line recorded since the recorder was made.
    var history: [String] { lock.withLock { allLines } }

    /// The threads on which the lines were recorded.
    var threads: [(line: String, thread: pthread_t)] { lock.withLock { lineThreads } }

    /// How many times the destructor ran for the ctx token `name`.
    func destroyCount(_ name: String) -> Int { lock.withLock { destroyed[name] ?? 0 } }

    /// How many times the release callback received the object token `name`.
    func releaseCount(_ name: String) -> Int { lock.withLock { released[name] ?? 0 } }

    /// Every object release count, by object name.
    var releaseCounts: [String: Int] { lock.withLock { released } }

    /// The transition the animator received last.
    var lastTransition: navcore_transition? { lock.withLock { lastTransitionEvent } }

    /// Runs `body` inside the callback whose line starts with `prefix` (whole words), after
    /// recording the line: the first time only, or every time.
    func on(_ prefix: String, always: Bool = false, _ body: @escaping () -> Void) {
        lock.withLock { hooks.append((prefix, !always, false, body)) }
    }

    // MARK: Recording

    private func record(_ line: String, nav: Nav?, checksNav: Bool = true) {
        var text = line
        let hooksToRun = lock.withLock { () -> [() -> Void] in
            if checksNav, let expected, UInt(bitPattern: nav) != expected { text += " nav=?" }
            lines.append(text)
            allLines.append(text)
            lineThreads.append((text, pthread_self()))
            var due: [() -> Void] = []
            for index in hooks.indices where !hooks[index].fired {
                let prefix = hooks[index].prefix
                guard text == prefix || text.hasPrefix(prefix + " ") else { continue }
                if hooks[index].once { hooks[index].fired = true }
                due.append(hooks[index].body)
            }
            return due
        }
        for hook in hooksToRun { hook() }  // without the lock: hooks call back into navcore
    }

    /// ` ctx=<name>` when a callback received another ctx than its registration's.
    private func ctxNote(_ ctx: UnsafeMutableRawPointer?, _ expected: String) -> String {
        let actual = name(of: ctx)
        return actual == expected ? "" : " ctx=\(actual)"
    }

    /// ` object=<name>` when a screen's object is not the token named after its label.
    private func objectNote(_ object: UnsafeMutableRawPointer?, _ screen: UInt64) -> String {
        let actual = name(of: object)
        return actual == label(of: screen) ? "" : " object=\(actual)"
    }

    private static func flag(_ animated: Bool) -> String { animated ? "animated" : "instant" }

    // MARK: The callbacks

    func done(_ nav: Nav?, op: Int32, outcome: Int32, ctx: UnsafeMutableRawPointer?) {
        let names = "\(String(cString: navcore_op_string(op))) \(String(cString: navcore_outcome_string(outcome)))"
        let ctxName = name(of: ctx)
        record(ctxName == "done" ? "done \(names)" : "completion \(ctxName) \(names)", nav: nav)
    }

    func action(_ nav: Nav?, _ event: navcore_action_event, ctx: UnsafeMutableRawPointer?) {
        var line = "action \(String(cString: navcore_action_string(event.state)))"
        if event.state != c(NAVCORE_ACTION_IDLE) {
            if event.appearing != 0 { line += " +\(label(of: event.appearing))" }
            for index in 0..<event.disappearing_count { line += " -\(label(of: event.disappearing![index]))" }
            line += " " + Self.flag(event.animated)
            // The objects beside the ids: each the token named after its screen's label.
            line += event.appearing == 0
                ? (event.appearing_object == nil ? "" : " object=\(name(of: event.appearing_object))")
                : objectNote(event.appearing_object, event.appearing)
            for index in 0..<event.disappearing_count {
                line += objectNote(event.disappearing_objects?[index], event.disappearing![index])
            }
        }
        record(line + ctxNote(ctx, "action"), nav: nav)
    }

    static let phaseNames = ["will_show", "did_show", "will_hide", "did_hide"]

    func appearance(
        _ nav: Nav?, phase: Int32, screen: UInt64, object: UnsafeMutableRawPointer?, reason: Int32, animated: Bool,
        ctx: UnsafeMutableRawPointer?
    ) {
        let phaseName = Self.phaseNames.indices.contains(Int(phase)) ? Self.phaseNames[Int(phase)] : "phase\(phase)"
        record(
            "\(phaseName) \(label(of: screen)) \(String(cString: navcore_reason_string(reason))) \(Self.flag(animated))"
                + objectNote(object, screen) + ctxNote(ctx, phaseName), nav: nav)
    }

    func transition(_ nav: Nav?, _ transition: navcore_transition, ctx: UnsafeMutableRawPointer?) {
        lock.withLock { lastTransitionEvent = transition }
        let style = transition.style == c(NAVCORE_STYLE_PUSH) ? "push" : transition.style == c(NAVCORE_STYLE_POP) ? "pop" : "style\(transition.style)"
        var line = "transition \(style) \(label(of: transition.from))>\(label(of: transition.to))"
        if transition.interactive { line += " interactive" }
        if transition.id == 0 { line += " id=0" }
        record(line + objectNote(transition.from_object, transition.from) + objectNote(transition.to_object, transition.to)
            + ctxNote(ctx, "animator"), nav: nav)
    }

    func progress(_ nav: Nav?, transition: UInt64, value: Double, ctx: UnsafeMutableRawPointer?) {
        let idNote = transition == lastTransition?.id ? "" : " id=?"
        record("progress " + String(format: "%.2f", value) + idNote + ctxNote(ctx, "progress"), nav: nav)
    }

    func bar(_ nav: Nav?, shown: Bool, animated: Bool, ctx: UnsafeMutableRawPointer?) {
        record("bar \(shown ? "shown" : "hidden") \(Self.flag(animated))" + ctxNote(ctx, "bar"), nav: nav)
    }

    func payload(_ nav: Nav?, screen: UInt64, object: UnsafeMutableRawPointer?, text: String?, ctx: UnsafeMutableRawPointer?) {
        record("payload \(label(of: screen)) \(text ?? "(NULL)")" + objectNote(object, screen) + ctxNote(ctx, "payload"), nav: nav)
    }

    func release(_ nav: Nav?, screen: UInt64, object: UnsafeMutableRawPointer?, route: String?, ctx: UnsafeMutableRawPointer?) {
        let objectName = name(of: object)
        lock.withLock { released[objectName, default: 0] += 1 }
        let screenLabel = label(of: screen)
        let expectedRoute = String(screenLabel.prefix { $0 != "#" })
        let routeNote = route == expectedRoute ? "" : " route=\(route ?? "(NULL)")"
        record("release \(screenLabel)" + routeNote + objectNote(object, screen) + ctxNote(ctx, "release"), nav: nav)
    }

    func wakeup(_ nav: Nav?, ctx: UnsafeMutableRawPointer?) {
        record("wakeup" + ctxNote(ctx, "wakeup"), nav: nav)
    }

    func veto(_ nav: Nav?, screen: UInt64, object: UnsafeMutableRawPointer?, byGesture: Bool, ctx: UnsafeMutableRawPointer?) -> Bool {
        let screenLabel = label(of: screen)
        let allowed = !refusals.contains(screenLabel)
        record("should_pop \(screenLabel) \(byGesture ? "gesture" : "button") \(allowed ? "yes" : "no")"
            + objectNote(object, screen) + ctxNote(ctx, "veto"), nav: nav)
        return allowed
    }

    func result(_ nav: Nav?, screen: UInt64, object: UnsafeMutableRawPointer?, text: String?, ctx: UnsafeMutableRawPointer?) {
        record("result \(label(of: screen)) \(text ?? "-")" + objectNote(object, screen) + ctxNote(ctx, "result"), nav: nav)
    }

    func deferrableVeto(
        _ nav: Nav?, screen: UInt64, object: UnsafeMutableRawPointer?, byGesture: Bool, decision: UInt64,
        ctx: UnsafeMutableRawPointer?
    ) -> Int32 {
        let screenLabel = label(of: screen)
        let answer = deferredAnswers[screenLabel] ?? Int32(NAVCORE_VETO_ALLOW.rawValue)
        lock.withLock { self.decision = decision }
        let word = answer == Int32(NAVCORE_VETO_ALLOW.rawValue) ? "yes" : answer == Int32(NAVCORE_VETO_LATER.rawValue) ? "later" : "no"
        record("should_pop \(screenLabel) \(byGesture ? "gesture" : "button") \(word)"
            + (decision == 0 ? " decision=0" : "") + objectNote(object, screen) + ctxNote(ctx, "veto"), nav: nav)
        return answer
    }

    func factory(
        _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ nav: Nav?, route: String?, screen: UInt64,
        payload: String?, ctx: UnsafeMutableRawPointer?
    ) -> Int32 {
        let route = route ?? "(NULL)"
        let payloadNote = payload.map { " payload=\($0)" } ?? ""
        if failingRoutes.contains(route) {
            record("factory \(route) failed" + payloadNote + ctxNote(ctx, "route:\(route)"), nav: nav)
            return -1
        }
        let screenLabel = nextLabel(route: route)
        label(screen, screenLabel)
        out?.pointee = token(screenLabel)
        record("factory \(screenLabel)" + payloadNote + (screen == 0 ? " id=0" : "") + ctxNote(ctx, "route:\(route)"), nav: nav)
        return 0
    }

    func run(_ nav: Nav?, ctx: UnsafeMutableRawPointer?) {
        record("run \(name(of: ctx))", nav: nav)
    }

    func destroy(ctx: UnsafeMutableRawPointer?) {
        let ctxName = name(of: ctx)
        lock.withLock { destroyed[ctxName, default: 0] += 1 }
        record("destroy \(ctxName)", nav: nil, checksNav: false)
    }
}
