"""The C interface of include/navcore.h through ctypes: the library loader, the C types, and
one table that declares every function's argtypes and restype.

Nothing here is public API; the rest of the package calls ``lib().navcore_*``.
"""

from __future__ import annotations

import ctypes
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
    c_uint,
    c_uint64,
    c_void_p,
)

from ._version import __version__

# The annotations are strings (from __future__); typing would cost `import navcore` ~5 ms.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, FrozenSet, Iterator, List, Optional, Tuple

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


#: The `navcore_show_options` layout `ShowOptions` declares (NAVCORE_SHOW_OPTIONS_VERSION).
SHOW_OPTIONS_VERSION = 1


class ShowOptions(Structure):
    """`navcore_show_options`, version `SHOW_OPTIONS_VERSION`."""

    _fields_ = [
        ("version", c_uint),
        ("animated", c_bool),
        ("remove_current", c_bool),
        ("recycle", c_int),
        ("payload", c_char_p),
    ]


#: The `navcore_open_options` layout `OpenOptions` declares (NAVCORE_OPEN_OPTIONS_VERSION).
OPEN_OPTIONS_VERSION = 1


class OpenOptions(Structure):
    """`navcore_open_options`, version `OPEN_OPTIONS_VERSION`."""

    _fields_ = [
        ("version", c_uint),
        ("animated", c_bool),
        ("focus", c_bool),
    ]


class LegacyShowOptions(Structure):
    """`navcore_legacy_show_options`: the first builds' unversioned options, which only the
    deprecated `navcore_show_recycling` takes (declared because the table declares every function
    the library exports; the binding never calls it)."""

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
        ("from_navigator", NavPtr),  # since 1.1: whose top `from` is (a modal's, for a dismiss)
        ("to_navigator", NavPtr),  # since 1.1: whose top `to` is (a modal's, for a present)
    ]


class CActionEvent(Structure):
    """`navcore_action_event`."""

    _fields_ = [
        ("state", c_int),
        ("appearing", c_uint64),
        ("disappearing", POINTER(c_uint64)),
        ("disappearing_count", c_size_t),
        ("animated", c_bool),
        ("appearing_object", c_void_p),
        ("disappearing_objects", POINTER(c_void_p)),
    ]


class ScreenHooks(Structure):
    """`navcore_screen_hooks` (version 1). The hooks are C function pointers, declared as
    `c_void_p` here: the binding keeps its own per-screen objects and does not use them yet."""

    _fields_ = [
        ("version", c_uint),
        ("will_show", c_void_p),
        ("did_show", c_void_p),
        ("will_hide", c_void_p),
        ("did_hide", c_void_p),
        ("payload", c_void_p),
        ("release", c_void_p),
        ("ctx", c_void_p),
        ("destroy", c_void_p),
    ]


class Observer(Structure):
    """`navcore_observer` (version 1). The functions are C function pointers, declared as
    `c_void_p` here: the binding has its own listener lists and does not use them yet."""

    _fields_ = [
        ("version", c_uint),
        ("action", c_void_p),
        ("appearance", c_void_p),
        ("progress", c_void_p),
        ("bar", c_void_p),
        ("payload", c_void_p),
        ("release", c_void_p),
        ("done", c_void_p),
        ("ctx", c_void_p),
        ("destroy", c_void_p),
    ]


#: The layouts of the family ops' options that the classes below declare (SPEC §16.12).
ACTIVATE_OPTIONS_VERSION = PRESENT_OPTIONS_VERSION = DISMISS_OPTIONS_VERSION = CREATE_OPTIONS_VERSION = 1


class ActivateOptions(Structure):
    """`navcore_activate_options`, version 1."""

    _fields_ = [("version", c_uint), ("animated", c_bool), ("retap", c_int)]


class PresentOptions(Structure):
    """`navcore_present_options`, version 1."""

    _fields_ = [("version", c_uint), ("animated", c_bool), ("covers", c_bool), ("dismiss_on_back", c_bool)]


class DismissOptions(Structure):
    """`navcore_dismiss_options`, version 1."""

    _fields_ = [("version", c_uint), ("animated", c_bool), ("result", c_char_p)]


class CreateOptions(Structure):
    """`navcore_create_options`, version 1."""

    _fields_ = [("version", c_uint), ("dispatch", c_int), ("visible", c_bool)]


class RouteEntry(Structure):
    """`navcore_route_entry`: a route and the saved state (or NULL) of its new screen."""

    _fields_ = [
        ("route", c_char_p),
        ("state", c_char_p),
    ]


# The callback types of navcore.h's navcore_*_fn typedefs, and the one table that declares every
# function (a C type generate.py does not know is an error there, never a guess here).
# BEGIN GENERATED by scripts/generate.py (callbacks) from include/navcore.h: edit the source, then run `make generate`
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
ChildFn = CFUNCTYPE(None, NavPtr, c_uint64, NavPtr, c_void_p)
ResultFn = CFUNCTYPE(None, NavPtr, c_uint64, c_void_p, c_char_p, c_void_p)
DeferrableVetoFn = CFUNCTYPE(c_int, NavPtr, c_uint64, c_void_p, c_bool, c_uint64, c_void_p)
# END GENERATED (callbacks)

# BEGIN GENERATED by scripts/generate.py (request) from include/navcore.h: edit the source, then run `make generate`
#: The `navcore_request` layout `CRequest` declares (NAVCORE_REQUEST_VERSION).
REQUEST_VERSION = 2


class CRequest(Structure):
    """`navcore_request`, version `REQUEST_VERSION`: one op and its arguments (navcore_ask)."""

    _fields_ = [
        ("version", c_uint),
        ("op", c_int),
        ("screen", c_uint64),
        ("screens", POINTER(c_uint64)),
        ("count", c_size_t),
        ("animated", c_bool),
        ("visible", c_bool),
        ("result", c_char_p),
        ("block", RunFn),
        ("route", c_char_p),
        ("show_options", POINTER(ShowOptions)),
        ("entries", POINTER(RouteEntry)),
        ("document", c_char_p),
        ("child", NavPtr),
        ("attach_options", c_void_p),
        ("activate_options", c_void_p),
        ("present_options", c_void_p),
        ("dismiss_options", c_void_p),
        ("open_options", POINTER(OpenOptions)),
        ("tree", c_char_p),
    ]
# END GENERATED (request)


# BEGIN GENERATED by scripts/generate.py (signatures) from include/navcore.h: edit the source, then run `make generate`
#: The functions whose `@waits` is not `never` (they may wait for another thread): called
#: with the GIL released. Every other function keeps it (_ffi.load, docs/python.md).
WAITING: FrozenSet[str] = frozenset({})

#: Every function of navcore.h: name -> (restype, argtypes).
SIGNATURES: Dict[str, Tuple[Any, List[Any]]] = {
    # Version
    "navcore_version": (c_char_p, []),
    "navcore_version_number": (c_int, []),
    # Statuses, errors and names
    "navcore_status_string": (c_char_p, [c_int]),
    "navcore_last_error_message": (c_char_p, []),
    "navcore_outcome_string": (c_char_p, [c_int]),
    "navcore_op_string": (c_char_p, [c_int]),
    "navcore_action_string": (c_char_p, [c_int]),
    "navcore_reason_string": (c_char_p, [c_int]),
    # Navigators
    "navcore_navigator_create": (c_int, [POINTER(c_void_p), c_int]),
    "navcore_create_options_init": (c_int, [c_void_p, c_uint]),
    "navcore_navigator_create_with_options": (c_int, [POINTER(c_void_p), c_void_p]),
    "navcore_navigator_destroy": (c_int, [NavPtr]),
    "navcore_drain": (c_int, [NavPtr]),
    "navcore_drain_ops": (c_int, [NavPtr, c_size_t]),
    "navcore_drain_for": (c_int, [NavPtr, c_double]),
    "navcore_drain_ops_for": (c_int, [NavPtr, c_size_t, c_double]),
    "navcore_set_always_appear": (c_int, [NavPtr, c_bool]),
    "navcore_set_bar_threshold": (c_int, [NavPtr, c_size_t]),
    # Screens
    "navcore_screen_create": (c_int, [POINTER(c_uint64), NavPtr, c_char_p, c_void_p]),
    "navcore_screen_discard": (c_int, [NavPtr, c_uint64]),
    "navcore_screen_retain": (c_int, [NavPtr, c_uint64, c_bool]),
    "navcore_screen_is_retained": (c_int, [POINTER(c_bool), NavPtr, c_uint64]),
    "navcore_screen_hooks_init": (c_int, [POINTER(ScreenHooks), c_uint]),
    "navcore_screen_create_with_hooks": (c_int, [POINTER(c_uint64), NavPtr, c_char_p, c_void_p, POINTER(ScreenHooks)]),
    "navcore_screen_object": (c_int, [POINTER(c_void_p), NavPtr, c_uint64]),
    "navcore_screen_route": (c_int, [POINTER(c_size_t), c_void_p, c_size_t, NavPtr, c_uint64]),
    # Operations
    "navcore_show_options_init": (c_int, [POINTER(ShowOptions), c_uint]),
    "navcore_push": (c_int, [NavPtr, c_uint64, c_bool, DoneFn, c_void_p]),
    "navcore_pop": (c_int, [NavPtr, c_bool, DoneFn, c_void_p]),
    "navcore_pop_to": (c_int, [NavPtr, c_uint64, c_bool, DoneFn, c_void_p]),
    "navcore_pop_to_root": (c_int, [NavPtr, c_bool, DoneFn, c_void_p]),
    "navcore_set_stack": (c_int, [NavPtr, POINTER(c_uint64), c_size_t, c_bool, DoneFn, c_void_p]),
    "navcore_back": (c_int, [NavPtr, c_bool, DoneFn, c_void_p]),
    "navcore_gesture_begin": (c_int, [NavPtr, DoneFn, c_void_p]),
    "navcore_run": (c_int, [NavPtr, RunFn, DoneFn, c_void_p]),
    "navcore_set_visible": (c_int, [NavPtr, c_bool, DoneFn, c_void_p]),
    "navcore_show": (c_int, [NavPtr, c_char_p, POINTER(ShowOptions), DoneFn, c_void_p]),
    "navcore_post": (c_int, [NavPtr, c_char_p, POINTER(ShowOptions), DoneFn, c_void_p]),
    # Transitions
    "navcore_transition_finish": (c_int, [NavPtr, c_uint64]),
    "navcore_transition_cancel": (c_int, [NavPtr, c_uint64]),
    "navcore_transition_progress": (c_int, [NavPtr, c_uint64, c_double]),
    # Routes
    "navcore_route_register": (c_int, [NavPtr, c_char_p, FactoryFn, c_void_p, DestroyFn]),
    "navcore_route_unregister": (c_int, [NavPtr, c_char_p]),
    # Callbacks
    "navcore_on_action": (c_int, [NavPtr, ActionFn, c_void_p, DestroyFn]),
    "navcore_on_appearance": (c_int, [NavPtr, c_int, AppearanceFn, c_void_p, DestroyFn]),
    "navcore_on_progress": (c_int, [NavPtr, ProgressFn, c_void_p, DestroyFn]),
    "navcore_on_bar": (c_int, [NavPtr, BarFn, c_void_p, DestroyFn]),
    "navcore_on_payload": (c_int, [NavPtr, PayloadFn, c_void_p, DestroyFn]),
    "navcore_on_release": (c_int, [NavPtr, ReleaseFn, c_void_p, DestroyFn]),
    "navcore_on_detach": (c_int, [NavPtr, ReleaseFn, c_void_p, DestroyFn]),
    "navcore_on_child": (c_int, [NavPtr, ChildFn, c_void_p, DestroyFn]),
    "navcore_on_done": (c_int, [NavPtr, DoneFn, c_void_p, DestroyFn]),
    "navcore_on_wakeup": (c_int, [NavPtr, WakeupFn, c_void_p, DestroyFn]),
    "navcore_on_transition": (c_int, [NavPtr, TransitionFn, c_void_p, DestroyFn]),
    "navcore_on_pop_veto": (c_int, [NavPtr, VetoFn, c_void_p, DestroyFn]),
    # Observers
    "navcore_observer_init": (c_int, [POINTER(Observer), c_uint]),
    "navcore_observer_add": (c_int, [POINTER(c_uint64), NavPtr, POINTER(Observer)]),
    "navcore_observer_remove": (c_int, [NavPtr, c_uint64]),
    # Results
    "navcore_free": (None, [c_void_p]),
    "navcore_screen_set_result": (c_int, [NavPtr, c_uint64, c_char_p]),
    "navcore_screen_result": (c_int, [POINTER(c_void_p), NavPtr, c_uint64]),
    "navcore_screen_on_result": (c_int, [NavPtr, c_uint64, ResultFn, c_void_p, DestroyFn]),
    "navcore_pop_with_result": (c_int, [NavPtr, c_bool, c_char_p, DoneFn, c_void_p]),
    # Deferred veto
    "navcore_on_pop_veto_deferrable": (c_int, [NavPtr, DeferrableVetoFn, c_void_p, DestroyFn]),
    "navcore_decide": (c_int, [NavPtr, c_uint64, c_bool]),
    # Saved state, save, open and restore
    "navcore_screen_set_saved_state": (c_int, [NavPtr, c_uint64, c_char_p]),
    "navcore_screen_saved_state": (c_int, [POINTER(c_void_p), NavPtr, c_uint64]),
    "navcore_save": (c_int, [POINTER(c_void_p), NavPtr]),
    "navcore_save_tree": (c_int, [POINTER(c_void_p), NavPtr]),
    "navcore_open": (c_int, [NavPtr, POINTER(RouteEntry), c_size_t, c_bool, DoneFn, c_void_p]),
    "navcore_open_options_init": (c_int, [POINTER(OpenOptions), c_uint]),
    "navcore_open_with_options": (c_int, [NavPtr, POINTER(RouteEntry), c_size_t, POINTER(OpenOptions), DoneFn, c_void_p]),
    "navcore_restore": (c_int, [NavPtr, c_char_p, c_bool, DoneFn, c_void_p]),
    "navcore_restore_tree": (c_int, [NavPtr, c_char_p, c_bool, DoneFn, c_void_p]),
    # Families
    "navcore_attach_options_init": (c_int, [c_void_p, c_uint]),
    "navcore_activate_options_init": (c_int, [c_void_p, c_uint]),
    "navcore_present_options_init": (c_int, [c_void_p, c_uint]),
    "navcore_dismiss_options_init": (c_int, [c_void_p, c_uint]),
    "navcore_attach": (c_int, [NavPtr, c_uint64, NavPtr, c_void_p, DoneFn, c_void_p]),
    "navcore_activate": (c_int, [NavPtr, c_void_p, DoneFn, c_void_p]),
    "navcore_present": (c_int, [NavPtr, NavPtr, c_void_p, DoneFn, c_void_p]),
    "navcore_dismiss": (c_int, [NavPtr, c_void_p, DoneFn, c_void_p]),
    "navcore_leave": (c_int, [NavPtr, DoneFn, c_void_p]),
    "navcore_parent": (c_int, [POINTER(c_void_p), NavPtr]),
    "navcore_modal": (c_int, [POINTER(c_void_p), NavPtr]),
    "navcore_active_child": (c_int, [POINTER(c_void_p), NavPtr, c_uint64]),
    "navcore_back_target": (c_int, [POINTER(c_void_p), NavPtr]),
    "navcore_host_screen": (c_int, [POINTER(c_uint64), NavPtr]),
    "navcore_is_modal": (c_int, [POINTER(c_bool), NavPtr]),
    "navcore_is_on_screen": (c_int, [POINTER(c_bool), NavPtr]),
    "navcore_children_copy": (c_int, [POINTER(c_size_t), POINTER(c_void_p), c_size_t, NavPtr, c_uint64]),
    # Requests
    "navcore_request_init": (c_int, [POINTER(CRequest), c_uint]),
    "navcore_ask": (c_int, [NavPtr, POINTER(CRequest), DoneFn, c_void_p]),
    "navcore_ask_outcome": (c_int, [POINTER(c_int), NavPtr, POINTER(CRequest), DoneFn, c_void_p]),
    # Queries
    "navcore_stack_count": (c_int, [POINTER(c_size_t), NavPtr]),
    "navcore_stack_get": (c_int, [POINTER(c_uint64), NavPtr, c_size_t]),
    "navcore_stack_copy": (c_int, [POINTER(c_size_t), POINTER(c_uint64), c_size_t, NavPtr]),
    "navcore_top": (c_int, [POINTER(c_uint64), NavPtr]),
    "navcore_root": (c_int, [POINTER(c_uint64), NavPtr]),
    "navcore_action_state": (c_int, [POINTER(c_int), NavPtr]),
    "navcore_is_busy": (c_int, [POINTER(c_bool), NavPtr]),
    "navcore_pending_count": (c_int, [POINTER(c_size_t), NavPtr]),
    "navcore_is_bar_shown": (c_int, [POINTER(c_bool), NavPtr]),
    "navcore_is_visible": (c_int, [POINTER(c_bool), NavPtr]),
    "navcore_can_go_back": (c_int, [POINTER(c_bool), NavPtr]),
    "navcore_transition_current": (c_int, [POINTER(c_uint64), NavPtr]),
    "navcore_pending_decision": (c_int, [POINTER(c_uint64), NavPtr]),
    # Deprecated names
    "navcore_set_animator": (c_int, [NavPtr, TransitionFn, c_void_p, DestroyFn]),
    "navcore_set_pop_veto": (c_int, [NavPtr, VetoFn, c_void_p, DestroyFn]),
    "navcore_set_pop_veto_deferrable": (c_int, [NavPtr, DeferrableVetoFn, c_void_p, DestroyFn]),
    "navcore_show_recycling": (c_int, [NavPtr, c_char_p, POINTER(LegacyShowOptions), c_int, DoneFn, c_void_p]),
}
# END GENERATED (signatures)

# ---------------------------------------------------------------------------------------------
# The loader
# ---------------------------------------------------------------------------------------------


class LibraryNotFound(ImportError):
    """No usable navcore library was found (raised by ``import navcore``); the message lists every
    place that was tried.

    Attributes:
        attempts (List[Tuple[str, str]]): each place tried, and why it did not do.
    """

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


# Paths are strings (os.path): pathlib would cost `import navcore` ~3 ms.
def _package_dir() -> str:
    return os.path.dirname(os.path.realpath(__file__))


def bundled_dir() -> str:
    """Where a library bundled inside the package lives (the wheel's build puts it there)."""
    return os.path.join(_package_dir(), "_lib")


def built_tree_dir() -> Optional[str]:
    """build/lib of the navcore checkout that holds this package, if it is inside one."""
    parent = _package_dir()
    while os.path.dirname(parent) != parent:
        parent = os.path.dirname(parent)
        if os.path.isfile(os.path.join(parent, "include", "navcore.h")):
            return os.path.join(parent, "build", "lib")
    return None


def _candidates() -> Iterator[Tuple[str, Optional[str], str]]:
    """(place, file or name to load or None, why None) in the order of the search, each one
    worked out only when the places before it failed: the system search runs ldconfig."""
    env = os.environ.get(LIBRARY_ENV)
    yield (f"${LIBRARY_ENV}", env or None, "not set")
    for place, label in ((bundled_dir, "bundled in the package"), (built_tree_dir, "built tree")):
        directory = place()
        if directory is None:
            yield (label, None, "the package is not inside a navcore checkout")
            continue
        paths = [os.path.join(directory, name) for name in _file_names()]
        existing = next((p for p in paths if os.path.exists(p)), None)
        yield (f"{label} {paths[0]}", existing, "no such file")
    import ctypes.util  # here, not at import: it imports subprocess (~3 ms of `import navcore`)

    system = ctypes.util.find_library("navcore")
    yield ("system (ctypes.util.find_library('navcore'))", system, "not found")


def _declare(library: ctypes.CDLL, target: str) -> None:
    """Declares every function on `library`, a ctypes.PyDLL: its calls keep the GIL, which
    saves releasing and taking it again around the call and in each callback the call makes
    on this thread. That is safe for a function that never waits for another thread (its
    `@waits never`, navcore.h's THREADS): it cannot block on a thread that needs the GIL. A
    function that may wait (WAITING) is taken from a ctypes.CDLL of the same library, whose
    calls release the GIL (docs/python.md, "Threads and the GIL")."""
    releasing = ctypes.CDLL(target) if WAITING else None
    for name, (restype, argtypes) in SIGNATURES.items():
        function = getattr(releasing, name) if releasing is not None and name in WAITING else getattr(library, name)
        function.restype = restype
        function.argtypes = argtypes
        setattr(library, name, function)


def _try_load(target: str) -> Tuple[Optional[ctypes.CDLL], str]:
    try:
        library = ctypes.PyDLL(target)
    except OSError as error:
        return None, f"cannot be loaded: {error}"
    try:
        _declare(library, target)
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
