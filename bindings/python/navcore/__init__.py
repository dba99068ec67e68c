"""navcore for Python: a navigation-stack core (UINavigationController's semantics without
UIKit) through its C library, with ctypes only.

    import navcore

    with navcore.Navigator() as nav:
        home = nav.create_screen("home", HomeView())
        nav.push(home)
        nav.push(DetailView(), animated=False)
        print([s.route for s in nav.stack])

See docs/python.md for the guide; the behaviour is SPEC.md's.
"""

from ._enums import Action, Dispatch, Op, Outcome, Phase, Reason, Status, Style
from ._errors import (
    BusyError,
    ExistsError,
    FactoryFailed,
    InternalError,
    InvalidError,
    InvalidHandleError,
    NavcoreError,
    NoMemoryError,
    NoSuchScreenError,
    StateError,
)
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
from ._ffi import LibraryNotFound, load as _load
from ._navigator import EVENT_KINDS, Navigator
from ._operation import Operation
from ._version import __version__

# The C library, found and its version checked now: an ImportError (LibraryNotFound) that names
# every place it looked is better at import than at the first navigator.
_load()


def __getattr__(name: str) -> object:
    """``navcore.aio`` on first use: the asyncio adapter imports asyncio, which `import navcore`
    does not (it would cost ~25 ms of every import)."""
    if name == "aio":
        import importlib

        return importlib.import_module(".aio", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def library_version() -> str:
    """The loaded C library's version ("MAJOR.MINOR.PATCH")."""
    return str(_load().navcore_version().decode())


def library_path() -> str:
    """Where the C library was loaded from."""
    from ._ffi import library_path as _path

    return _path()


__all__ = [
    "Action",
    "ActionEvent",
    "AppearanceEvent",
    "BarEvent",
    "BusyError",
    "Dispatch",
    "DoneEvent",
    "EVENT_KINDS",
    "ExistsError",
    "FactoryFailed",
    "InternalError",
    "InvalidError",
    "InvalidHandleError",
    "LibraryNotFound",
    "NavcoreError",
    "Navigator",
    "NoMemoryError",
    "NoSuchScreenError",
    "Op",
    "Operation",
    "Outcome",
    "Payload",
    "PayloadEvent",
    "Phase",
    "ProgressEvent",
    "Reason",
    "ReleaseEvent",
    "RouteRequest",
    "Screen",
    "StateError",
    "Status",
    "Style",
    "Transition",
    "WakeupEvent",
    "__version__",
    "library_path",
    "library_version",
]
