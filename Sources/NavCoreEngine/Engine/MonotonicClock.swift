#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock of a bounded drain's time budget (SPEC §9): monotonic, so that changes of the
/// wall clock never move it.
enum MonotonicClock {
    /// The clock's reading, in seconds.
    static func now() -> Double {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        #else
        return Double(navcore_platform_monotonic_ns()) / 1e9
        #endif
    }
}

#if !(canImport(Glibc) || canImport(Musl) || canImport(Darwin))
/// Where navcore knows no C library (Embedded Swift on bare metal or WebAssembly), the program
/// that embeds it provides the clock: `uint64_t navcore_platform_monotonic_ns(void)`, the time
/// in nanoseconds since any fixed point, never going back. A platform without a clock may
/// return a constant: a time budget then never runs out (a time of 0 still starts one op).
@_extern(c, "navcore_platform_monotonic_ns")
func navcore_platform_monotonic_ns() -> UInt64
#endif
