/// Receives the events of a navigator made with `dispatch: .mainActor` as method calls, UIKit
/// style, on the main actor: a `@MainActor` class adopts it as is (`NavigatorDelegate`'s methods
/// are nonisolated and called on any driving thread, which a `@MainActor` class cannot adopt
/// without an isolated conformance that a stored, `Sendable` delegate cannot be). Set it with
/// `setMainActorDelegate(_:)`. Every method has an empty default. The navigator holds it weakly
/// and passes itself to each call, so the delegate needs no reference to it.
@MainActor
public protocol MainActorNavigatorDelegate: AnyObject {
    /// The action state changed (<doc:Semantics> §4 steps 1, 3, 9, 11).
    func navigator(_ navigator: Navigator, actionDidChange change: ActionChange)
    /// `screen` is about to become the top, or has, or is about to stop being it, or has.
    func navigator(_ navigator: Navigator, appearance change: AppearanceChange)
    /// The host reported the progress of an interactive transition.
    func navigator(_ navigator: Navigator, transition id: UInt64, didProgress value: Double)
    /// The navigation bar crossed its threshold (<doc:Semantics> §8).
    func navigator(_ navigator: Navigator, barDidChange shown: Bool, animated: Bool)
    /// A `show` or `open` delivered `payload` to `screen`.
    func navigator(_ navigator: Navigator, didDeliver payload: String, to screen: Screen)
    /// `screen` was released; its id is dead and its object is no longer kept by navcore.
    func navigator(_ navigator: Navigator, didRelease screen: Screen)
    /// An op ended.
    func navigator(_ navigator: Navigator, operation: OperationKind, didEndWith outcome: Outcome)
}

extension MainActorNavigatorDelegate {
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, actionDidChange change: ActionChange) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, appearance change: AppearanceChange) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, transition id: UInt64, didProgress value: Double) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, barDidChange shown: Bool, animated: Bool) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, didDeliver payload: String, to screen: Screen) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, didRelease screen: Screen) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, operation: OperationKind, didEndWith outcome: Outcome) {}

    /// Calls the method that matches `event` (transitions go to the animator).
    func receive(_ event: NavigationEvent, from navigator: Navigator) {
        switch event {
        case .action(let change): self.navigator(navigator, actionDidChange: change)
        case .appearance(let change): self.navigator(navigator, appearance: change)
        case .transition, .detach: break  // the delegate has no method for them
        case .progress(let id, let value): self.navigator(navigator, transition: id, didProgress: value)
        case .bar(let shown, let animated): self.navigator(navigator, barDidChange: shown, animated: animated)
        case .payload(let screen, let text): self.navigator(navigator, didDeliver: text, to: screen)
        case .released(let screen): self.navigator(navigator, didRelease: screen)
        case .done(let kind, let outcome): self.navigator(navigator, operation: kind, didEndWith: outcome)
        }
    }
}
