/// A screen's result (<doc:Semantics> §12) and saved state (<doc:Semantics> §14), and the saved
/// document of the stack. Each call naming a released screen throws `.noSuchScreen`.
extension Navigator {
    /// Sets (or, with `nil`, clears) `screen`'s result; its listener receives the result at
    /// that screen's release.
    public func setResult(_ result: String?, for screen: Screen) throws(NavigationError) {
        try core.setResult(screen.id, result)
    }

    /// `screen`'s result.
    public func result(of screen: Screen) throws(NavigationError) -> String? {
        try core.result(of: screen.id)
    }

    /// Attaches `screen`'s one result listener (replacing another, which is never called), or
    /// removes it with `nil`. It is called once, right before the screen's release, whatever
    /// releases it, with the result at that moment; `.state` once that call has begun.
    public func onResult(of screen: Screen, _ listener: (@Sendable (String?) -> Void)?) throws(NavigationError) {
        try core.setResultListener(screen.id, listener.map { ClosureListener(body: $0) })
    }

    /// Sets (or clears) `screen`'s saved state, the text `save()` writes for it.
    public func setSavedState(_ state: String?, for screen: Screen) throws(NavigationError) {
        try core.setSavedState(screen.id, state)
    }

    /// `screen`'s saved state: the last payload it received, or what `setSavedState` set.
    public func savedState(of screen: Screen) throws(NavigationError) -> String? {
        try core.savedState(of: screen.id)
    }

    /// The saved document of the stack, exactly as <doc:Semantics> §14 writes it:
    /// `{"navcore":1,"stack":[{"route":"home","state":null},…]}`. `restore(_:)` rebuilds it.
    public func save() throws(NavigationError) -> String {
        try saveDocument().text
    }

    /// The saved tree of this navigator and its subtree, exactly as <doc:Semantics> §16.10
    /// writes it: `{"navcore":2,"stack":[…]}`, each screen with its children
    /// (`"active":I,"children":[…]`) and the presented modal (`"modal":{…}`) where there are
    /// some. `restoreTree(_:)` rebuilds it, with new navigators.
    public func saveTree() throws(NavigationError) -> String {
        try core.savedTree().text
    }
}
