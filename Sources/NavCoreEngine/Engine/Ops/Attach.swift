/// `attach S C` (SPEC §16.2): the navigator C goes inside screen S of the navigator asked (its
/// parent). Checked at the call, where C joins the parent's family, bound (`NavigatorCore.join`);
/// when it runs, C's `visible` flag comes on, C becomes S's active child if S has none, and
/// C's pairs now on screen appear, instant. `invalid` when C or S was released meanwhile.
package struct AttachOp: OperationDefinition {
    /// S, a screen of the parent.
    package let screen: UInt64
    /// C.
    package let child: NavigatorCore
    package let options: AttachOptions

    package init(screen: UInt64, child: NavigatorCore, options: AttachOptions) {
        self.screen = screen
        self.child = child
        self.options = options
    }

    package func run(_ family: Family) {
        let child = child.node
        let outcome = family.changeFront { state -> Outcome? in
            let parent = state.node.id
            guard state.node.screens.contains(screen), state.isLiveMember(child),
                  state.withMember(child, { $0.tree.parent }) == parent
            else { return .invalid }
            state.updateMember(child) { member in
                member.visible = true
                member.tree.bound = false
            }
            if state.node.tree.hosted[screen]?.active == nil { state.node.tree.hosted[screen]?.active = child }
            return nil
        }
        family.end(outcome ?? .completed)
    }
}
