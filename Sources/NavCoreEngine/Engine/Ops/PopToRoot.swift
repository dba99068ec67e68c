/// `pop_to_root` (SPEC §2): removes every screen above the root; `noop` with one screen or
/// none.
package struct PopToRootOp: OperationDefinition {
    package let animated: Bool

    package init(animated: Bool) {
        self.animated = animated
    }

    package func run(_ family: Family) {
        family.carryOut(family.decide { $0.truncate(keeping: 1, animated: animated) })
    }
}
