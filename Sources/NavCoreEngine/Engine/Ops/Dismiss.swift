/// `dismiss` (SPEC §16.4), asked of the parent P: its modal M is shown out and torn down;
/// `noop` without a modal. A result given becomes the result of M's bottom screen before the
/// first event, as `pop`'s does (SPEC §12). No action event: P's stack does not change.
package struct DismissOp: OperationDefinition {
    package let options: DismissOptions

    package init(options: DismissOptions) {
        self.options = options
    }

    package var animated: Bool { options.animated }

    /// At the call: the result is text (SPEC §15).
    package func validate(_ state: borrowing FamilyState) throws(NavigationError) {
        try Text.check(options.result, "result")
    }

    package func run(_ family: Family) {
        family.dismissModal(animated: options.animated, result: options.result, interactive: false)
    }
}
