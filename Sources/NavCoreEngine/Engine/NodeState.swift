/// One navigator of a family (SPEC §16.1): what is its own rather than its family's — its
/// stack, screens and routes, its action state, its flags and its front's host code. Guarded
/// by its family's lock, inside `FamilyState`; it moves with a merge into another family.
package struct NodeState: Sendable {
    /// The navigator's id, process-wide and never reused, which a core and a queued request
    /// name it by.
    package let id: NodeID

    // MARK: Configuration

    /// The front's current host code; replaced as a whole by `install(_:)`.
    package private(set) var installed = InstalledSink(SilentSink())
    /// What the sink listens to (cached from it).
    package private(set) var interest: EventInterest = []
    /// Emit show/hide events while hidden (SPEC §7).
    package var alwaysAppear = false
    /// Whether the navigator is on screen; changed only by the `visible` op.
    package var visible = true
    /// Navigation-bar threshold; 0 = off (SPEC §8).
    package internal(set) var threshold = 0
    /// Whether the bar is shown.
    package private(set) var barShown = true

    // MARK: Screens

    /// The stack, bottom to top, borrowed from the registry's records (a stacked screen is live).
    package var stack: [ScreenRef] = []
    /// Every live screen.
    package var screens = ScreenRegistry()
    /// Registered routes.
    package var routes = RouteTable()
    /// The action state (SPEC §4; per navigator, SPEC §16.8).
    package var action: ActionState = .idle
    /// Where it stands in its family's tree (SPEC §16.1), out of line, made at its first
    /// change: a navigator that never joins a family allocates none.
    private var treeStorage: OutOfLine<NodeTree>?
    /// Where it stands in its family's tree (SPEC §16.1).
    package var tree: NodeTree {
        @inline(__always) _read {
            // Yielded in place: a read of one link copies no arrays or dictionaries.
            if let storage = treeStorage { yield storage.value } else { yield NodeTree() }
        }
        _modify {
            let storage = treeStorage ?? OutOfLine(NodeTree())
            treeStorage = storage
            yield &storage.value
        }
    }
    /// Its tree's links a back's target walk reads, each read in place: no copy of the tree's
    /// arrays and tables.
    package var parent: NodeID? { treeStorage?.value.parent }
    package var presentation: Presentation? { treeStorage?.value.presentation }
    package var modal: NodeID? { treeStorage?.value.modal }
    /// The navigators attached to its screen `screen`, in attach order; `nil` when it has none.
    /// Read in place (`FamilyState.tearDownChildren`, at every screen's release in a family),
    /// as `tree`'s accessor may allocate.
    func children(attachedTo screen: UInt64) -> [NodeID]? {
        treeStorage?.value.hosted.read(screen) { $0.children } ?? nil
    }
    /// Whether its screen `screen` has an active child (`FamilyState.followsFrontRule`).
    func hostsActiveChild(_ screen: ScreenRef?) -> Bool {
        guard let screen else { return false }
        return treeStorage?.value.hosted.active(at: screen.id) != nil
    }
    /// What the walks of the front read of it (`FrontLinks`).
    @inline(__always)
    var frontLinks: FrontLinks {
        let top = stack.last?.id
        guard let storage = treeStorage else {
            return FrontLinks(visible: visible, count: stack.count, top: top, parent: nil, hostScreen: 0,
                              presentation: nil, modal: nil, topActive: nil)
        }
        return FrontLinks(visible: visible, count: stack.count, top: top, parent: storage.value.parent,
                          hostScreen: storage.value.hostScreen, presentation: storage.value.presentation,
                          modal: storage.value.modal, topActive: top.flatMap { storage.value.hosted.active(at: $0) })
    }
    /// Torn down while an op that is its own still runs (a `leave`, a `back` asked of the
    /// modal it dismisses): its handle is already dead, and the op's `done` is still its own
    /// (SPEC §16.7).
    package var dead = false
    /// How many ops asked of this navigator wait in the family's queue: a teardown looks for
    /// its navigators' ops only as far as the last of them (SPEC §16.8).
    package internal(set) var queuedOps = 0

    package init(id: NodeID) {
        self.id = id
    }

    // MARK: The front

    /// The front's current host code.
    package var sink: any EventSink { installed.sink }

    /// The current sink, lent to the driver for the event it takes out of the lock.
    var lentSink: LentSink { LentSink(installed) }

    /// Installs the front's new sink; returns the old one, for the caller to drop after the lock
    /// (or, if a delivery may be using it, to retire).
    package mutating func install(_ sink: any EventSink) -> InstalledSink {
        defer {
            installed = InstalledSink(sink)
            interest = sink.interest
        }
        return installed
    }

    // MARK: Navigation bar

    /// Recomputes the bar; returns its event if the state changed and someone listens.
    package mutating func updateBar(animated: Bool) -> Event? {
        let shown = threshold == 0 || stack.count >= threshold
        guard shown != barShown else { return nil }
        barShown = shown
        return interest.contains(.bar) ? .bar(shown: shown, animated: animated) : nil
    }
}

/// A navigator's id (`NodeState.id`).
package typealias NodeID = UInt64
