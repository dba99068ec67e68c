import CNavCore
@_spi(Fronts) import NavCoreEngine

/// The hooks one C screen was created with (`navcore_screen_create_with_hooks`), carried in its
/// `HostObject` so that the events naming the screen find them without a lookup. They are
/// called for that screen only, before the navigator's callbacks of the same event; the ctx
/// destructor runs once, right after the screen's release has been delivered.
final class CScreenHooks: @unchecked Sendable {
    // @unchecked: every field is immutable; `ctx` belongs to the host, which promised
    // (navcore.h) that it may be passed back from any thread.
    private let hooks: navcore_screen_hooks

    /// The hooks of a host's struct, read as its `version` says; `invalid` for an unknown
    /// version (the struct can only grow, each version a prefix of the next).
    init(_ hooks: UnsafePointer<navcore_screen_hooks>) throws(NavigationError) {
        self.hooks = try Self.layout.read(hooks)
    }

    /// The versions of navcore_screen_hooks: version 1 ends with `destroy`. A later version
    /// appends the end of its last hook. The defaults: every hook NULL.
    static let layout = VersionedStruct<navcore_screen_hooks>(
        name: "navcore_screen_hooks", initializer: "NAVCORE_SCREEN_HOOKS_INIT", what: "the hooks struct",
        sizes: [VersionedStruct.end(of: \navcore_screen_hooks.destroy)]
    ) { version in
        var hooks = navcore_screen_hooks()
        hooks.version = version
        return hooks
    }

    /// The appearance hook of one phase.
    func appearance(_ phase: AppearancePhase) -> navcore_appearance_fn? {
        switch phase {
        case .willShow: hooks.will_show
        case .didShow: hooks.did_show
        case .willHide: hooks.will_hide
        case .didHide: hooks.did_hide
        }
    }

    func appearance(_ nav: NavigatorHandle?, _ event: AppearanceEvent) {
        guard let function = appearance(event.phase) else { return }
        HostCalls.appearance(Call(function: function, ctx: hooks.ctx), nav, event)
    }

    func payload(_ nav: NavigatorHandle?, _ screen: ScreenRef, _ text: String) {
        guard let function = hooks.payload else { return }
        HostCalls.payload(Call(function: function, ctx: hooks.ctx), nav, screen, text)
    }

    func release(_ nav: NavigatorHandle?, _ screen: ScreenRef) {
        guard let function = hooks.release else { return }
        HostCalls.release(Call(function: function, ctx: hooks.ctx), nav, screen)
    }

    /// Runs the ctx destructor: once, after the screen's release has been delivered (its
    /// hook, then the navigator's callback), and a screen is released once.
    func destroyContext() {
        HostCalls.destroy(hooks.destroy, hooks.ctx)
    }
}

extension HostObject {
    /// The hooks the screen was created with, if any.
    var screenHooks: CScreenHooks? {
        if case .hookedAddress(_, let hooks) = self { return hooks as? CScreenHooks }
        return nil
    }
}
