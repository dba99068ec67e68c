/// `pop` (SPEC §2): removes the top; `noop` with one screen or none. It may carry a result for
/// the screen it removes (SPEC §12).
package struct PopOp: OperationDefinition {
    package let animated: Bool
    /// The popped screen's result, set before step 1 when the pop runs and is not a noop.
    package let result: String?

    package init(animated: Bool, result: String?) {
        self.animated = animated
        self.result = result
    }

    /// At the call: the result is text (SPEC §15).
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        try Text.check(result, "result")
    }

    /// When it runs: the pop; the result goes to the top first (callbacks may change it
    /// afterwards). A noop sets nothing.
    func plan(_ state: inout FamilyState) -> Plan {
        let plan = state.pop(animated: animated)
        if case .change = plan, let result, let top = state.node.stack.last {
            state.node.screens.update(top.id) { $0.result = result }
        }
        return plan
    }

    package func run(_ family: Family) {
        family.carryOut(family.decide { plan(&$0) })
    }
}
