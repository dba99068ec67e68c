"""The op arguments made at the call, in C's form: one conversion for each navcore_request
field that an op method's parameters cannot give as is (a screen made for an object, an array,
text, the show options).

Both ways of asking an op use them, and both write what they return into the fields of the
``navcore_request`` that ``Navigator._ask`` passes to navcore_ask_outcome: the navigator's
named methods (``nav.push(obj)``) at once, ``Navigator.ask`` from a Request's arguments. Which
conversion a field of which method takes is generated from include/navcore.h's table of ops
(scripts/ops.py, ``PYTHON_FIELDS``).

A conversion is ``conversion(nav, created, *parameters)``: it returns the value of its field,
or a tuple of values when it fills several (an array and its ``count``), and appends to
``created`` the screens it made for objects, which the caller discards if navcore refuses the
op. Text is checked after the navigator's liveness (``nav._require_live``): a closed
navigator's InvalidHandleError comes first, as C orders its statuses. What C reads during the
call (an array, the options) is referenced by the value returned, which keeps it alive.
"""

from __future__ import annotations

from ctypes import c_uint64, pointer
from typing import TYPE_CHECKING, Any, Callable, Iterable, List, Mapping, Optional, Tuple, Union

from . import _ffi
from ._enums import Recycle
from ._events import Screen
from ._text import _json_text, _payload_text, _route_text, _text
from ._trampolines import _RUN

if TYPE_CHECKING:
    from ._navigator import Navigator

#: A Screen, or any other object (pushed or set on a new screen of its own).
ScreenLike = Union[Screen[Any], Any]
#: An entry of ``open``: ``(route, state)`` or a route alone.
RouteEntry = Union[str, Tuple[str, Union[str, Mapping[str, Any], None]]]
#: ``show``'s recycle option: a Recycle, its name, or a bool (True = any, False = none).
RecycleLike = Union[Recycle, str, bool]

#: What every conversion is: (navigator, the screens made so far, its parameters...) -> its value.
Conversion = Callable[..., Any]


def screen(nav: "Navigator", created: List[Screen[Any]], item: ScreenLike, route: Optional[str]) -> int:
    """push's screen: a Screen's id, or that of a new screen of ``route`` made for any other
    object (TypeError for a route given with a Screen: its route was fixed when it was made)."""
    if route is None and isinstance(item, Screen):
        return item.id
    target, new = nav._screen_for(item, route)
    created.extend(new)
    return target.id


def screens(nav: "Navigator", created: List[Screen[Any]], items: Iterable[ScreenLike]) -> Tuple[Any, int]:
    """set's screens and count: an array of the ids (objects get new screens)."""
    targets, new = nav._screens_for(items)
    created.extend(new)
    return (c_uint64 * max(1, len(targets)))(*(s.id for s in targets)), len(targets)


def result(nav: "Navigator", created: List[Screen[Any]], value: Any, text: Optional[str]) -> Optional[bytes]:
    """pop's result: ``value`` as JSON text, or ``text`` as is."""
    if value is not None and text is not None:
        raise TypeError("pop() takes result or result_text, not both")
    live = nav._require_live
    return _json_text(value, "the result", live) if text is None else _text(text, "the result", live)


def block(nav: "Navigator", created: List[Screen[Any]], code: Callable[[], Any]) -> Any:
    """run's block: the binding's trampoline, which calls the op's own (kept by its Operation)."""
    if not callable(code):
        raise TypeError("run() needs a callable")
    return _RUN


def route(nav: "Navigator", created: List[Screen[Any]], name: str) -> bytes:
    """show's route name."""
    return _text(name, "the route", nav._require_live)


def recycle_mode(recycle: RecycleLike) -> int:
    """``show``'s recycle option as a NAVCORE_RECYCLE_* value (a bool: True = any, False = none)."""
    if isinstance(recycle, bool):
        return Recycle.ANY.code if recycle else Recycle.NONE.code
    return Recycle.parse(recycle).code


def show_options(nav: "Navigator", created: List[Screen[Any]], animated: bool, remove_current: bool,
                 recycle: RecycleLike, payload: Union[str, Mapping[str, Any], None]) -> Any:
    """show's options: a pointer to a navcore_show_options (which it keeps alive)."""
    return pointer(_ffi.ShowOptions(
        _ffi.SHOW_OPTIONS_VERSION,
        bool(animated),
        bool(remove_current),
        recycle_mode(recycle),
        _payload_text(payload, live=nav._require_live),
    ))


def entries(nav: "Navigator", created: List[Screen[Any]], items: Iterable[RouteEntry]) -> Tuple[Any, int]:
    """open's entries and count: an array of navcore_route_entry."""
    texts: List[Tuple[bytes, Optional[bytes]]] = []
    for entry in items:
        name, state = (entry, None) if isinstance(entry, str) else entry
        texts.append((_route_text(name, nav._require_live), _payload_text(state, "a state", nav._require_live)))
    return (_ffi.RouteEntry * max(1, len(texts)))(*(_ffi.RouteEntry(*text) for text in texts)), len(texts)


def open_options(nav: "Navigator", created: List[Screen[Any]], focus: Optional[bool], animated: bool) -> Any:
    """open's options: a pointer to a navcore_open_options (which it keeps alive), carrying the
    op's ``animated`` beside ``focus``."""
    return pointer(_ffi.OpenOptions(_ffi.OPEN_OPTIONS_VERSION, bool(animated), bool(focus)))


def document(nav: "Navigator", created: List[Screen[Any]], value: Union[str, Mapping[str, Any]]) -> Optional[bytes]:
    """restore's document: ``save()``'s dict as JSON, or text as is."""
    return _payload_text(value, "the document", nav._require_live)
