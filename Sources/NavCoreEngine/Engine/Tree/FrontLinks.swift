/// What the walks of a family's front (`isPlaced`, `frontPath`) read of each member they pass:
/// its `visible` flag, its top's id and its tree, shared. Read by a closure this small, a
/// member's read (`withMember`) is inlined into the walk; a larger one is called, and a call
/// lent a member stored in the family's list copies the whole member first (its stack,
/// screens and routes retained and released) — at every level of a chain.
struct FrontLinks {
    let visible: Bool
    /// Its top's id; `nil` when its stack is empty.
    let top: UInt64?
    /// Its tree; `nil` before it joined a family.
    let tree: OutOfLine<NodeTree>?

    /// Its parent; `nil` for a root.
    var parent: NodeID? { tree?.value.parent }
    /// The screen of its parent it is attached to; 0 for a root or a modal.
    var hostScreen: UInt64 { tree?.value.hostScreen ?? 0 }
    /// Whether it is a modal.
    var isModal: Bool { tree?.value.presentation != nil }
    /// Its presented modal.
    var modal: NodeID? { tree?.value.modal }
    /// The active child attached to its top.
    var topActive: NodeID? { top.flatMap { tree?.value.hosted[$0]?.active } }

    /// The next navigator of its front path: its modal, else its top's active child.
    var next: NodeID? { modal ?? topActive }
}
