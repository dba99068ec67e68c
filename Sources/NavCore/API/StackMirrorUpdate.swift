/// What a ``StackMirror`` tells a retained-mode host: a change of the views to show, or the end
/// of the interactive pop that a provisional change began.
public enum StackMirrorUpdate: Sendable {
    /// The host's views go from `old` to `new`.
    case change(StackMirrorChange)
    /// The interactive pop of the last provisional change ended: ``StackMirrorResolution/commit``
    /// (the popped screen's view goes) or ``StackMirrorResolution/revert`` (the views go back to
    /// that change's `old`).
    case resolved(StackMirrorResolution)
}

/// One change of the stack, as a host's views should follow it.
public struct StackMirrorChange: Sendable {
    /// The stack the host showed before, bottom to top.
    public let old: [Screen]
    /// The stack to show, bottom to top.
    public let new: [Screen]
    /// The transition to play, then end with `finish()` (or, interactive, `cancel()`); `nil` for
    /// an instant change (the first push, an instant op, a `show`, anything while hidden), which
    /// the host applies at once.
    public let transition: Transition?
    /// Whether the change may still be undone: the interactive back gesture's pop. The host
    /// keeps the views of `old` that `new` lacks until the ``StackMirrorUpdate/resolved(_:)``
    /// update.
    public let provisional: Bool
}

/// How the interactive pop ended.
public enum StackMirrorResolution: Sendable, Equatable {
    /// The pop stays: tear down the popped screen's view.
    case commit
    /// The gesture was abandoned: the stack is the provisional change's `old` again.
    case revert
}
