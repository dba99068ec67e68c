/// One notification the engine delivers to the host, in the order of SPEC §4.
///
/// Events are made under the lock, with the state they describe, and delivered after the lock
/// is released. They name screens by borrowed `ScreenRef`s (no reference count per event; see
/// `ScreenRef` for why they stay valid until delivered), except what hands a screen back to the
/// host for the last time — `release` and `result` — which owns its `ScreenBox`.
package enum Event: Sendable {
    /// The action state changed (`action <state> …`).
    case action(ActionEvent)
    /// A screen will or did show or hide.
    case appearance(AppearanceEvent)
    /// The host's animator should play a transition and later finish (or cancel) it.
    case transition(TransitionEvent)
    /// The host reported the progress of an interactive transition.
    case progress(transition: UInt64, value: Double)
    /// The navigation bar's state changed.
    case bar(shown: Bool, animated: Bool)
    /// A `show` delivered its payload to a screen.
    case payload(ScreenRef, String)
    /// A screen was released: its id is dead, its object goes back to the host. Always
    /// produced, listened to or not, so that the object leaves the lock before it is dropped.
    case release(ScreenBox)
    /// A retained screen left the stack and stays live, detached (SPEC §17): produced where its
    /// `release` would be. It owns its box: once detached, the host may discard the screen
    /// from another thread before this event is delivered.
    case detach(ScreenBox)
    /// A screen that has a result listener is about to be released: the engine calls the
    /// listener with the result (SPEC §12), not the sink.
    case result(ResultDelivery)
    /// An op ended (its own completion has been called just before, by the script).
    case done(OperationKind, Outcome)
    /// navcore made a navigator under this one (`restore_tree`, SPEC §16.10), before any of its
    /// screens: the front makes its own object for it here, and the host registers its
    /// callbacks. Always produced, listened to or not, as the front needs it.
    case child(ChildEvent)
}

/// A navigator navcore made (`restore_tree`): its core, where it hangs from the navigator
/// whose sink hears it, and that navigator's node. A class, so that an `Event` stays small.
package final class ChildEvent: Sendable {
    /// The parent's node.
    package let parent: NodeID
    /// The host screen (a live screen of the parent); 0 for a modal.
    package let screen: UInt64
    /// The new navigator.
    package let child: NavigatorCore

    init(parent: NodeID, screen: UInt64, child: NavigatorCore) {
        self.parent = parent
        self.screen = screen
        self.child = child
    }
}

/// A result on its way to its screen's listener (SPEC §12). A class, so that an `Event` stays
/// as small as it was without results (most screens have no listener).
package final class ResultDelivery: Sendable {
    package let screen: ScreenBox
    package let text: String?
    package let listener: any ResultListener

    init(_ screen: ScreenBox, _ text: String?, _ listener: any ResultListener) {
        self.screen = screen
        self.text = text
        self.listener = listener
    }
}

/// `action <state> [+appearing] [-disappearing…] animated|instant`.
package struct ActionEvent: Sendable {
    /// The new action state.
    package let state: ActionState
    /// The screen that becomes top, if the op has one (none for `idle`).
    package let appearing: ScreenRef?
    /// The screens that leave the top or the stack, bottom to top (borrowed from the op's
    /// `StackChange`).
    package let disappearing: ScreenRefs
    /// The op's effective animation (SPEC §4).
    package let animated: Bool
}

/// `will_show`/`did_show`/`will_hide`/`did_hide` of one screen.
package struct AppearanceEvent: Sendable {
    package let phase: AppearancePhase
    package let screen: ScreenRef
    package let reason: AppearanceReason
    package let animated: Bool
}

/// A request to the host's animator.
package struct TransitionEvent: Sendable {
    /// The id the host passes back to finish, cancel or report progress.
    package let id: UInt64
    package let style: TransitionStyle
    /// The old top; a first screen never animates, so there always is one.
    package let from: ScreenRef
    /// The new top.
    package let to: ScreenRef
    /// Whether the host may cancel it (the interactive back gesture).
    package let interactive: Bool
}

/// Which optional callbacks the front has: the engine skips what nobody listens to, and the
/// animator and veto bits change behaviour (SPEC §4's effective animation, §6's default).
package struct EventInterest: OptionSet, Sendable {
    package let rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }

    package static let action = EventInterest(rawValue: 1 << 0)
    /// An animator is registered: ops may animate and the gesture is possible.
    package static let animator = EventInterest(rawValue: 1 << 1)
    package static let progress = EventInterest(rawValue: 1 << 2)
    package static let bar = EventInterest(rawValue: 1 << 3)
    package static let payload = EventInterest(rawValue: 1 << 4)
    package static let done = EventInterest(rawValue: 1 << 5)
    /// A pop veto is registered.
    package static let veto = EventInterest(rawValue: 1 << 6)

    /// One appearance phase (bits 7–10, in `AppearancePhase` order).
    package static func appearance(_ phase: AppearancePhase) -> EventInterest {
        EventInterest(rawValue: 1 << (7 + UInt32(truncatingIfNeeded: phase.rawValue & 3)))
    }

    /// All four appearance phases.
    package static let appearance: EventInterest = [
        .appearance(.willShow), .appearance(.didShow), .appearance(.willHide), .appearance(.didHide),
    ]

    /// Every kind.
    package static let all = EventInterest(rawValue: (1 << 11) - 1)
}

/// The front's host code, as an immutable snapshot installed in the navigator's state: the C
/// library's callback table, the Swift API's delegate, closures and observers. Registering a
/// callback installs a new snapshot; each event is delivered to the snapshot current when the
/// event was made (read under the same lock), so an event never finds its callback half
/// replaced, and finding it costs no second lock.
///
/// Every method is called with no lock held, on the thread that drives the navigator, and
/// never concurrently with another (but `wakeup`, see there).
package protocol EventSink: AnyObject, Sendable {
    /// The callbacks this snapshot has: the engine skips what nobody listens to.
    var interest: EventInterest { get }
    /// Delivers one event.
    func deliver(_ event: consuming Event)
    /// Delivers an action event: the commonest kinds have entry points of their own, to which
    /// `send` dispatches, so that a sink's call needs no `Event` unpacked again (by default
    /// they wrap it for `deliver`).
    func deliverAction(_ event: ActionEvent)
    /// Delivers an appearance event (see `deliverAction`).
    func deliverAppearance(_ event: AppearanceEvent)
    /// Asks the pop veto whether the user may pop `top` (SPEC §6, §13); only when `.veto` is in
    /// the interest. `decision` is the id the host passes to `decide` if it answers later.
    func shouldPop(_ top: ScreenRef, trigger: PopTrigger, decision: UInt64) -> VetoAnswer
    /// Host dispatch mode: work is waiting for `drain` (SPEC §9). Called by the thread whose
    /// call made work wait, which may be any thread and may overlap other callbacks: it should
    /// only schedule a drain on the host's UI thread.
    func wakeup()
    /// The navigator was destroyed and its last event delivered: let go of host callbacks.
    func navigatorDidEnd()
    /// Calls an op's C completion (`CompletionHandler.c`), which the engine cannot call itself.
    func complete(_ completion: CCallback<CompletionHandler>, _ kind: OperationKind, _ outcome: Outcome)
    /// Calls a `run` op's C block (`RunBlock.c`), which the engine cannot call itself.
    func run(_ block: CCallback<RunBlock>)
}

/// The sink of a navigator whose front has not installed one yet, or that has ended.
package final class SilentSink: EventSink {
    package init() {}
    package var interest: EventInterest { [] }
    package func deliver(_ event: consuming Event) {}
    package func shouldPop(_ top: ScreenRef, trigger: PopTrigger, decision: UInt64) -> VetoAnswer { .allow }
    package func wakeup() {}
    package func navigatorDidEnd() {}
    package func complete(_ completion: CCallback<CompletionHandler>, _ kind: OperationKind, _ outcome: Outcome) {}
    package func run(_ block: CCallback<RunBlock>) {}
}

extension EventSink {
    package func deliverAction(_ event: ActionEvent) { deliver(.action(event)) }
    package func deliverAppearance(_ event: AppearanceEvent) { deliver(.appearance(event)) }

    /// Delivers an event to whoever takes it: a `result` to the screen's listener, anything
    /// else to this sink.
    @inline(__always)  // into the caller: an unspecialised call on an existential copies the event
    func send(_ event: consuming Event) {
        switch consume event {
        case .action(let action): deliverAction(action)
        case .appearance(let change): deliverAppearance(change)
        case .result(let delivery): delivery.listener.deliver(delivery.screen.ref, result: delivery.text)
        case let other: deliver(other)
        }
    }
}
