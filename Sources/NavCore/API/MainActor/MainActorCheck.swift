#if canImport(Darwin)
import Darwin
#endif

/// Whether the caller runs on the main actor, asked without trapping (`MainActor.assumeIsolated`
/// traps, and the standard library has no query). Every refusal of the `.mainActor`
/// configuration rests on it: an answer that is wrongly yes drains and delivers on the calling
/// thread, and the callbacks then trap in `assumeIsolated`.
///
/// - A runtime that knows isolated conformances (SE-0470, shipped in Swift 6.2) checks, in a
///   dynamic cast through a conformance isolated to the main actor, that the caller is on the
///   main actor's executor: the cast succeeds only there. That is the answer on Linux (the
///   runtime comes with the toolchain) and on Apple platforms from macOS, iOS, tvOS, watchOS
///   and visionOS 26, the releases that ship the Swift 6.2 runtime (`SwiftStdlib 6.2` in the
///   Swift repository's utils/availability-macros.def).
/// - An older runtime does not know isolated conformances and lets that cast succeed on any
///   thread (SE-0470, "ABI compatibility"). The package allows macOS 15 and iOS 18, so there the
///   answer is whether the caller is on the main thread (`pthread_main_np`): on Apple platforms
///   the main actor's executor is the main dispatch queue, which runs on the main thread only.
enum MainActorCheck {
    static var isCurrent: Bool {
        #if canImport(Darwin)
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
            return pthread_main_np() != 0
        }
        #endif
        return (Probe() as Any) is any MainActorProbe
    }

    fileprivate protocol MainActorProbe {}
    fileprivate struct Probe {}
}

extension MainActorCheck.Probe: @MainActor MainActorCheck.MainActorProbe {}
