"""The event kinds listeners subscribe to, and the hook methods of screen objects: looked up once,
when a navigator adopts a screen."""

from __future__ import annotations

import inspect
import weakref
from typing import Any, Callable, Dict, List, Optional, Tuple


#: The event kinds listeners can subscribe to (one C registration each).
EVENT_KINDS: Tuple[str, ...] = (
    "action",
    "will_show",
    "did_show",
    "will_hide",
    "did_hide",
    "progress",
    "bar",
    "payload",
    "release",
    "detach",
    "done",
    "wakeup",
)
_PHASE_KINDS: Tuple[str, ...] = ("will_show", "did_show", "will_hide", "did_hide")
#: Aliases accepted by on()/off(): "appearance" is the four phases.
_ALIASES: Dict[str, Tuple[str, ...]] = {"appearance": _PHASE_KINDS}
#: Screen-object methods the binding calls (gist-style hooks) and the event kind each needs.
HOOKS: Dict[str, str] = {
    "will_show": "will_show",
    "did_show": "did_show",
    "will_hide": "will_hide",
    "did_hide": "did_hide",
    "receive_payload": "payload",
}


#: The hook methods in the order of a Screen's ``_hooks``: the four phases by their C value,
#: then the payload.
_HOOK_METHODS: Tuple[str, ...] = tuple(HOOKS)
_HOOK_KINDS: Tuple[str, ...] = tuple(HOOKS.values())
_PAYLOAD_HOOK = _HOOK_METHODS.index("receive_payload")
assert _HOOK_KINDS[: len(_PHASE_KINDS)] == _PHASE_KINDS

Hooks = Tuple[Optional[Callable[[Any], Any]], ...]

_hook_arity: "weakref.WeakKeyDictionary[Any, bool]" = weakref.WeakKeyDictionary()


def _takes_argument(hook: Callable[..., Any]) -> bool:
    """Whether a screen hook takes the event (``will_show(self, event)``) or nothing
    (``will_show(self)``, as in the gist)."""
    function = getattr(hook, "__func__", hook)
    try:
        return _hook_arity[function]
    except (KeyError, TypeError):
        pass
    try:
        parameters = inspect.signature(hook).parameters.values()
        takes = any(
            p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL) for p in parameters
        )
    except (TypeError, ValueError):
        takes = True
    try:
        _hook_arity[function] = takes
    except TypeError:
        pass
    return takes


def _taking_event(hook: Callable[..., Any]) -> Callable[[Any], Any]:
    """A phase hook as a function of the event: itself, or ``hook()`` for a gist-style hook."""
    return hook if _takes_argument(hook) else lambda _event: hook()


def _hooks_of(obj: Any) -> Optional[Hooks]:
    """A screen object's hooks, by _HOOK_METHODS' order (None for a method it lacks), phase hooks
    taking the event; None if it has none, the common case, which costs the callbacks one test.

    Looked up once, when the navigator adopts the screen, as the C callbacks those hooks need
    are registered then; the callbacks do not look them up again. (Per object, not cached per
    class: a class may gain a hook method after its first screen was made.)"""
    if obj is None:
        return None
    hooks: Optional[List[Optional[Callable[[Any], Any]]]] = None
    for name in _HOOK_METHODS:  # a plain loop: in 3.11 a comprehension or map() costs more
        hook = getattr(obj, name, None)
        if hook is not None and callable(hook):
            if hooks is None:
                hooks = [None] * len(_HOOK_METHODS)
            index = _HOOK_METHODS.index(name)
            hooks[index] = hook if index == _PAYLOAD_HOOK else _taking_event(hook)
    return None if hooks is None else tuple(hooks)
