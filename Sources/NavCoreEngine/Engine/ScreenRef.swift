/// One screen's identity on the heap: its id, its route name and the host's object. The
/// engine's owned references to it are the registry's record (while the screen is live), the
/// `StackChange` of an op that removes it (until the op's last event), a `release` event and a
/// `ResultDelivery`; everything else — the stack, events, plans — names it by a borrowed
/// `ScreenRef`, which costs no reference count.
@_spi(Fronts) public final class ScreenBox: Sendable {
    /// The screen's process-wide id (SPEC §1).
    public let id: UInt64
    /// The screen's route name; may be empty.
    public let route: String
    /// What the host attached.
    public let object: HostObject

    package init(id: UInt64, route: String, object: HostObject) {
        self.id = id
        self.route = route
        self.object = object
    }

    /// A borrowed reference to this screen, valid while this box is alive.
    @inlinable public var ref: ScreenRef { ScreenRef(self) }
}

/// A screen as the stack and the events name it: a borrowed reference to its `ScreenBox`,
/// trivially copyable — carrying, copying or dropping one retains and releases nothing.
///
/// Why a borrowed reference is enough (SPEC §9, §16.8): a `ScreenRef` is made under the lock of
/// its navigator's family from a screen that an owned reference keeps alive, and is read either
/// under the same lock hold or by the family's driving thread (one per family, whichever member
/// the op was asked of) during the op in flight — while it delivers the events
/// that name it, and across the op's steps and host callbacks (a `visible` op's top, a `show`'s
/// recycled screen, the veto's top, an `open`'s made screens), as long as the op keeps the
/// screen's record as the first rule says:
/// - a screen in the stack, or held by the op in flight, is owned by its registry record (in its
///   navigator's `NodeState`, which a merge moves whole, records and all, under both families'
///   locks, and only while the moving family is quiet: no op, no driver, no event waiting), and
///   only the driving thread removes such a record (an op's release step, or the teardown of
///   `destroy`, which the driver runs only between ops): the record outlives every event of the
///   op that names it, since that driver delivers them before it takes its next work;
/// - a screen an op removes from the stack is owned, besides, by the op's `StackChange`
///   (`disappearing`), which the driver holds for the whole script, so the `<k>_completed`
///   event still names it after its `release` has removed its record;
/// - a `discard` (another thread, any time) removes only a detached, unheld screen, which no
///   stack, change or event of an op names; its `release` event owns its box (`ScreenBox`), as
///   does every `release` and `result` delivery, so what the host gets back stays alive for the
///   call whoever removed it.
/// A `ScreenRef` must not leave the lock any other way (a query copies the fields it returns).
///
/// Public in the SPI group `Fronts`, as `ScreenBox`, `ScreenRefs` and `HostObject` are: both
/// fronts are other modules, which read these on every event, and only public inlinable code
/// is inlined into another module (a `package` accessor stays a call). The group keeps them out
/// of NavCore's API: only a module that imports `@_spi(Fronts) NavCoreEngine` sees them.
@_spi(Fronts) public struct ScreenRef: @unchecked Sendable {
    // @unchecked: `Unmanaged` is a plain pointer; the box it points to is `Sendable` and
    // immutable, and the rules above keep it alive while this reference is read.
    @usableFromInline let box: Unmanaged<ScreenBox>

    /// A reference to `box`, which the caller keeps alive as the rules above say.
    @inlinable public init(_ box: ScreenBox) { self.box = .passUnretained(box) }

    /// The screen's process-wide id (SPEC §1).
    @inlinable public var id: UInt64 { box._withUnsafeGuaranteedRef { $0.id } }
    /// The screen's route name; may be empty.
    @inlinable public var route: String { box._withUnsafeGuaranteedRef { $0.route } }
    /// What the host attached.
    @inlinable public var object: HostObject { box._withUnsafeGuaranteedRef { $0.object } }
    /// A C host's `void *` as its bit pattern (0 for none or a Swift object), read in place.
    @inlinable public var address: UInt { box._withUnsafeGuaranteedRef { $0.object.address } }
    /// A Swift host's object (`HostObject.swift`), read in place, without a copy of the whole
    /// `HostObject` (the Swift API reads it on every event).
    @inlinable public var swiftObject: (any AnyObject & Sendable)? {
        box._withUnsafeGuaranteedRef { box in
            if case .swift(let object) = box.object { return object }
            return nil
        }
    }

    /// An owned reference to the screen, for what must keep it (a plan's disappearing screens).
    @inlinable public var owned: ScreenBox { box.takeUnretainedValue() }
}
