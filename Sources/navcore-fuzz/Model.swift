import CNavCore

// What the harness knows about one input's run: the navigators it made, the screens they
// created, every op it asked and every registration it made. Everything lives until the input
// ends (the harness owns all ctx boxes; navcore only receives unretained pointers to them), so
// a late, duplicate or foreign callback is detected by the checks instead of crashing.

typealias NavHandle = UnsafeMutablePointer<navcore_navigator>

/// The state of one input; `Harness.current` while the input runs.
final class Harness {
    /// The input being run (callbacks reach it through their box, this is for the entry point).
    nonisolated(unsafe) static var current: Harness?

    static let slotCount = 4
    /// Navigator slots: a navigator stays in its slot after destroy (its handle is then dead)
    /// until `create` reuses the slot.
    var slots: [NavModel?] = Array(repeating: nil, count: Harness.slotCount)
    /// Every navigator of this input, in creation order.
    var navigators: [NavModel] = []
    /// The slot that top-level commands act on.
    var currentSlot = 0
    /// Screens by id, and in creation order.
    var screens: [UInt64: ScreenRecord] = [:]
    var screenOrder: [ScreenRecord] = []
    /// Every op asked and every registration made (kept alive: their addresses are ctx).
    var ops: [OpBox] = []
    var registrations: [RegBox] = []
    /// Armed `on …` hooks.
    var hooks: [Hook] = []
    /// How deep hook programs are nested, and how many may still fire.
    var hookDepth = 0
    var hookBudget = Limits.hookFirings
    /// Commands left for this input (top level and hook programs together).
    var commandBudget = Limits.commands
    /// Callbacks running right now, all navigators together (0 = the harness is at top level).
    var callbacksRunning = 0
    /// Orders wakeups and drains.
    var sequence = 0
    /// Every ctx the harness handed out, to validate what callbacks receive.
    var opContexts: Set<UnsafeMutableRawPointer> = []
    var regContexts: Set<UnsafeMutableRawPointer> = []
    /// Makes host objects distinct: the n-th object is `n << 4 | 8` (never dereferenced).
    var objectSerial: UInt = 0

    init() {}

    func nextObject() -> UnsafeMutableRawPointer? {
        objectSerial += 1
        return UnsafeMutableRawPointer(bitPattern: objectSerial << 4 | 8)
    }

    /// The model of a live or destroyed navigator by handle.
    func model(of handle: NavHandle?) -> NavModel? {
        navigators.first { $0.handle == handle }
    }

    /// The navigator in `slot` (live or destroyed).
    func model(slot: Int) -> NavModel? { slots[slot % Harness.slotCount] }
}

/// Bounds that keep every input finite.
enum Limits {
    static let commands = 2048
    static let hookFirings = 64
    static let hookDepth = 4
    static let programLength = 48
    static let setCount = 8
}

/// One navigator.
final class NavModel {
    let slot: Int
    let handle: NavHandle
    let hostDispatch: Bool
    /// `navcore_navigator_destroy` was called with its live handle: every later call must fail
    /// (inside a callback the teardown comes later, but the handle is dead at once).
    var destroyed = false
    /// The post-destroy checks have run.
    var settled = false
    /// This navigator's callbacks running now (they must never nest).
    var callbackDepth = 0
    /// Its screens in creation order, and the count per route (for labels).
    var screens: [ScreenRecord] = []
    var createdPerRoute: [Int: Int] = [:]
    /// The current registration of each kind (nil = none).
    var current: [RegKind: RegBox] = [:]
    /// The navigator had no wakeup callback at some point: a wakeup may have gone unseen.
    var wakeupEverMissing = false
    /// The ops asked and registrations made with this navigator selected (for its settling).
    var ops: [OpBox] = []
    var registrations: [RegBox] = []
    /// Routes registered (by route index) and their boxes.
    var routes: [Int: RegBox] = [:]
    /// Host mode: wakeups since the last drain call began, and the order of the two.
    var wakeupsSinceDrain = 0
    var lastWakeup = 0
    var lastDrain = 0
    /// Transitions the animator received: id → interactive; the last id.
    var transitions: [UInt64: Bool] = [:]
    var lastTransition: UInt64 = 0
    /// The veto's answer (a `VetoAnswer` code) about each screen (label code) when it is the
    /// top, and about every screen (`vetoAll`, 0 = per screen).
    var vetoAnswers: [Int: UInt8] = [:]
    var vetoAll: UInt8 = 0
    /// The decision ids the deferrable veto received, the last one, and the one pending now
    /// (0: none; set when the hook returns later for a back, SPEC §13).
    var decisions: Set<UInt64> = []
    var lastDecision: UInt64 = 0
    var pendingDecision: UInt64 = 0
    /// The screens whose result listener returned and whose release has not come yet, last
    /// first: no op event may come before that release (Callbacks.swift).
    var resultsAwaitingRelease: [UInt64] = []
    /// The bar threshold, as far as the harness set it (nil: unknown, e.g. a huge value).
    var threshold: Int? = 0
    /// Its family (SPEC §16), named by the handle of the navigator it began with: itself alone
    /// until an accepted attach or present joins it to another (Family.swift).
    var family: UInt
    /// Its parent from the accepted attach or present on (nil: a root), the screen it was
    /// attached to (0: a modal), and whether it was presented.
    weak var parent: NavModel?
    var hostScreen: UInt64 = 0
    var presented = false
    /// Its family's root was destroyed (the teardown of section 9, which emits no hides).
    var destroyedWithRoot = false
    /// `always_appear` was on at some point: its show and hide events may be unbalanced.
    var alwaysAppearEver = false
    /// It lacked a `will_show` or `will_hide` callback at some point: events went unseen.
    var appearanceUnobserved = false
    /// Backs and gestures asked of it and accepted, and `done back`/`done gesture` events its
    /// observer received: never more events than ops (the asked navigator reports, SPEC §16.6).
    var backsAsked = 0
    var backsDone = 0

    init(slot: Int, handle: NavHandle, hostDispatch: Bool) {
        self.slot = slot
        self.handle = handle
        self.hostDispatch = hostDispatch
        self.family = UInt(bitPattern: handle)
    }

    /// The screens of route `route` in creation order; `ordinal` 0 is the first (label `R`).
    func screen(route: Int, ordinal: Int) -> ScreenRecord? {
        screens.first { $0.route == route && $0.ordinal == ordinal }
    }

    /// Records a new screen of this navigator.
    func adopt(_ record: ScreenRecord) {
        screens.append(record)
    }

    func nextOrdinal(route: Int) -> Int {
        let ordinal = createdPerRoute[route, default: 0]
        createdPerRoute[route] = ordinal + 1
        return ordinal
    }
}

/// One screen id the harness saw created.
final class ScreenRecord {
    let id: UInt64
    unowned let nav: NavModel
    /// Index in `Routes.names`, and the per-route ordinal (label `R`, `R#2`, …).
    let route: Int
    let ordinal: Int
    let object: UnsafeMutableRawPointer?
    /// Release callbacks received for it.
    var releases = 0
    /// The release callback has returned: the id is dead.
    var dead = false
    /// `navcore_screen_discard` accepted it: its release is on its way.
    var discarded = false
    /// It was live while the navigator had no release callback: its release may go unseen.
    var releaseUnobserved = false
    /// Its result listener (SPEC §12) as far as the harness attached it, and whether navcore
    /// has begun calling it (from then on `on_result` fails with state).
    var listener: RegBox?
    var resultStarted = false
    /// A `will_show` came and no `will_hide` since: the screen is shown (SPEC §5, §16.5).
    var shown = false

    init(id: UInt64, nav: NavModel, route: Int, ordinal: Int, object: UnsafeMutableRawPointer?) {
        self.id = id
        self.nav = nav
        self.route = route
        self.ordinal = ordinal
        self.object = object
    }

    /// Label code of `on`/`veto` filters: route in the low 3 bits, ordinal above.
    var labelCode: Int { route < 8 ? (route | ordinal << 3) : 0x7F }

    /// Known live: created, not discarded, not released, release observed all along.
    var knownLive: Bool { releases == 0 && !discarded && !releaseUnobserved && !nav.destroyed }
}

/// The ctx of one op call: its completion (and, for `run`, its block).
final class OpBox {
    /// The selected navigator (nil when there was none; the call then had a bad handle).
    unowned let nav: NavModel?
    let kind: Int32
    /// The call has not returned yet (its completion may come during the call).
    var inCall = true
    var status: Int32 = 0
    /// The caller passed a completion.
    var tracked = true
    var completions = 0
    var outcome: Int32 = -1
    /// `run`: its name and how often its block ran.
    var runName = 0
    var blockRuns = 0

    init(nav: NavModel?, kind: Int32) {
        self.nav = nav
        self.kind = kind
    }

    var ctx: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    static func from(_ ctx: UnsafeMutableRawPointer?) -> OpBox? {
        ctx.map { Unmanaged<OpBox>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// The kinds of registration (one slot each, per phase for appearance), and routes.
enum RegKind: Int, CaseIterable {
    case action, willShow, didShow, willHide, didHide, progress, bar, payload, release, done, wakeup, animator, veto
    case route
    /// A screen's result listener (its box names the screen), and the three-way veto (it takes
    /// the veto's slot, `.veto`, in `NavModel.current`).
    case result, deferrableVeto
}

/// The ctx of one registration (a callback, or a route's factory).
final class RegBox {
    unowned let nav: NavModel
    let kind: RegKind
    /// Routes: the route's index, and how the factory behaves.
    var route = 0
    /// Result listeners: the screen, and how often the listener was called.
    var screen: UInt64 = 0
    var calls = 0
    var factoryFails = false
    var factoryNullObject = false
    /// The registering call has not returned yet / returned OK.
    var inCall = true
    var accepted = false
    /// The call passed a destructor for the ctx.
    let hasDestructor: Bool
    var destroys = 0
    /// Its callback is running now.
    var running = 0

    init(nav: NavModel, kind: RegKind, hasDestructor: Bool) {
        self.nav = nav
        self.kind = kind
        self.hasDestructor = hasDestructor
    }

    var ctx: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
    static func from(_ ctx: UnsafeMutableRawPointer?) -> RegBox? {
        ctx.map { Unmanaged<RegBox>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// An armed `on EVENT [filter]: PROGRAM`.
struct Hook {
    let slot: Int
    let kind: HookKind
    /// 0xFF = any; else compared with the event's filter value (see `HookKind`).
    let filter: Int
    var skip: Int
    let repeats: Bool
    let program: [UInt8]
    var spent = false
}

/// The events a hook can fire on, and what its filter byte compares with.
enum HookKind: Int, CaseIterable {
    case action  // filter: the action state
    case willShow, didShow, willHide, didHide  // filter: the screen's label code
    case transition  // filter: the style
    case progress  // no filter
    case bar  // filter: 1 shown, 0 hidden
    case payload, release  // filter: the screen's label code
    case done, completion  // filter: the op kind
    case run  // filter: the run's name
    case wakeup  // no filter
    case veto  // filter: the top's label code
    case factory  // filter: the route index
    case destructor  // filter: the RegKind of the registration
    case result  // filter: the screen's label code
}

/// The veto's answers, as `veto label answer` sets them (answer % 4). The bool hook allows on
/// 0 and 2 and refuses on 1 and 3; the three-way hook returns the NAVCORE_VETO_* value, and for
/// `garbage` a value navcore.h does not define (which must refuse).
enum VetoAnswer: UInt8 {
    case allow, refuse, later, garbage
}

/// The route names the inputs use, by index.
enum Routes {
    static let count = 13
    /// nil = a NULL pointer.
    static let names: [[UInt8]?] = [
        Array("R0".utf8), Array("R1".utf8), Array("R2".utf8), Array("R3".utf8),
        Array("R4".utf8), Array("R5".utf8), Array("R6".utf8), Array("R7".utf8),
        [],  // ""
        [0x41, 0xC3, 0x28, 0xFF],  // invalid UTF-8
        nil,  // NULL
        Array(repeating: 0x78, count: 300),  // long
        Array("é/路/🙂".utf8),
    ]

    /// The name as the screen's route (NULL is "" for screens).
    static func screenRoute(_ index: Int) -> [UInt8] { names[index] ?? [] }

    static func isValidUTF8(_ index: Int) -> Bool { index != 9 }

    /// Calls `body` with the name as a C string (NULL for index 10).
    static func with<R>(_ index: Int, _ body: (UnsafePointer<CChar>?) -> R) -> R {
        guard let bytes = names[index % count] else { return body(nil) }
        return withCString(bytes, body)
    }
}

/// Calls `body` with `bytes` NUL-terminated.
func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>?) -> R) -> R {
    let chars = bytes.map { CChar(bitPattern: $0) } + [0]
    return chars.withUnsafeBufferPointer { body($0.baseAddress) }
}
