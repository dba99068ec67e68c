/// `back` (SPEC §2, §6, §13): the user's back button. It asks the pop veto about the top when
/// it runs, waits for the host's `decide` when the veto answers later, then pops; `noop` with
/// one screen or none (the veto is not asked), `vetoed` on a refusal.
package struct BackOp: OperationDefinition {
    package let animated: Bool

    package init(animated: Bool) {
        self.animated = animated
    }

    package func run(_ family: Family) {
        family.userPop(.button, animated: animated)
    }
}
