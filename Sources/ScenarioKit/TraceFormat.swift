import NavCore

/// The categories of trace lines (SPEC §11), chosen by `trace CAT…`.
public enum TraceCategory: String, CaseIterable, Sendable {
    case action, show, transition, veto, result, payload, bar, release, run, wakeup, done
}

/// One trace line and its category.
struct TraceLine {
    let category: TraceCategory
    let text: String
}

/// Formats events as SPEC §11's trace lines, naming screens by their labels.
struct TraceFormat {
    /// The label of a screen id.
    let label: (UInt64) -> String

    func line(for event: NavigationEvent) -> TraceLine {
        TraceLine(category: Self.category(of: event), text: event.traceLine { label($0.id) })
    }

    private static func category(of event: NavigationEvent) -> TraceCategory {
        switch event {
        case .action: .action
        case .appearance: .show
        case .transition, .progress: .transition
        case .bar: .bar
        case .payload: .payload
        case .released: .release
        case .done: .done
        }
    }

    func vetoLine(_ screen: Screen, _ trigger: PopTrigger, answer: VetoAnswer) -> TraceLine {
        let word = switch answer {
        case .allow: "yes"
        case .refuse: "no"
        case .later: "later"
        }
        return TraceLine(category: .veto, text: "should_pop \(label(screen.id)) \(trigger) \(word)")
    }

    /// `result L TEXT`, or `result L -` for none (SPEC §12).
    func resultLine(_ id: UInt64, _ result: String?) -> TraceLine {
        TraceLine(category: .result, text: "result \(label(id)) \(result ?? "-")")
    }
}
