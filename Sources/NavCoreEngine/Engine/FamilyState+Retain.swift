/// Retained screens (SPEC §17): a mark the host sets on a screen so that leaving the stack
/// detaches it instead of releasing it.
extension FamilyState {
    /// Marks or unmarks a live screen. Unmarking never releases (a detached screen stays live
    /// until a discard or destroy). Fails with `state` once the screen's release has begun.
    package mutating func setRetained(_ id: UInt64, _ on: Bool) throws(NavigationError) {
        guard let record = node.screens[id] else { throw .noSuchScreen(id) }
        guard !record.releasing else {
            throw NavigationError(.state, "screen \(id) is being released; it cannot be retained or unmarked")
        }
        node.screens.update(id) { $0.retained = on }
    }

    /// Whether a live screen is marked retained.
    package func isRetained(_ id: UInt64) throws(NavigationError) -> Bool {
        try record(id).retained
    }

    /// Step 8 for a screen that left the stack: a retained one becomes detached and live
    /// (`detach`, no result); `nil` for any other, which the caller releases. A screen that
    /// never was in the stack (made by a failing `open`) is never detached.
    mutating func detachIfRetained(_ screen: ScreenRef) -> Event? {
        guard node.screens.read(screen.id, { $0.retained && !$0.releasing }) == true,
              node.screens.markDetached(screen.id) else { return nil }
        return .detach(screen.owned)
    }
}
