/// The Swift front's host code as one immutable snapshot, installed in the engine as the
/// navigator's sink: it gives each event to the screen's own object (`ScreenFeedback`), the
/// delegate and the observers, in that order; plays transitions through the animator; asks the
/// veto. Changing a handler installs a new snapshot (`Navigator.updateHandlers`).
final class HandlerSet: EventSink {
    /// The host's handlers.
    struct Handlers: Sendable {
        weak var navigator: Navigator?
        weak var delegate: (any NavigatorDelegate)?
        var animator: (@Sendable (Transition) -> Void)?
        var veto: (@Sendable (Screen, PopTrigger, VetoDecision) -> VetoAnswer)?
        var wakeup: (@Sendable () -> Void)?
        var observers: [Observer] = []
        var nextToken = 1
    }

    /// An observer: its token, what it is told, and what ends it when the navigator ends.
    struct Observer: Sendable {
        let token: Int
        let body: @Sendable (NavigationEvent) -> Void
        let end: (@Sendable () -> Void)?
    }

    // The handlers' fields, stored one by one: reading a field of a stored `Handlers` would
    // copy the whole struct, weak references included, on every event.
    private weak let navigator: Navigator?
    private weak let delegate: (any NavigatorDelegate)?
    private let animator: (@Sendable (Transition) -> Void)?
    private let veto: (@Sendable (Screen, PopTrigger, VetoDecision) -> VetoAnswer)?
    private let wakeupHandler: (@Sendable () -> Void)?
    private let observers: [Observer]
    private let nextToken: Int
    let interest: EventInterest

    init(_ handlers: Handlers) {
        navigator = handlers.navigator
        delegate = handlers.delegate
        animator = handlers.animator
        veto = handlers.veto
        wakeupHandler = handlers.wakeup
        observers = handlers.observers
        nextToken = handlers.nextToken
        // Show/hide and payloads always, for `ScreenFeedback` objects; everything once anyone
        // observes.
        var interest: EventInterest = [.appearance, .payload]
        if handlers.delegate != nil || !handlers.observers.isEmpty { interest = .all.subtracting([.animator, .veto]) }
        if handlers.animator != nil { interest.insert(.animator) }
        if handlers.veto != nil { interest.insert(.veto) }
        self.interest = interest
    }

    /// The handlers, to derive the next snapshot from.
    var handlers: Handlers {
        Handlers(navigator: navigator, delegate: delegate, animator: animator, veto: veto, wakeup: wakeupHandler,
                 observers: observers, nextToken: nextToken)
    }

    func deliver(_ event: consuming Event) {
        if case .transition(let transition) = copy event {
            // The engine asks for a transition only while an animator is installed.
            animator?(Transition(transition, control: navigator))
        }
        event.notifyScreenObject()
        let delegate = delegate
        guard delegate != nil || !observers.isEmpty else { return }
        guard let notification = NavigationEvent(event, control: navigator) else { return }
        if let delegate, let navigator {
            delegate.receive(notification, from: navigator)
        }
        for observer in observers { observer.body(notification) }
    }

    func shouldPop(_ top: ScreenRef, trigger: PopTrigger, decision: UInt64) -> VetoAnswer {
        veto?(Screen(top), trigger, VetoDecision(id: decision, control: navigator)) ?? .allow
    }

    func wakeup() {
        wakeupHandler?()
    }

    /// Ends the event streams; the engine then lets go of this snapshot and its closures.
    func navigatorDidEnd() {
        for observer in observers { observer.end?() }
    }
}
