/// ``StackMirror`` for a ``MainActorNavigator``: the same updates, on the main actor, with
/// transitions that end on the main actor (`Task { try await transition.finish() }`).
@MainActor
public final class MainActorStackMirror {
    private let navigator: MainActorNavigator
    private var state: StackMirrorState
    private var observer: ObserverToken?
    private let update: @MainActor (StackMirrorUpdate) -> Void

    /// Mirrors `navigator`'s stack into `update`, from now on; it becomes the navigator's
    /// animator unless `animates` is false.
    public init(
        _ navigator: MainActorNavigator, animates: Bool = true, update: @escaping @MainActor (StackMirrorUpdate) -> Void
    ) {
        self.navigator = navigator
        self.update = update
        state = StackMirrorState(stack: navigator.stack)
        observer = navigator.addObserver { [weak self] event in
            guard case .action(let change) = event, let self else { return }
            self.state.receive(change, current: self.navigator.stack).forEach(self.update)
        }
        if animates {
            navigator.setAnimator { [weak self] transition in
                guard let self else { return }
                self.state.receive(transition).forEach(self.update)
            }
        }
    }

    /// What the host should be showing: the last change's `new`, or its `old` after a revert.
    public var stack: [Screen] { state.stack }

    /// Stops mirroring: removes its observer and the navigator's animator.
    public func stop() {
        if let observer { navigator.removeObserver(observer) }
        observer = nil
        navigator.setAnimator(nil)
    }
}
