import CNavCore
@_spi(Fronts) import NavCoreEngine

// navcore.h — Operations.

@c public func navcore_push(
    _ nav: NavigatorHandle?, _ screen: UInt64, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(PushOp(screen: screen, animated: animated), completion: $0.completion(done, ctx)) }
}

@c public func navcore_pop(
    _ nav: NavigatorHandle?, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(PopOp(animated: animated, result: nil), completion: $0.completion(done, ctx)) }
}

@c public func navcore_pop_with_result(
    _ nav: NavigatorHandle?, _ animated: Bool, _ result: UnsafePointer<CChar>?, _ done: navcore_done_fn?,
    _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in
        let result = try CStrings.optionalText(result, "the result")
        return Request(PopOp(animated: animated, result: result), completion: navigator.completion(done, ctx))
    }
}

@c public func navcore_pop_to(
    _ nav: NavigatorHandle?, _ screen: UInt64, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(PopToOp(screen: screen, animated: animated), completion: $0.completion(done, ctx)) }
}

@c public func navcore_pop_to_root(
    _ nav: NavigatorHandle?, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(PopToRootOp(animated: animated), completion: $0.completion(done, ctx)) }
}

@c public func navcore_set_stack(
    _ nav: NavigatorHandle?, _ screens: UnsafePointer<UInt64>?, _ count: UInt, _ animated: Bool,
    _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in
        let ids = Array(try CArrays.elements(screens, count: count, "screens"))
        return Request(SetOp(screens: ids, animated: animated), completion: navigator.completion(done, ctx))
    }
}

@c public func navcore_back(
    _ nav: NavigatorHandle?, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(BackOp(animated: animated), completion: $0.completion(done, ctx)) }
}

@c public func navcore_gesture_begin(_ nav: NavigatorHandle?, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?) -> Int32 {
    CAPI.ask(nav) { Request(GestureOp(), completion: $0.completion(done, ctx)) }
}

@c public func navcore_run(
    _ nav: NavigatorHandle?, _ block: navcore_run_fn?, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in
        let block = RunBlock.c(CCallback(try CAPI.required(block, "the block"), ctx))
        return Request(RunOp(block: block), completion: navigator.completion(done, ctx))
    }
}

@c public func navcore_set_visible(
    _ nav: NavigatorHandle?, _ visible: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(VisibleOp(visible: visible), completion: $0.completion(done, ctx)) }
}

@c public func navcore_show(
    _ nav: NavigatorHandle?, _ route: UnsafePointer<CChar>?, _ options: UnsafePointer<navcore_show_options>?,
    _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in try navigator.showRequest(route, options, done, ctx) }
}

@c public func navcore_post(
    _ nav: NavigatorHandle?, _ route: UnsafePointer<CChar>?, _ options: UnsafePointer<navcore_show_options>?,
    _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in try navigator.showRequest(route, options, done, ctx) }
}

extension CNavigator {
    /// The engine's form of an op's optional completion.
    func completion(_ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?) -> CompletionHandler? {
        done.map { .c(CCallback($0, ctx)) }
    }

    /// A `show` request from its C arguments; NULL options mean SPEC §8's defaults.
    func showRequest(
        _ route: UnsafePointer<CChar>?, _ options: UnsafePointer<navcore_show_options>?,
        _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
    ) throws(NavigationError) -> Request {
        let show = ShowOp(route: try CStrings.text(route, "the route"), options: try CShowOptions.read(options))
        return Request(show, completion: completion(done, ctx))
    }
}
