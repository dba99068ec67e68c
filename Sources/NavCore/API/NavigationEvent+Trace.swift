/// An event in the words of the conformance traces (<doc:Semantics> §11), so that
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
        case .detach(let screen):
            return "detach \(label(screen))"
        case .done(let kind, let outcome):
            return "done \(kind) \(outcome)"
        }
    }

    private static func flag(_ animated: Bool) -> String { animated ? "animated" : "instant" }

    /// A progress value (0 ≤ value ≤ 1, as navcore delivers it) with exactly two decimals,
    /// rounded from the exact value of the double, ties away from zero (<doc:Semantics> §11:
    /// 0.125 → `0.13`; 0.015, stored as 0.01499…, → `0.01`). The product p = value × 100 is
    /// rounded, but its error e (value × 100 = p + e exactly) is exact with a fused
    /// multiply-add, and p − ⌊p⌋ − ½ is exact too, so the tie test is exact. The C and Python
    /// runners compute the same (bindings/c/scenario/events.c, bindings/python/navcore/scenario.py).
    package static func twoDecimals(_ progress: Double) -> String {
        let value = progress.magnitude  // -0 prints as 0.00, not -0.00
        let product = value * 100
        let whole = product.rounded(.down)
        let error = (-product).addingProduct(value, 100)
        let aboveHalf = product - whole - 0.5
        let hundredths = aboveHalf > 0 || (aboveHalf == 0 && error >= 0) ? whole + 1 : whole
        // navcore delivers 0 ≤ value ≤ 1, so hundredths is a whole number in 0...100
        let count = Int(exactly: hundredths) ?? 0
        let fraction = count % 100
        return "\(count / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
