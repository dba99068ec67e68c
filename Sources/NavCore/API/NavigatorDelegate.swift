/// Receives a navigator's events as method calls, UIKit style. Every method has an empty
/// default, so a delegate implements only what it needs.
///
/// Methods are called on the thread that drives the navigator (in host dispatch mode, the
/// thread that calls `drain`), never concurrently and never with a navcore lock held; they may
/// call back into the navigator (ops asked there are queued). The navigator holds its delegate
/// weakly.
public protocol NavigatorDelegate: AnyObject, Sendable {
    /// The action state changed (<doc:Semantics> §4 steps 1, 3, 9, 11).
    func navigator(_ navigator: Navigator, actionDidChange change: ActionChange)
    /// `screen` is about to become the top.
    func navigator(_ navigator: Navigator, willShow screen: Screen, reason: AppearanceReason, animated: Bool)
    /// `screen` has become the top.
    func navigator(_ navigator: Navigator, didShow screen: Screen, reason: AppearanceReason, animated: Bool)
    /// `screen` is about to stop being the top.
    func navigator(_ navigator: Navigator, willHide screen: Screen, reason: AppearanceReason, animated: Bool)
    /// `screen` has stopped being the top.
    func navigator(_ navigator: Navigator, didHide screen: Screen, reason: AppearanceReason, animated: Bool)
    /// The host reported the progress of an interactive transition.
    func navigator(_ navigator: Navigator, transition id: UInt64, didProgress value: Double)
    /// The navigation bar crossed its threshold (<doc:Semantics> §8).
    func navigator(_ navigator: Navigator, barDidChange shown: Bool, animated: Bool)
    /// A `show` delivered `payload` to `screen`.
    func navigator(_ navigator: Navigator, didDeliver payload: String, to screen: Screen)
    /// `screen` was released; its id is dead and its object is no longer kept by navcore.
    func navigator(_ navigator: Navigator, didRelease screen: Screen)
    /// An op ended.
    func navigator(_ navigator: Navigator, operation: OperationKind, didEndWith outcome: Outcome)
}

extension NavigatorDelegate {
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, actionDidChange change: ActionChange) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, willShow screen: Screen, reason: AppearanceReason, animated: Bool) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, didShow screen: Screen, reason: AppearanceReason, animated: Bool) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, willHide screen: Screen, reason: AppearanceReason, animated: Bool) {}
    /// Does nothing by default.
    public func navigator(_ navigator: Navigator, didHide screen: Screen, reason: AppearanceReason, animated: Bool) {}
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
}

extension NavigatorDelegate {
    /// Calls the method of `change`'s phase.
    func navigator(_ navigator: Navigator, appearance change: AppearanceChange) {
        switch change.phase {
        case .willShow: self.navigator(navigator, willShow: change.screen, reason: change.reason, animated: change.animated)
        case .didShow: self.navigator(navigator, didShow: change.screen, reason: change.reason, animated: change.animated)
        case .willHide: self.navigator(navigator, willHide: change.screen, reason: change.reason, animated: change.animated)
        case .didHide: self.navigator(navigator, didHide: change.screen, reason: change.reason, animated: change.animated)
        }
    }
}
