"""The C interface of include/navcore.h through ctypes: the library loader, the C types, and
one table that declares every function's argtypes and restype.

Nothing here is public API; the rest of the package calls ``lib().navcore_*``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
import threading
import warnings
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    c_bool,
    c_char_p,
    c_double,
    c_int,
    c_size_t,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from ._version import __version__

#: The environment variable naming the library file to load first.
LIBRARY_ENV = "NAVCORE_LIBRARY"

_VERSION_PARTS = tuple(int(part) for part in __version__.split("."))
#: The major version of the C interface this binding speaks.
MAJOR = _VERSION_PARTS[0]

# ---------------------------------------------------------------------------------------------
# C types
# ---------------------------------------------------------------------------------------------

#: `navcore_navigator *`: a handle, never dereferenced.
NavPtr = c_void_p


class ShowOptions(Structure):
    """`navcore_show_options`."""

    _fields_ = [
        ("animated", c_bool),
        ("remove_current", c_bool),
        ("recycle", c_bool),
        ("payload", c_char_p),
    ]


class CTransition(Structure):
    """`navcore_transition`."""

    _fields_ = [
        ("id", c_uint64),
        ("style", c_int),
        ("from_", c_uint64),
        ("to", c_uint64),
        ("from_object", c_void_p),
        ("to_object", c_void_p),
        ("interactive", c_bool),
    ]


class CActionEvent(Structure):
    """`navcore_action_event`."""

    _fields_ = [
        ("state", c_int),
        ("appearing", c_uint64),
        ("disappearing", POINTER(c_uint64)),
        ("disappearing_count", c_size_t),
        ("animated", c_bool),
    ]


class RouteEntry(Structure):
    """`navcore_route_entry`: a route and the saved state (or NULL) of its new screen."""

    _fields_ = [
        ("route", c_char_p),
        ("state", c_char_p),
    ]


DoneFn = CFUNCTYPE(None, NavPtr, c_int, c_int, c_void_p)
RunFn = CFUNCTYPE(None, NavPtr, c_void_p)
TransitionFn = CFUNCTYPE(None, NavPtr, POINTER(CTransition), c_void_p)
FactoryFn = CFUNCTYPE(c_int, POINTER(c_void_p), NavPtr, c_char_p, c_uint64, c_char_p, c_void_p)
DestroyFn = CFUNCTYPE(None, c_void_p)
ActionFn = CFUNCTYPE(None, NavPtr, POINTER(CActionEvent), c_void_p)
AppearanceFn = CFUNCTYPE(None, NavPtr, c_int, c_uint64, c_void_p, c_int, c_bool, c_void_p)
ProgressFn = CFUNCTYPE(None, NavPtr, c_uint64, c_double, c_void_p)
BarFn = CFUNCTYPE(None, NavPtr, c_bool, c_bool, c_void_p)
PayloadFn = CFUNCTYPE(None, NavPtr, c_uint64, c_void_p, c_char_p, c_void_p)
ReleaseFn = CFUNCTYPE(None, NavPtr, c_uint64, c_void_p, c_char_p, c_void_p)
WakeupFn = CFUNCTYPE(None, NavPtr, c_void_p)
VetoFn = CFUNCTYPE(c_bool, NavPtr, c_uint64, c_void_p, c_bool, c_void_p)
ResultFn = CFUNCTYPE(None, NavPtr, c_uint64, c_void_p, c_char_p, c_void_p)
DeferrableVetoFn = CFUNCTYPE(c_int, NavPtr, c_uint64, c_void_p, c_bool, c_uint64, c_void_p)

_int = c_int
_u64p = POINTER(c_uint64)
_sizep = POINTER(c_size_t)
_boolp = POINTER(c_bool)
#: `char **` of a query returning text: the caller's copy, freed with navcore_free (a `c_void_p`
#: so that ctypes does not convert it and lose the pointer to free).
_textp = POINTER(c_void_p)

#: Every function of navcore.h: name -> (restype, argtypes). The only place they are declared.
SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    # Version
    "navcore_version": (c_char_p, []),
    "navcore_version_number": (_int, []),
    # Statuses, errors and names
    "navcore_status_string": (c_char_p, [_int]),
    "navcore_last_error_message": (c_char_p, []),
    "navcore_outcome_string": (c_char_p, [_int]),
    "navcore_op_string": (c_char_p, [_int]),
    "navcore_action_string": (c_char_p, [_int]),
    "navcore_reason_string": (c_char_p, [_int]),
    # Navigators
    "navcore_navigator_create": (_int, [POINTER(c_void_p), _int]),
    "navcore_navigator_destroy": (_int, [NavPtr]),
    "navcore_drain": (_int, [NavPtr]),
    "navcore_set_always_appear": (_int, [NavPtr, c_bool]),
    "navcore_set_bar_threshold": (_int, [NavPtr, c_size_t]),
    # Screens
    "navcore_screen_create": (_int, [_u64p, NavPtr, c_char_p, c_void_p]),
    "navcore_screen_discard": (_int, [NavPtr, c_uint64]),
    "navcore_screen_object": (_int, [POINTER(c_void_p), NavPtr, c_uint64]),
    "navcore_screen_route": (_int, [_sizep, c_void_p, c_size_t, NavPtr, c_uint64]),
    # Operations
    "navcore_push": (_int, [NavPtr, c_uint64, c_bool, DoneFn, c_void_p]),
    "navcore_pop": (_int, [NavPtr, c_bool, DoneFn, c_void_p]),
    "navcore_pop_to": (_int, [NavPtr, c_uint64, c_bool, DoneFn, c_void_p]),
    "navcore_pop_to_root": (_int, [NavPtr, c_bool, DoneFn, c_void_p]),
    "navcore_set_stack": (_int, [NavPtr, _u64p, c_size_t, c_bool, DoneFn, c_void_p]),
    "navcore_back": (_int, [NavPtr, c_bool, DoneFn, c_void_p]),
    "navcore_gesture_begin": (_int, [NavPtr, DoneFn, c_void_p]),
    "navcore_run": (_int, [NavPtr, RunFn, DoneFn, c_void_p]),
    "navcore_set_visible": (_int, [NavPtr, c_bool, DoneFn, c_void_p]),
    "navcore_show": (_int, [NavPtr, c_char_p, POINTER(ShowOptions), DoneFn, c_void_p]),
    "navcore_post": (_int, [NavPtr, c_char_p, POINTER(ShowOptions), DoneFn, c_void_p]),
    "navcore_show_recycling": (_int, [NavPtr, c_char_p, POINTER(ShowOptions), _int, DoneFn, c_void_p]),
    # Transitions
    "navcore_transition_finish": (_int, [NavPtr, c_uint64]),
    "navcore_transition_cancel": (_int, [NavPtr, c_uint64]),
    "navcore_transition_progress": (_int, [NavPtr, c_uint64, c_double]),
    # Routes
    "navcore_route_register": (_int, [NavPtr, c_char_p, FactoryFn, c_void_p, DestroyFn]),
    "navcore_route_unregister": (_int, [NavPtr, c_char_p]),
    # Callbacks
    "navcore_on_action": (_int, [NavPtr, ActionFn, c_void_p, DestroyFn]),
    "navcore_on_appearance": (_int, [NavPtr, _int, AppearanceFn, c_void_p, DestroyFn]),
    "navcore_on_progress": (_int, [NavPtr, ProgressFn, c_void_p, DestroyFn]),
    "navcore_on_bar": (_int, [NavPtr, BarFn, c_void_p, DestroyFn]),
    "navcore_on_payload": (_int, [NavPtr, PayloadFn, c_void_p, DestroyFn]),
    "navcore_on_release": (_int, [NavPtr, ReleaseFn, c_void_p, DestroyFn]),
    "navcore_on_done": (_int, [NavPtr, DoneFn, c_void_p, DestroyFn]),
    "navcore_on_wakeup": (_int, [NavPtr, WakeupFn, c_void_p, DestroyFn]),
    "navcore_set_animator": (_int, [NavPtr, TransitionFn, c_void_p, DestroyFn]),
    "navcore_set_pop_veto": (_int, [NavPtr, VetoFn, c_void_p, DestroyFn]),
    # Results
    "navcore_free": (None, [c_void_p]),
    "navcore_screen_set_result": (_int, [NavPtr, c_uint64, c_char_p]),
    "navcore_screen_result": (_int, [_textp, NavPtr, c_uint64]),
    "navcore_screen_on_result": (_int, [NavPtr, c_uint64, ResultFn, c_void_p, DestroyFn]),
    "navcore_pop_with_result": (_int, [NavPtr, c_bool, c_char_p, DoneFn, c_void_p]),
    # Deferred veto
    "navcore_set_pop_veto_deferrable": (_int, [NavPtr, DeferrableVetoFn, c_void_p, DestroyFn]),
    "navcore_decide": (_int, [NavPtr, c_uint64, c_bool]),
    # Saved state, save, open and restore
    "navcore_screen_set_saved_state": (_int, [NavPtr, c_uint64, c_char_p]),
    "navcore_screen_saved_state": (_int, [_textp, NavPtr, c_uint64]),
    "navcore_save": (_int, [_textp, NavPtr]),
    "navcore_open": (_int, [NavPtr, POINTER(RouteEntry), c_size_t, c_bool, DoneFn, c_void_p]),
    "navcore_restore": (_int, [NavPtr, c_char_p, c_bool, DoneFn, c_void_p]),
    # Queries
    "navcore_stack_count": (_int, [_sizep, NavPtr]),
    "navcore_stack_get": (_int, [_u64p, NavPtr, c_size_t]),
    "navcore_stack_copy": (_int, [_sizep, _u64p, c_size_t, NavPtr]),
    "navcore_top": (_int, [_u64p, NavPtr]),
    "navcore_root": (_int, [_u64p, NavPtr]),
    "navcore_action_state": (_int, [POINTER(c_int), NavPtr]),
    "navcore_is_busy": (_int, [_boolp, NavPtr]),
    "navcore_pending_count": (_int, [_sizep, NavPtr]),
    "navcore_is_bar_shown": (_int, [_boolp, NavPtr]),
    "navcore_is_visible": (_int, [_boolp, NavPtr]),
    "navcore_can_go_back": (_int, [_boolp, NavPtr]),
    "navcore_transition_current": (_int, [_u64p, NavPtr]),
}

# ---------------------------------------------------------------------------------------------
# The loader
# ---------------------------------------------------------------------------------------------


class LibraryNotFound(ImportError):
    """No usable navcore library was found; the message lists every place that was tried."""

    def __init__(self, attempts: List[Tuple[str, str]]) -> None:
        self.attempts = attempts
        lines = [f"  {place}: {why}" for place, why in attempts]
        super().__init__(
            f"cannot load a navcore {MAJOR}.x library (the C core of this binding); looked in:\n"
            + "\n".join(lines)
            + f"\nSet {LIBRARY_ENV} to the path of libnavcore, or build it with `make lib`."
        )


def _file_names() -> List[str]:
    """The library's file names on this platform, the versioned one first."""
    if sys.platform == "darwin":
        return [f"libnavcore.{MAJOR}.dylib", "libnavcore.dylib"]
    if sys.platform == "win32":
        return ["navcore.dll", f"navcore-{MAJOR}.dll"]
    return [f"libnavcore.so.{MAJOR}", "libnavcore.so"]


def _package_dir() -> Path:
    return Path(__file__).resolve().parent


def bundled_dir() -> Path:
    """Where a library bundled inside the package lives (copied there by a make step)."""
    return _package_dir() / "_lib"


def built_tree_dir() -> Optional[Path]:
    """build/lib of the navcore checkout that holds this package, if it is inside one."""
    for parent in _package_dir().parents:
        if (parent / "include" / "navcore.h").is_file():
            return parent / "build" / "lib"
    return None


def _candidates() -> List[Tuple[str, Optional[str], str]]:
    """(place, file or name to load or None, why None) in the order of the search."""
    found: List[Tuple[str, Optional[str], str]] = []
    env = os.environ.get(LIBRARY_ENV)
    found.append((f"${LIBRARY_ENV}", env or None, "not set"))
    for directory, label in ((bundled_dir(), "bundled in the package"), (built_tree_dir(), "built tree")):
        if directory is None:
            found.append((label, None, "the package is not inside a navcore checkout"))
            continue
        paths = [directory / name for name in _file_names()]
        existing = next((p for p in paths if p.exists()), None)
        found.append((f"{label} {paths[0]}", str(existing) if existing else None, "no such file"))
    system = ctypes.util.find_library("navcore")
    found.append(("system (ctypes.util.find_library('navcore'))", system, "not found"))
    return found


def _declare(library: ctypes.CDLL) -> None:
    for name, (restype, argtypes) in SIGNATURES.items():
        function = getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes


def _try_load(target: str) -> Tuple[Optional[ctypes.CDLL], str]:
    try:
        library = ctypes.CDLL(target)
    except OSError as error:
        return None, f"cannot be loaded: {error}"
    try:
        _declare(library)
    except AttributeError as error:
        return None, f"is not a complete navcore library: {error}"
    number = library.navcore_version_number()
    version = library.navcore_version().decode()
    major, minor = number // 10000, number // 100 % 100
    if major != MAJOR:
        return None, f"has version {version}, this binding needs {MAJOR}.x"
    if minor < _VERSION_PARTS[1]:
        return None, f"has version {version}, this binding needs {MAJOR}.{_VERSION_PARTS[1]} or later"
    return library, f"loaded, version {version}"


_library: Optional[ctypes.CDLL] = None
_library_path: Optional[str] = None
_load_lock = threading.Lock()


def load() -> ctypes.CDLL:
    """Loads the library once: NAVCORE_LIBRARY, then the bundled library, then the built tree,
    then the system. Raises LibraryNotFound naming every place it looked."""
    global _library, _library_path
    with _load_lock:
        if _library is not None:
            return _library
        attempts: List[Tuple[str, str]] = []
        for place, target, missing in _candidates():
            if target is None:
                attempts.append((place, missing))
                continue
            library, why = _try_load(target)
            if library is None:
                attempts.append((f"{place} -> {target}", why))
                continue
            if attempts and attempts[0][0].startswith(f"${LIBRARY_ENV} ->"):
                warnings.warn(
                    f"{LIBRARY_ENV}={os.environ.get(LIBRARY_ENV)} {attempts[0][1]}; using {target}",
                    RuntimeWarning,
                    stacklevel=3,
                )
            _library, _library_path = library, target
            return library
        raise LibraryNotFound(attempts)


def lib() -> ctypes.CDLL:
    """The loaded library."""
    return _library if _library is not None else load()


def library_path() -> str:
    """The file or name the library was loaded from."""
    lib()
    assert _library_path is not None
    return _library_path
