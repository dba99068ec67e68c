import CNavCore
import Foundation
import Glibc
import Testing

// One navigator driven through the C API, its recorder, and the checks every test uses.

/// The statuses as the C functions return them.
let OK = NAVCORE_OK.rawValue
let QUEUED = NAVCORE_QUEUED.rawValue

/// The callback registrations a harness can make; each uses the ctx token of its name.
enum Hook: String, CaseIterable, Sendable {
    case action, willShow = "will_show", didShow = "did_show", willHide = "will_hide", didHide = "did_hide"
    case progress, bar, payload, release, done, wakeup, animator, veto
}

/// A navigator, a recorder whose libffi closures are registered for every callback, and
/// helpers. `close()` destroys the navigator (if the test has not) and then frees the closures.
final class Harness: @unchecked Sendable {
    // @unchecked: `nav` never changes; the recorder is thread-safe.
    let recorder = Recorder()
    let nav: Nav

    /// A navigator in `dispatch` mode with the callbacks `hooks` registered (each with a ctx
    /// destructor).
    init(dispatch: navcore_dispatch = NAVCORE_DISPATCH_INLINE, hooks: Set<Hook> = Set(Hook.allCases),
         sourceLocation: SourceLocation = #_sourceLocation) {
        var made: Nav?
        let status = navcore_navigator_create(&made, c(dispatch))
        #expect(status == OK, sourceLocation: sourceLocation)
        nav = made!
        recorder.expectedNav = nav
        for hook in Hook.allCases where hooks.contains(hook) {
            #expect(register(hook) == OK, "registering \(hook)", sourceLocation: sourceLocation)
        }
    }

    /// Destroys the navigator (a no-op status if the test already did) and frees the closures.
    func close() {
        _ = navcore_navigator_destroy(nav)
        recorder.freeTrampolines()
    }

    var r: Recorder { recorder }

    // MARK: Registrations

    /// Registers `hook` with its ctx token and the recorder's destructor (or removes it).
    @discardableResult
    func register(_ hook: Hook, remove: Bool = false, ctx: String? = nil) -> Int32 {
        let ctx = r.token(ctx ?? hook.rawValue)
        let destroy: navcore_destroy_fn? = remove ? nil : r.destroyFn
        switch hook {
        case .action: return navcore_on_action(nav, remove ? nil : r.actionFn, ctx, destroy)
        case .willShow, .didShow, .willHide, .didHide:
            let phase: navcore_phase = switch hook {
            case .willShow: NAVCORE_PHASE_WILL_SHOW
            case .didShow: NAVCORE_PHASE_DID_SHOW
            case .willHide: NAVCORE_PHASE_WILL_HIDE
            default: NAVCORE_PHASE_DID_HIDE
            }
            return navcore_on_appearance(nav, c(phase), remove ? nil : r.appearanceFn, ctx, destroy)
        case .progress: return navcore_on_progress(nav, remove ? nil : r.progressFn, ctx, destroy)
        case .bar: return navcore_on_bar(nav, remove ? nil : r.barFn, ctx, destroy)
        case .payload: return navcore_on_payload(nav, remove ? nil : r.payloadFn, ctx, destroy)
        case .release: return navcore_on_release(nav, remove ? nil : r.releaseFn, ctx, destroy)
        case .done: return navcore_on_done(nav, remove ? nil : r.doneFn, ctx, destroy)
        case .wakeup: return navcore_on_wakeup(nav, remove ? nil : r.wakeupFn, ctx, destroy)
        case .animator: return navcore_on_transition(nav, remove ? nil : r.transitionFn, ctx, destroy)
        case .veto: return navcore_on_pop_veto(nav, remove ? nil : r.vetoFn, ctx, destroy)
        }
    }

    /// Registers the route `name` with the recorder's factory, ctx token `route:<name>`.
    @discardableResult
    func route(_ name: String) -> Int32 {
        navcore_route_register(nav, name, r.factoryFn, r.token("route:\(name)"), r.destroyFn)
    }

    // MARK: Screens

    /// Creates a detached screen labelled `label` (route = the label without `#n`), whose
    /// object is the token named `label`.
    func screen(_ label: String, route: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> UInt64 {
        var id: UInt64 = 0
        let routeName = route ?? String(label.prefix { $0 != "#" })
        #expect(navcore_screen_create(&id, nav, routeName, r.token(label)) == OK, sourceLocation: sourceLocation)
        #expect(id != 0, sourceLocation: sourceLocation)
        r.label(id, label)
        return id
    }

    /// Creates the screens and sets them as the stack, instant, without recording anything.
    @discardableResult
    func build(_ labels: String..., sourceLocation: SourceLocation = #_sourceLocation) -> [UInt64] {
        let ids = labels.map { screen($0, sourceLocation: sourceLocation) }
        #expect(navcore_set_stack(nav, ids, ids.count, false, nil, nil) == OK, sourceLocation: sourceLocation)
        _ = r.take()
        return ids
    }

    func id(_ label: String) -> UInt64 { r.id(of: label) ?? 0 }

    /// A completion ctx token.
    func ctx(_ name: String) -> UnsafeMutableRawPointer { r.token(name) }

    // MARK: Queries (each expected to succeed)

    /// The stack's labels, bottom to top.
    var stack: [String] {
        var count = 0
        #expect(navcore_stack_copy(&count, nil, 0, nav) == OK)
        var ids = [UInt64](repeating: 0, count: count)
        var again = 0
        #expect(navcore_stack_copy(&again, &ids, ids.count, nav) == OK)
        return ids.prefix(again).map { r.label(of: $0) }
    }

    var top: String {
        var id: UInt64 = 0
        #expect(navcore_top(&id, nav) == OK)
        return r.label(of: id)
    }

    var state: String {
        var state: Int32 = -1
        #expect(navcore_action_state(&state, nav) == OK)
        return String(cString: navcore_action_string(state))
    }

    var busy: Bool {
        var busy = false
        #expect(navcore_is_busy(&busy, nav) == OK)
        return busy
    }

    var pending: Int {
        var count = 0
        #expect(navcore_pending_count(&count, nav) == OK)
        return count
    }

    var transition: UInt64 {
        var id: UInt64 = 0
        #expect(navcore_transition_current(&id, nav) == OK)
        return id
    }

    /// The decision a back waits for, 0 if none.
    var pendingDecision: UInt64 {
        var id: UInt64 = 0
        #expect(navcore_pending_decision(&id, nav) == OK)
        return id
    }

    /// Finishes the transition in flight.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        let id = transition
        #expect(id != 0, "a transition is in flight", sourceLocation: sourceLocation)
        #expect(navcore_transition_finish(nav, id) == OK, sourceLocation: sourceLocation)
    }
}

// MARK: Status checks

/// The status name of a C status, for messages.
func statusName(_ status: Int32) -> String { String(cString: navcore_status_string(status)) }

/// Checks that a call failed with `expected` and left a non-empty message for this thread.
func expectError(_ status: Int32, _ expected: navcore_status, _ comment: Comment? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(statusName(status) == statusName(expected.rawValue), comment, sourceLocation: sourceLocation)
    let message = String(cString: navcore_last_error_message())
    #expect(!message.isEmpty, "navcore_last_error_message() after a failure", sourceLocation: sourceLocation)
}

/// Checks that a call succeeded with `expected` (`NAVCORE_OK` by default).
func expectStatus(_ status: Int32, _ expected: navcore_status = NAVCORE_OK, _ comment: Comment? = nil,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(statusName(status) == statusName(expected.rawValue), comment, sourceLocation: sourceLocation)
}

/// A byte string that is not valid UTF-8, NUL-terminated.
let invalidUTF8: [CChar] = [CChar(bitPattern: 0x41), CChar(bitPattern: 0xFF), CChar(bitPattern: 0xFE), 0]

/// A C enum constant as the `int` the functions take and the callbacks receive.
func c<E: RawRepresentable>(_ value: E) -> Int32 where E.RawValue: BinaryInteger { Int32(value.rawValue) }

/// The NUL-terminated text at the start of `buffer`.
func text(_ buffer: [CChar]) -> String {
    buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
}

/// `navcore_show_options` made as a host makes them: navcore_show_options_init's defaults for
/// the header's version, then the fields set.
func showOptions(animated: Bool, remove_current: Bool, recycle: navcore_recycle, payload: UnsafePointer<CChar>?)
    -> navcore_show_options
{
    var options = navcore_show_options()
    #expect(navcore_show_options_init(&options, UInt32(NAVCORE_SHOW_OPTIONS_VERSION)) == OK)
    options.animated = animated
    options.remove_current = remove_current
    options.recycle = c(recycle)
    options.payload = payload
    return options
}
