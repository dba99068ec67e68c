/// A deferred veto is answered through the navigator that asked it, so the code that shows the
/// dialog needs no reference to the navigator (and keeps none: the decision holds it weakly).
extension VetoDecision {
    /// Answers the question this decision names (<doc:Semantics> §13): `allow` pops as if the
    /// veto had allowed it, else the `back` ends `.vetoed`. `.state` when it is not the pending
    /// decision; `.invalidHandle` once its navigator is gone (or for a decision made with
    /// `init(id:)`, which names no navigator: use `Navigator.decide(_:allow:)`).
    public func decide(allow: Bool) async throws(NavigationError) {
        try await control.navigator().control { [self] navigator throws(NavigationError) in try navigator.decide(self, allow: allow) }
    }

}
