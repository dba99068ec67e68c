/// ``StackMirror`` for a navigator made with `dispatch: .mainActor`: the same updates, on the
/// main actor, with transitions that end on the main actor (`Task { try await
/// transition.finish() }`). Over a navigator in another mode it throws `.state`.
///
/// In a family it follows its navigator as ``StackMirror`` does; its modals' `present` and
/// `dismiss` transitions go to `layer`, on the main actor (or end at once without one).
///
/// It mirrors while it is held: ``stop()``, or dropping the last reference, removes its
/// observer and the animator it installed, so later ops are instant rather than handed to a
/// host that no longer listens. A transition already handed over is still the host's to finish.
@MainActor
public final class MainActorStackMirror {
    private let navigator: Navigator
    private var state: StackMirrorState
    /// Its observer, until it stops.
    private var observer: ObserverToken?
    /// Whether it installed the navigator's animator (`animates`).
    private let animates: Bool
    private let update: @MainActor (StackMirrorUpdate) -> Void
    /// Where its modals' `present` and `dismiss` transitions go.
    private let layer: (@MainActor (Transition) -> Void)?

    /// Mirrors `navigator`'s stack into `update`, from now on; it becomes the navigator's
    /// animator unless `animates` is false. Its modals' `present` and `dismiss` transitions go
    /// to `layer` (or end at once without one).
    public init(
        _ navigator: Navigator, animates: Bool = true, layer: (@MainActor (Transition) -> Void)? = nil,
        update: @escaping @MainActor (StackMirrorUpdate) -> Void
    ) throws(NavigationError) {
        self.navigator = navigator
        self.update = update
        self.layer = layer
        self.animates = animates
        state = StackMirrorState(stack: navigator.stack)
        observer = try navigator.addObserver { @MainActor [weak self] event in
            guard case .action(let change) = event, let self else { return }
            self.state.receive(change, current: self.navigator.stack).forEach(self.update)
        }
        if animates {
            try navigator.setAnimator { @MainActor [weak self] transition in
                guard let self else { return }
                guard StackMirrorState.isModalLayer(transition) else {
                    return self.state.receive(transition).forEach(self.update)
                }
                if let layer = self.layer { layer(transition) } else { try? self.navigator.finishTransition(transition.id) }
            }
        }
    }

    /// What the host should be showing: the last change's `new`, or its `old` after a revert.
    public var stack: [Screen] { state.stack }

    /// The decision the navigator's `back` waits for (its veto answered `.later`), if any: the
    /// host's dialog is up and `stack` stays as it is until the decision is answered (allowed,
    /// the pop then comes as a change). See ``Navigator/pendingDecision``.
    public var pendingDecision: VetoDecision? { navigator.pendingDecision }

    isolated deinit {
        stop()
    }

    /// Stops mirroring: removes its observer and the animator it installed, if it did; once.
    public func stop() {
        guard let observer else { return }
        navigator.removeObserver(observer)
        self.observer = nil
        if animates { navigator.setAnimator(nil as (@Sendable (Transition) -> Void)?) }
    }
}
