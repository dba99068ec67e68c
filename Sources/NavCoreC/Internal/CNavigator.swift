import CNavCore
@_spi(Fronts) import NavCoreEngine

/// The C front of one navigator: its engine core and the handle the host knows it by. Its
/// callbacks live in the `CallbackTable` installed in the core.
final class CNavigator: Sendable {
    let core: NavigatorCore
    let handle: UInt64

    init(handle: UInt64, hostDispatch: Bool, visible: Bool = true) {
        self.handle = handle
        core = NavigatorCore(hostDispatch: hostDispatch, sink: CallbackTable(handle: handle), visible: visible)
    }

    /// The handles of the navigators of this one's family that `query` names (SPEC §16.12:
    /// the value navcore_navigator_create returned for each; NULL for one no longer live).
    func handles(_ query: (borrowing FamilyState) throws(NavigationError) -> [NodeID]) throws(NavigationError)
        -> [NavigatorHandle?] {
        try core.members(query) { ($0 as? CallbackTable)?.handleBits }.map { $0?.navigatorHandle }
    }

    /// The handle as the C callbacks receive it.
    var pointer: NavigatorHandle? { handle.navigatorHandle }

    /// Changes the callbacks: installs a new table. Fails once destroyed, or when `change`
    /// throws, keeping nothing. `newWakeup`: the change registers or replaces the wakeup
    /// callback (SPEC §9).
    func register(
        newWakeup: Bool = false, _ change: (inout CallbackTable.Slots) throws(NavigationError) -> Void
    ) throws(NavigationError) {
        let handle = handle
        _ = try core.replaceSink(newWakeup: newWakeup) { (current: CallbackTable?) throws(NavigationError) in
            var slots = current?.slots ?? CallbackTable.Slots()
            try change(&slots)
            return CallbackTable(handle: handle, slots: slots)
        }
    }

    /// Makes the engine produce appearance and payload events for the screens' own hooks
    /// (`CScreenHooks`), once: before the first screen with hooks exists, so that no event
    /// about it is skipped.
    func enableScreenHooks() throws(NavigationError) {
        guard core.readSink(CallbackTable.self, { $0.slots.screenHooks }) != true else { return }
        try register { $0.screenHooks = true }
    }
}
