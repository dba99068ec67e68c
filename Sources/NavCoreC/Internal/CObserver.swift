import CNavCore
@_spi(Fronts) import NavCoreEngine

/// One observer a C host added (`navcore_observer_add`): its functions, read from the host's
/// struct at the version it names, and the token that removes it. The callback tables hold it
/// after the navigator's own callbacks, in the order observers were added; its ctx destructor
/// runs when the last table holding it goes (it was removed, or the navigator ended), so never
/// while one of its functions may still run.
final class CObserver: @unchecked Sendable {
    // @unchecked: every field is immutable; `ctx` belongs to the host, which promised
    // (navcore.h) that it may be passed back from any thread.
    let token: UInt64
    private let functions: navcore_observer

    /// The versions of navcore_observer: version 1 ends with `destroy`, version 2 with `detach`.
    /// A later version appends the end of its last function. The defaults: every function NULL.
    static let layout = VersionedStruct<navcore_observer>(
        name: "navcore_observer", initializer: "NAVCORE_OBSERVER_INIT", what: "the observer",
        sizes: [VersionedStruct.end(of: \navcore_observer.destroy), VersionedStruct.end(of: \navcore_observer.detach)]
    ) { version in
        var observer = navcore_observer()
        observer.version = version
        return observer
    }

    /// An observer of `functions` (read with `layout`), known by `token`.
    init(_ functions: navcore_observer, token: UInt64) {
        self.token = token
        self.functions = functions
    }

    deinit {
        HostCalls.destroy(functions.destroy, functions.ctx)
    }

    /// The event kinds it listens to.
    var interest: EventInterest {
        var interest: EventInterest = []
        if functions.action != nil { interest.insert(.action) }
        if functions.appearance != nil { interest.formUnion(.appearance) }
        if functions.progress != nil { interest.insert(.progress) }
        if functions.bar != nil { interest.insert(.bar) }
        if functions.payload != nil { interest.insert(.payload) }
        if functions.done != nil { interest.insert(.done) }
        return interest
    }

    func action(_ nav: NavigatorHandle?, _ event: ActionEvent) {
        guard let function = functions.action else { return }
        HostCalls.action(Call(function: function, ctx: functions.ctx), nav, event)
    }

    func appearance(_ nav: NavigatorHandle?, _ event: AppearanceEvent) {
        guard let function = functions.appearance else { return }
        HostCalls.appearance(Call(function: function, ctx: functions.ctx), nav, event)
    }

    func progress(_ nav: NavigatorHandle?, _ id: UInt64, _ value: Double) {
        guard let function = functions.progress else { return }
        HostCalls.progress(Call(function: function, ctx: functions.ctx), nav, id, value)
    }

    func bar(_ nav: NavigatorHandle?, _ shown: Bool, _ animated: Bool) {
        guard let function = functions.bar else { return }
        HostCalls.bar(Call(function: function, ctx: functions.ctx), nav, shown, animated)
    }

    func payload(_ nav: NavigatorHandle?, _ screen: ScreenRef, _ text: String) {
        guard let function = functions.payload else { return }
        HostCalls.payload(Call(function: function, ctx: functions.ctx), nav, screen, text)
    }

    func release(_ nav: NavigatorHandle?, _ screen: ScreenRef) {
        guard let function = functions.release else { return }
        HostCalls.release(Call(function: function, ctx: functions.ctx), nav, screen)
    }

    func detach(_ nav: NavigatorHandle?, _ screen: ScreenRef) {
        guard let function = functions.detach else { return }
        HostCalls.release(Call(function: function, ctx: functions.ctx), nav, screen)
    }

    func done(_ nav: NavigatorHandle?, _ kind: OperationKind, _ outcome: Outcome) {
        guard let function = functions.done else { return }
        HostCalls.done(function, nav, kind, outcome, functions.ctx)
    }
}
