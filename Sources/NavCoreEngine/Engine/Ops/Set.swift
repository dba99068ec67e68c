/// `set S1..Sn` (SPEC §2): the stack becomes exactly S1..Sn, with UIKit's transition style.
package struct SetOp: OperationDefinition {
    /// S1..Sn, bottom to top.
    package let screens: [UInt64]
    package let animated: Bool

    package init(screens: [UInt64], animated: Bool) {
        self.screens = screens
        self.animated = animated
    }

    /// At the call: every screen named is a live screen of this navigator (an empty list is
    /// accepted, and ends `invalid` when it runs).
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        for id in screens where !state.node.screens.contains(id) { throw .noSuchScreen(id) }
    }

    /// When it runs: `invalid` for an empty list or a released screen (checked first), then
    /// `duplicate` for a screen named twice, then `noop` for the same stack.
    func plan(_ state: inout FamilyState) -> Plan {
        guard !screens.isEmpty else { return .end(.invalid) }
        var refs: [ScreenRef] = []
        refs.reserveCapacity(screens.count)
        for id in screens {
            guard let record = state.node.screens[id] else { return .end(.invalid) }
            refs.append(record.screen)
        }
        var seen = Set<UInt64>(minimumCapacity: screens.count)
        for id in screens where !seen.insert(id).inserted { return .end(.duplicate) }
        return state.replace(with: refs, kept: seen, animated: animated)
    }

    package func run(_ family: Family) {
        family.carryOut(family.decide { plan(&$0) })
    }
}
