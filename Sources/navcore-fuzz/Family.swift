import CNavCore

// SPEC §16's families in the harness: which navigators share a family (merged at an accepted
// attach or present), the family commands (attach, activate, present, dismiss, leave), the
// statuses their calls must have, and how the harness learns of a member's teardown: a
// member's handle dies at its teardown's start (16.7), so a navigator that has a parent is
// probed (one query) before the harness calls with it and after every top-level command.

extension Harness {
    /// The navigators of `nav`'s family, itself included, torn-down members too (a member's
    /// last callbacks, its `done leave`, come after its handle died).
    func members(of nav: NavModel) -> [NavModel] {
        navigators.filter { $0.family == nav.family }
    }

    /// Whether `nav` shares its family: the per-navigator checks that read family-wide
    /// queries (can_go_back, SPEC §16.6) are then left to the family's own.
    func isShared(_ nav: NavModel) -> Bool {
        navigators.contains { $0 !== nav && $0.family == nav.family }
    }

    /// The decision pending in `nav`'s family (a family has at most one, SPEC §16.6), 0 none.
    func pendingDecision(of nav: NavModel) -> UInt64 {
        members(of: nav).lazy.map(\.pendingDecision).first { $0 != 0 } ?? 0
    }

    /// Callbacks of `nav`'s family running now: a family has one driver (SPEC §16.8).
    func familyCallbackDepth(_ nav: NavModel) -> Int {
        members(of: nav).reduce(0) { $0 + $1.callbackDepth }
    }

    /// Transition `id` of `nav`'s family, if an animator of the family received it: whether it
    /// is interactive (finish, cancel and progress may name any member, SPEC §16.6).
    func familyTransition(_ nav: NavModel, _ id: UInt64) -> Bool? {
        members(of: nav).lazy.compactMap { $0.transitions[id] }.first
    }

    /// A drain of any member runs the family's queue: every member's wakeup count starts again.
    func noteDrain(_ nav: NavModel) -> Int {
        sequence += 1
        for member in members(of: nav) {
            member.lastDrain = sequence
            member.wakeupsSinceDrain = 0
        }
        return sequence
    }

    /// Marks a navigator that has a parent as torn down once its handle answers
    /// `invalid_handle`; any other answer than ok is a violation.
    func probe(_ nav: NavModel) {
        guard !nav.destroyed, nav.parent != nil else { return }
        var count = 0
        let status = navcore_stack_count(&count, nav.handle)
        if status == NAVCORE_ERR_INVALID_HANDLE.rawValue {
            nav.destroyed = true
            log("  (nav#\(nav.slot) torn down)")
        } else if status != NAVCORE_OK.rawValue {
            violation("stack_count of a family member returned \(status)")
        }
    }

    /// Asks an attach or present of `parent` with `child` (`call`): the child joins the
    /// parent's family at the call (SPEC §16.2.2), so the harness joins them before it — the op
    /// may run, and its callbacks name both, inside the call — and undoes that if the call
    /// fails. One queue and one `wakeup` (the root's) from then on, so per-navigator wakeup
    /// bookkeeping stops.
    func joining(_ child: Resolved, to t: Resolved, screen: UInt64, presented: Bool, _ call: () -> OpBox) {
        guard let parent = t.live, let c = child.live, c !== parent else { return _ = call() }
        let before = (c.parent, c.hostScreen, c.presented)
        let moved = navigators.filter { $0.family == c.family }
        let unwoken = navigators.filter { !$0.wakeupEverMissing }
        c.parent = parent
        c.hostScreen = screen
        c.presented = presented
        for nav in navigators where nav.family == c.family || nav.family == parent.family { nav.wakeupEverMissing = true }
        let merged = c.family
        for nav in moved { nav.family = parent.family }
        guard call().status < 0 else { return }
        (c.parent, c.hostScreen, c.presented) = before
        for nav in moved { nav.family = merged }
        for nav in unwoken { nav.wakeupEverMissing = false }
    }

    /// A navigator argument (attach's child, present's modal): 0xFF NULL, 0xFE a forged handle,
    /// else the navigator in slot `b % 4`, live or dead.
    func selectNavigator(_ r: inout Reader) -> Resolved {
        let b = r.byte()
        switch b {
        case 0xFF: return Resolved(handle: nil, model: nil, bad: true)
        case 0xFE: return Resolved(handle: NavHandle(bitPattern: Target.forgeries[0]), model: nil, bad: true)
        default: return resolved(model(slot: Int(b)))
        }
    }

    /// The status attach or present (`screen` nil) must have (SPEC §16.2.1, checked in this
    /// order): a NULL child or a bad options version `invalid`, a dead child `invalid_handle`,
    /// the parent itself or another dispatch mode `invalid`, a dead or foreign screen
    /// `no_such_screen`, a child that has a parent or is the parent's root `state`; else
    /// accepted, `busy` or `state` (the child shows a top on screen, or its family works).
    func joinExpectation(_ t: Resolved, _ child: Resolved, screen: UInt64?, badOptions: Bool) -> Expectation {
        guard let parent = t.live else { return .any }
        guard child.handle != nil else { return .status(NAVCORE_ERR_INVALID) }
        guard let c = child.live else {
            return child.model == nil ? .oneOf([NAVCORE_ERR_INVALID, NAVCORE_ERR_INVALID_HANDLE])
                : badOptions ? .oneOf([NAVCORE_ERR_INVALID, NAVCORE_ERR_INVALID_HANDLE]) : .status(NAVCORE_ERR_INVALID_HANDLE)
        }
        if c === parent || c.hostDispatch != parent.hostDispatch || badOptions { return .status(NAVCORE_ERR_INVALID) }
        // A screen the harness does not know live may be refused first (no_such_screen).
        var screenRefusal: [navcore_status] = []
        if let screen {
            let expected = screenExpectation([screen], t)
            if case .status(let status) = expected { return .status(status) }
            if !expected.isAccepted { screenRefusal = [NAVCORE_ERR_NO_SUCH_SCREEN] }
        }
        if c.parent != nil || c.family == parent.family { return .oneOf([NAVCORE_ERR_STATE] + screenRefusal) }
        return .oneOf([NAVCORE_OK, NAVCORE_QUEUED, NAVCORE_ERR_STATE, NAVCORE_ERR_BUSY] + screenRefusal)
    }

    /// The status activate and leave must have: asked of an attached screen child, accepted;
    /// of a root or a modal, `state` (SPEC §16.3, §16.7).
    func childExpectation(_ t: Resolved) -> Expectation {
        guard let nav = t.live else { return .any }
        return nav.parent == nil || nav.presented ? .status(NAVCORE_ERR_STATE) : .accepted
    }

    /// `attach child screen flags`.
    func attach(_ r: inout Reader, _ t: Resolved) {
        let child = selectNavigator(&r)
        let id = selectScreen(&r, t)
        let flags = r.byte()
        var options = navcore_attach_options()
        _ = navcore_attach_options_init(&options, UInt32(NAVCORE_ATTACH_OPTIONS_VERSION))
        if flags & 8 != 0 { options.version = UInt32(NAVCORE_ATTACH_OPTIONS_VERSION) + 1 }
        let expected = joinExpectation(t, child, screen: id, badOptions: flags & 0xC == 8)
        joining(child, to: t, screen: id, presented: false) {
            withUnsafePointer(to: options) { pointer in
                ask(NAVCORE_OP_ATTACH, t, flags, "attach(\(child.describe) to \(id))", expected: expected) {
                    navcore_attach(t.handle, id, child.handle, flags & 4 != 0 ? nil : pointer, $0, $1)
                }
            }
        }
    }

    /// `present child flags`.
    func present(_ r: inout Reader, _ t: Resolved) {
        let child = selectNavigator(&r)
        let flags = r.byte()
        var options = navcore_present_options()
        _ = navcore_present_options_init(&options, UInt32(NAVCORE_PRESENT_OPTIONS_VERSION))
        options.animated = flags & 1 != 0
        options.covers = flags & 0x10 == 0
        options.dismiss_on_back = flags & 0x20 == 0
        if flags & 8 != 0 { options.version = 0 }
        let expected = joinExpectation(t, child, screen: nil, badOptions: flags & 0xC == 8)
        joining(child, to: t, screen: 0, presented: true) {
            withUnsafePointer(to: options) { pointer in
                ask(NAVCORE_OP_PRESENT, t, flags, "present(\(child.describe))", expected: expected) {
                    navcore_present(t.handle, child.handle, flags & 4 != 0 ? nil : pointer, $0, $1)
                }
            }
        }
    }

    /// `activate flags`.
    func activate(_ t: Resolved, _ flags: UInt8) {
        var options = navcore_activate_options()
        _ = navcore_activate_options_init(&options, UInt32(NAVCORE_ACTIVATE_OPTIONS_VERSION))
        options.animated = flags & 1 != 0
        options.retap = flags & 0x20 != 0 ? 7 : Int32(flags & 0x10 != 0 ? NAVCORE_RETAP_POP_TO_ROOT.rawValue : NAVCORE_RETAP_NONE.rawValue)
        if flags & 8 != 0 { options.version = UInt32(NAVCORE_ACTIVATE_OPTIONS_VERSION) + 1 }
        let bad = flags & 4 == 0 && flags & 0x28 != 0
        let expected: Expectation = bad ? (t.live == nil ? .any : .status(NAVCORE_ERR_INVALID)) : childExpectation(t)
        withUnsafePointer(to: options) { pointer in
            _ = ask(NAVCORE_OP_ACTIVATE, t, flags, "activate(flags \(flags))", expected: expected) {
                navcore_activate(t.handle, flags & 4 != 0 ? nil : pointer, $0, $1)
            }
        }
    }

    /// `dismiss flags [text]`.
    func dismiss(_ r: inout Reader, _ t: Resolved) {
        let flags = r.byte()
        let (text, valid) = flags & 0x10 != 0 ? readText(&r) : (nil, true)
        let nullOptions = flags & 4 != 0
        let bad = !nullOptions && (flags & 8 != 0 || !valid)
        withOptionalCString(text) { result in
            var options = navcore_dismiss_options()
            _ = navcore_dismiss_options_init(&options, UInt32(NAVCORE_DISMISS_OPTIONS_VERSION))
            options.animated = flags & 1 != 0
            options.result = result
            if flags & 8 != 0 { options.version = 0 }
            withUnsafePointer(to: options) { pointer in
                _ = ask(NAVCORE_OP_DISMISS, t, flags, "dismiss(flags \(flags))", expected: bad ? .status(NAVCORE_ERR_INVALID) : .accepted) {
                    navcore_dismiss(t.handle, nullOptions ? nil : pointer, $0, $1)
                }
            }
        }
    }

    /// `leave flags`.
    func leave(_ t: Resolved, _ flags: UInt8) {
        ask(NAVCORE_OP_LEAVE, t, flags, "leave", expected: childExpectation(t)) { navcore_leave(t.handle, $0, $1) }
    }

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
}

extension Harness {
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
