/// `visible on/off` (SPEC §7): the host tells whether the navigator is on screen. The top
/// appears or disappears, instant; `noop` when nothing changes.
package struct VisibleOp: OperationDefinition {
    /// Whether the navigator is on screen from now on.
    package let visible: Bool

    package init(visible: Bool) {
        self.visible = visible
    }

    package func run(_ family: Family) {
        // SPEC §16.5: in a family, the navigator's subtree's pairs on screen leave or come.
        let inFamily = family.decide { !$0.others.isEmpty }
        if inFamily {
            let outcome = family.changeFront { state -> Outcome? in
                guard state.node.visible != visible else { return .noop }
                state.node.visible = visible
                return nil
            }
            return family.end(outcome ?? .completed)
        }
        let (changes, top) = family.decide { state in
            defer {
                state.node.visible = visible
                state.frontMayChange()
            }
            return (state.node.visible != visible, state.node.stack.last)
        }
        guard changes else { return family.end(.noop) }
        let (will, did, reason): (AppearancePhase, AppearancePhase, AppearanceReason) =
            visible ? (.willShow, .didShow, .appear) : (.willHide, .didHide, .disappear)
        family.step { $0.appearance(will, top, reason, animated: false) }
        family.step { $0.appearance(did, top, reason, animated: false) }
        family.end(.completed)
    }
}
