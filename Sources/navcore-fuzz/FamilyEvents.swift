import CNavCore

// Checks of the events a family delivers (Callbacks.swift calls them): the screens a transition
// names, show and hide balanced per screen, children torn down before their host screen.

extension Harness {
    /// In a release of screen `id` of `nav`: the screen's children were torn down first, each
    /// with every screen of its own released (SPEC §16.7).
    func checkChildrenGone(before id: UInt64, of nav: NavModel) {
        for child in navigators where child.parent === nav && child.hostScreen == id && !child.presented {
            probe(child)
            if !child.destroyed { violation("screen \(id) released while its child nav#\(child.slot) is still attached") }
            for screen in child.screens where screen.releases == 0 && !screen.releaseUnobserved {
                violation("screen \(id) released before screen \(screen.id) of its child nav#\(child.slot)")
            }
        }
    }

    /// A screen a transition of `nav`'s animator names: `nav`'s own, or for present and
    /// dismiss (`acrossFamily`) a screen of any navigator of its family.
    func transitionScreen(_ id: UInt64, _ nav: NavModel, _ acrossFamily: Bool) -> ScreenRecord {
        guard acrossFamily, let record = screens[id], record.nav !== nav else { return screen(id, of: nav, "transition") }
        if record.nav.family != nav.family { violation("a present or dismiss transition named screen \(id) of another family") }
        if record.releases > 0 { violation("a transition named screen \(id) after its release") }
        return record
    }

    /// Show and hide stay balanced per screen (SPEC §5, §16.2.3, §16.7): a `will_show` only for
    /// a screen not shown, a `will_hide` only for a shown one (a cancelled gesture's reversed
    /// events included), and no release while shown but in a root's destroy (which hides
    /// nothing, section 9). Not checked for a navigator whose `always_appear` was ever on, or
    /// that missed a `will_show`/`will_hide` callback at some point.
    func balance(_ kind: RegKind, _ screen: ScreenRecord, _ nav: NavModel) {
        let exempt = appearanceExempt(nav)
        switch kind {
        case .willShow:
            if screen.shown && !exempt { violation("will_show of \(screen.id), which is shown already") }
            screen.shown = true
        case .willHide:
            if !screen.shown && !exempt { violation("will_hide of \(screen.id), which is not shown") }
            screen.shown = false
        default: break
        }
    }

    func appearanceExempt(_ nav: NavModel) -> Bool { nav.alwaysAppearEver || nav.appearanceUnobserved }
}
