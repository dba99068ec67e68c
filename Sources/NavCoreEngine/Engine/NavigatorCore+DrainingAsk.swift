/// Asking an op in host dispatch mode from the thread that drains (SPEC §9), as the Swift
/// navigator's `.mainActor` configuration does on the main actor: the op is queued and the
/// queue drained at once, on the calling thread. To the caller this is inline mode (status `ok`
/// when the op starts at once, `queued` when it waits behind others or is asked inside a
/// callback), while calls from other threads still only queue and wake the host up.
extension NavigatorCore {
    /// Asks `request` and drains; the gesture, never queued, starts at once or is refused.
    package func askDraining(_ request: consuming Request) throws(NavigationError) -> RequestStatus {
        if request.startsAtOnce { return try ask(request) }
        if request.joins { try join(request.operation) }
        return try perform(.always, handing: request) { state, request throws(NavigationError) in
            try request.operation.validate(state)
            let startsNow = !state.busy && state.queue.isEmpty && !state.driver.isDriven
            _ = state.enqueue(request)
            state.beginDrain()  // this call drains: the wakeup its op raised is answered
            return startsNow ? .ok : .queued
        }
    }

    /// Asks `request` as `ask` does, or, with `draining`, as `askDraining` does.
    package func ask(_ request: consuming Request, draining: Bool) throws(NavigationError) -> RequestStatus {
        try draining ? askDraining(request) : ask(request)
    }

    /// Asks `request` with `completion` as `ask(_:draining:)` does (a front's request value,
    /// made without its completion, gets it here, moved rather than copied).
    package func ask(
        _ request: consuming Request, completion: CompletionHandler?, draining: Bool
    ) throws(NavigationError) -> RequestStatus {
        request.completion = completion
        return try ask(request, draining: draining)
    }
}
