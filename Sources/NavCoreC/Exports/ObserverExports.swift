import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Observers. Each event reaches the observers after the callback of its kind, in
// the order they were added (CallbackTable). A failed call keeps nothing, so the observer's
// destructor is not called for it.

/// Starts a `navcore_observer` of `version`: every function NULL, only that version's bytes written.
@c public func navcore_observer_init(_ observer: UnsafeMutablePointer<navcore_observer>?, _ version: UInt32) -> Int32 {
    CObserver.layout.initialize(observer, version)
}

@c public func navcore_observer_add(
    _ outToken: UnsafeMutablePointer<UInt64>?, _ nav: NavigatorHandle?, _ observer: UnsafePointer<navcore_observer>?
) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        let out = try CAPI.required(outToken, "the out-parameter")
        // Read (and its version checked) before anything is kept: a failed call must not run
        // the destructor.
        let functions = try CObserver.layout.read(try CAPI.required(observer, "the observer"))
        var token: UInt64 = 0
        try navigator.register { slots in
            slots.lastObserverToken &+= 1  // 2^64 adds: never wraps in practice, never traps
            token = slots.lastObserverToken
            slots.observers.append(CObserver(functions, token: token))
        }
        out.pointee = token
    }
}

@c public func navcore_observer_remove(_ nav: NavigatorHandle?, _ token: UInt64) -> Int32 {
    CAPI.perform(nav) { navigator throws(NavigationError) in
        try navigator.register { slots throws(NavigationError) in
            guard let index = slots.observers.firstIndex(where: { $0.token == token }) else {
                throw NavigationError(.invalid, "no observer of this navigator has the token \(token)")
            }
            slots.observers.remove(at: index)
        }
    }
}
