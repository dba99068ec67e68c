/// Which of the four appearance callbacks a screen receives (<doc:Semantics> §4 steps 5 and 7).
///
/// The raw values are the `NAVCORE_PHASE_*` constants of `include/navcore.h`.
public enum AppearancePhase: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The screen is about to become the top.
    case willShow = 0
    /// The screen has become the top and its transition has ended.
    case didShow = 1
    /// The screen is about to stop being the top.
    case willHide = 2
    /// The screen has stopped being the top and its transition has ended.
    case didHide = 3

    /// The spelling used by the scenario traces, e.g. `will_show`.
    public var description: String {
        switch self {
        case .willShow: "will_show"
        case .didShow: "did_show"
        case .willHide: "will_hide"
        case .didHide: "did_hide"
        }
    }
}

/// Why a screen appears or disappears.
///
/// The raw values are the `NAVCORE_REASON_*` constants of `include/navcore.h`.
public enum AppearanceReason: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// A push (or a `show` that pushes).
    case push = 0
    /// A pop of any kind (or a `show` that recycles a lower screen).
    case pop = 1
    /// A `set` (or a `show` that replaces the current screen).
    case set = 2
    /// An interactive pop was cancelled: the screens swap back.
    case cancel = 3
    /// The navigator was made visible.
    case appear = 4
    /// The navigator was hidden.
    case disappear = 5
    /// A modal was presented (<doc:Semantics> §16.4).
    case present = 6
    /// A modal was dismissed (<doc:Semantics> §16.4).
    case dismiss = 7

    /// The spelling used by the scenario traces.
    public var description: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .set: "set"
        case .cancel: "cancel"
        case .appear: "appear"
        case .disappear: "disappear"
        case .present: "present"
        case .dismiss: "dismiss"
        }
    }
}

/// The animation style the host should play for a transition (<doc:Semantics> §4).
///
/// The raw values are the `NAVCORE_STYLE_*` constants of `include/navcore.h`.
public enum TransitionStyle: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The new top slides in over the old one.
    case push = 0
    /// The old top slides away to reveal the new one.
    case pop = 1
    /// A modal comes over its parent (<doc:Semantics> §16.4).
    case present = 2
    /// A modal goes away (<doc:Semantics> §16.4).
    case dismiss = 3

    /// The spelling used by the scenario traces.
    public var description: String {
        switch self {
        case .push: "push"
        case .pop: "pop"
        case .present: "present"
        case .dismiss: "dismiss"
        }
    }
}

/// What started a user-initiated pop, as told to the pop veto (<doc:Semantics> §6).
public enum PopTrigger: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The back button (`back`).
    case button = 0
    /// The interactive back gesture (`gesture`).
    case gesture = 1

    /// The spelling used by the scenario traces.
    public var description: String { self == .button ? "button" : "gesture" }
}

/// How a navigator took a request (<doc:Semantics> §3): it started at once or it waits in the
/// queue. A bounded drain (§9) answers with it too: `queued` when it left ops in the queue.
///
/// The raw values are `NAVCORE_OK` and `NAVCORE_QUEUED` of `include/navcore.h`.
public enum RequestStatus: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// The op started at once (it may already have ended); a bounded drain left no op to run
    /// now (the queue is empty, or an op waits for the host).
    case ok = 0
    /// The op waits in the queue behind the op in flight or other queued ops; a bounded drain
    /// stopped on its budget with ops still queued, and raised `wakeup` for them.
    case queued = 1

    /// The spelling used by the scenario traces.
    public var description: String { self == .ok ? "ok" : "queued" }
}
