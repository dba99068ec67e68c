import CNavCore
import NavCore

// navcore.h — Operations.

@c public func navcore_push(
    _ nav: NavigatorHandle?, _ screen: UInt64, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(.push(screen), animated: animated, completion: $0.completion(done, ctx)) }
}

@c public func navcore_pop(
    _ nav: NavigatorHandle?, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(.pop(result: nil), animated: animated, completion: $0.completion(done, ctx)) }
}

@c public func navcore_pop_with_result(
    _ nav: NavigatorHandle?, _ animated: Bool, _ result: UnsafePointer<CChar>?, _ done: navcore_done_fn?,
    _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in
        let result = try CStrings.optionalText(result, "the result")
        return Request(.pop(result: result), animated: animated, completion: navigator.completion(done, ctx))
    }
}

@c public func navcore_pop_to(
    _ nav: NavigatorHandle?, _ screen: UInt64, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(.popTo(screen), animated: animated, completion: $0.completion(done, ctx)) }
}

@c public func navcore_pop_to_root(
    _ nav: NavigatorHandle?, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(.popToRoot, animated: animated, completion: $0.completion(done, ctx)) }
}

@c public func navcore_set_stack(
    _ nav: NavigatorHandle?, _ screens: UnsafePointer<UInt64>?, _ count: UInt, _ animated: Bool,
    _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in
        let ids = Array(try CArrays.elements(screens, count: count, "screens"))
        return Request(.set(ids), animated: animated, completion: navigator.completion(done, ctx))
    }
}

@c public func navcore_back(
    _ nav: NavigatorHandle?, _ animated: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(.back, animated: animated, completion: $0.completion(done, ctx)) }
}

@c public func navcore_gesture_begin(_ nav: NavigatorHandle?, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?) -> Int32 {
    CAPI.ask(nav) { Request(.gesture, animated: true, completion: $0.completion(done, ctx)) }
}

@c public func navcore_run(
    _ nav: NavigatorHandle?, _ block: navcore_run_fn?, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in
        let block = CRunBlock(function: try CAPI.required(block, "the block"), ctx: ctx, handle: navigator.handle)
        return Request(.run(block), animated: false, completion: navigator.completion(done, ctx))
    }
}

@c public func navcore_set_visible(
    _ nav: NavigatorHandle?, _ visible: Bool, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { Request(.visible(visible), animated: false, completion: $0.completion(done, ctx)) }
}

@c public func navcore_show(
    _ nav: NavigatorHandle?, _ route: UnsafePointer<CChar>?, _ options: UnsafePointer<navcore_show_options>?,
    _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in try navigator.showRequest(route, options, done, ctx) }
}

@c public func navcore_show_recycling(
    _ nav: NavigatorHandle?, _ route: UnsafePointer<CChar>?, _ options: UnsafePointer<navcore_show_options>?,
    _ recycle: Int32, _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in
        let recycle: Recycle =
            switch UInt32(bitPattern: recycle) {
            case NAVCORE_RECYCLE_NONE.rawValue: .none
            case NAVCORE_RECYCLE_ANY.rawValue: .any
            case NAVCORE_RECYCLE_TOP.rawValue: .top
            default: throw NavigationError(.invalid, "recycle \(recycle) is not a navcore_recycle")
            }
        return try navigator.showRequest(route, options, done, ctx, recycle: recycle)
    }
}

@c public func navcore_post(
    _ nav: NavigatorHandle?, _ route: UnsafePointer<CChar>?, _ options: UnsafePointer<navcore_show_options>?,
    _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?
) -> Int32 {
    CAPI.ask(nav) { navigator throws(NavigationError) in try navigator.showRequest(route, options, done, ctx) }
}

extension CNavigator {
    /// The engine's form of an op's optional completion.
    func completion(_ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?) -> (any CompletionHandler)? {
        done.map { CCompletion(function: $0, ctx: ctx, handle: handle) }
    }

    /// A `show` request from its C arguments; NULL options mean SPEC §8's defaults, and
    /// `recycle`, when given, overrides the options' bool.
    func showRequest(
        _ route: UnsafePointer<CChar>?, _ options: UnsafePointer<navcore_show_options>?,
        _ done: navcore_done_fn?, _ ctx: UnsafeMutableRawPointer?, recycle: Recycle? = nil
    ) throws(NavigationError) -> Request {
        let route = try CStrings.text(route, "the route")
        let options = options?.pointee ?? navcore_show_options(animated: false, remove_current: true, recycle: true, payload: nil)
        let show = ShowRequest(
            route: route, removeCurrent: options.remove_current, recycle: recycle ?? (options.recycle ? .any : .none),
            payload: try CStrings.optionalText(options.payload, "the payload"))
        return Request(.show(show), animated: options.animated, completion: completion(done, ctx))
    }
}
