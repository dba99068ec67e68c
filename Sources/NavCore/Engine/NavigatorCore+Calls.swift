/// The calls both fronts make, each validated at the call (SPEC §2: a NULL, a dead id, an
/// out-of-range value fail here and queue nothing) and handed to `perform`.
extension NavigatorCore {
    /// Asks an op (SPEC §3); the gesture starts at once or is refused (SPEC §5).
    package func ask(_ request: Request) throws(NavigationError) -> RequestStatus {
        if case .gesture = request.operation {
            return try perform(.always) { state throws(NavigationError) in
                try state.startGesture(request.completion)
            }
        }
        return try perform(.inlineOnly) { state throws(NavigationError) in
            try state.validate(request.operation)
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

    /// Ends the navigator (SPEC §9); inside a callback, when the outermost call returns.
    package func destroy() throws(NavigationError) {
        try perform(.always) { $0.markDestroyed() }
    }

    /// Sets the navigation-bar threshold (SPEC §8).
    package func setThreshold(_ value: Int) throws(NavigationError) {
        try perform(.inlineOnly) { state throws(NavigationError) in try state.setThreshold(value) }
    }

    /// Creates a detached screen and returns its id.
    package func createScreen(route: String, object: HostObject) throws(NavigationError) -> UInt64 {
        try perform(.inlineOnly) { $0.createScreen(route: route, object: object) }
    }

    /// Releases a detached screen.
    package func discard(_ id: UInt64) throws(NavigationError) {
        try perform(.inlineOnly) { state throws(NavigationError) in try state.discard(id) }
    }

    /// Registers a route's factory (SPEC §8).
    package func registerRoute(_ name: String, factory: any RouteFactory) throws(NavigationError) {
        try configure { state throws(NavigationError) in try state.routes.register(name, factory: factory) }
    }

    /// Unregisters a route; its factory is retired (dropped by the driving thread).
    package func unregisterRoute(_ name: String) throws(NavigationError) {
        try perform(.inlineOnly) { state throws(NavigationError) in
            state.retired.append(try state.routes.unregister(name))
        }
    }
}

extension NavigatorState {
    /// The validation of an op that does not depend on the stack: every screen it names is live.
    package func validate(_ operation: Operation) throws(NavigationError) {
        switch operation {
        case .push(let id), .popTo(let id):
            guard screens[id] != nil else { throw .noSuchScreen(id) }
        case .set(let ids):
            for id in ids where screens[id] == nil { throw .noSuchScreen(id) }
        case .pop, .popToRoot, .back, .gesture, .run, .visible, .show:
            break
        }
    }
}
