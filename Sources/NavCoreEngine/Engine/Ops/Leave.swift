/// `leave` (SPEC §16.7), asked of a screen child C: its pairs on screen hide (`disappear`,
/// instant), then its subtree is torn down — its queued ops end `aborted`, its screens are
/// released, its handle dies — and its host screen loses it (and has no active child if it
/// was that). The parent's stack never changes. `done leave completed` is C's, delivered
/// although C's handle is already dead.
package struct LeaveOp: OperationDefinition {
    package init() {}

    /// At the call: the navigator is an attached screen child (a root or a modal: `state`).
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        guard state.node.tree.isScreenChild else {
            throw NavigationError(.state, "only a navigator attached to a screen can leave (a modal is dismissed)")
        }
    }

    package func run(_ family: Family) {
        var hides = FrontChange()
        family.decide { state in hides.hides = state.frontPairs(of: state.node.id) }
        family.willPhase(hides, own: [], reason: .disappear, animated: false)
        family.didPhase(hides, own: [], reason: .disappear, animated: false)
        family.deliver(family.decide { $0.tearDown(subtree: $0.node.id) })
        family.end(.completed)  // the navigator, dead since its teardown, leaves next (`nextWork`)
    }
}
