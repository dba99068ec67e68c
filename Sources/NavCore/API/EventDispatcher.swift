/// The Swift front's sink: gives each engine event to the op's completion, the screen's own
/// object (`ScreenFeedback`), the delegate and the observers, in that order; plays transitions
/// through the animator and asks the veto.
final class EventDispatcher: EventSink {
    /// The host's handlers. Replaced as a whole under the lock and copied out per event, so
    /// that a handler runs with no lock held and may change the handlers.
    struct Handlers: Sendable {
        weak var navigator: Navigator?
        weak var delegate: (any NavigatorDelegate)?
        var animator: (@Sendable (Transition) -> Void)?
        var veto: (@Sendable (Screen, PopTrigger) -> Bool)?
        var wakeup: (@Sendable () -> Void)?
        var observers: [Observer] = []
        var nextToken = 1

        /// The events the engine must produce for these handlers. Show/hide and payloads
        /// always, for `ScreenFeedback` objects; everything once anyone observes.
        var interest: EventInterest {
            var interest: EventInterest = [.appearance, .payload]
            if delegate != nil || !observers.isEmpty { interest = .all.subtracting([.animator, .veto]) }
            if animator != nil { interest.insert(.animator) }
            if veto != nil { interest.insert(.veto) }
            return interest
        }
    }

    /// An observer: its token, what it is told, and what ends it when the navigator ends.
    struct Observer: Sendable {
        let token: Int
        let body: @Sendable (NavigationEvent) -> Void
        let end: (@Sendable () -> Void)?
    }

    private let handlers = Lock(Handlers())

    /// Reads the handlers.
    func read<R: Sendable>(_ body: (Handlers) -> R) -> R {
        handlers.withLock { body($0) }
    }

    /// Changes the handlers and returns the interest they need.
    func update(_ body: (inout Handlers) -> Void) -> EventInterest {
        handlers.withLock { handlers in
            body(&handlers)
            return handlers.interest
        }
    }

    /// Adds an observer; returns its token and the interest the handlers now need.
    func addObserver(
        _ body: @escaping @Sendable (NavigationEvent) -> Void, end: (@Sendable () -> Void)?
    ) -> (Int, EventInterest) {
        handlers.withLock { handlers in
            let token = handlers.nextToken
            handlers.nextToken += 1
            handlers.observers.append(Observer(token: token, body: body, end: end))
            return (token, handlers.interest)
        }
    }

    func deliver(_ event: consuming Event) {
        let handlers = handlers.withLock { $0 }
        switch event {
        case .transition(let transition):
            guard let animator = handlers.animator else {
                // Removed by another thread since the engine checked: nobody would finish it.
                try? handlers.navigator?.finishTransition(transition.id)
                return
            }
            animator(Transition(transition))
        default:
            break
        }
        let event = NavigationEvent(event)
        event.notifyScreenObject()
        if let navigator = handlers.navigator, let delegate = handlers.delegate {
            delegate.receive(event, from: navigator)
        }
        for observer in handlers.observers { observer.body(event) }
    }

    func shouldPop(_ top: ScreenRef, trigger: PopTrigger) -> Bool {
        handlers.withLock { $0.veto }?(Screen(top), trigger) ?? true
    }

    func wakeup() {
        handlers.withLock { $0.wakeup }?()
    }

    /// Lets go of every handler (so that closures capturing host objects are freed) and ends
    /// the event streams.
    func navigatorDidEnd() {
        let observers = handlers.withLock { handlers in
            let observers = handlers.observers
            let navigator = handlers.navigator
            handlers = Handlers()
            handlers.navigator = navigator
            return observers
        }
        for observer in observers { observer.end?() }
    }
}
