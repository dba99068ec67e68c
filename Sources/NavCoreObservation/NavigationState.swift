import NavCore
import Observation

/// The state of a navigator made with `dispatch: .mainActor` as an `@Observable` model, for views that render from it
/// (SwiftUI's `@State`/`@Bindable`, or `withObservationTracking` in any toolkit): the stack,
/// the top, whether it is busy or can go back, the queue's length, the bar, the transition in
/// flight with its progress, the action state, and the veto decision a `back` waits for.
///
/// It is updated on the main actor, the navigator's isolation, after every event and after
/// every call that queues or runs ops, and only where a value changed, so a view is invalidated
/// only by what it read. It and the navigator hold each other weakly; keep it next to the
/// navigator. Dropping it removes its handler from the navigator, so a view that makes a new
/// one on every init (`@State var state = try? NavigationState(nav)`) leaves none behind.
///
/// ```swift
/// let nav = Navigator(dispatch: .mainActor)
/// let state = try NavigationState(nav)
/// // in a view: ForEach(state.stack) { screen in … }
/// //            Button("Back") { … }.disabled(!state.canGoBack)
/// ```
@MainActor
@Observable
public final class NavigationState {
    /// The stack, bottom to top.
    public private(set) var stack: [Screen] = []
    /// The top screen.
    public private(set) var top: Screen?
    /// Whether an op is in flight.
    public private(set) var isBusy = false
    /// Whether a back button or gesture would pop now (<doc:Semantics> §6).
    public private(set) var canGoBack = false
    /// How many ops wait in the queue (the op in flight not counted).
    public private(set) var pendingCount = 0
    /// Whether the navigation bar is shown.
    public private(set) var isBarShown = true
    /// The action state: `.idle`, `.willPush`, … (see `ActionState`).
    public private(set) var actionState = ActionState.idle
    /// The transition the host is playing, until it is finished or cancelled.
    public private(set) var transition: Transition?
    /// The interactive transition's last reported progress (0…1); `nil` when none was reported.
    public private(set) var progress: Double?
    /// The decision a `back` waits for (its veto answered `.later`), until the host answers it:
    /// meanwhile `isBusy` is true with no `transition`, so a view shows the question rather than
    /// a navigation at work (`Navigator.pendingDecision`).
    public private(set) var pendingDecision: VetoDecision?

    /// The navigator it follows, and its handler there, to remove when it goes.
    @ObservationIgnored private weak var navigator: Navigator?
    @ObservationIgnored private var handler: ObserverToken?

    /// The state of `navigator`, kept up to date from now on; `.state` unless it was made with
    /// `dispatch: .mainActor` (its updates come on the main actor).
    public init(_ navigator: Navigator) throws(NavigationError) {
        self.navigator = navigator
        handler = try navigator.onStateChange { [weak self] navigator, event in
            self?.refresh(from: navigator, after: event)
        }
    }

    isolated deinit {
        if let handler { navigator?.removeStateChangeHandler(handler) }
    }

    /// Reads what the navigator holds now; assigns only what changed (each assignment
    /// invalidates the views that read that property).
    private func refresh(from navigator: Navigator, after event: NavigationEvent?) {
        update(\.stack, navigator.stack)
        update(\.top, navigator.top)
        update(\.isBusy, navigator.isBusy)
        update(\.canGoBack, navigator.canGoBack)
        update(\.pendingCount, navigator.pendingCount)
        update(\.isBarShown, navigator.isBarShown)
        update(\.actionState, navigator.actionState)
        update(\.pendingDecision, navigator.pendingDecision)
        switch event {
        case .transition(let started):
            transition = started
            progress = nil
        case .progress(_, let value):
            update(\.progress, value)
        default:
            if transition != nil, navigator.transitionInFlight != transition?.id {
                transition = nil
                progress = nil
            }
        }
    }

    private func update<Value: Equatable>(_ property: ReferenceWritableKeyPath<NavigationState, Value>, _ value: Value) {
        if self[keyPath: property] != value { self[keyPath: property] = value }
    }
}
