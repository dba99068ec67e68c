/// `pop_to S` (SPEC §2): removes every screen above S; `noop` when S is the top,
/// `not_in_stack` when it is not in the stack.
package struct PopToOp: OperationDefinition {
    /// S.
    package let screen: UInt64
    package let animated: Bool

    package init(screen: UInt64, animated: Bool) {
        self.screen = screen
        self.animated = animated
    }

    /// At the call: S is a live screen of this navigator.
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        guard state.node.screens.contains(screen) else { throw .noSuchScreen(screen) }
    }

    /// When it runs: scans from the top, so it touches only the screens it removes.
    func plan(_ state: inout FamilyState) -> Plan {
        guard let index = state.node.stack.lastIndex(where: { $0.id == screen }) else { return .end(.notInStack) }
        return state.truncate(keeping: index + 1, animated: animated)
    }

    package func run(_ family: Family) {
        family.carryOut(family.decide { plan(&$0) })
    }
}
