import Foundation
import NavCore

/// The categories of trace lines (SPEC §11), chosen by `trace CAT…`.
public enum TraceCategory: String, CaseIterable, Sendable {
    case action, show, transition, veto, result, payload, bar, release, run, wakeup, done, family
}

/// One trace line and its category.
public struct TraceLine: Sendable {
    /// The category that `trace CAT…` chooses.
    public let category: TraceCategory
    /// The line, as `expect trace` compares it.
    public let text: String
}

/// Formats events as SPEC §11's trace lines, naming screens by their labels, with their
/// categories: the Swift runner's. The lines themselves are `NavigationEvent.traceLine`'s, which
/// the Swift tests use too (Tests/NavCoreTests/TestSupport.swift).
public struct TraceFormat {
    /// The label of a screen id.
    let label: (UInt64) -> String

    /// A formatter that names the screen of id `id` as `label(id)`.
    public init(label: @escaping (UInt64) -> String) {
        self.label = label
    }

    /// The trace line of an event: the event's own trace line (`NavigationEvent.traceLine`),
    /// with the runner's labels, and its category.
    public func line(for event: NavigationEvent) -> TraceLine {
        TraceLine(category: Self.category(of: event), text: event.traceLine { label($0.id) })
    }

    private static func category(of event: NavigationEvent) -> TraceCategory {
        switch event {
        case .action: .action
        case .appearance: .show
        case .transition, .progress: .transition
        case .bar: .bar
        case .payload: .payload
        case .released, .detach: .release
        case .done: .done
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
}
