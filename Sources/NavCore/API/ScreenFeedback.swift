/// Adopted by a host object attached to a screen, to hear about its own appearance and
/// payloads: the feedback that the seeds' `NavigationControllerFeedback` gist gives view
/// controllers, here for every screen that becomes top, including one revealed by a pop.
///
/// Every method has an empty default. They are called on the thread that drives the navigator,
/// right before the delegate and observers hear of the same event. A `@MainActor` object adopts
/// `MainActorScreenFeedback` instead, on a navigator made with `dispatch: .mainActor`.
public protocol ScreenFeedback: Sendable {
    /// The screen is about to become the top.
    func willShow(reason: AppearanceReason, animated: Bool)
    /// The screen has become the top.
    func didShow(reason: AppearanceReason, animated: Bool)
    /// The screen is about to stop being the top.
    func willHide(reason: AppearanceReason, animated: Bool)
    /// The screen has stopped being the top.
    func didHide(reason: AppearanceReason, animated: Bool)
    /// A `show` delivered a payload to the screen.
    func receivePayload(_ payload: String)
}

extension ScreenFeedback {
    /// Does nothing by default.
    public func willShow(reason: AppearanceReason, animated: Bool) {}
    /// Does nothing by default.
    public func didShow(reason: AppearanceReason, animated: Bool) {}
    /// Does nothing by default.
    public func willHide(reason: AppearanceReason, animated: Bool) {}
    /// Does nothing by default.
    public func didHide(reason: AppearanceReason, animated: Bool) {}
    /// Does nothing by default.
    public func receivePayload(_ payload: String) {}
}

extension ScreenFeedback {
    /// Calls the method of `change`'s phase.
    func hear(_ change: AppearanceChange) {
        switch change.phase {
        case .willShow: willShow(reason: change.reason, animated: change.animated)
        case .didShow: didShow(reason: change.reason, animated: change.animated)
        case .willHide: willHide(reason: change.reason, animated: change.animated)
        case .didHide: didHide(reason: change.reason, animated: change.animated)
        }
    }
}
