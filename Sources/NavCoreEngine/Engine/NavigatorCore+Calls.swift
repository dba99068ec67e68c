/// The calls both fronts make, each validated at the call (SPEC §2: a NULL, a dead id, an
/// out-of-range value fail here and queue nothing) and handed to `perform`. A destroyed
/// navigator's `invalid_handle` comes before any argument's status, as the C front's handle
/// check does (SPEC §9): so the arguments are checked under the lock, after `perform`'s check.
extension NavigatorCore {
    /// Asks an op (SPEC §3), validated at the call; the gesture starts at once or is refused
    /// (SPEC §5).
    package func ask(_ request: consuming Request) throws(NavigationError) -> RequestStatus {
        if request.joins { try join(request.operation) }
        if request.startsAtOnce {
            return try perform(.always, handing: request) { state, request throws(NavigationError) in
                try request.operation.validate(state)
                state.start(request)
                return .ok
            }
        }
        return try perform(.inlineOnly, handing: request) { state, request throws(NavigationError) in
            try request.operation.validate(state)
            return state.enqueue(request)
        }
    }

    /// The host finished the transition `id`.
    package func finishTransition(_ id: UInt64) throws(NavigationError) {
        try perform(.always) { state throws(NavigationError) in try state.endTransition(id, cancel: false) }
    }

    /// The host cancelled the interactive transition `id`.
    package func cancelTransition(_ id: UInt64) throws(NavigationError) {
        try perform(.always) { state throws(NavigationError) in try state.endTransition(id, cancel: true) }
    }

    /// The host reports the progress of the interactive transition `id`.
    package func reportProgress(_ id: UInt64, _ value: Double) throws(NavigationError) {
        try perform(.always) { state throws(NavigationError) in try state.progress(id, value) }
    }

    /// Host mode: runs the queue on the calling thread (SPEC §9).
    package func drain() throws(NavigationError) {
        try perform(.always) { $0.beginDrain() }
    }

    /// Host mode: runs the queue on the calling thread within a budget of `maxOps` ops and
    /// `seconds` (SPEC §9's bounded drain; `nil`: no such limit); `queued` when ops are left in
    /// the queue, for which it has raised `wakeup`. Made inside a callback, or while another
    /// thread drives, it hands its budget to the driving thread, which starts the ops, and
    /// returns `ok`. The budget is checked under the lock, after `perform`'s `invalid_handle`.
    package func drain(maxOps: Int?, seconds: Double?) throws(NavigationError) -> RequestStatus {
        try perform(.always) { state throws(NavigationError) in
            state.beginDrain(try DrainBudget(maxOps: maxOps, seconds: seconds))
        }
        // Destroyed meanwhile (by a callback of this drain): nothing is left queued.
        return (try? read { $0.boundedDrainStatus }) ?? .ok
    }

    /// Ends the navigator (SPEC §9); inside a callback, when the outermost call returns.
    package func destroy() throws(NavigationError) {
        try perform(.always) { state throws(NavigationError) in
            // SPEC §16.7: a child leaves by an op, so that every top it showed gets its hide.
            guard state.node.tree.parent == nil else {
                throw NavigationError(.state, "a navigator that has a parent leaves by leave or dismiss, not destroy")
            }
            state.markDestroyed()
        }
    }

    /// Sets the navigation-bar threshold (SPEC §8).
    package func setThreshold(_ value: Int) throws(NavigationError) {
        try perform(.inlineOnly) { state throws(NavigationError) in try state.setThreshold(value) }
    }

    /// Creates a detached screen and returns its id.
    package func createScreen(route: String, object: HostObject) throws(NavigationError) -> UInt64 {
        try perform(.inlineOnly) { state throws(NavigationError) in
            try Text.check(route, "route name")
            return state.createScreen(route: route, object: object)
        }
    }

    /// Releases a detached screen, at once in both dispatch modes (SPEC §9).
    package func discard(_ id: UInt64) throws(NavigationError) {
        try perform(.always) { state throws(NavigationError) in try state.discard(id) }
    }

    /// Marks or unmarks a screen as retained (SPEC §17); a call, not an op.
    package func retain(_ id: UInt64, _ on: Bool) throws(NavigationError) {
        try configure { state throws(NavigationError) in try state.setRetained(id, on) }
    }

    /// Whether a live screen is marked retained (SPEC §17).
    package func isRetained(_ id: UInt64) throws(NavigationError) -> Bool {
        try read { state throws(NavigationError) in try state.isRetained(id) }
    }

    /// Answers a pending veto decision (SPEC §13), at once in both dispatch modes.
    package func answerDecision(_ id: UInt64, allow: Bool) throws(NavigationError) {
        try perform(.always) { state throws(NavigationError) in try state.answerDecision(id, allow: allow) }
    }

    /// Emits show/hide events even while hidden (SPEC §7), from the next event on.
    package func setAlwaysAppear(_ on: Bool) throws(NavigationError) {
        try configure { $0.node.alwaysAppear = on }
    }

    /// Sets or clears a screen's result (SPEC §12).
    package func setResult(_ id: UInt64, _ text: String?) throws(NavigationError) {
        try configure { state throws(NavigationError) in
            try Text.check(text, "result")
            try state.setResult(id, text)
        }
    }

    /// Attaches, replaces or (with `nil`) removes a screen's result listener (SPEC §12); the
    /// replaced one is dropped by the driving thread.
    package func setResultListener(_ id: UInt64, _ listener: (any ResultListener)?) throws(NavigationError) {
        try perform(.inlineOnly) { state throws(NavigationError) in try state.setListener(id, listener) }
    }

    /// Sets or clears a screen's saved state (SPEC §14).
    package func setSavedState(_ id: UInt64, _ text: String?) throws(NavigationError) {
        try configure { state throws(NavigationError) in
            try Text.check(text, "saved state")
            try state.setSavedState(id, text)
        }
    }

    /// A live screen's result (SPEC §12).
    package func result(of id: UInt64) throws(NavigationError) -> String? {
        try read { state throws(NavigationError) in try state.record(id).result }
    }

    /// A live screen's saved state (SPEC §14).
    package func savedState(of id: UInt64) throws(NavigationError) -> String? {
        try read { state throws(NavigationError) in try state.record(id).savedState }
    }

    /// The entries of the saved document of the stack as queries see it now (SPEC §14).
    package func savedEntries() throws(NavigationError) -> [RouteEntry] {
        try read { state in state.node.stack.map { RouteEntry(route: $0.route, state: state.node.screens[$0.id]?.savedState) } }
    }

    /// Parses a saved document at the call and asks `open` with its entries (SPEC §14). The
    /// document is parsed without the lock, once the navigator is known to be live.
    package func restore(
        _ document: String, animated: Bool, completion: CompletionHandler?, draining: Bool = false
    ) throws(NavigationError) -> RequestStatus {
        try checkLive()
        let entries = try SavedDocument.parse(document)
        return try ask(Request(OpenOp(entries: entries, animated: animated), completion: completion), draining: draining)
    }

    /// The saved tree of this navigator and its subtree as queries see it now (SPEC §16.10).
    package func savedTree() throws(NavigationError) -> SavedTree {
        try read { state in state.savedTree() }
    }

    /// Parses a saved tree at the call and asks `open` with it (SPEC §16.10). The document is
    /// parsed without the lock, once the navigator is known to be live.
    package func restoreTree(
        _ document: String, animated: Bool, completion: CompletionHandler?, draining: Bool = false
    ) throws(NavigationError) -> RequestStatus {
        try checkLive()
        let tree = try SavedTree.parse(document)
        return try ask(Request(OpenOp(tree: tree, animated: animated), completion: completion), draining: draining)
    }

    /// Registers a route's factory (SPEC §8).
    package func registerRoute(_ name: String, factory: any RouteFactory) throws(NavigationError) {
        try configure { state throws(NavigationError) in
            try Text.check(name, "route name")
            try state.node.routes.register(name, factory: factory)
        }
    }

    /// Unregisters a route; its factory is retired (dropped by the driving thread).
    package func unregisterRoute(_ name: String) throws(NavigationError) {
        try perform(.inlineOnly) { state throws(NavigationError) in
            state.retired.append(try state.node.routes.unregister(name))
        }
    }
}
