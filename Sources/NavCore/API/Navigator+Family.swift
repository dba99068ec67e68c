@_spi(Fronts) import NavCoreEngine

/// Nested navigators, tabs and a modal layer (<doc:Semantics> §16): a navigator inside a screen
/// of another (`attach`), the active one of a screen's children (`activate`), a modal over a
/// navigator (`present`, `dismiss`), and a child's departure (`leave`). The navigator asked is
/// the parent for `attach`, `present` and `dismiss`, the child for `activate` and `leave`.
extension NavigationRequest {
    /// Attaches `child` to `screen` of the navigator asked, its parent (<doc:Semantics> §16.2).
    public static func attach(_ child: Navigator, to screen: Screen, options: AttachOptions = AttachOptions())
        -> NavigationRequest {
        NavigationRequest(AttachOp(screen: screen.id, child: child.core, options: options))
    }

    /// Makes the navigator asked its host screen's active child (<doc:Semantics> §16.3).
    public static func activate(retap: Retap = .none, animated: Bool = true) -> NavigationRequest {
        NavigationRequest(ActivateOp(options: ActivateOptions(animated: animated, retap: retap)))
    }

    /// Presents `modal` over the navigator asked (<doc:Semantics> §16.4).
    public static func present(_ modal: Navigator, covers: Bool = true, dismissOnBack: Bool = true, animated: Bool = true)
        -> NavigationRequest {
        NavigationRequest(PresentOp(
            child: modal.core, options: PresentOptions(animated: animated, covers: covers, dismissOnBack: dismissOnBack)))
    }

    /// Dismisses the modal of the navigator asked, carrying a result for its bottom screen.
    public static func dismiss(animated: Bool = true, result: String? = nil) -> NavigationRequest {
        NavigationRequest(DismissOp(options: DismissOptions(animated: animated, result: result)))
    }

    /// The navigator asked, a screen child, leaves its host screen and is torn down (<doc:Semantics> §16.7).
    public static func leave() -> NavigationRequest {
        NavigationRequest(LeaveOp())
    }
}

/// The family ops in the two forms every op has (`Navigator+Async.swift`): a plain call awaits
/// the op's outcome; a call that names `completion:` returns `.ok` or `.queued` at once.
extension Navigator {
    /// Attaches `child` to `screen` and waits for the op's outcome (the form with `completion:`
    /// says what attach does).
    nonisolated(nonsending) public func attach(_ child: Navigator, to screen: Screen) async throws(NavigationError)
        -> Outcome {
        try await perform(.attach(child, to: screen))
    }

    /// Activates this navigator and waits for the op's outcome.
    nonisolated(nonsending) public func activate(retap: Retap = .none, animated: Bool = true) async
        throws(NavigationError) -> Outcome {
        try await perform(.activate(retap: retap, animated: animated))
    }

    /// Presents `modal` over this navigator and waits for the op's outcome.
    nonisolated(nonsending) public func present(
        _ modal: Navigator, covers: Bool = true, dismissOnBack: Bool = true, animated: Bool = true
    ) async throws(NavigationError) -> Outcome {
        try await perform(.present(modal, covers: covers, dismissOnBack: dismissOnBack, animated: animated))
    }

    /// Dismisses this navigator's modal and waits for the op's outcome.
    nonisolated(nonsending) public func dismiss(animated: Bool = true, result: String? = nil) async
        throws(NavigationError) -> Outcome {
        try await perform(.dismiss(animated: animated, result: result))
    }

    /// Leaves this navigator's host screen and waits for the op's outcome.
    nonisolated(nonsending) public func leave() async throws(NavigationError) -> Outcome {
        try await perform(.leave())
    }
}

extension Navigator {
    /// Attaches `child` (a root of another family, in this dispatch mode, showing nothing on
    /// screen) to `screen`, a screen of this navigator (<doc:Semantics> §16.2). It joins this
    /// navigator's family at the call; this family keeps the object alive until its teardown.
    @discardableResult
    public func attach(_ child: Navigator, to screen: Screen, completion: Completion?) throws(NavigationError)
        -> RequestStatus {
        try ask(.attach(child, to: screen), completion: completion)
    }

    /// Makes this navigator, attached to a screen, that screen's active child; `retap:
    /// .popToRoot` pops it to its root when it is active already (<doc:Semantics> §16.3).
    @discardableResult
    public func activate(retap: Retap = .none, animated: Bool = true, completion: Completion?)
        throws(NavigationError) -> RequestStatus {
        try ask(.activate(retap: retap, animated: animated), completion: completion)
    }

    /// Presents `modal` over this navigator (<doc:Semantics> §16.4): `covers` hides this
    /// navigator's front while presented; `dismissOnBack` lets a back dismiss it.
    @discardableResult
    public func present(
        _ modal: Navigator, covers: Bool = true, dismissOnBack: Bool = true, animated: Bool = true,
        completion: Completion?
    ) throws(NavigationError) -> RequestStatus {
        try ask(.present(modal, covers: covers, dismissOnBack: dismissOnBack, animated: animated), completion: completion)
    }

    /// Dismisses this navigator's modal, which is torn down; `result` becomes its bottom
    /// screen's result (<doc:Semantics> §16.4).
    @discardableResult
    public func dismiss(animated: Bool = true, result: String? = nil, completion: Completion?)
        throws(NavigationError) -> RequestStatus {
        try ask(.dismiss(animated: animated, result: result), completion: completion)
    }

    /// This navigator, attached to a screen, leaves it and is torn down (<doc:Semantics> §16.7).
    @discardableResult
    public func leave(completion: Completion?) throws(NavigationError) -> RequestStatus {
        try ask(.leave(), completion: completion)
    }

    /// Sets (or with `nil` removes) the handler told each navigator navcore makes under this one
    /// (`restoreTree`, <doc:Semantics> §16.10): `parent` (this navigator), the host `screen`
    /// (`nil` for a modal) and the new `child`, before any of its screens is made — the place
    /// to give it its animator, veto, observers and its own `onChild`. Never called for
    /// `attach` or `present`.
    public func onChild(_ handler: (@Sendable (_ parent: Navigator, _ screen: Screen?, _ child: Navigator) -> Void)?) {
        updateHandlers { $0.child = handler }
    }

    // MARK: Queries (<doc:Semantics> §16.9)

    /// The parent: the navigator whose screen this one is attached to, or which presented it;
    /// `nil` for a root (or once torn down).
    public var parent: Navigator? { NavigatorDirectory.shared.navigator((try? core.parentNode()) ?? nil) }

    /// The presented modal (a pending one is not yet it); `nil` for none.
    public var modal: Navigator? { NavigatorDirectory.shared.navigator((try? core.modalNode()) ?? nil) }

    /// The navigator a back asked now would act on — for a dismissal, the modal — or `nil`
    /// (<doc:Semantics> §16.6).
    public var backTarget: Navigator? { NavigatorDirectory.shared.navigator((try? core.backTargetNode()) ?? nil) }

    /// Whether this navigator is a modal, pending or presented.
    public var isModal: Bool { (try? core.isModal()) ?? false }

    /// Whether this navigator is on screen (<doc:Semantics> §16.5): placed, visible, not covered.
    public var isOnScreen: Bool { (try? core.isOnScreen()) ?? false }

    /// The screen this navigator is attached to; `nil` for a root or a modal.
    public var hostScreen: Screen? {
        guard let id = try? core.hostScreen(), id != 0 else { return nil }
        return parent.flatMap { try? $0.screen(id) }
    }

    /// The navigators attached to `screen`, a live screen of this navigator, in attach order.
    public func children(of screen: Screen) throws(NavigationError) -> [Navigator] {
        try core.children(of: screen.id).compactMap { NavigatorDirectory.shared.navigator($0) }
    }

    /// The active child of `screen`, a live screen of this navigator; `nil` for none.
    public func activeChild(of screen: Screen) throws(NavigationError) -> Navigator? {
        NavigatorDirectory.shared.navigator(try core.activeChild(of: screen.id))
    }
}
