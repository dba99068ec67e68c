/// What the op in flight of a family of more than one navigator needs beside the op's record
/// (SPEC §16), and the teardowns made by calls. Kept out of line (`FamilyState.familyStorage`).
struct FamilyOps: Sendable {
    /// The front pairs the op's change hides and shows (SPEC §16.5), found in its will-phase
    /// for its did-phase.
    var front = FrontChange()
    /// The present or dismiss waiting for its transition (SPEC §16.4).
    var modal: ModalTransition?
    /// The member the op was asked of, while another performs it (a routed back or gesture,
    /// SPEC §16.6): its `done` is the asker's.
    var routedFrom: NodeID?
    /// The performer of a routed op between its `done` and its `action idle`.
    var routedIdle: NodeID?
    /// The parent of the modal a routed back or gesture dismisses, once its veto allowed it.
    var routedDismissal: NodeID?
    /// Teardowns made by calls (a `discard` of a detached host screen, SPEC §16.7), delivered
    /// by the driver before anything else.
    var pendingTeardowns: [SubtreeTeardown] = []
    /// Whether one member is on screen, remembered (`FamilyState.nodeIsOnScreen`).
    var onScreen: OnScreenMemo?
    /// One member's front path, remembered (`FamilyState.rememberFrontPath`).
    var frontPath: FrontPathMemo?
    /// The members torn down while an op of theirs runs (`NodeState.dead`), removed once it
    /// has delivered its last event: found here, not by reading every member.
    var deadMembers: [NodeID] = []
}

extension FamilyState {
    /// The out-of-line storage, made at its first change.
    private var familyOps: FamilyOps {
        get { familyStorage?.value ?? FamilyOps() }
        _modify {
            let storage = familyStorage ?? OutOfLine(FamilyOps())
            familyStorage = storage
            yield &storage.value
        }
    }

    var opFront: FrontChange {
        get { familyStorage?.value.front ?? FrontChange() }
        _modify { yield &familyOps.front }
    }

    var opModal: ModalTransition? {
        get { familyStorage?.value.modal ?? nil }
        _modify { yield &familyOps.modal }
    }

    var routedFrom: NodeID? {
        get { familyStorage?.value.routedFrom ?? nil }
        _modify { yield &familyOps.routedFrom }
    }

    var routedIdle: NodeID? {
        get { familyStorage?.value.routedIdle ?? nil }
        _modify { yield &familyOps.routedIdle }
    }

    var routedDismissal: NodeID? {
        get { familyStorage?.value.routedDismissal ?? nil }
        _modify { yield &familyOps.routedDismissal }
    }

    var onScreenMemo: OnScreenMemo? {
        get { familyStorage?.value.onScreen ?? nil }
        _modify { yield &familyOps.onScreen }
    }

    var frontPathMemo: FrontPathMemo? {
        get { familyStorage?.value.frontPath ?? nil }
        _modify { yield &familyOps.frontPath }
    }

    /// Whether members torn down while an op of theirs ran wait to leave (`deadMembers`).
    var hasDeadMembers: Bool { familyStorage?.value.deadMembers.isEmpty == false }

    var deadMembers: [NodeID] {
        get { familyStorage?.value.deadMembers ?? [] }
        _modify { yield &familyOps.deadMembers }
    }

    var pendingTeardowns: [SubtreeTeardown] {
        get { familyStorage?.value.pendingTeardowns ?? [] }
        _modify { yield &familyOps.pendingTeardowns }
    }
}
