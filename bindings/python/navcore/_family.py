"""A navigator's family (SPEC §16): the ops that build and change it (attach, activate, present,
dismiss, leave), its queries, and what keeps its members' Navigator objects alive.

**Binding objects** (SPEC §16.12). A family delivers every member's events inside calls made on
any member (a ``back`` asked of the root delivers a tab's events), so a member's Navigator must
live as long as the member does, whether or not the host still holds it:

- a successful ``attach`` or ``present`` hands the child's object to the root's object (its
  ``_kept`` set), and the child remembers that root weakly (``_keeper``); a family merged into
  another (a child that had children of its own) moves its kept objects to the new root;
- the member's teardown (``leave``, a dismissal, the release of its host screen, a
  ``restore_tree`` of an ancestor) drops it: navcore runs the destructors of its registrations
  after its last teardown event, and the binding, finding the handle dead there, forgets the
  member and lets its root drop it. So that the member has a registration to be told by, a kept
  member always keeps its ``release`` callback registered;
- the root's object owns the family: collected (or closed) it destroys the family, and the
  members' objects then raise InvalidHandleError. A member never holds its root strongly;
- ``close()`` of a member does nothing, and its ``destroy()`` raises StateError (navcore's
  status) and changes nothing.

A query that returns a navigator (``parent``, ``modal``, ``active_child``…) returns the existing
object of that handle (``_trampolines._objects``).
"""

from __future__ import annotations

import weakref
from ctypes import addressof, byref, c_bool, c_size_t, c_uint64, c_void_p
from typing import TYPE_CHECKING, Any, Dict, List, Optional, Set, Tuple, Union

from . import _ffi
from ._calls import _check
from ._enums import Op, Retap, Status
from ._errors import InvalidHandleError
from ._events import Screen
from ._operation import Operation
from ._text import _text
from ._trampolines import _object_of, _objects

if TYPE_CHECKING:
    from ._navigator import Navigator

_CRequest = _ffi.CRequest
_VERSION = _ffi.REQUEST_VERSION


class FamilyMember:
    """The family calls of Navigator (mixed into it; SPEC §16)."""

    _handle: c_void_p
    _lib: Any
    _closing: bool
    #: A member's root object, held weakly; None for a root.
    _keeper: "Optional[weakref.ReferenceType[Navigator]]"
    #: A root's: the member objects its family keeps alive.
    _kept: "Set[Navigator]"

    if TYPE_CHECKING:
        def _ask(self, op: Op, request: Any, created: Any = ..., block: Any = ...) -> Operation: ...
        def _sync(self) -> None: ...
        def _screen(self, screen_id: int) -> Screen[Any]: ...
        def _known_screen(self, screen_id: int) -> Screen[Any]: ...
        def _require_live(self) -> None: ...

    def _join_family(self) -> None:
        """Starts the family bookkeeping of a new navigator (``Navigator.__init__``)."""
        self._keeper = None
        self._kept = set()
        key = self._handle.value or 0

        def unlist(ref: "weakref.ReferenceType[Any]") -> None:
            if _objects.get(key) is ref:
                del _objects[key]

        _objects[key] = weakref.ref(self, unlist)  # type: ignore[arg-type]

    def _family_root(self) -> "Navigator":
        """The object that keeps this navigator's family: its root's (itself for a root)."""
        keeper = self._keeper() if self._keeper is not None else None
        return keeper if keeper is not None else self  # type: ignore[return-value]

    def _keep(self, child: "Navigator") -> "Set[Navigator]":
        """``child`` joins this navigator's family: its root keeps it, and the members it kept.
        Returns what moved, for ``_unkeep``."""
        root = self._family_root()
        moved = {child} | child._kept
        child._kept = set()
        root._kept |= moved
        for member in moved:
            member._keeper = weakref.ref(root)
            member._sync()  # a kept member keeps a registration, to be told of its teardown
        return moved

    def _unkeep(self, child: "Navigator", moved: "Set[Navigator]") -> None:
        """Undoes ``_keep`` for a child whose attach or present was refused."""
        self._family_root()._kept -= moved
        child._keeper = None
        child._kept = moved - {child}
        for member in child._kept:
            member._keeper = weakref.ref(child)
        child._sync()

    def _torn_down(self) -> None:
        """Inside a registration's destructor: if this kept member was torn down (its handle is
        dead), its root drops it and it is closed from now on."""
        if self._keeper is None or self._closing:
            return
        if self._lib.navcore_is_modal(byref(c_bool()), self._handle) != Status.INVALID_HANDLE.code:
            return
        root = self._keeper()
        if root is not None:
            root._kept.discard(self)
        self._closing = True

    def _forget_family(self) -> None:
        """C will not call this navigator again (``Navigator._forget``)."""
        _objects.pop(self._handle.value or 0, None)
        self._kept = set()

    def _screen_of(self, handle: Optional[int], screen_id: int) -> Screen[Any]:
        """The Screen of a screen of the navigator ``handle`` (a transition's ``from_navigator``
        or ``to_navigator``: for a present or a dismiss, a modal's): its own object's, else this
        navigator's ``_known_screen``."""
        owner = _object_of(handle) if handle != self._handle.value else None
        return (owner if owner is not None else self)._known_screen(screen_id)

    def _has_parent(self) -> bool:
        """Whether this navigator has a parent now (False once it is destroyed or torn down)."""
        parent = c_void_p()
        return self._lib.navcore_parent(byref(parent), self._handle) == 0 and bool(parent.value)

    # -- ops -------------------------------------------------------------------------------------

    def attach(self, child: "Navigator", screen: Screen[Any]) -> Operation:
        """Attaches ``child`` to ``screen``, one of this navigator's screens (SPEC §16.2): a tab's
        content, an embedded flow. Checked at the call: then ``child`` joins this navigator's
        family (one queue, one lock, one driver); the op shows its top when it runs, if
        ``screen`` is on screen, and makes it ``screen``'s active child if it has none.

        From this call on the family keeps ``child``'s object alive until its teardown.

        Args:
            child: a navigator without parent, of this one's dispatch mode, not on screen
                (created with ``visible=False``, or hidden by ``set_visible(False)``).
            screen: a live screen of this navigator.

        Returns:
            The op's Operation (``invalid`` when ``child`` or ``screen`` went before it ran).

        Raises:
            InvalidError: ``child`` is this navigator, or of another dispatch mode.
            NoSuchScreenError: ``screen`` is released, or another navigator's.
            StateError: ``child`` has a parent, is this navigator's root, or shows a screen.
            BusyError: ``child``'s family is busy or has queued ops.
            InvalidHandleError: either navigator is closed.
        """
        return self._join(child, Op.ATTACH, child=child._handle, screen=int(screen.id))

    def activate(self, retap: Union[Retap, str] = Retap.NONE, animated: bool = True) -> Operation:
        """Makes this screen child the active child of its host screen (SPEC §16.3): a tab
        switch, instant. Asked of the active child with ``retap="pop_to_root"`` it pops the
        child to its root instead ("tap the selected tab again"), ``animated`` or not.

        Args:
            retap: what an ``activate`` of the active child does: ``"none"`` (it ends ``noop``)
                or ``"pop_to_root"``.
            animated: whether the retap's pop asks for a transition.

        Returns:
            The op's Operation (``completed``; ``noop`` for the active child without retap).

        Raises:
            StateError: this navigator is a root or a modal.
            ValueError: ``retap`` is no Retap (``"none"``, ``"pop_to_root"``).
            InvalidHandleError: the navigator is closed or torn down.
        """
        options = _ffi.ActivateOptions(_ffi.ACTIVATE_OPTIONS_VERSION, bool(animated), Retap.parse(retap).code)
        request = _CRequest(_VERSION, Op.ACTIVATE.code, activate_options=addressof(options))
        return self._ask(Op.ACTIVATE, request)  # `options` lives until the call returns

    def present(
        self, modal: "Navigator", covers: bool = True, dismiss_on_back: bool = True, animated: bool = True
    ) -> Operation:
        """Presents ``modal`` over this navigator (SPEC §16.4). Checked at the call as
        ``attach``; when it runs, if this navigator has a modal already, it ends ``invalid`` and
        ``modal`` is torn down.

        Args:
            modal: a navigator without parent, of this one's dispatch mode, not on screen.
            covers: whether it hides this navigator's front (False: an overlay beside it).
            dismiss_on_back: whether a back that reaches it with one screen dismisses it.
            animated: whether it asks this navigator's animator for a transition.

        Returns:
            The op's Operation (``invalid`` when this navigator had a modal when it ran).

        Raises:
            As ``attach``.
        """
        options = _ffi.PresentOptions(_ffi.PRESENT_OPTIONS_VERSION, bool(animated), bool(covers), bool(dismiss_on_back))
        return self._join(modal, Op.PRESENT, child=modal._handle, present_options=addressof(options))

    def dismiss(self, animated: bool = True, result: Optional[str] = None) -> Operation:
        """Dismisses this navigator's modal (SPEC §16.4): its front is shown out, then it is torn
        down (its handle dies, its queued ops end ``aborted``, its screens are released). A
        ``noop`` without a modal.

        Args:
            animated: whether it asks this navigator's animator for a transition.
            result: the result of the modal's bottom screen, set before the first event.

        Returns:
            The op's Operation (``noop`` without a modal).

        Raises:
            InvalidError: ``result`` is not valid text.
            InvalidHandleError: the navigator is closed or torn down.
        """
        text = None if result is None else _text(result, "the result", self._require_live)
        options = _ffi.DismissOptions(_ffi.DISMISS_OPTIONS_VERSION, bool(animated), text)
        request = _CRequest(_VERSION, Op.DISMISS.code, dismiss_options=addressof(options))
        return self._ask(Op.DISMISS, request)  # `options` (and `text`) live until the call returns

    def leave(self) -> Operation:
        """This screen child leaves its host screen (SPEC §16.7): its tops on screen are hidden,
        then it is torn down; the host screen has no active child until an ``activate``.

        Returns:
            The op's Operation, which ends after the teardown.

        Raises:
            StateError: this navigator is a root or a modal (a modal leaves by its parent's
                ``dismiss``).
            InvalidHandleError: the navigator is closed or torn down.
        """
        return self._ask(Op.LEAVE, _CRequest(_VERSION, Op.LEAVE.code))

    def _join(self, joining: "Navigator", op: Op, **fields: Any) -> Operation:
        """Asks ``attach`` or ``present``: the child is kept from before the call (so that its
        teardown is heard even when the op runs inside it) and let go if the call fails."""
        from ._navigator import Navigator

        if not isinstance(joining, Navigator):
            raise TypeError(f"a child must be a Navigator, not {type(joining).__name__}")
        if joining._closing:
            raise InvalidHandleError("the navigator is closed")
        moved = self._keep(joining) if joining._keeper is None else None
        try:
            return self._ask(op, _CRequest(_VERSION, op.code, **fields))
        except BaseException:
            if moved is not None:
                self._unkeep(joining, moved)
            raise

    # -- queries ---------------------------------------------------------------------------------

    def _navigator_query(self, function: str, *arguments: Any) -> "Optional[Navigator]":
        out = c_void_p()
        _check(getattr(self._lib, function)(byref(out), self._handle, *arguments))
        return _object_of(out.value)

    @property
    def parent(self) -> "Optional[Navigator]":
        """The navigator this one is attached to or presented by; None for a root."""
        return self._navigator_query("navcore_parent")

    @property
    def modal(self) -> "Optional[Navigator]":
        """The presented modal (a pending one is not yet it); None for none."""
        return self._navigator_query("navcore_modal")

    @property
    def back_target(self) -> "Optional[Navigator]":
        """The navigator a ``back`` asked now would pop (or dismiss: the modal); None for none."""
        return self._navigator_query("navcore_back_target")

    def active_child(self, screen: Screen[Any]) -> "Optional[Navigator]":
        """The active child of one of this navigator's screens.

        Args:
            screen: a live screen of this navigator.

        Returns:
            The child on screen when ``screen`` is (None for none).

        Raises:
            NoSuchScreenError: ``screen`` is released, or another navigator's.
            InvalidHandleError: the navigator is closed or torn down.
        """
        return self._navigator_query("navcore_active_child", c_uint64(int(screen.id)))

    def children(self, screen: Screen[Any]) -> "Tuple[Navigator, ...]":
        """The children attached to one of this navigator's screens.

        Args:
            screen: a live screen of this navigator.

        Returns:
            Every child attached to ``screen``, in attach order.

        Raises:
            NoSuchScreenError: ``screen`` is released, or another navigator's.
            InvalidHandleError: the navigator is closed or torn down.
        """
        capacity = 4
        while True:
            count = c_size_t()
            buffer = (c_void_p * capacity)()
            _check(self._lib.navcore_children_copy(byref(count), buffer, capacity, self._handle, int(screen.id)))
            if count.value <= capacity:
                found = (_object_of(buffer[i]) for i in range(count.value))
                return tuple(child for child in found if child is not None)
            capacity = count.value

    @property
    def host_screen(self) -> Optional[Screen[Any]]:
        """The screen this child is attached to (a screen of its parent); None for a root or a
        modal."""
        screen_id = c_uint64()
        _check(self._lib.navcore_host_screen(byref(screen_id), self._handle))
        parent = self.parent if screen_id.value else None
        return parent._screen(screen_id.value) if parent is not None else None

    @property
    def is_modal(self) -> bool:
        """Whether this navigator is a modal (presented, or pending)."""
        out = c_bool()
        _check(self._lib.navcore_is_modal(byref(out), self._handle))
        return out.value

    @property
    def on_screen(self) -> bool:
        """Whether this navigator is on screen (SPEC §16.5): placed, visible and not covered.
        (``visible`` is its own flag.)"""
        out = c_bool()
        _check(self._lib.navcore_is_on_screen(byref(out), self._handle))
        return out.value


__all__: List[str] = []
