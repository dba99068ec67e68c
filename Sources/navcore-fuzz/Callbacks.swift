import CNavCore

// The C callbacks. Each resolves its ctx to the harness's box (refusing a ctx the harness
// never handed out), checks what navcore passed, enforces that callbacks of one navigator
// never nest (wakeup and ctx destructors excepted, as navcore.h allows), then fires the
// first matching hook, whose program may call back into navcore.

/// The box of a registration callback, entered: checks common to every callback.
private func enter(_ kind: RegKind, _ nav: NavHandle?, _ ctx: UnsafeMutableRawPointer?, nests: Bool = true) -> (Harness, RegBox) {
    guard let harness = Harness.current else { violation("a \(kind) callback ran outside any input") }
    guard let ctx, harness.regContexts.contains(ctx), let box = RegBox.from(ctx), box.kind == kind else {
        violation("a \(kind) callback received a ctx the harness never registered for it: \(String(describing: ctx))")
    }
    // A route's factory, found by a descendant's lookup, is called with that descendant (SPEC §16.1).
    if nav != box.nav.handle && !(kind == .route && harness.isDescendant(nav, of: box.nav)) {
        violation("a \(kind) callback received navigator \(String(describing: nav)), not \(box.nav.handle)")
    }
    if box.destroys > 0 { violation("a \(kind) callback ran after its ctx destructor") }
    if !box.accepted { violation("a \(kind) callback of a failed (or failing) registration ran") }
    if nests { harness.enterCallback(box.nav, "\(kind)", interposes: [.release, .result, .bar].contains(kind)) }
    box.running += 1
    return (harness, box)
}

private func leave(_ harness: Harness, _ box: RegBox, nests: Bool = true) {
    box.running -= 1
    if nests { harness.leaveCallback(box.nav) }
}

extension Harness {
    /// Callbacks of one family never nest (SPEC §9, §16.8: one driver); and a result is followed by its
    /// screen's release (SPEC §12) with no op event between. Only what the listener's own calls
    /// cause at once may come between (`interposes`): the `bar` of a threshold it set, the
    /// result and release of a screen it discarded.
    func enterCallback(_ nav: NavModel, _ what: @autoclosure () -> String, interposes: Bool = false) {
        if nav.callbackDepth > 0 { violation("the \(what()) callback ran inside another callback of the same navigator") }
        if familyCallbackDepth(nav) > 0 { violation("the \(what()) callback of nav#\(nav.slot) ran inside another callback of its family") }
        if let screen = nav.resultsAwaitingRelease.last, !interposes {
            violation("the \(what()) callback came between the result of \(screen) and its release")
        }
        nav.callbackDepth += 1
        callbacksRunning += 1
    }

    func leaveCallback(_ nav: NavModel) {
        nav.callbackDepth -= 1
        callbacksRunning -= 1
    }

    /// A screen id a callback of `nav` received: a screen of `nav` the harness knows.
    func screen(_ id: UInt64, of nav: NavModel, _ what: @autoclosure () -> String, live: Bool = true) -> ScreenRecord {
        guard let screen = screens[id] else { violation("\(what()) named screen \(id), which the harness never saw created") }
        if screen.nav !== nav { violation("\(what()) named screen \(id) of another navigator") }
        if live && screen.releases > 0 { violation("\(what()) named screen \(id) after its release") }
        return screen
    }
}

func actionCallback(_ nav: NavHandle?, _ event: UnsafePointer<navcore_action_event>?, _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.action, nav, ctx)
    defer { leave(h, box) }
    guard let event = event?.pointee else { violation("an action callback received a NULL event") }
    if !(0...10).contains(event.state) { violation("action state \(event.state) is not a navcore_action") }
    if event.appearing != 0 { _ = h.screen(event.appearing, of: box.nav, "action appearing", live: false) }
    if event.disappearing_count > 0 {
        guard let ids = event.disappearing else { violation("action event with \(event.disappearing_count) disappearing and NULL") }
        if event.disappearing_count > 100_000 { violation("action event with \(event.disappearing_count) disappearing") }
        for index in 0..<event.disappearing_count { _ = h.screen(ids[index], of: box.nav, "action disappearing", live: false) }
    }
    log("  <- action \(String(cString: navcore_action_string(event.state))) +\(event.appearing) -\(event.disappearing_count) animated \(event.animated)")
    h.fire(.action, Int(event.state), box.nav)
}

func appearanceCallback(_ nav: NavHandle?, _ phase: Int32, _ id: UInt64, _ object: UnsafeMutableRawPointer?, _ reason: Int32,
                        _ animated: Bool, _ ctx: UnsafeMutableRawPointer?) {
    guard let kind = RegKind(rawValue: Int(phase) + RegKind.willShow.rawValue), (0...3).contains(phase) else {
        violation("an appearance callback received phase \(phase)")
    }
    let (h, box) = enter(kind, nav, ctx)
    defer { leave(h, box) }
    if !(0...7).contains(reason) { violation("appearance reason \(reason) is not a navcore_reason") }
    let screen = h.screen(id, of: box.nav, "\(kind)")
    if screen.object != object { violation("\(kind) of \(id) passed another object") }
    h.balance(kind, screen, box.nav)
    log("  <- \(kind) \(id) \(String(cString: navcore_reason_string(reason))) animated \(animated)")
    h.fire(HookKind(rawValue: Int(phase) + HookKind.willShow.rawValue) ?? .willShow, screen.labelCode, box.nav)
}

func transitionCallback(_ nav: NavHandle?, _ transition: UnsafePointer<navcore_transition>?, _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.animator, nav, ctx)
    defer { leave(h, box) }
    guard let t = transition?.pointee else { violation("the animator received a NULL transition") }
    if t.id == 0 { violation("transition id 0") }
    if !(0...3).contains(t.style) { violation("transition style \(t.style)") }
    if t.interactive && t.style != NAVCORE_STYLE_POP.rawValue && t.style != NAVCORE_STYLE_DISMISS.rawValue {
        violation("an interactive transition that is neither a pop nor a dismiss")
    }
    if t.from == t.to { violation("a transition from \(t.from) to itself") }
    // A push or pop is between two screens of the animator's navigator; present and dismiss
    // between the parent's top and the modal's front-most (SPEC §16.4), one family's.
    let acrossFamily = t.style == NAVCORE_STYLE_PRESENT.rawValue || t.style == NAVCORE_STYLE_DISMISS.rawValue
    let from = h.transitionScreen(t.from, box.nav, acrossFamily), to = h.transitionScreen(t.to, box.nav, acrossFamily)
    if from.object != t.from_object || to.object != t.to_object { violation("a transition passed another object") }
    // A destroy inside a callback kills the family's handles before the op's synchronous part
    // ends: its present's or dismiss's transition then names no navigator (NULL, both).
    let unnamed = acrossFamily && t.from_navigator == nil && t.to_navigator == nil && box.nav.destroyed
    if !unnamed && (t.from_navigator != from.nav.handle || t.to_navigator != to.nav.handle) {
        violation("a transition's from_navigator / to_navigator are not the owners of its from / to screens")
    }
    if box.nav.transitions[t.id] != nil { violation("transition id \(t.id) handed out twice") }
    box.nav.transitions[t.id] = t.interactive
    box.nav.lastTransition = t.id
    log("  <- transition \(t.id) style \(t.style) \(t.from)>\(t.to) interactive \(t.interactive)")
    h.fire(.transition, Int(t.style), box.nav)
}

func progressCallback(_ nav: NavHandle?, _ id: UInt64, _ value: Double, _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.progress, nav, ctx)
    defer { leave(h, box) }
    if box.nav.transitions[id] != true { violation("progress for \(id), not an interactive transition") }
    if !(0...1).contains(value) { violation("progress \(value) out of 0…1") }
    log("  <- progress \(id) \(value)")
    h.fire(.progress, 0, box.nav)
}

func barCallback(_ nav: NavHandle?, _ shown: Bool, _ animated: Bool, _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.bar, nav, ctx)
    defer { leave(h, box) }
    log("  <- bar \(shown ? "shown" : "hidden") animated \(animated)")
    h.fire(.bar, shown ? 1 : 0, box.nav)
}

func payloadCallback(_ nav: NavHandle?, _ id: UInt64, _ object: UnsafeMutableRawPointer?, _ payload: UnsafePointer<CChar>?,
                     _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.payload, nav, ctx)
    defer { leave(h, box) }
    let screen = h.screen(id, of: box.nav, "payload")
    if screen.object != object { violation("payload of \(id) passed another object") }
    guard let payload else { violation("a payload callback received NULL text") }
    if String(validatingCString: payload) == nil { violation("a payload callback received invalid UTF-8") }
    log("  <- payload \(id) \(String(cString: payload))")
    h.fire(.payload, screen.labelCode, box.nav)
}

func releaseCallback(_ nav: NavHandle?, _ id: UInt64, _ object: UnsafeMutableRawPointer?, _ route: UnsafePointer<CChar>?,
                     _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.release, nav, ctx)
    defer { leave(h, box) }
    let screen = h.screen(id, of: box.nav, "release", live: false)
    h.checkChildrenGone(before: id, of: box.nav)
    if screen.shown && !box.nav.destroyedWithRoot && !h.appearanceExempt(box.nav) {
        violation("screen \(id) released while shown: its will_hide never came")
    }
    if let listener = screen.listener, listener.accepted {
        if listener.calls != 1 { violation("screen \(id) released after \(listener.calls) calls of its result listener, not 1") }
        if box.nav.resultsAwaitingRelease.last != id {
            violation("the release of \(id) did not come right after its result (awaiting \(box.nav.resultsAwaitingRelease))")
        }
        box.nav.resultsAwaitingRelease.removeLast()
    }
    screen.releases += 1
    if screen.releases > 1 { violation("screen \(id) released twice") }
    if screen.object != object { violation("release of \(id) passed another object") }
    guard let route else { violation("release of \(id) passed a NULL route") }
    if Array(String(cString: route).utf8) != Routes.screenRoute(screen.route) { violation("release of \(id) passed another route") }
    if let stack = h.stackIDs(h.resolved(box.nav)), stack.contains(id)
    {
        violation("screen \(id) released while in the stack")
    }
    log("  <- release \(id)")
    h.fire(.release, screen.labelCode, box.nav)
    screen.dead = true
}

func doneCallback(_ nav: NavHandle?, _ op: Int32, _ outcome: Int32, _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.done, nav, ctx)
    defer { leave(h, box) }
    if !(0...15).contains(op) || !(0...9).contains(outcome) { violation("done(op \(op), outcome \(outcome)) out of range") }
    if op == Int32(NAVCORE_OP_BACK.rawValue) || op == Int32(NAVCORE_OP_GESTURE.rawValue) {
        box.nav.backsDone += 1
        if box.nav.backsDone > box.nav.backsAsked {
            violation("nav#\(box.nav.slot) reported \(box.nav.backsDone) backs or gestures, more than the \(box.nav.backsAsked) asked of it")
        }
    }
    log("  <- done \(String(cString: navcore_op_string(op))) \(String(cString: navcore_outcome_string(outcome)))")
    h.fire(.done, Int(op), box.nav)
}

func wakeupCallback(_ nav: NavHandle?, _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.wakeup, nav, ctx, nests: false)
    defer { leave(h, box, nests: false) }
    if !box.nav.hostDispatch { violation("wakeup in inline dispatch mode") }
    box.nav.wakeupsSinceDrain += 1
    if box.nav.wakeupsSinceDrain > 1 { violation("wakeup raised twice without a drain between") }
    h.sequence += 1
    box.nav.lastWakeup = h.sequence
    log("  <- wakeup")
    h.fire(.wakeup, 0, box.nav)
}

/// What both veto hooks check; returns the answer the input chose for the top.
private func askVeto(_ h: Harness, _ box: RegBox, _ id: UInt64, _ object: UnsafeMutableRawPointer?, _ byGesture: Bool,
                     decision: UInt64) -> VetoAnswer {
    let screen = h.screen(id, of: box.nav, "veto")
    if screen.object != object { violation("the veto about \(id) passed another object") }
    if let stack = h.stackIDs(h.resolved(box.nav)), stack.last != id
    {
        violation("the veto was asked about \(id), which is not the top")
    }
    let pending = h.pendingDecision(of: box.nav)
    if pending != 0 { violation("the veto was asked while decision \(pending) is pending in its family") }
    log("  <- veto \(id) gesture \(byGesture) decision \(decision)")
    h.fire(.veto, screen.labelCode, box.nav)
    let code = box.nav.vetoAll != 0 ? box.nav.vetoAll : box.nav.vetoAnswers[screen.labelCode] ?? 0
    return VetoAnswer(rawValue: code) ?? .allow
}

func vetoCallback(_ nav: NavHandle?, _ id: UInt64, _ object: UnsafeMutableRawPointer?, _ byGesture: Bool,
                  _ ctx: UnsafeMutableRawPointer?) -> Bool {
    let (h, box) = enter(.veto, nav, ctx)
    defer { leave(h, box) }
    let answer = askVeto(h, box, id, object, byGesture, decision: 0)
    return answer == .allow || answer == .later
}

/// The three-way veto (SPEC §13): a later answer about a back leaves the decision pending
/// from the moment the hook returns (a `decide` from its hook must fail), a gesture's counts
/// as a refusal.
func deferrableVetoCallback(_ nav: NavHandle?, _ id: UInt64, _ object: UnsafeMutableRawPointer?, _ byGesture: Bool,
                            _ decision: UInt64, _ ctx: UnsafeMutableRawPointer?) -> Int32 {
    let (h, box) = enter(.deferrableVeto, nav, ctx)
    defer { leave(h, box) }
    if decision == 0 { violation("the deferrable veto received decision id 0") }
    if h.navigators.contains(where: { $0.decisions.contains(decision) }) { violation("decision id \(decision) handed out twice") }
    box.nav.decisions.insert(decision)
    box.nav.lastDecision = decision
    let answer = askVeto(h, box, id, object, byGesture, decision: decision)
    switch answer {
    case .allow: return Int32(NAVCORE_VETO_ALLOW.rawValue)
    case .refuse: return Int32(NAVCORE_VETO_REFUSE.rawValue)
    case .garbage: return [Int32(3), -1, Int32.max, Int32.min][Int(decision % 4)]
    case .later:
        if !byGesture && !box.nav.destroyed { box.nav.pendingDecision = decision }
        return Int32(NAVCORE_VETO_LATER.rawValue)
    }
}

/// A result listener (SPEC §12): its screen is live, it is the screen's current listener, it
/// runs once, and its text is what the screen's result query reads (a copy freed once).
func resultCallback(_ nav: NavHandle?, _ id: UInt64, _ object: UnsafeMutableRawPointer?, _ result: UnsafePointer<CChar>?,
                    _ ctx: UnsafeMutableRawPointer?) {
    let (h, box) = enter(.result, nav, ctx)
    defer {
        leave(h, box)
        // Its release comes next, if the navigator still has a release callback to see it.
        if box.nav.current[.release] != nil { box.nav.resultsAwaitingRelease.append(id) }
    }
    let screen = h.screen(id, of: box.nav, "result")
    if box.screen != id { violation("the result listener of \(box.screen) was called for \(id)") }
    if screen.listener !== box { violation("a replaced or removed result listener of \(id) was called") }
    if screen.object != object { violation("the result of \(id) passed another object") }
    box.calls += 1
    screen.resultStarted = true
    if box.calls > 1 { violation("the result listener of \(id) was called twice") }
    if let result, String(validatingCString: result) == nil { violation("the result of \(id) is not UTF-8") }
    var copy: UnsafeMutablePointer<CChar>? = nil
    let status = navcore_screen_result(&copy, nav, id)
    defer { navcore_free(copy) }
    h.probe(box.nav)  // a member's teardown (its results come after its handle died, SPEC §16.7)
    if !box.nav.destroyed {
        if status != NAVCORE_OK.rawValue { violation("screen_result(\(id)) inside its listener returned \(status)") }
        if copy.map({ String(cString: $0) }) != result.map({ String(cString: $0) }) {
            violation("the result listener of \(id) got another text than screen_result reads")
        }
    }
    log("  <- result \(id) \(result.map { String(cString: $0) } ?? "-")")
    h.fire(.result, screen.labelCode, box.nav)
}

func factoryCallback(_ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ nav: NavHandle?, _ route: UnsafePointer<CChar>?,
                     _ id: UInt64, _ payload: UnsafePointer<CChar>?, _ ctx: UnsafeMutableRawPointer?) -> Int32 {
    let (h, box) = enter(.route, nav, ctx)
    defer { leave(h, box) }
    guard let out else { violation("a factory received a NULL out-parameter") }
    guard let route, Array(String(cString: route).utf8) == Routes.screenRoute(box.route) else {
        violation("a factory of route \(box.route) received another route")
    }
    if id == 0 || h.screens[id] != nil { violation("a factory received screen id \(id), which is not new") }
    if let payload, String(validatingCString: payload) == nil { violation("a factory received an invalid payload") }
    log("  <- factory route \(box.route) id \(id) fails \(box.factoryFails)")
    h.fire(.factory, box.route, box.nav)
    if box.factoryFails { return box.route % 2 == 0 ? -1 : 1 }
    let object = box.factoryNullObject ? nil : h.nextObject()
    out.pointee = object
    h.record(id, nav: h.model(of: nav) ?? box.nav, route: box.route, object: object, what: "a factory")
    return 0
}

func runBlock(_ nav: NavHandle?, _ ctx: UnsafeMutableRawPointer?) {
    guard let h = Harness.current else { violation("a run block ran outside any input") }
    guard let ctx, h.opContexts.contains(ctx), let box = OpBox.from(ctx), box.kind == Int32(NAVCORE_OP_RUN.rawValue),
        let owner = box.nav
    else {
        violation("a run block received a ctx the harness never gave a run op")
    }
    if nav != owner.handle { violation("a run block received another navigator") }
    if box.blockRuns > 0 { violation("a run block ran twice") }
    if box.completions > 0 { violation("a run block ran after its completion") }
    if !box.inCall && box.status < 0 { violation("the block of a failed run ran") }
    h.enterCallback(owner, "run")
    defer { h.leaveCallback(owner) }
    box.blockRuns += 1
    log("  <- run \(box.runName)")
    h.fire(.run, box.runName, owner)
}

func opCompletion(_ nav: NavHandle?, _ op: Int32, _ outcome: Int32, _ ctx: UnsafeMutableRawPointer?) {
    guard let h = Harness.current else { violation("a completion ran outside any input") }
    guard let ctx, h.opContexts.contains(ctx), let box = OpBox.from(ctx) else {
        violation("a completion received a ctx the harness never gave an op")
    }
    guard let owner = box.nav else { violation("the completion of a call on a bad handle ran") }
    if nav != owner.handle {
        violation("the completion of op \(op) asked of nav#\(owner.slot) received \(h.model(of: nav).map { "nav#\($0.slot)" } ?? String(describing: nav))")
    }
    if op != box.kind { violation("the completion of op \(box.kind) said op \(op)") }
    if box.completions > 0 { violation("an op completed twice (op \(op), outcomes \(box.outcome) then \(outcome))") }
    if !box.inCall && box.status < 0 { violation("the completion of a failed call ran") }
    if !Outcomes.allowed(op: op).contains(outcome) {
        violation("op \(op) ended with outcome \(outcome), which SPEC §2 does not allow for it")
    }
    if op == Int32(NAVCORE_OP_RUN.rawValue) {
        let ran = box.blockRuns == 1
        if outcome == Int32(NAVCORE_OUTCOME_COMPLETED.rawValue) && !ran { violation("a run completed without its block") }
        if outcome == Int32(NAVCORE_OUTCOME_ABORTED.rawValue) && ran { violation("a run whose block ran ended aborted") }
    }
    h.enterCallback(owner, "completion")
    defer { h.leaveCallback(owner) }
    box.completions += 1
    box.outcome = outcome
    log("  <- completion \(String(cString: navcore_op_string(op))) \(String(cString: navcore_outcome_string(outcome)))")
    h.fire(.completion, Int(op), owner)
}

func destroyContext(_ ctx: UnsafeMutableRawPointer?) {
    guard let h = Harness.current else { violation("a ctx destructor ran outside any input") }
    guard let ctx, h.regContexts.contains(ctx), let box = RegBox.from(ctx) else {
        violation("a ctx destructor received a ctx the harness never registered")
    }
    if !box.hasDestructor { violation("navcore called a destructor the registration did not give") }
    if box.destroys > 0 { violation("the ctx destructor of a \(box.kind) registration ran twice") }
    if box.running > 0 { violation("the ctx destructor of a \(box.kind) registration ran while its callback runs") }
    if !box.accepted { violation("the ctx destructor of a failed (or failing) \(box.kind) registration ran") }
    box.destroys += 1
    log("  <- ctx destructor \(box.kind)")
    h.fire(.destructor, box.kind.rawValue, box.nav)
}

/// The outcomes SPEC §2 allows for each op (navcore.h's @outcome tags of its functions).
enum Outcomes {
// BEGIN GENERATED by scripts/generate.py (outcomes) from include/navcore.h (the @outcome tags of the functions of NAVCORE_REQUEST_MAP): edit the source, then run `make generate`
    /// The outcomes each op may end with: its functions' (`@outcome`) and `aborted`.
    static let byOp: [Int32: Set<Int32>] = [
        Int32(NAVCORE_OP_PUSH.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_DUPLICATE.rawValue),
            Int32(NAVCORE_OUTCOME_INVALID.rawValue), Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_POP.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_POP_TO.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_NOT_IN_STACK.rawValue), Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_POP_TO_ROOT.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_SET.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_DUPLICATE.rawValue), Int32(NAVCORE_OUTCOME_INVALID.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_BACK.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_VETOED.rawValue), Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_GESTURE.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_CANCELLED.rawValue), Int32(NAVCORE_OUTCOME_VETOED.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_RUN.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_VISIBLE.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_SHOW.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_UNKNOWN_ROUTE.rawValue), Int32(NAVCORE_OUTCOME_FACTORY_FAILED.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_OPEN.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_UNKNOWN_ROUTE.rawValue),
            Int32(NAVCORE_OUTCOME_FACTORY_FAILED.rawValue), Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_ATTACH.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_INVALID.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_ACTIVATE.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_PRESENT.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_INVALID.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_DISMISS.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_NOOP.rawValue),
            Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
        Int32(NAVCORE_OP_LEAVE.rawValue): [
            Int32(NAVCORE_OUTCOME_COMPLETED.rawValue), Int32(NAVCORE_OUTCOME_ABORTED.rawValue)
        ],
    ]
// END GENERATED (outcomes)

    static func allowed(op: Int32) -> Set<Int32> { byOp[op] ?? [] }
}
