/// `run` (SPEC §2): the host's code block, run in queue order; it emits `run` (the host's) and
/// ends `completed`.
package struct RunOp: OperationDefinition {
    /// The block.
    package let block: RunBlock

    package init(block: RunBlock) {
        self.block = block
    }

    package func run(_ family: Family) {
        block.run(through: family.decide { $0.node.lentSink })
        family.end(.completed)
    }
}
