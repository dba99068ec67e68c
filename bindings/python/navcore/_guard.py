"""The entry guard: the C function pointers navcore calls, each running its trampoline even when
an exception is raised at the trampoline's entry (docs/python.md, "Callbacks that raise").

A signal handler (Ctrl-C's KeyboardInterrupt, SIGALRM's) or an async exception runs at the first
instruction of any Python function, so it can raise at a trampoline's entry, before its ``try``.
ctypes then reports it to ``sys.unraisablehook`` and returns to C as if the callback had run: an
animator that never got its transition leaves the navigator busy forever, a completion that never
ran leaves its Operation without an outcome, a release that never ran keeps the screen's object.
No Python code can catch an exception raised before it starts, so the function C calls is not
Python. Every trampoline takes a ``cell`` (``int[2]``) before the C arguments, writes its answer
(an int callback's) to ``cell[1]`` and then sets ``cell[0]`` ("ran") as the last thing it does
(``finally``); the caller tries again while it has not run, and answers from ``cell[1]``, never
from ctypes' return value (unwritten when an exception escapes the trampoline after it ran).

- **The C guard** (``guard/navcore_pyguard.c``, built as ``libnavcore_pyguard.so`` beside the
  navcore library, and bundled in the wheel): navcore calls ``navcore_pyguard_<name>``, a C
  function that calls the trampoline's ctypes closure with its cell until it has run (at most 8
  times). It costs a C call per callback.
- **The Python guard**, when that library is not found (a navcore library from elsewhere, or
  ``NAVCORE_PYGUARD=none``) or is refused (below): navcore calls a ctypes closure whose callable
  is a ctypes function pointer to a second closure (called with the GIL held), which calls the
  trampoline with this thread's cell; that pointer's ``errcheck`` runs the trampoline again if it
  has not run. A second signal at the errcheck's own entry is reported, with the trampoline
  already run (an int callback's answer is then lost). It costs a second ctypes call and callback
  and a Python call per callback (W6: +77,000 instructions per cycle, docs/performance.md).

The C guard's targets are process-global, so a guard is used only when it is safe; otherwise the
binding warns (RuntimeWarning, naming the reason) and uses the Python guard:

- the library's ``navcore_pyguard_abi`` must be this module's GUARD_ABI (a stale build beside a
  newer binding may call trampolines with another signature);
- every symbol a guard needs must be there (an older build may lack a guard);
- a target is set once, by ``navcore_pyguard_claim`` (compare-and-set), never written over: a
  second copy of the binding in the process (vendored, imported under another name) loads the
  same library instance and finds the targets taken. Each copy's C pointers then lead to its own
  trampolines. (Loading a private copy of the library per binding copy would keep the C guard
  for both, but needs a writable, executable temporary file.)

A copy in a sub-interpreter loads no guard library at all, and warns of nothing: it makes no
navigator (_interpreter.py), and the targets it would set lead to closures of an interpreter that
may end before the process, while the main interpreter's copy would find them taken.

The closures a target points to are kept for the life of the process (a reference never given
back), not in this module: ``importlib.reload`` of it, or of the package, cannot free one that C
may still call.

Interrupts reach the caller: the binding chains a ``sys.unraisablehook`` (``_Reporter``) that takes
what escapes its own trampolines (an interrupt at entry, or in a trampoline's ``finally``) and
stashes it like a callback's exception, so it is raised from the outermost binding call (see
_calls.py); everything else goes to the hook that was there before.
"""

from __future__ import annotations

import ctypes
import os
import sys
import warnings
from ctypes import CFUNCTYPE, POINTER, c_int, c_void_p
from typing import Any, Callable, List, Optional, Set, Tuple, cast

from . import _ffi
from ._calls import _stash, _tls
from ._interpreter import IN_MAIN_INTERPRETER

#: The variable naming the guard library to load, or ``none`` for the Python guard.
GUARD_ENV = "NAVCORE_PYGUARD"
#: The guard library's file name.
GUARD_FILE = "libnavcore_pyguard.so"
#: The guard library's ``navcore_pyguard_abi`` this binding works with (NAVCORE_PYGUARD_ABI in
#: guard/navcore_pyguard.c): the guards' and targets' signatures, the cell, the claim function.
GUARD_ABI = 2
#: How many times the Python guard's errcheck calls a trampoline interrupted at entry each time
#: (the C guard's GUARD_TRIES less the first call).
RETRIES = 7

#: A trampoline's ``cell`` argument: C's ``int *`` to ``{ran, answer}``.
CellPointer = POINTER(c_int)

#: The reasons already warned about (once each).
_warned: Set[str] = set()


def _warn(reason: str) -> None:
    """Warns, once per reason, that the Python guard is used instead of the C guard."""
    if reason not in _warned:
        _warned.add(reason)
        message = f"navcore: the C entry guard is not used ({reason}): using the slower Python guard"
        warnings.warn(message, RuntimeWarning)


def _guard_candidates() -> List[str]:
    """Where the C guard may be, in order: $NAVCORE_PYGUARD, beside the navcore library, in the
    package (a wheel), in the checkout's build/lib."""
    chosen = os.environ.get(GUARD_ENV)
    if chosen:
        return [] if chosen == "none" else [chosen]
    places = [os.path.dirname(_ffi.library_path()), _ffi.bundled_dir(), _ffi.built_tree_dir()]
    return [os.path.join(place, GUARD_FILE) for place in places if place]


def _refusal(library: ctypes.CDLL) -> Optional[str]:
    """Why this binding cannot use ``library`` (None: it can; its claim function is then typed)."""
    try:
        abi = c_int.in_dll(library, "navcore_pyguard_abi").value
        claim = library.navcore_pyguard_claim
    except (ValueError, AttributeError):
        return f"{library._name} has no ABI version: an older build"
    if abi != GUARD_ABI:
        return f"{library._name} has ABI version {abi}, this binding needs {GUARD_ABI}"
    claim.restype, claim.argtypes = c_int, (c_void_p, c_void_p)
    return None


def _load_guard() -> Optional[ctypes.CDLL]:
    for path in _guard_candidates():
        if os.path.isfile(path):
            try:
                library = ctypes.CDLL(path)
            except OSError as error:
                _warn(f"{path} does not load: {error}")
                continue
            reason = _refusal(library)
            if reason is None:
                return library
            _warn(reason)
    return None


#: The C guard library, or None: the Python guard. None in a sub-interpreter, which makes no
#: navigator (_interpreter.py): its copy leaves the process-global targets to the main one's.
guard_library = _load_guard() if IN_MAIN_INTERPRETER else None


class _Reporter:
    """The binding's sys.unraisablehook: an exception that escaped one of its trampolines (an
    interrupt at entry, the trampoline then run again by its guard, or one in its ``finally``)
    is stashed, to be raised from the outermost binding call; anything else goes to the hook
    that was there before. It holds its own state, not this module's: after a reload of this
    module, the new one chains to the old, which still knows the old trampolines."""

    def __init__(self, previous: Callable[[Any], Any]) -> None:
        self.previous = previous
        #: The ids of what the binding's ctypes closures call (its trampolines, the Python
        #: guard's parts), all kept for the process.
        self.ours: Set[int] = set()
        self.stash = _stash

    def __call__(self, unraisable: Any) -> None:
        if id(unraisable.object) in self.ours and unraisable.exc_value is not None:
            self.stash(unraisable.exc_value)
        else:
            self.previous(unraisable)


_reporter = _Reporter(sys.unraisablehook)
sys.unraisablehook = _reporter


def _keep(*parts: Any) -> None:
    """Keeps ``parts`` (closures C may call) for the life of the process: a reference that is
    never given back, so no reload or collection of this module can free one."""
    for part in parts:
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(part))


def guarded(name: str, prototype: Any, trampoline: Callable[..., Any], fallback: Optional[int] = None) -> Any:
    """The C function pointer of type ``prototype`` that runs ``trampoline(cell, *arguments)``
    even when an exception is raised at its entry; ``name`` is its C guard's
    (``navcore_pyguard_<name>``). ``fallback`` is an int callback's answer when the trampoline
    never ran (the C guard's FALLBACK); None for a callback returning nothing."""
    _reporter.ours.add(id(trampoline))
    pointer = _c_guarded(name, prototype, trampoline) if guard_library is not None else None
    return pointer if pointer is not None else _python_guarded(prototype, trampoline, fallback)


def _c_guarded(name: str, prototype: Any, trampoline: Callable[..., Any]) -> Any:
    """The C guard's pointer, its target claimed; None (after a warning) if it cannot be."""
    library = cast(ctypes.CDLL, guard_library)
    try:
        slot = c_void_p.in_dll(library, f"navcore_pyguard_{name}_target")
        guard = getattr(library, f"navcore_pyguard_{name}")
    except (ValueError, AttributeError):
        _warn(f"{library._name} has no guard {name!r}: an older build")
        return None
    target = CFUNCTYPE(None, CellPointer, *prototype._argtypes_)(trampoline)
    if not library.navcore_pyguard_claim(ctypes.addressof(slot), ctypes.cast(target, c_void_p)):
        _warn(f"{library._name}'s targets are held by another copy of the binding in this process")
        return None
    _keep(target)
    return prototype(cast(int, ctypes.cast(guard, c_void_p).value))


def _python_guarded(prototype: Any, trampoline: Callable[..., Any], fallback: Optional[int]) -> Any:
    """The Python guard (see the module's docstring)."""

    def with_cell(*arguments: Any) -> Any:
        cell = _tls.calls.cell
        trampoline(cell, *arguments)
        return cell[1]

    inner = prototype(with_cell)
    call = ctypes.PYFUNCTYPE(prototype._restype_, *prototype._argtypes_)(cast(int, ctypes.cast(inner, c_void_p).value))

    def retry(_result: Any, _function: Any, arguments: Tuple[Any, ...]) -> Any:
        cell = _tls.calls.cell
        try:
            for _ in range(RETRIES):
                if cell[0]:
                    break
                try:
                    trampoline(cell, *arguments)
                except BaseException as error:  # noqa: B902 - raised at its entry: tried again
                    _stash(error)
            return cell[1] if cell[0] else fallback
        finally:
            cell[0] = 0

    call.errcheck = retry
    outer = prototype(call)
    _keep(inner, call, outer)
    _reporter.ours.update((id(with_cell), id(call)))
    return outer
