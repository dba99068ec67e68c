"""Screens, payloads and the events navcore delivers, as Python values.

Building events
---------------
The events are frozen dataclasses, and the generated ``__init__`` of a frozen dataclass sets
each field through ``object.__setattr__`` (to get past the frozen ``__setattr__``): for the four
fields of an AppearanceEvent that costs about as much as the C callback that delivers it. So the
binding's callbacks build the per-op events (action, appearance, release, done) as::

    event = object.__new__(AppearanceEvent)
    fields = event.__dict__
    fields["phase"] = …   # then screen, reason, animated: every field, by name, in order

(a store per field: ``__dict__.update(phase=…, …)`` builds a keyword dict first, ≈ 600 more
instructions per event), which is the same value (``==``, ``hash``, ``repr``, ``dataclasses.fields``/``replace``/
``asdict``; tests/test_hot_path.py compares the two ways for each class). It relies on what holds
for every class here: a ``__dict__`` (no ``slots``), no ``__post_init__``, no default values
that the caller could leave out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Generic, Optional, Tuple, TypeVar

from ._enums import Action, Op, Outcome, Phase, Reason, Style

if TYPE_CHECKING:
    from ._navigator import Navigator

#: The type of a screen's object: ``Screen[HomeView]``.
T = TypeVar("T")


class Screen(Generic[T]):
    """One screen of a navigator (SPEC §1): its id, its route name and the host's object.

    Generic in its object's type: ``nav.create_screen("home", HomeView())`` is a
    ``Screen[HomeView]``, whose ``object`` a type checker knows; a screen the binding made for an id
    it had not seen (``nav.screen(id)``, ``nav.stack``) is a ``Screen[Any]``.

    A navigator hands out one Screen per screen id, so ``nav.top is screen`` works. Once the screen
    is released (it left the stack, was discarded, or the navigator was closed) ``released`` is true
    and ``object`` is None: the object went back to the host with the release event, and neither the
    binding nor the Screen holds it any more.

    Attributes:
        id (int): navcore's screen id, never reused.
        route (str): the route name ("" for an anonymous screen).
        object: the host's object (any Python object, or None); None once released.
        released (bool): whether the screen was released.
    """

    __slots__ = ("id", "route", "object", "released", "_hooks", "_navigator", "__weakref__")

    def __init__(self, id: int, route: str, object: T) -> None:  # noqa: A002
        self.id = id
        self.route = route
        #: The host's object; None once released (typed T for the live screen's sake: a host
        #: that keeps Screens past their release tests ``released`` first).
        self.object: T = object
        self.released = False
        #: The object's screen hooks, found when the navigator adopted the screen (None: none).
        self._hooks: Optional[Tuple[Any, ...]] = None
        #: A weak reference to the navigator that handed it out (None: none did).
        self._navigator: Optional[Callable[[], Optional["Navigator"]]] = None

    def _owner(self) -> "Navigator":
        """The navigator of the screen, for the queries below; NoSuchScreenError without one."""
        navigator = self._navigator() if self._navigator is not None else None
        if navigator is None:
            from ._errors import NoSuchScreenError

            raise NoSuchScreenError(f"screen {self.id} belongs to no live navigator")
        return navigator

    @property
    def result(self) -> Any:
        """The screen's result decoded from JSON, None for none (``Navigator.result``; ValueError if
        it is not JSON, NoSuchScreenError once released).
        """
        return self._owner().result(self)

    @property
    def result_text(self) -> Optional[str]:
        """The screen's result as text, None for none (``Navigator.result_text``; NoSuchScreenError
        once released).
        """
        return self._owner().result_text(self)

    @property
    def retained(self) -> bool:
        """Whether the screen is marked retained (``Navigator.retain``; NoSuchScreenError once
        released)."""
        return self._owner().is_retained(self)

    @property
    def saved_state(self) -> Optional[str]:
        """The screen's saved state, None for none (``Navigator.saved_state``; NoSuchScreenError
        once released).
        """
        return self._owner().saved_state(self)

    def __repr__(self) -> str:
        state = " released" if self.released else ""
        return f"<Screen {self.id} route={self.route!r} object={self.object!r}{state}>"


class Payload(str):
    """A payload as delivered: the text itself (a str), and ``json()`` for a payload that was sent
    as a dict (``show(route, payload={...})`` sends it as JSON).
    """

    __slots__ = ()

    def json(self) -> Any:
        """The payload parsed as JSON.

        Returns:
            The decoded value.

        Raises:
            ValueError: the payload is not JSON.
        """
        return json.loads(self)


@dataclass(frozen=True)
class ActionEvent:
    """``action <state> [+appearing] [-disappearing…] animated|instant`` (SPEC §4).

    Attributes:
        state (Action): the action state entered.
        appearing (Optional[Screen]): the screen that becomes the top, None if none.
        disappearing (Tuple[Screen, ...]): the screens that leave, bottom to top.
        animated (bool): whether the change animates.
    """

    state: Action
    appearing: Optional[Screen[Any]]
    disappearing: Tuple[Screen[Any], ...]
    animated: bool


@dataclass(frozen=True)
class AppearanceEvent:
    """``will_show``/``did_show``/``will_hide``/``did_hide`` of one screen.

    Attributes:
        phase (Phase): which of the four.
        screen (Screen): the screen that shows or hides.
        reason (Reason): why.
        animated (bool): whether it animates.
    """

    phase: Phase
    screen: Screen[Any]
    reason: Reason
    animated: bool


@dataclass(frozen=True)
class ProgressEvent:
    """The host reported the progress of the interactive transition ``transition``.

    Attributes:
        transition (int): the transition's id.
        progress (float): p, 0 ≤ p ≤ 1.
    """

    transition: int
    progress: float


@dataclass(frozen=True)
class BarEvent:
    """The navigation bar was shown or hidden (SPEC §8).

    Attributes:
        shown (bool): whether the bar is shown now.
        animated (bool): whether the change animates.
    """

    shown: bool
    animated: bool


@dataclass(frozen=True)
class PayloadEvent:
    """A ``show`` delivered its payload to ``screen``.

    Attributes:
        screen (Screen): the screen shown.
        payload (Payload): the payload.
    """

    screen: Screen[Any]
    payload: Payload


@dataclass(frozen=True)
class ReleaseEvent:
    """``screen`` was released: its id is dead, and ``object`` (the object it held) is handed back;
    the binding and the Screen no longer hold it.

    Attributes:
        screen (Screen): the released screen (``released`` is true).
        object: the host's object it held.
    """

    screen: Screen[Any]
    object: Any


@dataclass(frozen=True)
class DetachEvent:
    """A retained screen left the stack and stays live, detached (SPEC §17): it keeps its object,
    result and saved state, and can be pushed again, set or discarded.

    Attributes:
        screen (Screen): the detached screen (``released`` is false).
    """

    screen: Screen[Any]


@dataclass(frozen=True)
class ResultEvent:
    """``result L TEXT``: a result listener hears ``screen``'s result ``text`` once, right before
    its release (SPEC §12); the screen is still live meanwhile.

    Attributes:
        screen (Screen): the screen about to be released.
        text (Optional[str]): its result, None for none.
    """

    screen: Screen[Any]
    text: Optional[str]

    def json(self) -> Any:
        """The result decoded from JSON.

        Returns:
            The decoded value, None for none.

        Raises:
            ValueError: the result is not JSON.
        """
        return None if self.text is None else json.loads(self.text)


@dataclass(frozen=True)
class DoneEvent:
    """An op ended.

    Attributes:
        op (Op): the kind of op.
        outcome (Outcome): how it ended.
    """

    op: Op
    outcome: Outcome


@dataclass(frozen=True)
class WakeupEvent:
    """Host dispatch mode: ops wait; call ``drain()`` on the UI thread."""


@dataclass(frozen=True)
class RouteRequest:
    """What a route's factory is asked to make: a screen of ``route`` whose id will be ``id``, shown
    with ``payload``, for ``navigator``.

    Attributes:
        route (str): the route's name.
        id (int): the new screen's id (not live yet).
        payload (Optional[Payload]): the show's payload, None if it has none.
        navigator (Optional[Navigator]): the navigator that will own the screen: the one asked,
            or, for a route found in an ancestor's registry (SPEC §16.1, route lookup inherits),
            that descendant rather than the navigator that registered the route. None only when
            that navigator has no object in this binding (one made by other code).
    """

    route: str
    id: int
    payload: Optional[Payload]
    navigator: "Optional[Navigator]" = None


@dataclass(frozen=True)
class Transition:
    """A transition handed to the animator. The host plays it and then calls ``finish()`` (or, for
    the interactive back gesture, ``cancel()``), reporting ``progress(p)`` meanwhile.

    Attributes:
        id (int): the transition's id.
        style (Style): ``push`` or ``pop``: the animation asked for.
        from_screen (Screen): the old top.
        to_screen (Screen): the new top.
        interactive (bool): whether it is the back gesture's, which may be cancelled.
        navigator (Navigator): the navigator it belongs to.
    """

    id: int
    style: Style
    from_screen: Screen[Any]
    to_screen: Screen[Any]
    interactive: bool
    navigator: "Navigator" = field(repr=False, compare=False)

    def finish(self) -> None:
        """The transition ended: the op completes.

        Raises:
            StateError: it is not in flight (finished or cancelled already).
        """
        self.navigator.finish_transition(self.id)

    def cancel(self) -> None:
        """Cancels the interactive transition: the pop is undone.

        Raises:
            StateError: it is not in flight, or not interactive.
        """
        self.navigator.cancel_transition(self.id)

    def progress(self, value: float) -> None:
        """Reports the progress of the interactive transition.

        Args:
            value: p, 0 ≤ p ≤ 1.

        Raises:
            InvalidError: ``value`` out of range.
            StateError: it is not in flight, or not interactive.
        """
        self.navigator.update_transition(value, self.id)


@dataclass(frozen=True)
class Decision:
    """A user pop the veto answered ``navcore.LATER`` for (SPEC §13): the ``back`` waits, busy,
    until the host answers with ``allow()`` or ``refuse()`` (``navigator.decide(decision, allow)``),
    from any thread, once.

    Attributes:
        id (int): navcore's decision id, never reused.
        screen (Screen): the top screen the veto was asked about.
        by_gesture (bool): whether the gesture asked (a gesture's LATER counts as no).
        navigator (Navigator): the navigator whose back waits.
    """

    id: int
    screen: Screen[Any]
    by_gesture: bool
    navigator: "Navigator" = field(repr=False, compare=False)

    def allow(self) -> None:
        """The user confirmed: the pop goes on.

        Raises:
            StateError: the decision was answered already.
        """
        self.navigator.decide(self, True)

    def refuse(self) -> None:
        """The user declined: the back ends ``vetoed``.

        Raises:
            StateError: the decision was answered already.
        """
        self.navigator.decide(self, False)
