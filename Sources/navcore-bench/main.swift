// navcore-bench: W5 of `make bench` (bench/run.py, docs/performance.md) — W1 through the
// Swift-native API.
//
//   setup  a Navigator in inline dispatch mode, no animator, `depth` screens pushed, then one
//          delegate implementing one method per listened kind: action, will/did show/hide, done
//   cycle  makeScreen, push, pop (the pop releases the screen); 18 delegate calls, as in W1
//
// Usage: navcore-bench [cycles [depth [warmup]]]; prints one JSON line like the C programs.
import NavCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The host object every screen carries (a class reference, as a UI object would be).
final class View: Sendable {}

/// The listeners: the least each can do that the optimiser cannot drop — count and sum.
/// Called on the driving thread only (this one), one at a time.
final class Listener: NavigatorDelegate, @unchecked Sendable {
    // One stored counter per phase, like the C listeners' `phase[4]` in a struct: an `[Int]`
    // here cost a uniqueness check and a dynamic exclusivity check per call (≈ 160 Ir per
    // show/hide event, more than the C listener's whole call).
    var action = 0
    var willShow = 0
    var didShow = 0
    var willHide = 0
    var didHide = 0
    var done = 0
    var badOutcomes = 0
    var checksum: UInt64 = 0

    var events: Int { action + willShow + didShow + willHide + didHide + done }

    func navigator(_ navigator: Navigator, actionDidChange change: ActionChange) {
        action += 1
        checksum &+= UInt64(change.disappearing.count) &+ (change.appearing?.id ?? 0)
    }

    func navigator(_ navigator: Navigator, willShow screen: Screen, reason: AppearanceReason, animated: Bool) {
        willShow += 1
        checksum &+= screen.id
    }

    func navigator(_ navigator: Navigator, didShow screen: Screen, reason: AppearanceReason, animated: Bool) {
        didShow += 1
        checksum &+= screen.id
    }

    func navigator(_ navigator: Navigator, willHide screen: Screen, reason: AppearanceReason, animated: Bool) {
        willHide += 1
        checksum &+= screen.id
    }

    func navigator(_ navigator: Navigator, didHide screen: Screen, reason: AppearanceReason, animated: Bool) {
        didHide += 1
        checksum &+= screen.id
    }

    func navigator(_ navigator: Navigator, operation: OperationKind, didEndWith outcome: Outcome) {
        done += 1
        if outcome != .completed { badOutcomes += 1 }
    }
}

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let cycles = arguments.count > 0 ? arguments[0] : 200_000
let depth = arguments.count > 1 ? arguments[1] : 1
let warmup = arguments.count > 2 ? arguments[2] : cycles / 10
let eventsPerCycle = 18

var failures = 0
let view = View()
let navigator = Navigator(dispatch: .inline)
for _ in 0..<depth {
    do {
        let screen = try navigator.makeScreen(route: "", object: view)
        try navigator.push(screen, animated: false, completion: nil)
    } catch {
        failures += 1
    }
}
let listener = Listener()
navigator.delegate = listener

/// One cycle; returns how many of its calls failed.
@inline(never)
func cycle(_ navigator: Navigator, _ object: View) -> Int {
    do {
        let screen = try navigator.makeScreen(route: "", object: object)
        let pushed = try navigator.push(screen, animated: false, completion: nil)
        let popped = try navigator.pop(animated: false, completion: nil)
        return (pushed == .ok ? 0 : 1) + (popped == .ok ? 0 : 1)
    } catch {
        return 1
    }
}

for _ in 0..<warmup { failures += cycle(navigator, view) }
let start = now()
for _ in 0..<cycles { failures += cycle(navigator, view) }
let elapsed = now() - start

let total = warmup + cycles
var problems: [String] = []
if failures != 0 { problems.append("\(failures) calls failed") }
if navigator.stack.count != depth { problems.append("stack depth \(navigator.stack.count), expected \(depth)") }
if listener.events != total * eventsPerCycle { problems.append("\(listener.events) events for \(total) cycles") }
if listener.badOutcomes != 0 { problems.append("\(listener.badOutcomes) ops did not complete") }
try? navigator.destroy()
for problem in problems {
    // stderr, through its file descriptor: the C global `stderr` is not concurrency-safe.
    let line = Array("check failed: \(problem)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

func fixed(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    let whole = Int(hundredths / 100)
    let fraction = Int(hundredths) - whole * 100
    return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
}

print(
    "{\"program\": \"navcore-bench\", \"cycles\": \(cycles), \"depth\": \(depth), \"warmup\": \(warmup), "
        + "\"ns_per_op\": \(fixed(elapsed * 1e9 / Double(max(cycles, 1)))), "
        + "\"callbacks_per_op\": \(fixed(total > 0 ? Double(listener.events) / Double(total) : 0)), "
        + "\"ok\": \(problems.isEmpty)}")
exit(problems.isEmpty ? 0 : 1)
