@_spi(Fronts) import NavCoreEngine

/// The Swift front's host code as one immutable snapshot, installed in the engine as the
/// navigator's sink: it gives each event to the screen's own object (`ScreenFeedback`), the
/// delegate and the observers, in that order; plays transitions through the animator; asks the
/// veto. Changing a handler installs a new snapshot (`Navigator.updateHandlers`).
final class HandlerSet: EventSink {
    /// The host's handlers.
    struct Handlers: Sendable {
        /// The navigator they belong to.
        let link: NavigatorLink
        weak var delegate: (any NavigatorDelegate)?
        var animator: (@Sendable (Transition) -> Void)?
        var veto: (@Sendable (Screen, PopTrigger, VetoDecision) -> VetoAnswer)?
        var wakeup: (@Sendable () -> Void)?
        /// The `.mainActor` configuration's own wakeup (a drain on the main actor), called
        /// before the host's.
        var ownWakeup: (@Sendable () -> Void)?
        var observers: [Observer] = []
        var nextToken = 1
        /// Told each navigator navcore makes under this one (`restore_tree`).
        var child: (@Sendable (Navigator, Screen?, Navigator) -> Void)?
    }

    /// An observer: its token, what it is told, and what ends it when the navigator ends.
    struct Observer: Sendable {
        let token: Int
        let body: @Sendable (NavigationEvent) -> Void
        let end: (@Sendable () -> Void)?
    }

    // The handlers' fields, stored one by one: reading a field of a stored `Handlers` would
    // copy the whole struct, weak references included, on every event.
    private let link: NavigatorLink
    private weak let delegate: (any NavigatorDelegate)?
    private let animator: (@Sendable (Transition) -> Void)?
    private let veto: (@Sendable (Screen, PopTrigger, VetoDecision) -> VetoAnswer)?
    private let wakeupHandler: (@Sendable () -> Void)?
    private let ownWakeup: (@Sendable () -> Void)?
    private let observers: [Observer]
    private let nextToken: Int
    private let child: (@Sendable (Navigator, Screen?, Navigator) -> Void)?
    /// Whether a delegate or observers were there when the snapshot was made: otherwise the
    /// public values of action and release events are not built (a weak load to learn whether
    /// the delegate is still there would cost more than it saves).
    private let listens: Bool
    let interest: EventInterest

    init(_ handlers: Handlers) {
        link = handlers.link
        delegate = handlers.delegate
        animator = handlers.animator
        veto = handlers.veto
        wakeupHandler = handlers.wakeup
        ownWakeup = handlers.ownWakeup
        observers = handlers.observers
        nextToken = handlers.nextToken
        child = handlers.child
        // Show/hide and payloads always, for `ScreenFeedback` objects; everything once anyone
        // observes.
        listens = handlers.delegate != nil || !handlers.observers.isEmpty
        var interest: EventInterest = [.appearance, .payload]
        if listens { interest = .all.subtracting([.animator, .veto]) }
        if handlers.animator != nil { interest.insert(.animator) }
        if handlers.veto != nil { interest.insert(.veto) }
        self.interest = interest
    }

    /// The handlers, to derive the next snapshot from.
    var handlers: Handlers {
        Handlers(link: link, delegate: delegate, animator: animator, veto: veto, wakeup: wakeupHandler,
                 ownWakeup: ownWakeup, observers: observers, nextToken: nextToken, child: child)
    }

    /// Delivers `event` straight from the engine's form: one switch, the public values built
    /// once and shared by the screen's object, the delegate and the observers, and a
    /// `NavigationEvent` only when there are observers.
    func deliver(_ event: consuming Event) {
        switch event {
        case .appearance(let event): deliverAppearance(event)
        case .action(let event): deliverAction(event)
        case .transition(let event):
            // The engine asks for a transition only while an animator is installed.
            let transition = Transition(event, control: link.navigator)
            animator?(transition)
            notify(.transition(transition))
        case .progress(let id, let value):
            tellDelegate { $0.navigator($1, transition: id, didProgress: value) }
            notify(.progress(transition: id, value: value))
        case .bar(let shown, let animated):
            tellDelegate { $0.navigator($1, barDidChange: shown, animated: animated) }
            notify(.bar(shown: shown, animated: animated))
        case .payload(let screen, let text):
            let screen = Screen(screen)
            screen.host.tell(payload: text)
            tellDelegate { $0.navigator($1, didDeliver: text, to: screen) }
            notify(.payload(screen, text))
        case .release(let screen):
            guard listens else { return }
            let screen = Screen(screen.ref)
            tellDelegate { $0.navigator($1, didRelease: screen) }
            notify(.released(screen))
        case .detach(let screen):
            notify(.detach(Screen(screen.ref)))
        case .done(let kind, let outcome):
            tellDelegate { $0.navigator($1, operation: kind, didEndWith: outcome) }
            notify(.done(kind, outcome))
        case .result:
            break  // `send` gives results to the screen's listener, never to the sink
        case .child(let event):
            // The new navigator's object, kept by its family from now on (SPEC §16.12), then the
            // host's handler, which registers its callbacks before its screens are made.
            link.withNavigator { parent in
                let made = Navigator(madeBy: event.child, dispatch: parent.dispatch)
                let screen = event.screen == 0 ? nil : try? parent.screen(event.screen)
                child?(parent, screen, made)
            }
        }
    }

    func deliverAction(_ event: ActionEvent) {
        guard listens else { return }
        let change = ActionChange(event)
        tellDelegate { $0.navigator($1, actionDidChange: change) }
        notify(.action(change))
    }

    func deliverAppearance(_ event: AppearanceEvent) {
        let change = AppearanceChange(event)
        change.screen.host.tell(change)
        tellDelegate { $0.navigator($1, appearance: change) }
        notify(.appearance(change))
    }

    /// Calls `body` with the delegate, if it is still there, and the navigator, if it is not
    /// ending. The weak reference is loaded here, once per event, straight into the binding: a
    /// copy of a loaded delegate would be retained again around each call, through its side
    /// table.
    @inline(__always)
    private func tellDelegate(_ body: (any NavigatorDelegate, Navigator) -> Void) {
        guard let delegate else { return }
        link.withNavigator { body(delegate, $0) }
    }

    /// Tells the observers `event`, made only if there are any.
    private func notify(_ event: @autoclosure () -> NavigationEvent) {
        guard !observers.isEmpty else { return }
        let event = event()
        for observer in observers { observer.body(event) }
    }

    func shouldPop(_ top: ScreenRef, trigger: PopTrigger, decision: UInt64) -> VetoAnswer {
        veto?(Screen(top), trigger, VetoDecision(id: decision, control: link.navigator)) ?? .allow
    }

    func wakeup() {
        ownWakeup?()
        wakeupHandler?()
    }

    /// Ends the event streams; the engine then lets go of this snapshot and its closures.
    func navigatorDidEnd() {
        for observer in observers { observer.end?() }
        // Torn down: its family no longer keeps the object (SPEC §16.12).
        link.withNavigator { NavigatorDirectory.shared.letGo($0.core.node) }
    }

    /// Never called: the Swift API asks its ops with closures (`CompletionHandler.swift`,
    /// `RunBlock.swift`), which the engine calls itself.
    func complete(_ completion: CCallback<CompletionHandler>, _ kind: OperationKind, _ outcome: Outcome) {}

    /// Never called, as `complete(_:_:_:)`.
    func run(_ block: CCallback<RunBlock>) {}
}
