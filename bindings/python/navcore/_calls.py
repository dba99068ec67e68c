"""Binding calls: the per-thread depth of the calls in progress, the exceptions their callbacks
raise, and the library's error statuses as exceptions.

An exception raised by Python code called from C (a listener, a screen hook, the veto, the
animator, a route factory, a ``run`` block, a done callback, a result listener) is caught in
the trampoline and re-raised, after the C call returns, from the outermost navcore call on the
thread where the callback ran (several become one ExceptionGroup; before Python 3.11, the first
is raised with the others in its ``navcore_other_errors``). So is an exception that escapes a
trampoline itself (a signal at its first instruction, the trampoline then run again by the entry
guard), through the binding's sys.unraisablehook (_guard.py). Meanwhile the core carries on as if
the callback had returned normally, with these answers where one is needed:

- a listener or screen hook: the event's other listeners are still called; the op goes on;
- the veto: counts as "no" (the op ends ``vetoed``), as does LATER from a veto that does not
  take the Decision (a TypeError);
- a result listener: nothing changes (the screen's release follows);
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
import sys
import threading
import types
from ctypes import POINTER, c_int
from typing import Any, Callable, List, TypeVar, cast

from . import _ffi
from ._errors import NavcoreError, error_for

F = TypeVar("F", bound=Callable[..., Any])


class _Calls:
    """One thread's binding calls in progress (``depth``), what their callbacks raised, and the
    cell (``{ran, answer}``) the Python guard hands its trampolines (``cell``, see _guard.py)."""

    __slots__ = ("depth", "errors", "cell")

    def __init__(self) -> None:
        self.depth = 0
        self.errors: List[BaseException] = []
        self.cell = ctypes.cast((c_int * 2)(), POINTER(c_int))  # keeps the array


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


def _outermost(call: Callable[[], Any]) -> Any:
    """Makes ``call`` (binding calls) as if no binding call were in progress on this thread: what
    its callbacks raise is raised from it, not kept for the call around it. For a host that
    drains from a wakeup listener (``navcore.textual``), whose drain must raise its own
    callbacks' exceptions (``navcore.aio``'s ``on_error``); what ``call`` raises is the
    wakeup's, kept as usual for the op that raised the wakeup."""
    calls = _tls.calls
    depth, errors = calls.depth, calls.errors
    calls.depth, calls.errors = 0, []
    try:
        return call()
    finally:
        calls.depth, calls.errors = depth, errors + calls.errors


def _error(status: int) -> NavcoreError:
    """The exception for a failed call; reads the library's per-thread message at once."""
    message = _ffi.lib().navcore_last_error_message()
    return error_for(status, message.decode("utf-8", "replace") if message else "")


def _check(status: int) -> int:
    if status < 0:
        raise _error(status)
    return status
