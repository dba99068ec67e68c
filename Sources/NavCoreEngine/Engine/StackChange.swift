/// One change of the stack, planned when its op runs: everything SPEC §4's steps need, so
/// that the script that emits them reads top to bottom. The steps borrow it (see
/// `Family.step(_:_:)`) rather than capture it, so it is never copied per event.
package struct StackChange: Sendable {
    /// Which family of action states the change goes through.
    package enum Kind: Sendable {
        case push, pop, set

        /// The state for `will_<k>`, `did_<k>` or `<k>_completed`.
        func state(_ stage: Stage) -> ActionState {
            switch (self, stage) {
            case (.push, .will): .willPush
            case (.push, .did): .didPush
            case (.push, .completed): .pushCompleted
            case (.pop, .will): .willPop
            case (.pop, .did): .didPop
            case (.pop, .completed): .popCompleted
            case (.set, .will): .willSet
            case (.set, .did): .didSet
            case (.set, .completed): .setCompleted
            }
        }

        /// The reason given to appearance events.
        var reason: AppearanceReason {
            switch self {
            case .push: .push
            case .pop: .pop
            case .set: .set
            }
        }
    }

    /// The three stages of a change's action states.
    package enum Stage: Sendable { case will, did, completed }

    /// How the stack array changes at step 2.
    package enum Edit: Sendable {
        /// Append one screen.
        case push(ScreenRef)
        /// Keep the first `count` screens.
        case truncate(Int)
        /// Replace the whole stack.
        case replace([ScreenRef])
    }

    // The fields in this order, the one-byte ones right after `edit`'s tag byte, so that no
    // padding lies between them: the op in flight holds a change and is moved whole.
    package let edit: Edit
    package let kind: Kind
    /// The transition style (UIKit's rule for `set`).
    package let style: TransitionStyle
    /// Effective animation (SPEC §4).
    package let animated: Bool
    /// Whether the transition can be cancelled (the gesture).
    package let interactive: Bool
    /// Whether its show and hide events come from the front rule's comparison of the whole
    /// family (SPEC §16.5) rather than from section 4's two screens
    /// (`FamilyState.followsFrontRule`).
    package let followsFrontRule: Bool
    /// The screen named by `+` in action events.
    package let appearing: ScreenRef?
    /// The screens named by `-` in action events, bottom to top.
    package let disappearing: ScreenList
    /// The top before the change.
    package let from: ScreenRef?
    /// The top after the change.
    package let to: ScreenRef?


    /// Whether the top screen changes.
    package var topChanges: Bool { from?.id != to?.id }

    /// Whether the disappearing screens leave the stack (and are released at step 8).
    package var removesScreens: Bool { kind != .push }
}
