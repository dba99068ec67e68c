/// An event in the words of the conformance traces (docs/semantics.md, "Trace lines"), so that
/// a log of a Swift host reads like the scenarios: `action will_push +inbox#7 -home#6 animated`,
/// `did_show inbox#7 push animated`, `done push completed`.
extension NavigationEvent: CustomStringConvertible {
    /// The trace line, naming each screen `route#id`.
    public var description: String { traceLine { $0.description } }

    /// The trace line, naming each screen with `label` (the scenario runners use their labels).
    public func traceLine(naming label: (Screen) -> String) -> String {
        switch self {
        case .action(let change):
            guard change.state != .idle else { return "action idle" }
            var words = ["action", change.state.description]
            if let appearing = change.appearing { words.append("+" + label(appearing)) }
            words += change.disappearing.map { "-" + label($0) }
            words.append(Self.flag(change.animated))
            return words.joined(separator: " ")
        case .appearance(let change):
            return "\(change.phase) \(label(change.screen)) \(change.reason) \(Self.flag(change.animated))"
        case .transition(let transition):
            let interactive = transition.interactive ? " interactive" : ""
            return "transition \(transition.style) \(label(transition.from))>\(label(transition.to))\(interactive)"
        case .progress(_, let value):
            return "progress " + Self.twoDecimals(value)
        case .bar(let shown, let animated):
            return "bar \(shown ? "shown" : "hidden") \(Self.flag(animated))"
        case .payload(let screen, let text):
            return "payload \(label(screen)) \(text)"
        case .released(let screen):
            return "release \(label(screen))"
        case .done(let kind, let outcome):
            return "done \(kind) \(outcome)"
        }
    }

    private static func flag(_ animated: Bool) -> String { animated ? "animated" : "instant" }

    /// `value` (0 ≤ value ≤ 1) with exactly two decimals, rounded from the exact value of the
    /// double, ties away from zero (<doc:Semantics> §11: 0.125 → `0.13`; 0.015, stored as
    /// 0.01499…, → `0.01`). `value * 100` alone would round 0.015 up to 1.5 first.
    private static func twoDecimals(_ value: Double) -> String {
        let below = (value * 100).rounded(.down)
        // value × 200 exactly, as product + error (a fused multiply-add), against the midpoint
        // 2·below + 1; the subtraction is exact near the midpoint, and only its sign matters.
        let product = value * 200
        let error = (-product).addingProduct(value, 200)
        let aboveMidpoint = (product - (2 * below + 1)) + error >= 0
        let hundredths = Int(below) + (aboveMidpoint ? 1 : 0)
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
