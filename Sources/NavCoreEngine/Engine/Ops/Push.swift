/// `push S` (SPEC §2, §4): S, a detached screen, becomes the top.
package struct PushOp: OperationDefinition {
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

    /// When it runs: `invalid` once S was released meanwhile, `duplicate` while S is in the
    /// stack; else S is pushed.
    func plan(_ state: inout FamilyState) -> Plan {
        switch state.node.screens.enter(screen) {
        case .dead: return .end(.invalid)
        case .stacked: return .end(.duplicate)
        case .entered(let ref): return .change(state.push(ref, animated: animated))
        }
    }

    package func run(_ family: Family) {
        family.carryOut(family.decide { plan(&$0) })
    }
}
