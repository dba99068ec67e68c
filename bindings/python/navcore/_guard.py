"""The entry guard: the C function pointers navcore calls, each running its trampoline even when
an exception is raised at the trampoline's entry (issue 16 item 2).

A signal handler (Ctrl-C's KeyboardInterrupt, SIGALRM's) or an async exception runs at the first
instruction of any Python function, so it can raise at a trampoline's entry, before its ``try``.
ctypes then prints "Exception ignored" and returns to C as if the callback had run: an animator
that never got its transition leaves the navigator busy forever, a completion that never ran
leaves its Operation without an outcome, a release that never ran keeps the screen's object. No
Python code can catch an exception raised before it starts, so the function C calls is not
Python. Every trampoline takes a ``ran`` pointer before the C arguments and sets ``ran[0]`` as
the last thing it does (``finally``); the caller tries again while it has not.

- **The C guard** (``guard/navcore_pyguard.c``, built as ``libnavcore_pyguard.so`` beside the
  navcore library, and bundled in the wheel): navcore calls ``navcore_pyguard_<name>``, a C
  function that calls the trampoline's ctypes closure with ``&ran`` until it has run (at most 8
  times). It costs a C call per callback.
- **The Python guard**, when that library is not found (a navcore library from elsewhere, or
  ``NAVCORE_PYGUARD=none``): navcore calls a ctypes closure whose callable is a ctypes function
  pointer to a second closure (called with the GIL held), which calls the trampoline with this
  thread's ``ran`` cell; that pointer's ``errcheck`` runs the trampoline again if it has not run.
  A second signal at the errcheck's own entry is ctypes' "Exception ignored" again, with the
  trampoline already run. It costs a second ctypes call and callback and a Python call per
  callback (W6: +77,000 instructions per cycle, docs/performance.md).
"""

from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, c_int, c_void_p
from typing import Any, Callable, List, Optional, Tuple, cast

from . import _ffi
from ._calls import _tls

#: The variable naming the guard library to load, or ``none`` for the Python guard.
GUARD_ENV = "NAVCORE_PYGUARD"
#: The guard library's file name.
GUARD_FILE = "libnavcore_pyguard.so"

#: A trampoline's ``ran`` argument: C's ``int *``.
RanPointer = POINTER(c_int)


def _guard_candidates() -> List[str]:
    """Where the C guard may be, in order: $NAVCORE_PYGUARD, beside the navcore library, in the
    package (a wheel), in the checkout's build/lib."""
    chosen = os.environ.get(GUARD_ENV)
    if chosen:
        return [] if chosen == "none" else [chosen]
    places = [os.path.dirname(_ffi.library_path()), _ffi.bundled_dir(), _ffi.built_tree_dir()]
    return [os.path.join(place, GUARD_FILE) for place in places if place]


def _load_guard() -> Optional[ctypes.CDLL]:
    for path in _guard_candidates():
        if os.path.isfile(path):
            try:
                return ctypes.CDLL(path)
            except OSError:
                continue
    return None


#: The C guard library, or None: the Python guard.
guard_library = _load_guard()
#: The closures, function pointers and cells the guarded pointers use, kept for the process.
_parts: List[Any] = []


def guarded(name: str, prototype: Any, trampoline: Callable[..., Any]) -> Any:
    """The C function pointer of type ``prototype`` that runs ``trampoline(ran, *arguments)``
    even when an exception is raised at its entry; ``name`` is its C guard's
    (``navcore_pyguard_<name>``)."""
    restype, argtypes = prototype._restype_, prototype._argtypes_
    if guard_library is not None:
        target = ctypes.CFUNCTYPE(restype, RanPointer, *argtypes)(trampoline)
        c_void_p.in_dll(guard_library, f"navcore_pyguard_{name}_target").value = ctypes.cast(target, c_void_p).value
        _parts.append(target)
        return prototype(cast(int, ctypes.cast(getattr(guard_library, f"navcore_pyguard_{name}"), c_void_p).value))
    return _python_guarded(prototype, trampoline)


def _python_guarded(prototype: Any, trampoline: Callable[..., Any]) -> Any:
    """The Python guard (see the module's docstring)."""

    def with_cell(*arguments: Any) -> Any:
        return trampoline(_tls.calls.ran_cell, *arguments)

    inner = prototype(with_cell)
    call = ctypes.PYFUNCTYPE(prototype._restype_, *prototype._argtypes_)(cast(int, ctypes.cast(inner, c_void_p).value))

    def retry(result: Any, _function: Any, arguments: Tuple[Any, ...]) -> Any:
        cell = _tls.calls.ran_cell
        if cell[0]:
            cell[0] = 0
            return result
        try:
            return trampoline(cell, *arguments)
        finally:
            cell[0] = 0

    call.errcheck = retry
    _parts.extend((inner, call))
    return prototype(call)
