import CNavCore
import NavCore

/// The C front of one navigator: the engine core, the host's C callbacks, and the handle the
/// host knows it by. It is the core's event sink: it turns engine events into C calls.
final class CNavigator: EventSink {
    let core: NavigatorCore
    let handle: UInt64
    private let callbacks = Lock(CallbackTable())

    init(handle: UInt64, hostDispatch: Bool) {
        self.handle = handle
        core = NavigatorCore(hostDispatch: hostDispatch)
    }

    /// The handle as the C callbacks receive it.
    var pointer: NavigatorHandle? { handle.navigatorHandle }

    /// Changes the callbacks and tells the engine what they need. Fails once destroyed, without
    /// keeping the new registration. Replaced registrations are let go after both locks.
    func register(_ change: (inout CallbackTable) -> Void) throws(NavigationError) {
        let replaced = try core.configure { state in
            callbacks.withLock { table in
                let replaced = table
                change(&table)
                state.interest = table.interest
                return replaced
            }
        }
        withExtendedLifetime(replaced) {}
    }

    // MARK: EventSink

    func deliver(_ event: consuming Event) {
        switch event {
        case .action(let action):
            if let callback = callbacks.withLock({ $0.action }) { HostCalls.action(callback, pointer, action) }
        case .appearance(let change):
            if let callback = callbacks.withLock({ $0[change.phase] }) { HostCalls.appearance(callback, pointer, change) }
        case .transition(let transition):
            if let animator = callbacks.withLock({ $0.animator }) {
                HostCalls.transition(animator, pointer, transition)
            } else {
                // Removed by another thread since the engine checked: nobody would finish it.
                try? core.finishTransition(transition.id, self)
            }
        case .progress(let id, let value):
            if let callback = callbacks.withLock({ $0.progress }) { HostCalls.progress(callback, pointer, id, value) }
        case .bar(let shown, let animated):
            if let callback = callbacks.withLock({ $0.bar }) { HostCalls.bar(callback, pointer, shown, animated) }
        case .payload(let screen, let text):
            if let callback = callbacks.withLock({ $0.payload }) { HostCalls.payload(callback, pointer, screen, text) }
        case .release(let screen):
            if let callback = callbacks.withLock({ $0.release }) { HostCalls.release(callback, pointer, screen) }
        case .done(let kind, let outcome):
            if let callback = callbacks.withLock({ $0.done }) {
                HostCalls.done(callback.function, pointer, kind, outcome, callback.ctx)
            }
        }
    }

    func shouldPop(_ top: ScreenRef, trigger: PopTrigger) -> Bool {
        guard let veto = callbacks.withLock({ $0.veto }) else { return true }
        return HostCalls.veto(veto, pointer, top, trigger)
    }

    func wakeup() {
        if let callback = callbacks.withLock({ $0.wakeup }) { HostCalls.wakeup(callback, pointer) }
    }

    func navigatorDidEnd() {
        let registrations = callbacks.withLock { table in
            defer { table = CallbackTable() }
            return table
        }
        withExtendedLifetime(registrations) {}
    }
}
