"""Operation: what every op method returns."""

from __future__ import annotations

import operator
import threading
from typing import TYPE_CHECKING, Any, Callable, Generator, List, Optional, Sequence

from ._enums import Op, Outcome, Status

if TYPE_CHECKING:  # asyncio is imported where an await needs it: it costs `import navcore` ~25 ms
    import asyncio


#: Guards every Operation's outcome, callbacks and waiting event: the op ends on the thread
#: driving its navigator while other threads may add callbacks or wait. One lock for all ops
#: (each holds it for a few attribute reads and writes) instead of a lock allocated per op.
_lock = threading.Lock()


class Operation:
    """An op that navcore accepted: ``status`` says whether it started at once (``Status.OK``)
    or waits in the queue (``Status.QUEUED``); ``outcome`` is None until it ends, then how it
    ended. Every accepted op ends exactly once (``Outcome.ABORTED`` at worst, when the navigator
    is closed first).

    ``add_done_callback(fn)`` calls ``fn(op)`` when it ends, on the thread driving the navigator
    (at once if it has ended). ``await op`` (in asyncio) returns the outcome; ``op.wait()``
    blocks another thread until then.
    """

    __slots__ = ("op", "status", "_outcome", "_callbacks", "_event", "_block")

    def __init__(self, op: Op, block: Optional[Callable[[], Any]] = None) -> None:
        self.op = op
        self.status = Status.OK
        self._outcome: Optional[Outcome] = None
        self._callbacks: Optional[List[Callable[["Operation"], Any]]] = None  # made by the first
        self._event: Optional[threading.Event] = None
        self._block = block

    # Read-only, and its getter is C code, not a Python function: hosts read it after every op.
    outcome = property(operator.attrgetter("_outcome"), doc="How the op ended, or None while it runs or waits.")

    def done(self) -> bool:
        """Whether the op has ended."""
        return self._outcome is not None

    def add_done_callback(self, fn: Callable[["Operation"], Any]) -> None:
        """Calls ``fn(self)`` when the op ends (at once, on this thread, if it has ended)."""
        with _lock:
            if self._outcome is None:
                if self._callbacks is None:
                    self._callbacks = []
                self._callbacks.append(fn)
                return
        fn(self)

    def wait(self, timeout: Optional[float] = None) -> Optional[Outcome]:
        """Blocks until the op ends (or ``timeout`` seconds pass) and returns its outcome.

        Only from a thread that does not drive the navigator: the thread that must finish the
        transition or drain the queue would wait for itself."""
        with _lock:
            if self._outcome is None and self._event is None:
                self._event = threading.Event()
            event = self._event
        if event is not None:
            event.wait(timeout)
        return self._outcome

    def __await__(self) -> Generator[Any, None, Outcome]:
        if self._outcome is None:
            import asyncio

            loop = asyncio.get_running_loop()
            future: "asyncio.Future[Outcome]" = loop.create_future()
            self.add_done_callback(lambda op: _resolve(loop, future, op))
            return (yield from future.__await__())
        return self._outcome

    def _complete(self, outcome: Outcome) -> Sequence[Callable[["Operation"], Any]]:
        """Records the outcome; returns the callbacks to call (by the caller, one by one)."""
        with _lock:
            self._outcome = outcome
            callbacks, self._callbacks = self._callbacks, None
            event = self._event
        self._block = None
        if event is not None:
            event.set()
        return callbacks or ()

    def __repr__(self) -> str:
        outcome = f" -> {self._outcome}" if self._outcome is not None else ""
        return f"<Operation {self.op} {self.status}{outcome}>"


def _resolve(loop: asyncio.AbstractEventLoop, future: "asyncio.Future[Outcome]", op: Operation) -> None:
    """Sets the future's result on its loop's thread."""
    import asyncio

    def set_result() -> None:
        if not future.done():
            future.set_result(op.outcome)  # type: ignore[arg-type]

    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    if running is loop:
        set_result()
    else:
        try:
            loop.call_soon_threadsafe(set_result)
        except RuntimeError:  # the loop is closed: nobody awaits any more
            pass
