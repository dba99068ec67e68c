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

from ._ffi import LibraryNotFound, load as _load
from ._version import __version__

# The C library, found and its version checked now: an ImportError (LibraryNotFound) that names
# every place it looked is better at import than at the first navigator.
_load()

# The rest of the API is imported on first use (PEP 562), so that `import navcore` costs the
# library's loading and little more (a budget of 30 ms). The first use of a name imports
# its module (the first Navigator imports them all); docs/performance.md (W8) has the numbers.
_MODULE_OF = {
    name: module
    for module, names in {
        "_enums": ("LATER", "Action", "Dispatch", "Op", "Outcome", "Phase", "Reason", "Recycle", "Retap", "Status",
                   "Style", "Veto"),
        "_errors": ("BusyError", "ExistsError", "FactoryFailed", "InternalError", "InvalidError",
                    "InvalidHandleError", "NavcoreError", "NoMemoryError", "NoSuchScreenError", "StateError"),
        "_events": ("ActionEvent", "AppearanceEvent", "BarEvent", "Decision", "DetachEvent", "DoneEvent", "Payload",
                    "PayloadEvent",
                    "ProgressEvent", "ReleaseEvent", "ResultEvent", "RouteRequest", "Screen", "Transition",
                    "WakeupEvent"),
        "_navigator": ("EVENT_KINDS", "Navigator"),
        "_operation": ("Operation", "ScreenResult"),
        "_requests": ("Request",),
        "_stream": ("EventStream",),
        "aio": (),  # the asyncio adapter, a module: asyncio alone costs ~25 ms
        "mirror": (),  # the stack mirror for retained toolkits, a module
        "textual": (),  # the Textual integration, a module: the optional extra navcore[textual]
    }.items()
    for name in names or (module,)
}


def __getattr__(name: str) -> object:
    """A public name's value, importing its module on first use."""
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    imported = importlib.import_module(f".{module}", __name__)
    value = imported if name == module else getattr(imported, name)
    globals()[name] = value
    return value


def __dir__() -> "list[str]":
    return sorted(set(globals()) | set(_MODULE_OF))


# Type checkers see each name where it is defined: they take TYPE_CHECKING as true, Python as
# false (importing it from typing would cost `import navcore` ~5 ms).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from . import aio, mirror, textual
    from ._enums import LATER, Action, Dispatch, Op, Outcome, Phase, Reason, Recycle, Retap, Status, Style, Veto
    from ._errors import BusyError, ExistsError, FactoryFailed, InternalError, InvalidError, InvalidHandleError
    from ._errors import NavcoreError, NoMemoryError, NoSuchScreenError, StateError
    from ._events import ActionEvent, AppearanceEvent, BarEvent, Decision, DetachEvent, DoneEvent, Payload
    from ._events import PayloadEvent
    from ._events import ProgressEvent, ReleaseEvent, ResultEvent, RouteRequest, Screen, Transition, WakeupEvent
    from ._navigator import EVENT_KINDS, Navigator
    from ._operation import Operation, ScreenResult
    from ._requests import Request
    from ._stream import EventStream


def library_version() -> str:
    """The loaded C library's version.

    Returns:
        "MAJOR.MINOR.PATCH", as navcore_version() says it.
    """
    return str(_load().navcore_version().decode())


def library_path() -> str:
    """Where the C library was loaded from.

    Returns:
        Its path.
    """
    from ._ffi import library_path as _path

    return _path()


__all__ = [
    "LATER",
    "Action",
    "ActionEvent",
    "AppearanceEvent",
    "BarEvent",
    "BusyError",
    "Decision",
    "DetachEvent",
    "Dispatch",
    "DoneEvent",
    "EVENT_KINDS",
    "EventStream",
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
    "Recycle",
    "ReleaseEvent",
    "Request",
    "Retap",
    "ResultEvent",
    "RouteRequest",
    "Screen",
    "ScreenResult",
    "StateError",
    "Status",
    "Style",
    "Transition",
    "Veto",
    "WakeupEvent",
    "__version__",
    "library_path",
    "library_version",
]
