"""Text between Python and the C library (SPEC §15): what the binding passes in (UTF-8 without
NUL; a dict as JSON), and what queries return (the caller's copy, freed with navcore_free)."""

from __future__ import annotations

import ctypes
import json
from ctypes import byref, c_void_p
from typing import Any, Callable, Dict, Mapping, Optional, Union

from . import _ffi
from ._calls import _check
from ._errors import InvalidError


#: Called before a text error is raised: raises InvalidHandleError when the navigator the text
#: was meant for is gone, since a call checks its handle before its arguments (SPEC §2), as C does.
LiveCheck = Callable[[], None]


def _no_check() -> None:
    """The LiveCheck of text that goes to no navigator."""


def _text(value: str, what: str, live: LiveCheck = _no_check) -> bytes:
    """UTF-8 for C; text C cannot carry fails as InvalidError, like a bad argument in C (after
    ``live()``, which raises first when the navigator is gone)."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    if "\x00" in value:
        live()
        raise InvalidError(f"{what} contains a NUL character")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as error:
        live()
        raise InvalidError(f"{what} is not valid Unicode text: {error}") from None


#: Routes already checked and encoded by _route_text (an app uses a handful of short route
#: names): at most _ROUTE_TEXTS_MAX of them, each at most _ROUTE_TEXT_MAX_BYTES long, so the
#: cache never keeps more than _ROUTE_TEXTS_BYTES (a host that makes screens of huge or ever new
#: route names gets them encoded each time instead of kept for the life of the process).
_route_texts: Dict[str, bytes] = {}
_ROUTE_TEXTS_MAX = 1024
_ROUTE_TEXT_MAX_BYTES = 256
#: The bound on what the cache keeps: every entry's str and bytes at their longest.
_ROUTE_TEXTS_BYTES = _ROUTE_TEXTS_MAX * 2 * _ROUTE_TEXT_MAX_BYTES


def _route_text(route: str, live: LiveCheck = _no_check) -> bytes:
    """``_text(route, "the route")``, remembered for short plain str routes (see _route_texts)."""
    if type(route) is str:  # noqa: E721 - a str subclass may encode differently: not cached
        text = _route_texts.get(route)
        if text is not None:
            return text
    text = _text(route, "the route", live)
    if (
        type(route) is str  # noqa: E721
        and len(text) <= _ROUTE_TEXT_MAX_BYTES
        and len(_route_texts) < _ROUTE_TEXTS_MAX
    ):
        _route_texts[route] = text
    return text


def _json_text(value: Any, what: str, live: LiveCheck = _no_check) -> bytes:
    """A value as compact JSON text for C (non-ASCII kept as is)."""
    return _text(json.dumps(value, separators=(",", ":"), ensure_ascii=False), what, live)


def _payload_text(
    payload: Union[str, Mapping[str, Any], None], what: str = "the payload", live: LiveCheck = _no_check
) -> Optional[bytes]:
    """A payload, saved state or document for C: a str as is, a dict as JSON, None as NULL."""
    if payload is None:
        return None
    if isinstance(payload, str):
        return _text(payload, what, live)
    if isinstance(payload, Mapping):
        return _json_text(payload, what, live)
    raise TypeError(f"{what} is a str or a dict, not {type(payload).__name__}")


def _take_text(function: Callable[..., int], *arguments: Any) -> Optional[str]:
    """Calls a navcore query that returns text through its first argument, a ``char **``, and
    returns that text (None for NULL), freeing the library's copy with navcore_free exactly once
    (SPEC §15: it is the caller's)."""
    out = c_void_p()
    _check(function(byref(out), *arguments))
    if out.value is None:
        return None
    try:
        return ctypes.string_at(out.value).decode("utf-8")
    finally:
        _ffi.lib().navcore_free(out)
