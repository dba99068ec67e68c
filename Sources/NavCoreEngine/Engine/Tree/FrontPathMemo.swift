/// The front path of one member — SPEC §16.6's walk from it: the member, then its modal if it
/// has one presented, else its top's active child, and so on — remembered between its backs.
/// A back's target is the deepest member of the path that can pop or is a modal, so a back
/// asked of the root of a chain reads the remembered path from the bottom up and stops at the
/// first such member, where a fresh walk reads every member from the top (an index lookup and
/// a hosted-child lookup per level).
///
/// What it depends on is what `OnScreenMemo` depends on, less the `visible` flags (the path is
/// structure alone): every change of it calls `FamilyState.frontMayChange()`, which forgets
/// both.
struct FrontPathMemo: Sendable {
    let member: NodeID
    /// The path from `member` down, `member` first.
    let path: [NodeID]

    /// In a checked build (a debug build, as the tests', and the fuzzer's): stops the run when
    /// the remembered path differs from a fresh walk — a change that forgot to forget it.
    /// Compiled out of release builds, as the library `make lib` builds.
    @inline(__always)
    func check(against state: borrowing FamilyState) {
        #if DEBUG || NAVCORE_FUZZING
        if path != state.frontPath(from: member) {
            fatalError("navcore: member \(member)'s remembered front path is stale")
        }
        #endif
    }
}

extension FamilyState {
    /// The front path from `id`, `id` first (`FrontPathMemo`).
    func frontPath(from id: NodeID) -> [NodeID] {
        var path: [NodeID] = []
        var current: NodeID? = id
        while let member = current, let links = frontLinks(of: member) {
            path.append(member)
            current = links.next
        }
        return path
    }

    /// Remembers the front path from `id`, for the back target's walk, unless it is already.
    mutating func rememberFrontPath(from id: NodeID) {
        if let memo = frontPathMemo, memo.member == id { return }
        frontPathMemo = FrontPathMemo(member: id, path: frontPath(from: id))
    }
}
