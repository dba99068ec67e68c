/// `show R` (SPEC §8): a named route with options. It recycles a screen of R in the stack
/// (the payload goes to it, then a pop to it, or `noop` when it is the top), or makes a new one
/// with R's factory (the payload goes to it, then it replaces the top or is pushed);
/// `unknown_route`, `factory_failed`.
package struct ShowOp: OperationDefinition {
    /// R.
    package let route: String
    /// Its animation, replacement, recycling and payload.
    package let options: ShowOptions

    package init(route: String, options: ShowOptions) {
        self.route = route
        self.options = options
    }

    package var animated: Bool { options.animated }

    /// At the call: the route and the payload are text (SPEC §15).
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        try Text.check(route, "route name")
        try Text.check(options.payload, "payload")
    }

    /// When it runs: unknown route, recycle (`any`: the screen of R nearest the top; `top`: the
    /// top if it is of R), or create.
    func plan(_ state: inout FamilyState) -> ShowPlan {
        guard let factory = state.factory(of: route) else { return .end(.unknownRoute) }
        let recycled: Int? =
            switch options.recycle {
            case .any: state.node.screens.hasStacked(route: route) ? state.node.stack.lastIndex { Text.same($0.route, route) } : nil
            case .top: state.node.stack.last.map { Text.same($0.route, route) } == true ? state.node.stack.count - 1 : nil
            case .none: nil
            }
        if let index = recycled {
            return .recycle(state.node.stack[index], state.truncate(keeping: index + 1, animated: animated))
        }
        return .create(factory, id: IDSource.next(), owner: state.node.id)
    }

    /// Registers the screen the factory made and plans its entry: replacing the current top
    /// (`remove_current`) or pushed.
    func adopt(_ box: ScreenBox, _ state: inout FamilyState) -> Plan {
        state.node.screens.add(box)
        let screen = box.ref
        guard options.removeCurrent, !state.node.stack.isEmpty else {
            state.node.screens.markStacked(screen.id)
            return .change(state.push(screen, animated: animated))
        }
        var screens = Array(state.node.stack.dropLast())
        screens.append(screen)
        return state.replace(with: screens, kept: Set(screens.map { $0.id }), animated: animated)
    }

    /// The payload reaches the screen before any action event.
    package func run(_ family: Family) {
        switch family.decide({ plan(&$0) }) {
        case .end(let outcome):
            family.end(outcome)
        case .recycle(let screen, let pop):
            family.deliver(options.payload, to: screen)
            family.carryOut(pop)
        case .create(let factory, let id, let owner):
            guard let object = factory.makeObject(route: route, id: id, payload: options.payload, owner: owner) else {
                return family.end(.factoryFailed)
            }
            let screen = ScreenBox(id: id, route: route, object: object)
            let entry = family.decide { adopt(screen, &$0) }
            family.deliver(options.payload, to: screen.ref)
            family.carryOut(entry)
        }
    }
}

/// What `show` does when it runs (SPEC §8).
enum ShowPlan: Sendable {
    case end(Outcome)
    /// A screen of the route is in the stack: deliver the payload, then pop to it.
    case recycle(ScreenRef, Plan)
    /// Ask the factory for the object of a new screen with this id.
    case create(any RouteFactory, id: UInt64, owner: NodeID)
}
