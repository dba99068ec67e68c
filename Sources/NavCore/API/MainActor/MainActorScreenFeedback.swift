/// Adopted by a `@MainActor` host object attached to a screen of a navigator made with
/// `dispatch: .mainActor` (`makeScreen` refuses it elsewhere: `.state`), to
/// hear its own appearance and payloads on the main actor (the main-actor form of
/// `ScreenFeedback`). Both methods have an empty default. They are called right before the
/// delegate and observers hear of the same event.
@MainActor
public protocol MainActorScreenFeedback: AnyObject, Sendable {
    /// The screen will show or hide, or did (`change.phase`), and why.
    func appearance(_ change: AppearanceChange)
    /// A `show` or `open` delivered a payload to the screen.
    func receivePayload(_ payload: String)
}

extension MainActorScreenFeedback {
    /// Does nothing by default.
    public func appearance(_ change: AppearanceChange) {}
    /// Does nothing by default.
    public func receivePayload(_ payload: String) {}
}

extension NavigationEvent {
    /// Tells the screen object this event concerns, if it adopts `MainActorScreenFeedback`
    /// (known since the screen was made: no cast per event).
    @MainActor
    func notifyMainActorScreenObject() {
        switch self {
        case .appearance(let change):
            change.screen.host.mainActorFeedback?.appearance(change)
        case .payload(let screen, let text):
            screen.host.mainActorFeedback?.receivePayload(text)
        default:
            break
        }
    }

}
