/// The options of `attach` (<doc:Semantics> §16.2): none is defined yet; versioned in C so that
/// one can be added.
public struct AttachOptions: Sendable {
    public init() {}
}

/// The options of `activate` (<doc:Semantics> §16.3), with its defaults: a retap does nothing;
/// a retap's pop to the root is animated.
public struct ActivateOptions: Sendable {
    /// Animate a retap's pop to the root (default: yes).
    public var animated: Bool
    /// What activating the active child does (default: `.none`).
    public var retap: Retap

    public init(animated: Bool = true, retap: Retap = .none) {
        self.animated = animated
        self.retap = retap
    }
}

/// The options of `present` (<doc:Semantics> §16.4), with its defaults: animated, covering its
/// parent's front, dismissed by a back that reaches it with one screen.
public struct PresentOptions: Sendable {
    /// Animate the presentation (default: yes).
    public var animated: Bool
    /// The modal hides its parent's front while presented (default: yes; no = an overlay).
    public var covers: Bool
    /// A back that reaches the modal with one screen dismisses it (default: yes).
    public var dismissOnBack: Bool

    public init(animated: Bool = true, covers: Bool = true, dismissOnBack: Bool = true) {
        self.animated = animated
        self.covers = covers
        self.dismissOnBack = dismissOnBack
    }
}

/// The options of `dismiss` (<doc:Semantics> §16.4), with its defaults: animated, no result.
public struct DismissOptions: Sendable {
    /// Animate the dismissal (default: yes).
    public var animated: Bool
    /// The result for the modal's bottom screen (default: none).
    public var result: String?

    public init(animated: Bool = true, result: String? = nil) {
        self.animated = animated
        self.result = result
    }
}
