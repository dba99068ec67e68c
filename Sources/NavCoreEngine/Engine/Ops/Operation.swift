/// An op as it waits in the queue: one case per op, each holding the value its file in
/// `Engine/Ops/` defines.
package enum Operation: Sendable {
    case push(PushOp)
    case pop(PopOp)
    case popTo(PopToOp)
    case popToRoot(PopToRootOp)
    case set(SetOp)
    case back(BackOp)
    case gesture(GestureOp)
    case run(RunOp)
    case visible(VisibleOp)
    case show(ShowOp)
    case open(OpenOp)
}

extension Operation {
    /// The op's validation at the call (`OperationDefinition.validate`).
    func validate(_ state: borrowing NavigatorState) throws(NavigationError) {
        switch self {
        case .push(let op): try op.validate(state)
        case .pop(let op): try op.validate(state)
        case .popTo(let op): try op.validate(state)
        case .popToRoot(let op): try op.validate(state)
        case .set(let op): try op.validate(state)
        case .back(let op): try op.validate(state)
        case .gesture(let op): try op.validate(state)
        case .run(let op): try op.validate(state)
        case .visible(let op): try op.validate(state)
        case .show(let op): try op.validate(state)
        case .open(let op): try op.validate(state)
        }
    }

    /// Runs the op that has just started (`OperationDefinition.run`).
    func run(_ core: NavigatorCore) {
        switch self {
        case .push(let op): op.run(core)
        case .pop(let op): op.run(core)
        case .popTo(let op): op.run(core)
        case .popToRoot(let op): op.run(core)
        case .set(let op): op.run(core)
        case .back(let op): op.run(core)
        case .gesture(let op): op.run(core)
        case .run(let op): op.run(core)
        case .visible(let op): op.run(core)
        case .show(let op): op.run(core)
        case .open(let op): op.run(core)
        }
    }
}

extension PushOp {
    package static var kind: OperationKind { .push }
    package var operation: Operation { .push(self) }
}

extension PopOp {
    package static var kind: OperationKind { .pop }
    package var operation: Operation { .pop(self) }
}

extension PopToOp {
    package static var kind: OperationKind { .popTo }
    package var operation: Operation { .popTo(self) }
}

extension PopToRootOp {
    package static var kind: OperationKind { .popToRoot }
    package var operation: Operation { .popToRoot(self) }
}

extension SetOp {
    package static var kind: OperationKind { .set }
    package var operation: Operation { .set(self) }
}

extension BackOp {
    package static var kind: OperationKind { .back }
    package var operation: Operation { .back(self) }
}

extension GestureOp {
    package static var kind: OperationKind { .gesture }
    package var operation: Operation { .gesture(self) }
}

extension RunOp {
    package static var kind: OperationKind { .run }
    package var operation: Operation { .run(self) }
}

extension VisibleOp {
    package static var kind: OperationKind { .visible }
    package var operation: Operation { .visible(self) }
}

extension ShowOp {
    package static var kind: OperationKind { .show }
    package var operation: Operation { .show(self) }
}

extension OpenOp {
    package static var kind: OperationKind { .open }
    package var operation: Operation { .open(self) }
}
