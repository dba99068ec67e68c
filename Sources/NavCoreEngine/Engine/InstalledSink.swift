/// The front's sink as the navigator's node (`NodeState`) installs it: boxed in a final class, so that a
/// step can hand it out of the lock beside its event as an unmanaged pointer (`LentSink`), with
/// no retain and release per event.
package final class InstalledSink: Sendable {
    /// The front's host code.
    package let sink: any EventSink

    init(_ sink: any EventSink) { self.sink = sink }
}

/// The installed sink, borrowed by the driving thread for the delivery of one event.
///
/// Why borrowing is safe: each navigator's node owns its installed box; installing another one
/// moves it to its family's `retired`, and retired host code is dropped only by the family's
/// driving thread, between deliveries (`decide` drops a batch before it takes the next event,
/// `nextWork` hands one over as work of its own). A merge moves a node, box and all, only while
/// its family is quiet (no driver, nothing retired), so the box keeps one owner throughout. A
/// `LentSink` is made under the family's lock and used only by its driver, for the event it
/// left the lock with (and the host code of that step: an op's completion or run block), so its
/// box outlives the delivery whoever replaces the sink meanwhile.
package struct LentSink: @unchecked Sendable {
    // @unchecked: a plain pointer to an immutable, `Sendable` box, alive as said above.
    private let box: Unmanaged<InstalledSink>

    init(_ box: InstalledSink) { self.box = .passUnretained(box) }

    /// Delivers `event` to the sink (`EventSink.send`).
    func send(_ event: consuming Event) {
        // Moved into the closure through an optional: a consuming parameter cannot be captured.
        var pending: Event? = consume event
        box._withUnsafeGuaranteedRef { box in
            switch pending.take() {
            case .some(let event): box.sink.send(event)
            case .none: break
            }
        }
    }

    /// Calls an op's C completion (`EventSink.complete(_:_:_:)`).
    func complete(_ completion: CCallback<CompletionHandler>, _ kind: OperationKind, _ outcome: Outcome) {
        box._withUnsafeGuaranteedRef { $0.sink.complete(completion, kind, outcome) }
    }

    /// Calls a `run` op's C block (`EventSink.run(_:)`).
    func run(_ block: CCallback<RunBlock>) {
        box._withUnsafeGuaranteedRef { $0.sink.run(block) }
    }
}
