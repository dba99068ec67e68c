"""Navigator: a navcore navigator driven through the C library.

Callbacks
---------
The C library calls back through module-level ctypes trampolines created once (so they stay
alive for the life of the process); the ``void *ctx`` they receive is a small integer naming a
live Navigator (registrations) or an Operation (op completions and ``run`` blocks). After
``close()`` a Navigator leaves the module's table once the C library has run the destructor of
every registration it made (the last thing C does with it), and the binding lets go of the
screens' objects, the listeners and the routes. The table holds navigators weakly: C calls back
only during a navcore call, made by a Python frame that holds the navigator, so a navigator that
is dropped without close() can be destroyed once it is collected: by the reaper thread (see
"Dropped navigators"), never by its finalizer.

A C callback kind is registered only while some Python code listens to it: a listener, a screen
object with the matching hook method, the veto, the animator. The release callback is the one
the binding itself needs (to let go of screen objects), so it is registered from the first
screen on. A screen object's hook methods are looked up once, when its screen is made (that is
when the kinds they need are registered), and kept with the screen until its release.

The callbacks are the binding's hot path (docs/performance.md, W6): they read enum members from
tables, build events only for a receiver, and take no lock (see "Threads" above the
trampolines).

Callbacks that raise
--------------------
An exception raised by Python code called from C (a listener, a screen hook, the veto, the
animator, a route factory, a ``run`` block, a done callback) is caught in the trampoline and
re-raised, after the C call returns, from the outermost navcore call on the thread where the
callback ran (several become one ExceptionGroup; before Python 3.11, the first is raised with the
others in its ``navcore_other_errors``). Meanwhile the core carries on as if the
callback had returned normally, with these answers where one is needed:

- a listener or screen hook: the event's other listeners are still called; the op goes on;
- the veto: counts as "no" (the op ends ``vetoed``);
- a route factory: the show ends ``factory_failed`` (raise ``FactoryFailed`` to fail quietly);
- the animator: the transition is finished at once, or cancelled for the interactive gesture
  (so the navigator cannot hang waiting for an end that will never come);
- a ``run`` block: the op ends ``completed``;
- a done callback or a wakeup listener: nothing changes (after a wakeup that raised, no new
  wakeup comes until ``drain()`` is called).
"""

from __future__ import annotations

import builtins
import ctypes
import functools
import inspect
import itertools
import json
import os
import queue
import sys
import threading
import types
import weakref
from ctypes import byref, c_bool, c_int, c_size_t, c_uint64, c_void_p, create_string_buffer, sizeof
from typing import (
    Any,
    Callable,
    Dict,
    Iterable,
    List,
    Mapping,
    Optional,
    Sequence,
    Set,
    Tuple,
    TypeVar,
    Union,
    cast,
)

from . import _ffi
from ._enums import ACCEPTED, ACTIONS, OPS, OUTCOMES, PHASES, REASONS, STYLES, Action, Dispatch, Op, Phase
from ._errors import FactoryFailed, InvalidError, InvalidHandleError, NavcoreError, error_for
from ._events import (
    ActionEvent,
    AppearanceEvent,
    BarEvent,
    DoneEvent,
    Payload,
    PayloadEvent,
    ProgressEvent,
    ReleaseEvent,
    RouteRequest,
    Screen,
    Transition,
    WakeupEvent,
)
from ._operation import Operation

_new = object.__new__

F = TypeVar("F", bound=Callable[..., Any])

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

# ---------------------------------------------------------------------------------------------
# Per-thread call depth and the exceptions raised by callbacks
# ---------------------------------------------------------------------------------------------


class _Calls:
    """One thread's binding calls in progress (``depth``), what their callbacks raised, and
    whether the last trampoline to end on this thread ran (``ran``, see _guarded)."""

    __slots__ = ("depth", "errors", "ran")

    def __init__(self) -> None:
        self.depth = 0
        self.errors: List[BaseException] = []
        self.ran = False


class _ThreadState(threading.local):
    """Each thread's _Calls. A binding call reads ``_tls.calls`` once: every attribute read of a
    threading.local looks up the thread's dictionary, the _Calls' slots do not."""

    def __init__(self) -> None:
        self.calls = _Calls()


_tls = _ThreadState()


def _stash(error: BaseException) -> None:
    """Keeps an exception raised by a callback for the outermost binding call of this thread."""
    calls = _tls.calls
    if calls.depth > 0:
        calls.errors.append(error)
        return
    # C called in on a thread that is not inside a binding call (a C host driving the same
    # navigator): nobody can receive the exception, so it goes where Python reports those.
    hook_args = types.SimpleNamespace(
        exc_type=type(error),
        exc_value=error,
        exc_traceback=error.__traceback__,
        err_msg="Exception ignored in a navcore callback outside any navcore call",
        object=None,
    )
    sys.unraisablehook(hook_args)


def _stashed(calls: _Calls) -> BaseException:
    """The exception to raise for what this thread's callbacks raised (and forgets them)."""
    errors, calls.errors = calls.errors, []
    if len(errors) == 1:
        return errors[0]
    base_group = getattr(builtins, "BaseExceptionGroup", None)
    if base_group is None:  # Python < 3.11: the first, with the others attached
        first = errors[0]
        first.navcore_other_errors = errors[1:]  # type: ignore[attr-defined]
        return first
    return cast(BaseException, base_group(f"{len(errors)} navcore callbacks raised", errors))


def _api(method: F) -> F:
    """Marks a binding call: exceptions raised by callbacks during it (and during every binding
    call nested in it on this thread) are raised when the outermost one returns.

    The ops are binding calls through ``Navigator._ask`` instead, which does the same inline:
    this wrapper's ``(*args, **kwargs)`` forwarding costs more than the rest of it, and ops are
    the binding's hot path."""

    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls = _tls.calls
        calls.depth += 1
        try:
            return method(*args, **kwargs)
        finally:
            calls.depth -= 1
            if not calls.depth and calls.errors:
                raise _stashed(calls)

    return cast(F, wrapper)


def _error(status: int) -> NavcoreError:
    """The exception for a failed call; reads the library's per-thread message at once."""
    message = _ffi.lib().navcore_last_error_message()
    return error_for(status, message.decode("utf-8", "replace") if message else "")


def _check(status: int) -> int:
    if status < 0:
        raise _error(status)
    return status


def _text(value: str, what: str) -> bytes:
    """UTF-8 for C; text C cannot carry fails as InvalidError, like a bad argument in C."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a str, not {type(value).__name__}")
    if "\x00" in value:
        raise InvalidError(f"{what} contains a NUL character")
    try:
        return value.encode("utf-8")
    except UnicodeEncodeError as error:
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


def _route_text(route: str) -> bytes:
    """``_text(route, "the route")``, remembered for short plain str routes (see _route_texts)."""
    if type(route) is str:  # noqa: E721 - a str subclass may encode differently: not cached
        text = _route_texts.get(route)
        if text is not None:
            return text
    text = _text(route, "the route")
    if (
        type(route) is str  # noqa: E721
        and len(text) <= _ROUTE_TEXT_MAX_BYTES
        and len(_route_texts) < _ROUTE_TEXTS_MAX
    ):
        _route_texts[route] = text
    return text


def _payload_text(payload: Union[str, Mapping[str, Any], None]) -> Optional[bytes]:
    if payload is None:
        return None
    if isinstance(payload, str):
        return _text(payload, "the payload")
    if isinstance(payload, Mapping):
        return _text(json.dumps(payload, separators=(",", ":"), ensure_ascii=False), "the payload")
    raise TypeError(f"a payload is a str or a dict, not {type(payload).__name__}")


# ---------------------------------------------------------------------------------------------
# Screen hooks: looked up once, when a screen is adopted
# ---------------------------------------------------------------------------------------------

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


# ---------------------------------------------------------------------------------------------
# The trampolines: created once, alive for the life of the process
# ---------------------------------------------------------------------------------------------
#
# The per-op events (action, appearance, release, done) are built as ``_new(Event)`` then
# ``event.__dict__.update(field=…)``, not ``Event(…)``: see _events.py, "Building events".
#
# Each trampoline's body is one ``try`` whose ``except`` stashes the exception for the binding
# call (none may reach ctypes, which would print and drop it). The try costs nothing in CPython
# 3.11 while nothing raises; a guarding decorator would cost a Python call per callback.
#
# Threads: the core never runs two callbacks of one navigator at once (SPEC §9), so what only
# callbacks touch needs no lock. What binding calls on other threads also touch is either
# replaced whole (the listener lists: on()/off() swap in a new list, a callback iterates the one
# it read) or is a single dict operation (``_screens``, ``_ops``: atomic, and no iteration
# races with them: ``_forget`` copies before iterating), or is taken under the navigator's lock
# (hook counts, registrations). So the hot path (no hooks) takes no lock.

_tokens = itertools.count(1)
#: Navigators C may still call: token -> weak reference (its entry goes when the navigator is
#: collected, or when close() is done with it). Weak: C calls back only during a navcore call,
#: which some Python frame makes with the navigator in hand; a navigator dropped without close()
#: is destroyed by its finalizer.
_live: "Dict[int, weakref.ReferenceType[Navigator]]" = {}
#: Ops not yet ended, by token (their completion and run block ctx).
_ops: Dict[int, Operation] = {}


def _gone() -> None:
    """``_live.get(ctx, _gone)()`` is the navigator of a registration's ctx (calling its weak
    reference: no Python call), or None once it is gone."""
    return None


def _unlist(token: int, _ref: Any = None) -> None:
    """Removes a navigator from _live (also the weak reference's callback)."""
    _live.pop(token, None)


def _deliver(receivers: Sequence[Callable[[Any], Any]], value: Any) -> None:
    """Calls every receiver with ``value``; one that raises has its exception stashed, and the
    others are still called."""
    for receiver in receivers:
        try:
            receiver(value)
        except BaseException as error:  # noqa: B902 - re-raised from the binding call
            _stash(error)


def _op_done(nav: Any, op: int, outcome: int, ctx: Optional[int]) -> None:
    """An op ended: its Operation records the outcome and calls its done callbacks."""
    try:
        operation = _ops.pop(ctx, None)  # type: ignore[arg-type]
        if operation is not None:
            callbacks = operation._complete(OUTCOMES[outcome])
            if callbacks:
                _deliver(callbacks, operation)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _run_block(nav: Any, ctx: Optional[int]) -> None:
    """A ``run`` op's turn came: calls its block."""
    try:
        operation = _ops.get(ctx)  # type: ignore[arg-type]
        block = operation._block if operation is not None else None
        if block is not None:
            block()
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_action(nav: Any, event_p: Any, ctx: Optional[int]) -> None:
    """An action event, for the action listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        listeners = navigator._listeners["action"] if navigator is not None else None
        if not listeners:
            return
        event = event_p.contents
        screen = navigator._known_screen  # type: ignore[union-attr]
        action = _new(ActionEvent)
        action.__dict__.update(
            state=ACTIONS[event.state],
            appearing=screen(event.appearing) if event.appearing else None,
            disappearing=tuple(screen(event.disappearing[i]) for i in range(event.disappearing_count)),
            animated=event.animated,
        )
        _deliver(listeners, action)
        if action.state is Action.IDLE:  # the op's last event: its released screens are done with
            navigator._released.clear()  # type: ignore[union-attr]
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_appearance(
    nav: Any, phase: int, screen_id: int, obj: Any, reason: int, animated: bool, ctx: Optional[int]
) -> None:
    """A show or hide: the screen's own hook first, then the listeners of the phase. The event is
    built only if one of them is there to receive it."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        screen = navigator._screens.get(screen_id) or navigator._screen(screen_id)
        receivers = navigator._listeners[_PHASE_KINDS[phase]]
        hooks = screen._hooks
        if hooks is not None and hooks[phase] is not None:  # the screen's own hook goes first
            receivers = (hooks[phase], *receivers)
        if receivers:
            event = _new(AppearanceEvent)
            event.__dict__.update(phase=PHASES[phase], screen=screen, reason=REASONS[reason], animated=animated)
            for receiver in receivers:  # _deliver, inline: 4 of a cycle's 7 callbacks come here
                try:
                    receiver(event)
                except BaseException as error:  # noqa: B902
                    _stash(error)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_progress(nav: Any, transition: int, progress: float, ctx: Optional[int]) -> None:
    """The interactive transition's progress, for the progress listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is not None:
            navigator._emit("progress", ProgressEvent(transition, progress))
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_bar(nav: Any, shown: bool, animated: bool, ctx: Optional[int]) -> None:
    """The navigation bar was shown or hidden, for the bar listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is not None:
            navigator._emit("bar", BarEvent(bool(shown), bool(animated)))
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_payload(nav: Any, screen_id: int, obj: Any, payload: bytes, ctx: Optional[int]) -> None:
    """A payload for a screen: its ``receive_payload`` hook first, then the listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        screen = navigator._screen(screen_id)
        text = Payload(payload.decode("utf-8"))
        hooks = screen._hooks
        hook = hooks[_PAYLOAD_HOOK] if hooks is not None else None
        if hook is not None:
            _deliver((hook,), text)
        navigator._emit("payload", PayloadEvent(screen, text))
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_release(nav: Any, screen_id: int, obj: Any, route: bytes, ctx: Optional[int]) -> None:
    """The binding's own callback: lets go of the screen's object, then tells the listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        screen = navigator._screens.get(screen_id) or Screen(screen_id, route.decode("utf-8"))
        held = screen.object
        navigator._forget_screen(screen)
        if navigator._listeners["action"]:  # its op's action events still name it
            navigator._released[screen_id] = screen
        listeners = navigator._listeners["release"]
        if listeners:
            event = _new(ReleaseEvent)
            event.__dict__.update(screen=screen, object=held)
            _deliver(listeners, event)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_done(nav: Any, op: int, outcome: int, ctx: Optional[int]) -> None:
    """An op ended, for the done listeners (the op's own Operation hears it from _op_done)."""
    try:
        navigator = _live.get(ctx, _gone)()
        listeners = navigator._listeners["done"] if navigator is not None else None
        if listeners:
            event = _new(DoneEvent)
            event.__dict__.update(op=OPS[op], outcome=OUTCOMES[outcome])
            _deliver(listeners, event)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_wakeup(nav: Any, ctx: Optional[int]) -> None:
    """Host dispatch: ops wait, for the wakeup listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is not None:
            navigator._emit("wakeup", WakeupEvent())
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_transition(nav: Any, transition_p: Any, ctx: Optional[int]) -> None:
    """A transition for the animator; one that raises (or is gone) has it ended at once."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        t = transition_p.contents
        transition = Transition(
            t.id,
            STYLES[t.style],
            navigator._screen(t.from_),
            navigator._screen(t.to),
            bool(t.interactive),
            navigator,
        )
        animator = navigator._animator
        try:
            if animator is None:  # removed while C was calling it: nobody would finish
                raise _AnimatorGone()
            animator(transition)
        except BaseException as error:  # noqa: B902
            navigator._end_quietly(transition)
            if not isinstance(error, _AnimatorGone):
                raise
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


class _AnimatorGone(Exception):
    pass


def _on_veto_impl(nav: Any, screen_id: int, obj: Any, by_gesture: bool, ctx: Optional[int]) -> bool:
    try:
        navigator = _live.get(ctx, _gone)()
        veto = navigator._veto if navigator is not None else None
        if navigator is None or veto is None:
            return True
        return bool(veto(navigator._screen(screen_id), bool(by_gesture)))
    except BaseException as error:  # noqa: B902
        _stash(error)
        return False
    finally:
        _tls.calls.ran = True  # see _guarded


def _on_factory_impl(
    out_object: Any, nav: Any, route: bytes, screen_id: int, payload: Optional[bytes], ctx: Optional[int]
) -> int:
    try:
        navigator = _live.get(ctx, _gone)()
        name = route.decode("utf-8")
        factory = navigator._routes.get(name) if navigator is not None else None
        if navigator is None or factory is None:
            return -1
        request = RouteRequest(name, screen_id, Payload(payload.decode("utf-8")) if payload is not None else None)
        obj = factory(request)
        navigator._adopt(Screen(screen_id, name, obj))
        out_object[0] = None
        return 0
    except FactoryFailed:
        return -1
    except BaseException as error:  # noqa: B902
        _stash(error)
        return -1
    finally:
        _tls.calls.ran = True  # see _guarded


def _registration_destroyed(ctx: Optional[int]) -> None:
    """C let go of one of the navigator's registrations (its ctx destructor)."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is not None:
            navigator._registration_ended()
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        _tls.calls.ran = True  # see _guarded


# ---------------------------------------------------------------------------------------------
# The guard: a trampoline interrupted before its first instruction runs all the same
# ---------------------------------------------------------------------------------------------
#
# A signal handler (Ctrl-C's KeyboardInterrupt, SIGALRM's) runs at the first instruction of any
# Python function, so it can raise at a trampoline's entry, before its ``try``. ctypes then
# prints "Exception ignored" and returns to C as if the callback had run: an animator that never
# got its transition leaves the navigator busy forever, a completion that never ran leaves its
# Operation without an outcome, a release that never ran keeps the screen's object. No Python
# code can catch an exception raised before it starts, so the function C calls is not Python:
#
#     C -> outer thunk -> [C] inner function pointer -> inner thunk -> trampoline
#                                   `-> then its errcheck: _guarded's ``retry``
#
# The trampoline sets its thread's ``_Calls.ran`` as the last thing it does (``finally``), so
# when its inner thunk returns, ``retry`` knows whether it ran: if it did, ``retry`` clears the
# flag and passes its answer on; if not (the exception was raised at its entry, and ctypes
# printed it), ``retry`` runs it now, with the same arguments. A second signal at ``retry``'s own
# entry is ctypes' "Exception ignored" again, with the trampoline already run (for the veto and
# factory, C then gets ctypes' default answer). Nested callbacks do not confuse the flag: the
# innermost trampoline's retry clears it before the outer trampoline sets it again at its end.
#
# The inner function pointer is called with the GIL held (PYFUNCTYPE), so no other thread runs
# between the inner thunk's return and ``retry``. It costs about 0.7 µs per callback
# (docs/performance.md).

#: The guarded function pointers' parts, kept alive for the life of the process.
_guard_parts: List[Any] = []


def _guarded(prototype: Any, trampoline: Callable[..., Any]) -> Any:
    """The C function pointer of type ``prototype`` that runs ``trampoline`` even when an
    exception is raised at its entry (see above)."""
    inner = prototype(trampoline)
    call = ctypes.PYFUNCTYPE(prototype._restype_, *prototype._argtypes_)(ctypes.cast(inner, c_void_p).value)

    def retry(result: Any, _function: Any, arguments: Tuple[Any, ...]) -> Any:
        calls = _tls.calls
        if calls.ran:
            calls.ran = False
            return result
        try:
            return trampoline(*arguments)
        finally:
            calls.ran = False

    call.errcheck = retry
    _guard_parts.extend((inner, call))
    return prototype(call)


_DONE_OP = _guarded(_ffi.DoneFn, _op_done)
_RUN = _guarded(_ffi.RunFn, _run_block)
_DESTROY = _guarded(_ffi.DestroyFn, _registration_destroyed)
_NO_DESTROY = _ffi.DestroyFn()  # NULL
_FACTORY = _guarded(_ffi.FactoryFn, _on_factory_impl)

#: kind -> (C function, trampoline, leading arguments after the handle).
_REGISTRATIONS: Dict[str, Tuple[str, Any, Tuple[int, ...]]] = {
    "action": ("navcore_on_action", _guarded(_ffi.ActionFn, _on_action), ()),
    "will_show": ("navcore_on_appearance", None, (Phase.WILL_SHOW,)),
    "did_show": ("navcore_on_appearance", None, (Phase.DID_SHOW,)),
    "will_hide": ("navcore_on_appearance", None, (Phase.WILL_HIDE,)),
    "did_hide": ("navcore_on_appearance", None, (Phase.DID_HIDE,)),
    "progress": ("navcore_on_progress", _guarded(_ffi.ProgressFn, _on_progress), ()),
    "bar": ("navcore_on_bar", _guarded(_ffi.BarFn, _on_bar), ()),
    "payload": ("navcore_on_payload", _guarded(_ffi.PayloadFn, _on_payload), ()),
    "release": ("navcore_on_release", _guarded(_ffi.ReleaseFn, _on_release), ()),
    "done": ("navcore_on_done", _guarded(_ffi.DoneFn, _on_done), ()),
    "wakeup": ("navcore_on_wakeup", _guarded(_ffi.WakeupFn, _on_wakeup), ()),
    "animator": ("navcore_on_transition", _guarded(_ffi.TransitionFn, _on_transition), ()),
    "veto": ("navcore_on_pop_veto", _guarded(_ffi.VetoFn, _on_veto_impl), ()),
}
_APPEARANCE = _guarded(_ffi.AppearanceFn, _on_appearance)
for _kind in _PHASE_KINDS:
    _name, _, _lead = _REGISTRATIONS[_kind]
    _REGISTRATIONS[_kind] = (_name, _APPEARANCE, _lead)

# ---------------------------------------------------------------------------------------------
# Dropped navigators: destroyed by the reaper thread, never inside the garbage collector
# ---------------------------------------------------------------------------------------------
#
# A navigator dropped without close() is collected whenever the cyclic GC runs, which can be at
# any allocation of any thread, with any lock held (Operation.wait() allocates its Event under
# the module-wide lock of _operation, which the aborted ops' completions take again). So its
# finalizer runs no host code and takes no lock: it only puts the handle in _dropped (a
# SimpleQueue, whose put() is reentrant and safe in finalizers), and the reaper, a daemon thread
# started with the first navigator, destroys it from there: its ops end ``aborted`` and their
# done callbacks run on the reaper thread (an exception they raise goes to sys.unraisablehook),
# its screens are released. A destroyed navigator's listeners are not called: they went with it.

#: Handles of dropped navigators, and the threading.Events of _reaped(), for the reaper.
_dropped: "queue.SimpleQueue[Any]" = queue.SimpleQueue()
_reaper: Optional[threading.Thread] = None
_reaper_lock = threading.Lock()


def _drop(handle: int) -> None:
    """A navigator's finalizer: hands its handle to the reaper (no lock, no host code)."""
    _dropped.put(handle)


def _start_reaper() -> None:
    """Starts the reaper thread unless it runs (called by every new navigator, not by a
    finalizer: starting a thread takes locks)."""
    global _reaper
    if _reaper is not None:
        return
    with _reaper_lock:
        if _reaper is None:
            _reaper = threading.Thread(target=_reap, args=(_dropped,), name="navcore-reaper", daemon=True)
            _reaper.start()


def _reap(dropped: "queue.SimpleQueue[Any]") -> None:
    """The reaper thread: destroys each dropped handle in turn, and sets each Event it meets
    (everything queued before it is then done)."""
    destroy = _ffi.lib().navcore_navigator_destroy
    while True:
        item = dropped.get()
        if isinstance(item, threading.Event):
            item.set()
        else:
            destroy(item)


def _reaped(timeout: Optional[float] = None) -> bool:
    """Waits until every navigator dropped so far is destroyed; False if ``timeout`` passed.
    Call it after ``gc.collect()`` to have the collected navigators destroyed (tests do)."""
    done = threading.Event()
    _dropped.put(done)
    _start_reaper()
    return done.wait(timeout)


def _after_fork_in_child() -> None:
    """The child of a fork has no reaper thread, and the queue and lock may be mid-use by a
    thread that is gone: new ones (handles queued in the parent are the parent's to destroy)."""
    global _dropped, _reaper, _reaper_lock
    _dropped, _reaper, _reaper_lock = queue.SimpleQueue(), None, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


Veto = Callable[[Screen, bool], bool]
Animator = Callable[[Transition], Any]
Factory = Callable[[RouteRequest], Any]
ScreenLike = Union[Screen, Any]


class Navigator:
    """One navigation stack and its queue (SPEC §2–§9).

    ``Navigator()`` runs ops on the calling thread (inline dispatch); ``Navigator("host")``
    only enqueues them, calls the wakeup listeners, and runs them in ``drain()`` (see
    ``navcore.aio`` for an asyncio loop). Use it as a context manager, or call ``close()``;
    a navigator dropped without close() is destroyed soon after it is garbage-collected, on the
    binding's reaper thread (its ops end ``aborted`` there).

    Every method may be called from any thread. Ops return an Operation; calls that fail raise
    a NavcoreError subclass and change nothing.
    """

    def __init__(self, dispatch: Union[Dispatch, str, int] = Dispatch.INLINE) -> None:
        mode = cast(Dispatch, Dispatch.parse(dispatch))
        handle = c_void_p()
        library = _ffi.lib()
        _check(library.navcore_navigator_create(byref(handle), int(mode)))
        self._lib = library
        self._handle = handle
        self._token = next(_tokens)
        self.dispatch = mode
        self._lock = threading.RLock()
        self._listeners: Dict[str, List[Callable[[Any], Any]]] = {kind: [] for kind in EVENT_KINDS}
        self._listener_objects: List[Tuple[Any, List[Tuple[str, Callable[[Any], Any]]]]] = []
        self._hook_counts: Dict[str, int] = {kind: 0 for kind in HOOKS.values()}
        self._registered: Set[str] = set()
        self._registrations = 0
        self._screens: Dict[int, Screen] = {}
        #: Screens released during the op in flight, kept for its action events while action
        #: listeners listen (the ``*_completed`` events name screens already released): emptied
        #: by the op's last action event (idle) and by _forget.
        self._released: Dict[int, Screen] = {}
        self._routes: Dict[str, Factory] = {}
        self._veto: Optional[Veto] = None
        self._animator: Optional[Animator] = None
        self._always_appear = False
        self._bar_threshold = 0
        self._closing = False
        _live[self._token] = weakref.ref(self, functools.partial(_unlist, self._token))
        # The finalizer only queues the handle for the reaper (see "Dropped navigators").
        self._finalizer = weakref.finalize(self, _drop, handle.value)
        self._finalizer.atexit = False  # at exit the process ends anyway: no callbacks then
        _start_reaper()

    # -- lifetime ------------------------------------------------------------------------------

    def __enter__(self) -> "Navigator":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Destroys the navigator (SPEC §9) unless it is already: the op in flight and every
        queued op end ``aborted``, every live screen is released, and the binding lets go of
        every object, listener and route. Inside a callback it takes effect when the outermost
        navcore call returns."""
        if not self._closing:
            try:
                self.destroy()
            except InvalidHandleError:
                pass

    @_api
    def destroy(self) -> None:
        """Like ``close()``, but raises InvalidHandleError if the navigator is already
        destroyed (the C call's status)."""
        with self._lock:
            self._closing = True
        self._finalizer.detach()
        _check(self._lib.navcore_navigator_destroy(self._handle))
        with self._lock:
            if self._registrations == 0:
                self._forget()

    @property
    def closed(self) -> bool:
        """Whether close() or destroy() was called."""
        return self._closing

    def _registration_ended(self) -> None:
        with self._lock:
            self._registrations -= 1
            if self._closing and self._registrations == 0:
                self._forget()

    def _forget(self) -> None:
        """C will not call this navigator again: let go of everything."""
        with self._lock:
            _unlist(self._token)
            for screen in list(self._screens.values()):  # a copy, in one C call
                self._forget_screen(screen)
            self._released.clear()
            self._listeners = {kind: [] for kind in EVENT_KINDS}
            self._listener_objects = []
            self._routes.clear()
            self._veto = None
            self._animator = None

    # -- callbacks: what C calls ----------------------------------------------------------------

    def _sync(self) -> None:
        """Registers the C callbacks some Python code listens to, unregisters the others."""
        with self._lock:
            if self._closing:
                return
            needed = {k for k in EVENT_KINDS if self._listeners[k] or self._hook_counts.get(k)}
            if self._screens or "release" in self._registered:
                needed.add("release")
            if self._veto is not None:
                needed.add("veto")
            if self._animator is not None:
                needed.add("animator")
            for kind in sorted(needed - self._registered):
                self._register(kind, True)
            for kind in sorted(self._registered - needed):
                self._register(kind, False)

    def _register(self, kind: str, on: bool) -> None:
        name, trampoline, lead = _REGISTRATIONS[kind]
        function = getattr(self._lib, name)
        if on:
            _check(function(self._handle, *lead, trampoline, self._token, _DESTROY))
            self._registered.add(kind)
            self._registrations += 1
        else:
            _check(function(self._handle, *lead, type(trampoline)(), None, _NO_DESTROY))
            self._registered.discard(kind)

    def _emit(self, kind: str, event: Any) -> None:
        """Delivers an event to the listeners of ``kind``."""
        _deliver(self._listeners[kind], event)

    def _known_screen(self, screen_id: int) -> Screen:
        """The Screen of a live screen, or of one released during the op in flight (the same
        object, with its route), else ``_screen``'s."""
        return self._screens.get(screen_id) or self._released.get(screen_id) or self._screen(screen_id)

    def _screen(self, screen_id: int) -> Screen:
        """The Screen of an id: made on first sight for a live screen the binding did not create,
        and kept; for a released one, a released Screen that is not kept (C no longer knows its
        route, and nothing would ever remove it)."""
        screen = self._screens.get(screen_id)
        if screen is None:
            length = c_size_t()
            buffer = create_string_buffer(256)
            status = self._lib.navcore_screen_route(byref(length), buffer, 256, self._handle, screen_id)
            if status == 0 and length.value >= 256:
                buffer = create_string_buffer(length.value + 1)
                status = self._lib.navcore_screen_route(
                    byref(length), buffer, length.value + 1, self._handle, screen_id
                )
            if status != 0:
                gone = Screen(screen_id, "")
                gone.released = True
                return gone
            screen = self._screens.setdefault(screen_id, Screen(screen_id, buffer.value.decode("utf-8")))
        return screen

    def _adopt(self, screen: Screen) -> Screen:
        """Keeps a new screen, finds its object's hooks and registers what they need."""
        hooks = screen._hooks = _hooks_of(screen.object)
        self._screens[screen.id] = screen
        if hooks is not None:
            self._count_hooks(hooks, 1)
        if "release" not in self._registered:  # a factory's screen may be the first
            self._register_release()
        return screen

    def _forget_screen(self, screen: Screen) -> None:
        """A released screen: the binding lets go of it, of its object and of its hooks (bound
        to the object)."""
        self._screens.pop(screen.id, None)
        hooks = screen._hooks
        screen.released = True
        screen.object = None
        screen._hooks = None
        if hooks is not None:
            self._count_hooks(hooks, -1)

    def _count_hooks(self, hooks: Hooks, delta: int) -> None:
        """Counts a screen's hooks in (+1) or out (-1), and registers or unregisters the C
        callbacks whose need changed."""
        with self._lock:
            changed = False
            for kind, hook in zip(_HOOK_KINDS, hooks):
                if hook is not None:
                    before = self._hook_counts[kind]
                    self._hook_counts[kind] = before + delta
                    changed = changed or (before == 0) != (before + delta == 0)
            if changed:
                self._sync()

    def _register_release(self) -> None:
        """Registers the release callback, before the first screen exists; it stays registered
        (``_sync`` keeps it), so testing ``_registered`` without the lock first is enough."""
        with self._lock:
            if "release" not in self._registered:
                self._register("release", True)

    def _end_quietly(self, transition: Transition) -> None:
        """Ends a transition no animator will end: a gesture is cancelled, the rest finish."""
        end = self._lib.navcore_transition_cancel if transition.interactive else self._lib.navcore_transition_finish
        end(self._handle, transition.id)

    # -- listeners -------------------------------------------------------------------------------

    def on(self, kind: str, listener: Optional[Callable[[Any], Any]] = None) -> Any:
        """Adds a listener of ``kind`` (an EVENT_KINDS name, or "appearance" for the four
        phases); as a decorator without ``listener``. Returns the listener."""
        kinds = self._kinds(kind)

        def add(function: Callable[[Any], Any]) -> Callable[[Any], Any]:
            with self._lock:
                self._check_open()
                for k in kinds:
                    self._listeners[k] = self._listeners[k] + [function]
                self._sync_or_undo(lambda: self._remove(kinds, function))
            return function

        return add if listener is None else add(listener)

    def off(self, kind: str, listener: Callable[[Any], Any]) -> None:
        """Removes a listener added with on()."""
        kinds = self._kinds(kind)
        with self._lock:
            self._remove(kinds, listener)
            self._sync()

    def add_listener(self, listener: Any) -> Any:
        """Adds every ``on_<kind>`` method of ``listener`` (``on_action``, ``on_will_show``,
        ``on_appearance`` for the four phases, ``on_done``…) as a listener. Returns it."""
        methods: List[Tuple[str, Callable[[Any], Any]]] = []
        for kind in EVENT_KINDS + tuple(_ALIASES):
            method = getattr(listener, f"on_{kind}", None)
            if callable(method):
                methods.extend((k, method) for k in self._kinds(kind))
        with self._lock:
            self._check_open()
            for k, method in methods:
                self._listeners[k] = self._listeners[k] + [method]
            self._listener_objects.append((listener, methods))
            self._sync_or_undo(lambda: self.remove_listener(listener))
        return listener

    def remove_listener(self, listener: Any) -> None:
        """Removes a listener object added with add_listener()."""
        with self._lock:
            for index, (obj, methods) in enumerate(self._listener_objects):
                if obj is listener:
                    del self._listener_objects[index]
                    for k, method in methods:
                        self._remove((k,), method)
                    break
            self._sync()

    def _check_open(self) -> None:
        if self._closing:
            raise InvalidHandleError("the navigator is closed")

    def _kinds(self, kind: str) -> Tuple[str, ...]:
        if kind in _ALIASES:
            return _ALIASES[kind]
        if kind not in EVENT_KINDS:
            raise ValueError(f"unknown event kind {kind!r}; one of {', '.join(EVENT_KINDS + tuple(_ALIASES))}")
        return (kind,)

    def _remove(self, kinds: Iterable[str], function: Callable[[Any], Any]) -> None:
        for k in kinds:
            current = self._listeners[k]
            if function in current:
                index = current.index(function)
                self._listeners[k] = current[:index] + current[index + 1 :]

    def _sync_or_undo(self, undo: Callable[[], None]) -> None:
        try:
            self._sync()
        except NavcoreError:
            undo()
            raise

    @property
    def veto(self) -> Optional[Veto]:
        """The pop veto: ``veto(top_screen, by_gesture) -> bool``, asked for the user's back
        button and gesture only (SPEC §6); None = every user pop is allowed."""
        return self._veto

    @veto.setter
    def veto(self, veto: Optional[Veto]) -> None:
        with self._lock:
            if veto is not None:
                self._check_open()
            previous, self._veto = self._veto, veto
            self._sync_or_undo(lambda: setattr(self, "_veto", previous))

    @property
    def animator(self) -> Optional[Animator]:
        """The host's animator: ``animator(transition)`` starts playing a Transition, later
        finished with ``transition.finish()``. None = every op is instant and the gesture is
        refused."""
        return self._animator

    @animator.setter
    def animator(self, animator: Optional[Animator]) -> None:
        with self._lock:
            if animator is not None:
                self._check_open()
            previous, self._animator = self._animator, animator
            self._sync_or_undo(lambda: setattr(self, "_animator", previous))

    # -- screens ---------------------------------------------------------------------------------

    def create_screen(self, route: str = "", obj: Any = None) -> Screen:
        """A new detached screen of ``route`` holding ``obj``."""
        # Not an _api binding call: creating a screen calls no Python code back (registering a
        # callback kind that was not registered runs no destructor), like on() and off().
        name = _route_text(route)
        if "release" not in self._registered:  # in place before the screen exists
            self._register_release()
        screen_id = c_uint64()  # passed for a uint64_t *: ctypes passes it by reference
        _check(self._lib.navcore_screen_create(screen_id, self._handle, name, None))
        return self._adopt(Screen(screen_id.value, route, obj))

    @_api
    def discard(self, screen: Screen) -> None:
        """Releases a detached screen (StateError if it is in the stack)."""
        _check(self._lib.navcore_screen_discard(self._handle, screen.id))

    # -- ops -------------------------------------------------------------------------------------

    def _ask(
        self, op: Op, function: Callable[..., int], *arguments: Any, block: Optional[Callable[[], Any]] = None
    ) -> Operation:
        """Asks an op: ``function(handle, *arguments, completion, token)``, the navcore_* call,
        whose completion ends the returned Operation (registered under ``token`` until then).

        It is a binding call (see ``_api``): the op's callbacks run during the C call, and the
        public op methods do nothing else that calls Python code back, so they need no ``_api``
        of their own (push and set_stack discard the screens they made for a failed op through
        ``_discard_quietly``, a binding call too)."""
        operation = Operation(op, block)
        token = next(_tokens)
        _ops[token] = operation
        calls = _tls.calls  # a binding call, as _api makes one
        calls.depth += 1
        try:
            status = function(self._handle, *arguments, _DONE_OP, token)
        except BaseException:
            _ops.pop(token, None)
            raise
        finally:
            calls.depth -= 1
            if not calls.depth and calls.errors:
                raise _stashed(calls)
        if status < 0:
            _ops.pop(token, None)
            raise _error(status)
        operation.status = ACCEPTED[status]
        return operation

    def _screen_for(self, item: ScreenLike) -> Tuple[Screen, Tuple[Screen, ...]]:
        """The Screen of an item (any other object gets a new screen); also returns the new one."""
        if isinstance(item, Screen):
            return item, ()
        screen = self.create_screen("", item)
        return screen, (screen,)

    def _screens_for(self, items: Iterable[ScreenLike]) -> Tuple[List[Screen], List[Screen]]:
        """Screens for items (objects get new screens); also returns the new ones."""
        screens: List[Screen] = []
        created: List[Screen] = []
        try:
            for item in items:
                screen, new = self._screen_for(item)
                screens.append(screen)
                created.extend(new)
        except BaseException:
            self._discard_quietly(created)
            raise
        return screens, created

    @_api
    def _discard_quietly(self, screens: Iterable[Screen]) -> None:
        """Discards screens made for an op that failed (their release listeners are called)."""
        for screen in screens:
            self._lib.navcore_screen_discard(self._handle, screen.id)

    def push(self, screen: ScreenLike, animated: bool = True) -> Operation:
        """Pushes a Screen, or any other object on a new screen (route "")."""
        target, created = self._screen_for(screen)
        try:
            return self._ask(Op.PUSH, self._lib.navcore_push, target.id, bool(animated))
        except NavcoreError:
            self._discard_quietly(created)
            raise

    def pop(self, animated: bool = True) -> Operation:
        """Pops the top screen (noop with one screen or none)."""
        return self._ask(Op.POP, self._lib.navcore_pop, bool(animated))

    def pop_to(self, screen: Screen, animated: bool = True) -> Operation:
        """Pops every screen above ``screen`` (``not_in_stack`` if it is not there when the op runs)."""
        return self._ask(Op.POP_TO, self._lib.navcore_pop_to, screen.id, bool(animated))

    def pop_to_root(self, animated: bool = True) -> Operation:
        """Pops every screen above the root."""
        return self._ask(Op.POP_TO_ROOT, self._lib.navcore_pop_to_root, bool(animated))

    def set_stack(self, screens: Iterable[ScreenLike], animated: bool = True) -> Operation:
        """Makes the stack exactly ``screens``, bottom to top (objects get new screens)."""
        targets, created = self._screens_for(screens)
        ids = (c_uint64 * max(1, len(targets)))(*(s.id for s in targets))
        try:
            return self._ask(Op.SET, self._lib.navcore_set_stack, ids, len(targets), bool(animated))
        except NavcoreError:
            self._discard_quietly(created)
            raise

    def back(self, animated: bool = True) -> Operation:
        """The user's back button: asks the veto, then pops."""
        return self._ask(Op.BACK, self._lib.navcore_back, bool(animated))

    def gesture(self) -> Operation:
        """Starts the user's interactive back gesture (SPEC §5). Never queued: StateError when
        hidden or without an animator, BusyError while an op runs or waits."""
        return self._ask(Op.GESTURE, self._lib.navcore_gesture_begin)

    def run(self, block: Callable[[], Any]) -> Operation:
        """Runs ``block()`` in queue order, after every op asked before it."""
        if not callable(block):
            raise TypeError("run() needs a callable")
        return self._ask(Op.RUN, self._lib.navcore_run, _RUN, block=block)

    def set_visible(self, visible: bool) -> Operation:
        """Tells whether the navigator is on screen (SPEC §7)."""
        return self._ask(Op.VISIBLE, self._lib.navcore_set_visible, bool(visible))

    def _show(
        self,
        function: str,
        route: str,
        animated: bool,
        remove_current: bool,
        recycle: Union[bool, int],
        payload: Union[str, Mapping[str, Any], None],
    ) -> Operation:
        name = _text(route, "the route")
        # False and True are Recycle.NONE and Recycle.ANY (0 and 1); another value than a
        # Recycle fails in the library with InvalidError.
        options = _ffi.ShowOptions(
            _ffi.SHOW_OPTIONS_VERSION, bool(animated), bool(remove_current), int(recycle), _payload_text(payload)
        )
        return self._ask(Op.SHOW, getattr(self._lib, function), name, byref(options))

    def show(
        self,
        route: str,
        *,
        animated: bool = False,
        remove_current: bool = True,
        recycle: Union[bool, int] = True,
        payload: Union[str, Mapping[str, Any], None] = None,
    ) -> Operation:
        """Shows the named route (SPEC §8): recycles its screen nearest the top, or makes one
        with the route's factory. ``recycle`` is a ``Recycle`` (``TOP``: the top only, "single
        top"), or a bool (``False`` = ``NONE``, ``True`` = ``ANY``). A dict payload travels as
        JSON (``Payload.json()``)."""
        return self._show("navcore_show", route, animated, remove_current, recycle, payload)

    def post(
        self,
        route: str,
        *,
        animated: bool = False,
        remove_current: bool = True,
        recycle: Union[bool, int] = True,
        payload: Union[str, Mapping[str, Any], None] = None,
    ) -> Operation:
        """``show`` under the seeds' notification name, for posting from any thread."""
        return self._show("navcore_post", route, animated, remove_current, recycle, payload)

    # -- transitions ----------------------------------------------------------------------------

    def _transition_id(self, transition: Optional[int]) -> int:
        return (self.current_transition or 0) if transition is None else transition

    @_api
    def finish_transition(self, transition: Optional[int] = None) -> None:
        """Finishes transition ``transition`` (default: the one in flight); StateError if it is
        not in flight."""
        _check(self._lib.navcore_transition_finish(self._handle, self._transition_id(transition)))

    @_api
    def cancel_transition(self, transition: Optional[int] = None) -> None:
        """Cancels the interactive transition (default: the one in flight)."""
        _check(self._lib.navcore_transition_cancel(self._handle, self._transition_id(transition)))

    @_api
    def update_transition(self, progress: float, transition: Optional[int] = None) -> None:
        """Reports the progress 0 ≤ p ≤ 1 of the interactive transition (default: the one in
        flight); InvalidError out of range, StateError outside one."""
        _check(
            self._lib.navcore_transition_progress(self._handle, self._transition_id(transition), float(progress))
        )

    # -- routes ----------------------------------------------------------------------------------

    @_api
    def register_route(self, name: str, factory: Optional[Factory] = None) -> Any:
        """Registers route ``name``: ``factory(request)`` returns the object of a new screen
        (raise FactoryFailed to fail the show). As a decorator without ``factory``. ExistsError
        if ``name`` is registered already."""

        def register(function: Factory) -> Factory:
            text = _text(name, "the route name")
            with self._lock:
                fresh = name not in self._routes
                if fresh:
                    self._routes[name] = function
                status = self._lib.navcore_route_register(self._handle, text, _FACTORY, self._token, _DESTROY)
                if status < 0:
                    if fresh:
                        self._routes.pop(name, None)
                    raise _error(status)
                self._registrations += 1
            return function

        return register if factory is None else register(factory)

    route = register_route

    @_api
    def unregister_route(self, name: str) -> None:
        """Unregisters route ``name`` (InvalidError if it is not registered)."""
        with self._lock:
            _check(self._lib.navcore_route_unregister(self._handle, _text(name, "the route name")))
            self._routes.pop(name, None)

    # -- settings ------------------------------------------------------------------------------

    @property
    def always_appear(self) -> bool:
        """Emit show/hide events even while hidden (SPEC §7; default False)."""
        return self._always_appear

    @always_appear.setter
    def always_appear(self, on: bool) -> None:
        self.set_always_appear(on)

    @_api
    def set_always_appear(self, on: bool) -> None:
        """Sets ``always_appear``."""
        _check(self._lib.navcore_set_always_appear(self._handle, bool(on)))
        self._always_appear = bool(on)

    @property
    def bar_threshold(self) -> int:
        """The navigation-bar threshold N (SPEC §8; 0 = off, the default)."""
        return self._bar_threshold

    @bar_threshold.setter
    def bar_threshold(self, threshold: int) -> None:
        self.set_bar_threshold(threshold)

    @_api
    def set_bar_threshold(self, threshold: int) -> None:
        """Sets ``bar_threshold``; a change of the bar is emitted at once."""
        value = int(threshold)
        if value < 0 or value >= 1 << (8 * sizeof(c_size_t)):
            raise InvalidError(f"the threshold {threshold} is out of range")
        _check(self._lib.navcore_set_bar_threshold(self._handle, value))
        self._bar_threshold = value

    @_api
    def drain(self) -> None:
        """Host dispatch mode: runs the queue on this thread until it is empty or an op waits for
        its transition. Harmless in inline mode."""
        _check(self._lib.navcore_drain(self._handle))

    # -- queries ---------------------------------------------------------------------------------

    def _query(self, function: str, ctype: Any) -> Any:
        out = ctype()
        _check(getattr(self._lib, function)(byref(out), self._handle))
        return out.value

    @property
    def stack(self) -> Tuple[Screen, ...]:
        """The stack, bottom to top, in one consistent read."""
        capacity = 8
        while True:
            count = c_size_t()
            buffer = (c_uint64 * capacity)()
            _check(self._lib.navcore_stack_copy(byref(count), buffer, capacity, self._handle))
            if count.value <= capacity:
                return tuple(self._screen(buffer[i]) for i in range(count.value))
            capacity = count.value

    @property
    def top(self) -> Optional[Screen]:
        """The top screen, None when the stack is empty."""
        screen_id = self._query("navcore_top", c_uint64)
        return self._screen(screen_id) if screen_id else None

    @property
    def root(self) -> Optional[Screen]:
        """The bottom screen, None when the stack is empty."""
        screen_id = self._query("navcore_root", c_uint64)
        return self._screen(screen_id) if screen_id else None

    @property
    def action_state(self) -> Action:
        """The action state (``idle``, ``will_push``, …)."""
        return Action(self._query("navcore_action_state", c_int))

    @property
    def busy(self) -> bool:
        """Whether an op is in flight."""
        return bool(self._query("navcore_is_busy", c_bool))

    @property
    def pending(self) -> int:
        """How many ops wait in the queue (the op in flight not counted)."""
        return int(self._query("navcore_pending_count", c_size_t))

    @property
    def bar_shown(self) -> bool:
        """Whether the navigation bar is shown."""
        return bool(self._query("navcore_is_bar_shown", c_bool))

    @property
    def visible(self) -> bool:
        """Whether the navigator is on screen (set it with set_visible())."""
        return bool(self._query("navcore_is_visible", c_bool))

    @property
    def can_go_back(self) -> bool:
        """Idle, nothing queued, at least two screens: a back would pop now."""
        return bool(self._query("navcore_can_go_back", c_bool))

    @property
    def current_transition(self) -> Optional[int]:
        """The id of the transition waiting for the host, None if none."""
        transition = self._query("navcore_transition_current", c_uint64)
        return transition or None

    def __repr__(self) -> str:
        state = "closed" if self._closing else f"{len(self._screens)} screens"
        return f"<navcore.Navigator {self.dispatch} {state}>"
