"""The stack mirror: a retained-mode toolkit's screen stack kept in step with a navigator's.

A retained toolkit (Textual, GTK, Qt, Tk) keeps its own stack of mounted screens. The animator
alone cannot drive it: the first push, instant ops, ``show``/``open``/``restore`` (instant by
default), ``set`` and anything done while the navigator is hidden never reach the animator. And
during the interactive back gesture the stack already shows the pop while the finger may still
bring the screen back. ``StackMirror`` listens to the action events and is the navigator's
animator, and hands the host one call per change of the stack::

    def apply(change):                    # change.old, change.new, change.transition, change.provisional
        toolkit.show(change.object(change.new[-1]), animate=change.transition)

    def end(change, outcome):             # "commit": unmount change.removed; "revert": show change.old
        ...

    mirror = navcore.mirror.StackMirror(nav, apply, on_end=end, on_prepare=mount)

The order, for each op that changes the stack (SPEC §4):

- ``on_prepare(screen, obj)`` at ``will_<k>``, for the appearing screen when it is new to the
  mirrored stack: before its factory's object hears ``will_show`` (step 5), so the host mounts
  it there and the screen's hooks find it mounted (the *mount-before-hooks* caveat: a route
  factory runs before anything is mounted, and without the mirror ``will_show`` would too);
- ``on_change(change)`` once: at ``did_<k>`` for an instant change (``transition`` None), or when
  the animator is handed the transition (step 6; ``transition`` set, the host plays it and calls
  ``change.transition.finish()``). ``provisional`` is true for the gesture's interactive pop;
- ``on_end(change, "commit")`` at ``<k>_completed``: the removed screens were released, and
  ``change.object()`` still gives their objects to unmount; or ``on_end(change, "revert")`` at
  ``pop_cancelled``: the gesture was cancelled, ``change.old`` is the stack again and nothing was
  released, so nothing has to be rebuilt.

Make the mirror while the navigator is idle (before its first op, typically): it takes the
stack as it finds it. The mirror registers no C callback of its own: it is an ``action``
listener and the animator, which reach it through the binding's guarded trampolines.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple

from ._enums import Action
from ._events import ActionEvent, Decision, Screen, Transition
from ._navigator import Navigator

__all__ = ["COMMIT", "REVERT", "Change", "StackMirror"]

#: ``on_end``'s outcomes: the change stays (every op's end), or the gesture's pop was undone.
COMMIT = "commit"
REVERT = "revert"

_WILL = frozenset((Action.WILL_PUSH, Action.WILL_POP, Action.WILL_SET))
_DID = frozenset((Action.DID_PUSH, Action.DID_POP, Action.DID_SET))
_COMPLETED = frozenset((Action.PUSH_COMPLETED, Action.POP_COMPLETED, Action.SET_COMPLETED))

Stack = Tuple[Screen[Any], ...]


class Change:
    """One change of the stack as the host shows it.

    Attributes:
        old (Tuple[Screen, ...]): the stack before, bottom to top.
        new (Tuple[Screen, ...]): the stack after, bottom to top.
        transition (Optional[Transition]): the transition to play; None: show ``new`` at once.
        provisional (bool): whether the change is the gesture's pop, which a cancel reverts.
    """

    __slots__ = ("old", "new", "transition", "provisional", "_objects")

    def __init__(
        self, old: Stack, new: Stack, transition: Optional[Transition], provisional: bool, objects: Dict[int, Any]
    ) -> None:
        self.old = old
        self.new = new
        self.transition = transition
        self.provisional = provisional
        self._objects = objects

    def object(self, screen: Screen[Any]) -> Any:
        """The host's object of a screen of ``old`` or ``new``, also after its release (the
        ``Screen``'s own ``object`` is None by then).

        Args:
            screen: a screen of ``old`` or ``new``.

        Returns:
            Its object; None for another screen.
        """
        return self._objects.get(screen.id)

    @property
    def added(self) -> Stack:
        """The screens of ``new`` that were not in ``old``, bottom to top."""
        before = {screen.id for screen in self.old}
        return tuple(screen for screen in self.new if screen.id not in before)

    @property
    def removed(self) -> Stack:
        """The screens of ``old`` that are not in ``new``, bottom to top."""
        after = {screen.id for screen in self.new}
        return tuple(screen for screen in self.old if screen.id not in after)

    def __repr__(self) -> str:
        def routes(stack: Stack) -> str:
            return " ".join(screen.route or str(screen.id) for screen in stack)

        how = "instant" if self.transition is None else f"transition {self.transition.style}"
        provisional = " provisional" if self.provisional else ""
        return f"<Change [{routes(self.old)}] -> [{routes(self.new)}] {how}{provisional}>"


ChangeListener = Callable[[Change], Any]
EndListener = Callable[[Change, str], Any]
PrepareListener = Callable[[Screen[Any], Any], Any]


class StackMirror:
    """Keeps the host's view of ``navigator``'s stack: ``on_change`` for each change, ``on_end``
    with ``COMMIT`` or ``REVERT`` when its op ends, ``on_prepare`` before an appearing screen's
    hooks run (see the module's doc). It sets ``navigator.animator``; ``close()`` removes it and the
    listener.

    Make it while the navigator is idle: it takes the stack as it finds it.

    Args:
        navigator: the navigator to mirror.
        on_change: ``on_change(change)``, once per change of the stack.
        on_end: ``on_end(change, outcome)`` when the change's op ends, ``COMMIT`` or ``REVERT``.
        on_prepare: ``on_prepare(screen, obj)`` at ``will_<k>`` for an appearing screen new to the
            mirrored stack, before its hooks run.

    Attributes:
        navigator (Navigator): the navigator mirrored.
        stack (Tuple[Screen, ...]): the stack as the host shows it (during a provisional pop:
            without the leaving screen).
        pending (Optional[Change]): the change emitted for the op in flight, until ``on_end``.
    """

    def __init__(
        self,
        navigator: Navigator,
        on_change: ChangeListener,
        *,
        on_end: Optional[EndListener] = None,
        on_prepare: Optional[PrepareListener] = None,
    ) -> None:
        self.navigator = navigator
        self._on_change = on_change
        self._on_end = on_end
        self._on_prepare = on_prepare
        #: The stack as the host shows it (during a provisional pop: without the leaving screen).
        self.stack: Stack = navigator.stack
        #: The objects of the mirrored screens and of the change in flight, by screen id.
        self._objects: Dict[int, Any] = {screen.id: screen.object for screen in self.stack}
        #: The stack before the op in flight (set at will_<k>).
        self._before: Optional[Stack] = None
        #: An animated change seen at did_<k>, waiting for its transition.
        self._waiting: Optional[Stack] = None
        #: The change emitted for the op in flight, until on_end.
        self.pending: Optional[Change] = None
        navigator.on("action", self._action)
        navigator.animator = self._animate

    @property
    def pending_decision(self) -> Optional[Decision]:
        """The decision the navigator's ``back`` waits for (its veto answered ``LATER``), None if
        none: the host's question is up, and ``stack`` stays as it is until it is answered (allowed,
        the pop then comes as a change). See ``Navigator.pending_decision``."""
        return self.navigator.pending_decision

    def close(self) -> None:
        """Stops mirroring: removes the listener and the animator (if still the mirror's)."""
        navigator = self.navigator
        if navigator.closed:
            return
        navigator.off("action", self._action)
        if navigator.animator == self._animate:
            navigator.animator = None

    # -- the navigator's events ----------------------------------------------------------------

    def _action(self, event: ActionEvent) -> None:
        state = event.state
        if state in _WILL:
            self._before = self.stack
            screen = event.appearing
            if screen is not None and screen.id not in self._objects:
                self._objects[screen.id] = screen.object
                if self._on_prepare is not None:
                    self._on_prepare(screen, screen.object)
        elif state in _DID:
            new = self.navigator.stack
            for screen in new:
                self._objects.setdefault(screen.id, screen.object)
            if event.animated:
                self._waiting = new
            else:
                self._emit(new, None)
        elif state in _COMPLETED:
            if self._waiting is not None:  # the animator was removed after will_<k>
                self._emit(self._waiting, None)
            self._end(COMMIT)
        elif state is Action.POP_CANCELLED:
            self._end(REVERT)

    def _animate(self, transition: Transition) -> None:
        new = self._waiting if self._waiting is not None else self.navigator.stack
        self._emit(new, transition)

    def _emit(self, new: Stack, transition: Optional[Transition]) -> None:
        old = self._before if self._before is not None else self.stack
        provisional = transition is not None and transition.interactive
        objects = {screen.id: self._objects.get(screen.id) for screen in old + new}
        change = Change(old, new, transition, provisional, objects)
        self._waiting = None
        self.stack = new
        self.pending = change
        self._on_change(change)

    def _end(self, outcome: str) -> None:
        change, self.pending, self._before = self.pending, None, None
        if change is None:
            return
        if outcome == REVERT:
            self.stack = change.old
        for screen in change.removed if outcome == COMMIT else change.added:
            self._objects.pop(screen.id, None)
        if self._on_end is not None:
            self._on_end(change, outcome)
