/// Whether one member of a family is on screen (SPEC §16.5), remembered between its ops. Each
/// of its pushes and pops asks it (for the show and hide events; an animated one also for the
/// animation rule), and each answer is a walk up the chain of its parents, however deep; most
/// ops change nothing it depends on, so the answer is kept for one member (the one asked last)
/// until a change may move some member onto or off the screen.
///
/// What it depends on: each member's `visible` flag, its tree (its parent, host screen,
/// presentation, modal and its screens' active children), the top of every stack whose old or
/// new top hosts an active child (a change that follows the front rule), and who the members
/// are. Every change of those calls `FamilyState.frontMayChange()`; a change of a stack that
/// takes section 4's steps (its own pair only) does not, and keeps the answer.
struct OnScreenMemo: Sendable {
    let member: NodeID
    let onScreen: Bool

    /// In a checked build (a debug build, as the tests', and the fuzzer's): stops the run when
    /// the remembered answer differs from a fresh walk — a change that forgot to forget it.
    /// Compiled out of release builds, as the library `make lib` builds.
    @inline(__always)
    func check(against state: borrowing FamilyState) {
        #if DEBUG || NAVCORE_FUZZING
        if onScreen != state.isOnScreen(member) {
            fatalError("navcore: member \(member)'s remembered on-screen status is stale")
        }
        #endif
    }
}

extension FamilyState {
    /// Forgets the remembered on-screen status (`OnScreenMemo`) and front path
    /// (`FrontPathMemo`): called by every change that may move a member onto or off the screen.
    @inline(__always)
    mutating func frontMayChange() {
        familyStorage?.value.onScreen = nil
        familyStorage?.value.frontPath = nil
    }
}
