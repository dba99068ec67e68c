import Synchronization

/// Keeps a retained-mode toolkit's own screen stack (views that live between frames) in step
/// with a ``Navigator``, from one callback.
///
/// Some changes never reach an animator (the first push, instant ops, `show`, anything done
/// while hidden), and during the interactive back gesture the stack already shows the pop that
/// the finger may still undo. The mirror listens to the action events and is the navigator's
/// animator, and tells the host each change as ``StackMirrorChange`` (old stack, new stack, the
/// transition to play or none, provisional or not), then ``StackMirrorResolution/commit`` or
/// ``StackMirrorResolution/revert`` when an interactive pop ends. The host builds the views of
/// `new` that it lacks, plays the transition (and finishes it), and tears down the views `new`
/// lacks, except after a provisional change, until its commit.
///
/// Updates arrive on the thread that drives the navigator, in order; the mirror's initial
/// ``stack`` is the navigator's at its creation. It replaces the navigator's animator (with
/// `animates: false` it installs none: every op is instant, and the gesture is refused).
///
/// In a family (<doc:Semantics> §16) a mirror follows its own navigator's stack, whichever
/// member was asked (a back asked of the root pops a tab: the tab's mirror tells it). A modal's
/// `present` and `dismiss` transitions go to its parent's animator, which is the parent's
/// mirror: they change no stack of the parent's, so they go to `layer`, where the host plays
/// the modal's coming or going and ends the transition; without `layer` the mirror ends them at
/// once (the modal appears and goes without an animation of the host's).
///
/// It mirrors while it is held: ``stop()``, or dropping the last reference, removes its
/// observer and the animator it installed, so later ops are instant rather than handed to a
/// host that no longer listens. A transition already handed over is still the host's to finish.
public final class StackMirror: Sendable {
    private let navigator: Navigator
    private let state: Lock<StackMirrorState>
    private let observer: ObserverToken
    /// Whether it installed the navigator's animator (`animates`).
    private let animates: Bool
    /// Whether it still mirrors: `stop()` acts once, so a later one (or the deinit) leaves
    /// an animator installed since alone.
    private let mirroring = Atomic(true)

    /// Mirrors `navigator`'s stack into `update`, from now on; its modals' `present` and
    /// `dismiss` transitions go to `layer` (or end at once without one).
    public init(
        _ navigator: Navigator, animates: Bool = true, layer: (@Sendable (Transition) -> Void)? = nil,
        update: @escaping @Sendable (StackMirrorUpdate) -> Void
    ) {
        let state = Lock(StackMirrorState(stack: navigator.stack))
        self.navigator = navigator
        self.state = state
        self.animates = animates
        observer = navigator.addObserver { [weak navigator] event in
            guard case .action(let change) = event, let navigator else { return }
            let current = navigator.stack
            state.withLock { $0.receive(change, current: current) }.forEach(update)
        }
        if animates {
            navigator.setAnimator { [weak navigator] transition in
                guard StackMirrorState.isModalLayer(transition) else {
                    return state.withLock { $0.receive(transition) }.forEach(update)
                }
                if let layer { layer(transition) } else { try? navigator?.finishTransition(transition.id) }
            }
        }
    }

    /// What the host should be showing: the last change's `new`, or its `old` after a revert.
    public var stack: [Screen] { state.withLock { $0.stack } }

    /// The decision the navigator's `back` waits for (its veto answered `.later`), if any: the
    /// host's dialog is up and `stack` stays as it is until the decision is answered (allowed,
    /// the pop then comes as a change). See ``Navigator/pendingDecision``.
    public var pendingDecision: VetoDecision? { navigator.pendingDecision }

    deinit {
        stop()
    }

    /// Stops mirroring: removes its observer and the animator it installed, if it did; once.
    public func stop() {
        guard mirroring.exchange(false, ordering: .acquiringAndReleasing) else { return }
        navigator.removeObserver(observer)
        if animates { navigator.setAnimator(nil) }
    }
}
