"""Screens, payloads and the events navcore delivers, as Python values.

Building events
---------------
The events are frozen dataclasses, and the generated ``__init__`` of a frozen dataclass sets
each field through ``object.__setattr__`` (to get past the frozen ``__setattr__``): for the four
fields of an AppearanceEvent that costs about as much as the C callback that delivers it. So the
binding's callbacks build the per-op events (action, appearance, release, done) as::

    event = object.__new__(AppearanceEvent)
    event.__dict__.update(phase=…, screen=…, reason=…, animated=…)   # every field, by name

which is the same value (``==``, ``hash``, ``repr``, ``dataclasses.fields``/``replace``/
``asdict``; tests/test_hot_path.py compares the two ways for each class). It relies on what holds
for every class here: a ``__dict__`` (no ``slots``), no ``__post_init__``, no default values
that the caller could leave out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Tuple

from ._enums import Action, Op, Outcome, Phase, Reason, Style

if TYPE_CHECKING:
    from ._navigator import Navigator


class Screen:
    """One screen of a navigator (SPEC §1): its id, its route name and the host's object (any
    Python object, or None).

    A navigator hands out one Screen per screen id, so ``nav.top is screen`` works. Once the
    screen is released (it left the stack, was discarded, or the navigator was closed)
    ``released`` is true and ``object`` is None: the object went back to the host with the
    release event, and neither the binding nor the Screen holds it any more.
    """

    __slots__ = ("id", "route", "object", "released", "_hooks", "__weakref__")

    def __init__(self, id: int, route: str, object: Any = None) -> None:  # noqa: A002
        self.id = id
        self.route = route
        self.object = object
        self.released = False
        #: The object's screen hooks, found when the navigator adopted the screen (None: none).
        self._hooks: Optional[Tuple[Any, ...]] = None

    def __repr__(self) -> str:
        state = " released" if self.released else ""
        return f"<Screen {self.id} route={self.route!r} object={self.object!r}{state}>"


class Payload(str):
    """A payload as delivered: the text itself (a str), and ``json()`` for a payload that was
    sent as a dict (``show(route, payload={...})`` sends it as JSON)."""

    __slots__ = ()

    def json(self) -> Any:
        """The payload parsed as JSON (ValueError if it is not JSON)."""
        return json.loads(self)


@dataclass(frozen=True)
class ActionEvent:
    """``action <state> [+appearing] [-disappearing…] animated|instant`` (SPEC §4)."""

    state: Action
    appearing: Optional[Screen]
    disappearing: Tuple[Screen, ...]
    animated: bool


@dataclass(frozen=True)
class AppearanceEvent:
    """``will_show``/``did_show``/``will_hide``/``did_hide`` of one screen."""

    phase: Phase
    screen: Screen
    reason: Reason
    animated: bool


@dataclass(frozen=True)
class ProgressEvent:
    """The host reported the progress of the interactive transition ``transition``."""

    transition: int
    progress: float


@dataclass(frozen=True)
class BarEvent:
    """The navigation bar was shown or hidden (SPEC §8)."""

    shown: bool
    animated: bool


@dataclass(frozen=True)
class PayloadEvent:
    """A ``show`` delivered its payload to ``screen``."""

    screen: Screen
    payload: Payload


@dataclass(frozen=True)
class ReleaseEvent:
    """``screen`` was released: its id is dead, and ``object`` (the object it held) is handed
    back; the binding and the Screen no longer hold it."""

    screen: Screen
    object: Any


@dataclass(frozen=True)
class DoneEvent:
    """An op ended."""

    op: Op
    outcome: Outcome


@dataclass(frozen=True)
class WakeupEvent:
    """Host dispatch mode: ops wait; call ``drain()`` on the UI thread."""


@dataclass(frozen=True)
class RouteRequest:
    """What a route's factory is asked to make: a screen of ``route`` whose id will be ``id``,
    shown with ``payload`` (None if the show has none)."""

    route: str
    id: int
    payload: Optional[Payload]


@dataclass(frozen=True)
class Transition:
    """A transition handed to the animator. The host plays it and then calls ``finish()`` (or,
    for the interactive back gesture, ``cancel()``), reporting ``progress(p)`` meanwhile."""

    id: int
    style: Style
    from_screen: Screen
    to_screen: Screen
    interactive: bool
    navigator: "Navigator" = field(repr=False, compare=False)

    def finish(self) -> None:
        """The transition ended: the op completes."""
        self.navigator.finish_transition(self.id)

    def cancel(self) -> None:
        """Cancels the interactive transition: the pop is undone."""
        self.navigator.cancel_transition(self.id)

    def progress(self, value: float) -> None:
        """Reports the progress (0 ≤ value ≤ 1) of the interactive transition."""
        self.navigator.update_transition(value, self.id)
