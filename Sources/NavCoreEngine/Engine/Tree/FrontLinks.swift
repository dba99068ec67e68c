/// What the walks of a family's front (`isPlaced`, a back's target walk) read of each member
/// they pass, as plain values: reading them takes no reference to the member's tree (a
/// retain and a release per level of a chain). Read by a closure this small, a member's read
/// (`withMember`) is inlined into the walk; a larger one is called, and a call lent a member
/// stored in the family's list copies the whole member first (its stack, screens and routes
/// retained and released) — at every level of a chain.
struct FrontLinks {
    let visible: Bool
    /// Its stack's count.
    let count: Int
    /// Its top's id; `nil` when its stack is empty.
    let top: UInt64?
    /// Its parent; `nil` for a root.
    let parent: NodeID?
    /// The screen of its parent it is attached to; 0 for a root or a modal.
    let hostScreen: UInt64
    /// How it is presented, when it is a modal.
    let presentation: Presentation?
    /// Its presented modal.
    let modal: NodeID?
    /// The active child attached to its top.
    let topActive: NodeID?

    /// Whether it is a modal.
    var isModal: Bool { presentation != nil }
    /// The next navigator of its front path: its modal, else its top's active child.
    var next: NodeID? { modal ?? topActive }
}
