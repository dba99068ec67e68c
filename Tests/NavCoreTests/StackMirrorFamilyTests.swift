import NavCore
import Testing

/// `StackMirror` over members of a family (<doc:Semantics> §16): a parent's mirror receives the
/// present and dismiss transitions of its modal, which change no stack of its own, and a
/// child's mirror follows the child's stack whichever member was asked.
@Suite struct StackMirrorFamilyTests {
    typealias Mirrored = StackMirrorTests.Mirrored

    /// A hidden navigator holding one screen, ready to be presented or attached.
    static func filled(_ route: String) throws -> Navigator {
        let nav = Navigator(visible: false)
        try nav.push(nav.makeScreen(route: route), completion: nil)
        return nav
    }

    /// Without a `layer` handler the mirror ends the modal's transitions itself: a present and a
    /// dismiss asked animated complete, and the parent's mirror tells no change.
    @Test func aParentsMirrorEndsItsModalsTransitionsAndTellsNoChange() throws {
        let m = Mirrored()
        try m.nav.push(m.screen("A"), completion: nil)
        _ = m.lines.take()
        let sheet = try Self.filled("S")
        let outcomes = Locked<[Outcome]>([])
        try m.nav.present(sheet) { outcome in outcomes.update { $0.append(outcome) } }
        #expect(m.nav.modal === sheet && !m.nav.isBusy)
        try m.nav.dismiss { outcome in outcomes.update { $0.append(outcome) } }
        #expect(outcomes.update { $0 } == [.completed, .completed] && m.nav.modal == nil && !m.nav.isBusy)
        #expect(m.lines.take().isEmpty && m.mirrored == ["A"])
    }

    /// With a `layer` handler, the host plays the modal's coming and going and ends them.
    @Test func aLayerHandlerReceivesThePresentAndTheDismiss() throws {
        let nav = Navigator()
        let layer = Locked<[Transition]>([])
        let mirror = StackMirror(nav, layer: { transition in layer.update { $0.append(transition) } }) { _ in }
        try nav.push(nav.makeScreen(route: "A"), completion: nil)
        let sheet = try Self.filled("S")
        try nav.present(sheet, completion: nil)
        let present = try #require(layer.update { $0.popLast() })
        #expect(present.style == .present && present.to == sheet.top && nav.isBusy)
        try nav.finishTransition(present.id)
        try nav.dismiss(completion: nil)
        let dismiss = try #require(layer.update { $0.popLast() })
        #expect(dismiss.style == .dismiss && dismiss.to.route == "A")
        try nav.finishTransition(dismiss.id)
        #expect(!nav.isBusy && nav.modal == nil && mirror.stack.map(\.route) == ["A"])
    }

    /// A tab's mirror follows the tab when a back asked of the root pops it: the change and its
    /// transition reach the tab's mirror, inside the root's call.
    @Test func aChildsMirrorFollowsTheChildWhenTheRootIsAsked() throws {
        let root = Navigator()
        let frame = try root.makeScreen(route: "frame")
        try root.push(frame, completion: nil)
        let tab = Mirrored()
        try root.attach(tab.nav, to: frame, completion: nil)
        try tab.nav.push(tab.screen("list"), completion: nil)
        try tab.nav.push(tab.screen("message"), animated: false, completion: nil)
        _ = tab.lines.take()
        try root.back(completion: nil)
        #expect(tab.lines.take() == ["list,message > list animated"] && root.isBusy)
        try tab.end()
        #expect(!root.isBusy && tab.nav.stack.map(\.route) == ["list"] && tab.mirrored == ["list"])
    }
}
