@_spi(Fronts) import NavCoreEngine

/// One notification of a navigator, as observers and event streams receive it (<doc:Semantics>
/// §4–8).
public enum NavigationEvent: Sendable {
    /// The action state changed.
    case action(ActionChange)
    /// A screen will or did show or hide.
    case appearance(AppearanceChange)
    /// A transition was handed to the animator.
    case transition(Transition)
    /// The host reported the progress of the interactive transition with this id.
    case progress(transition: UInt64, value: Double)
    /// The navigation bar was shown or hidden.
    case bar(shown: Bool, animated: Bool)
    /// A `show` delivered its payload to a screen.
    case payload(Screen, String)
    /// A screen was released; its id is dead.
    case released(Screen)
    /// A retained screen left the stack and stays live, detached (<doc:Semantics> §17).
    case detach(Screen)
    /// An op ended with this outcome.
    case done(OperationKind, Outcome)
}

/// A change of the action state: `action <state> [+appearing] [-disappearing…]`.
public struct ActionChange: Sendable {
    /// The new state.
    public let state: ActionState
    /// The screen that becomes top, if the op has one.
    public let appearing: Screen?
    /// The screens that leave the top or the stack, bottom to top (a collection that stores
    /// one screen without an array; `Array(change.disappearing)` makes one).
    public let disappearing: ScreenCollection
    /// Whether the op animates (<doc:Semantics> §4's effective flag).
    public let animated: Bool
}

/// One of `will_show`, `did_show`, `will_hide`, `did_hide` for one screen.
public struct AppearanceChange: Sendable {
    /// Which callback this is.
    public let phase: AppearancePhase
    /// The screen that shows or hides.
    public let screen: Screen
    /// Why.
    public let reason: AppearanceReason
    /// Whether it happens with an animated transition.
    public let animated: Bool
}

/// A transition for the host's animator to play (<doc:Semantics> §4 step 6). The op waits until the
/// host calls `finishTransition(_:)` with `id`, or, if `interactive`, `cancelTransition(_:)` — or
/// the transition's own `finish()`, `cancel()` and `update(progress:)`.
public struct Transition: Sendable, Identifiable {
    /// The id to pass back.
    public let id: UInt64
    /// Slide in (push) or away (pop).
    public let style: TransitionStyle
    /// The top screen before the change.
    public let from: Screen
    /// The top screen after the change.
    public let to: Screen
    /// Whether this is the interactive back gesture, which the host may cancel.
    public let interactive: Bool
    /// The navigator that plays it, for `finish()`, `cancel()` and `update(progress:)`; held
    /// weakly, so that an animator keeping the transition keeps no navigator alive.
    weak var control: (any NavigatorControl)?
}

extension ActionChange {
    /// The public form of an engine action event.
    init(_ action: ActionEvent) {
        state = action.state
        appearing = action.appearing.map(Screen.init)
        disappearing = ScreenCollection(action.disappearing)
        animated = action.animated
    }
}

extension AppearanceChange {
    /// The public form of an engine show/hide event.
    init(_ change: AppearanceEvent) {
        phase = change.phase
        screen = Screen(change.screen)
        reason = change.reason
        animated = change.animated
    }
}

extension Transition {
    init(_ transition: TransitionEvent, control: (any NavigatorControl)?) {
        id = transition.id
        style = transition.style
        from = Screen(transition.from)
        to = Screen(transition.to)
        interactive = transition.interactive
        self.control = control
    }
}
