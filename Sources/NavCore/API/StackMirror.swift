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

    /// Mirrors `navigator`'s stack into `update`, from now on.
    public init(
        _ navigator: Navigator, animates: Bool = true, update: @escaping @Sendable (StackMirrorUpdate) -> Void
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
            navigator.setAnimator { transition in state.withLock { $0.receive(transition) }.forEach(update) }
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
