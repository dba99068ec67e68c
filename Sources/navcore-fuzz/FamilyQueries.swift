import CNavCore

// The `family_query` command: SPEC §16.9's queries checked against the families the harness
// joined.

extension Harness {
    /// `family_query screen`: SPEC §16.9's queries of the selected navigator, checked against
    /// the families the harness knows: its parent and host screen are those of the accepted
    /// attach or present; its modal, back target, and the children and active child of
    /// `screen` are live members of its family in their place (the children exactly the ones
    /// attached to `screen` and not torn down); `can_go_back` is "idle, nothing queued, and a
    /// target" (16.6); a dead or foreign `screen` is `no_such_screen`.
    func familyQuery(_ r: inout Reader, _ t: Resolved) {
        let id = selectScreen(&r, t)
        let h = t.handle
        var parent: NavHandle?, modal: NavHandle?, target: NavHandle?, active: NavHandle?
        var host: UInt64 = 0, isModal = false, onScreen = false, count = 0
        expect(navcore_parent(&parent, h), "parent", t, mustSucceed: true)
        expect(navcore_modal(&modal, h), "modal", t, mustSucceed: true)
        expect(navcore_back_target(&target, h), "back_target", t, mustSucceed: true)
        expect(navcore_host_screen(&host, h), "host_screen", t, mustSucceed: true)
        expect(navcore_is_modal(&isModal, h), "is_modal", t, mustSucceed: true)
        expect(navcore_is_on_screen(&onScreen, h), "is_on_screen", t, mustSucceed: true)
        let onScreenExpected = screenCallExpectation(id, t, live: .status(NAVCORE_OK))
        let activeStatus = navcore_active_child(&active, h, id)
        expect(activeStatus, "active_child(\(id))", t)
        onScreenExpected.check(activeStatus, "active_child(\(id))")
        let countStatus = navcore_children_copy(&count, nil, 0, h, id)
        expect(countStatus, "children_copy(\(id), count)", t)
        onScreenExpected.check(countStatus, "children_copy(\(id))")
        var children: [NavHandle] = []
        if countStatus == NAVCORE_OK.rawValue, count > 0 {
            let buffer = UnsafeMutablePointer<NavHandle?>.allocate(capacity: count)
            defer { buffer.deallocate() }
            var again = 0
            expect(navcore_children_copy(&again, buffer, count, h, id), "children_copy(\(id))", t, mustSucceed: true)
            if again != count { violation("children_copy counted \(count) then \(again) with no call between") }
            children = UnsafeBufferPointer(start: buffer, count: count).compactMap { $0 }
            if children.count != count { violation("children_copy wrote a NULL handle") }
        }
        guard let nav = t.live else { return }
        if parent != nav.parent?.handle { violation("parent of nav#\(nav.slot) is \(String(describing: parent)), not its attach's or present's") }
        if host != (nav.presented ? 0 : nav.hostScreen) { violation("host_screen of nav#\(nav.slot) is \(host), not \(nav.hostScreen)") }
        if isModal && !nav.presented { violation("nav#\(nav.slot) is_modal, but it was never presented") }
        if let modal, !isLiveMember(modal, of: nav, where: { $0.parent === nav && $0.presented }) {
            violation("modal of nav#\(nav.slot) is no live navigator it presented")
        }
        if let target, !isLiveMember(target, of: nav, where: { _ in true }) {
            violation("back_target of nav#\(nav.slot) is no live navigator of its family")
        }
        let attached = navigators.filter { $0.parent === nav && !$0.presented && $0.hostScreen == id && !$0.destroyed }
        if countStatus == NAVCORE_OK.rawValue, Set(children.map { UInt(bitPattern: $0) }) != Set(attached.map { UInt(bitPattern: $0.handle) }) {
            violation("children of \(id): \(children.count) handles, but \(attached.count) navigators were attached to it and live")
        }
        if let active, !children.contains(active) { violation("active_child of \(id) is none of its children") }
        if let s = snapshot(t), s.canGoBack != (!s.busy && s.pending == 0 && target != nil) {
            violation("can_go_back \(s.canGoBack) with busy \(s.busy), pending \(s.pending), back_target \(String(describing: target))")
        }
    }

    /// `handle` is a live navigator of `nav`'s family that `condition` holds for.
    private func isLiveMember(_ handle: NavHandle, of nav: NavModel, where condition: (NavModel) -> Bool) -> Bool {
        guard let member = model(of: handle) else { return false }
        probe(member)
        return !member.destroyed && member.family == nav.family && condition(member)
    }
}
