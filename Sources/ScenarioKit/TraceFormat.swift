import Foundation
import NavCore

/// The categories of trace lines (SPEC §11), chosen by `trace CAT…`.
public enum TraceCategory: String, CaseIterable, Sendable {
    case action, show, transition, veto, result, payload, bar, release, run, wakeup, done
}

/// One trace line and its category.
public struct TraceLine: Sendable {
    /// The category that `trace CAT…` chooses.
    public let category: TraceCategory
    /// The line, as `expect trace` compares it.
    public let text: String
}

/// Formats events as SPEC §11's trace lines, naming screens by their labels: the one formatter
/// of the Swift runner and of the Swift tests (Tests/NavCoreTests/TestSupport.swift).
public struct TraceFormat {
    /// The label of a screen id.
    let label: (UInt64) -> String

    /// A formatter that names the screen of id `id` as `label(id)`.
    public init(label: @escaping (UInt64) -> String) {
        self.label = label
    }

    /// The trace line of an event.
    public func line(for event: NavigationEvent) -> TraceLine {
        switch event {
        case .action(let change):
            guard change.state != .idle else { return TraceLine(category: .action, text: "action idle") }
            var words = ["action", change.state.description]
            if let appearing = change.appearing { words.append("+" + label(appearing.id)) }
            words += change.disappearing.map { "-" + label($0.id) }
            words.append(flag(change.animated))
            return TraceLine(category: .action, text: words.joined(separator: " "))
        case .appearance(let change):
            return TraceLine(
                category: .show,
                text: "\(change.phase) \(label(change.screen.id)) \(change.reason) \(flag(change.animated))")
        case .transition(let transition):
            let interactive = transition.interactive ? " interactive" : ""
            return TraceLine(
                category: .transition,
                text: "transition \(transition.style) \(label(transition.from.id))>\(label(transition.to.id))\(interactive)")
        case .progress(_, let value):
            return TraceLine(category: .transition, text: "progress " + Self.twoDecimals(value))
        case .bar(let shown, let animated):
            return TraceLine(category: .bar, text: "bar \(shown ? "shown" : "hidden") \(flag(animated))")
        case .payload(let screen, let text):
            return TraceLine(category: .payload, text: "payload \(label(screen.id)) \(text)")
        case .released(let screen):
            return TraceLine(category: .release, text: "release \(label(screen.id))")
        case .done(let kind, let outcome):
            return TraceLine(category: .done, text: "done \(kind) \(outcome)")
        }
    }

    /// The trace line of the veto hook's answer.
    public func vetoLine(_ screen: Screen, _ trigger: PopTrigger, answer: VetoAnswer) -> TraceLine {
        let word = switch answer {
        case .allow: "yes"
        case .refuse: "no"
        case .later: "later"
        }
        return TraceLine(category: .veto, text: "should_pop \(label(screen.id)) \(trigger) \(word)")
    }

    /// `result L TEXT`, or `result L -` for none (SPEC §12).
    public func resultLine(_ id: UInt64, _ result: String?) -> TraceLine {
        TraceLine(category: .result, text: "result \(label(id)) \(result ?? "-")")
    }

    private func flag(_ animated: Bool) -> String { animated ? "animated" : "instant" }

    /// A progress value (0 ≤ value ≤ 1, as navcore delivers it) with exactly two decimals,
    /// rounded from the exact value of the double, ties away from zero (SPEC §11): 0.125 →
    /// 0.13, and 0.015, stored as 0.01499…, → 0.01. The product p = value × 100 is rounded,
    /// but its error e (value × 100 = p + e exactly) is exact with a fused multiply-add, and
    /// p − ⌊p⌋ − ½ is exact too, so the tie test is exact. The C and Python runners compute
    /// the same (bindings/c/scenario/events.c, bindings/python/navcore/scenario.py).
    public static func twoDecimals(_ progress: Double) -> String {
        let value = progress.magnitude  // -0 prints as 0.00, not -0.00
        let product = value * 100
        let whole = product.rounded(.down)
        let error = (-product).addingProduct(value, 100)
        let aboveHalf = product - whole - 0.5
        let hundredths = aboveHalf > 0 || (aboveHalf == 0 && error >= 0) ? whole + 1 : whole
        let units = (hundredths / 100).rounded(.down)
        return String(format: "%.0f.%02.0f", units, hundredths - units * 100)
    }
}
