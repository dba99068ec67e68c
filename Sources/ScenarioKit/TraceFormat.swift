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
            return TraceLine(category: .transition, text: "progress " + twoDecimals(value))
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

    private func flag(_ animated: Bool) -> String { animated ? "animated" : "instant" }

    /// `value` with exactly two decimals, rounded half away from zero (0 ≤ value ≤ 1).
    private func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
