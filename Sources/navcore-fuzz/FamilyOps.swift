import CNavCore

// The family commands (Command.swift: attach, activate, present, dismiss, leave) and the
// statuses their calls must have (SPEC §16.2.1, 16.3, 16.4, 16.7).

extension Harness {
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
}
