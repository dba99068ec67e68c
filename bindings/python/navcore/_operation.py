"""Operation, what every op method returns, and ScreenResult, what push_for_result returns."""

from __future__ import annotations

import json
import operator
import threading
from typing import TYPE_CHECKING, Any, Callable, Generator, Generic, List, Optional, Sequence, TypeVar, cast

from ._enums import Op, Outcome, Status

if TYPE_CHECKING:  # asyncio is imported where an await needs it: it costs `import navcore` ~25 ms
    import asyncio


#: Guards every Ending's end, callbacks and waiting event: it ends on the thread driving its
#: navigator while other threads may add callbacks or wait. One lock for all (each holds it for a
#: few attribute reads and writes) instead of a lock allocated per op.
_lock = threading.Lock()

#: Status.OK, read once: an Enum member costs a lookup (a property's) at each use.
_STARTED = Status.OK

E = TypeVar("E", bound="Ending[Any]")
#: The value an Ending gives: an Outcome, a screen's decoded result.
V = TypeVar("V")


class Ending(Generic[V]):
    """What Operation and ScreenResult share: something that ends once, on the thread driving
    its navigator, with a value (``_answer()``), and the ways to hear of it:
    ``add_done_callback(fn)``, ``result()``/``exception()``/``wait()`` from another thread, and
    ``await``. It follows ``concurrent.futures.Future``'s protocol (``done``, ``result``,
    ``exception``, ``add_done_callback``, ``cancel``, ``cancelled``, ``running``) without being one:
    ``concurrent.futures.wait()`` and ``asyncio.wrap_future()`` need a real Future (``await`` it
    instead)."""

    __slots__ = ("_value", "_ended", "_callbacks", "_event")

    def __init__(self) -> None:
        self._value: Any = None
        self._ended = False
        self._callbacks: Optional[List[Callable[[Any], Any]]] = None  # made by the first
        self._event: Optional[threading.Event] = None

    def _answer(self) -> V:
        """The value ``wait()`` and ``await`` give once it has ended."""
        raise NotImplementedError

    def done(self) -> bool:
        """Whether it has ended.

        Returns:
            True once it has ended.
        """
        return self._ended

    def add_done_callback(self: E, fn: Callable[[E], Any]) -> None:
        """Calls ``fn(self)`` when it ends: on the thread driving its navigator, or at once, on this
        thread, if it has ended.

        Args:
            fn: the callback, called once with this Operation or ScreenResult.

        Raises:
            TypeError: ``fn`` is not callable (at once).
        """
        if not callable(fn):
            raise TypeError(f"add_done_callback() needs a callable, not {type(fn).__name__}")
        with _lock:
            if not self._ended:
                if self._callbacks is None:
                    self._callbacks = []
                self._callbacks.append(fn)
                return
        fn(self)

    def _ended_within(self, timeout: Optional[float]) -> bool:
        """Blocks until it ends or ``timeout`` seconds pass; whether it ended."""
        with _lock:
            if not self._ended and self._event is None:
                self._event = threading.Event()
            event = self._event
        if event is not None:
            event.wait(timeout)
        return self._ended

    def wait(self, timeout: Optional[float] = None) -> Optional[V]:
        """Blocks until it ends, or ``timeout`` seconds pass, and returns its value.

        Only from a thread that does not drive the navigator: the thread that must finish the
        transition or drain the queue would wait for itself.

        Args:
            timeout: at most this many seconds; None: no limit.

        Returns:
            Its value (an Operation's Outcome, a ScreenResult's decoded result); None if ``timeout``
            passed first.
        """
        return self._answer() if self._ended_within(timeout) else None

    # -- concurrent.futures.Future's protocol ------------------------------------------------------

    def result(self, timeout: Optional[float] = None) -> V:
        """Its value, blocking until it ends (``concurrent.futures.Future.result``). The same thread
        rule as ``wait()``.

        Args:
            timeout: at most this many seconds; None: no limit.

        Returns:
            Its value: an Operation's Outcome, a ScreenResult's decoded result.

        Raises:
            concurrent.futures.TimeoutError: ``timeout`` seconds passed first.
            ValueError: a ScreenResult's result is not JSON (the exception ``exception()`` returns).
        """
        if not self._ended_within(timeout):
            raise _futures().TimeoutError(f"{self!r} did not end within {timeout} s")
        return self._answer()

    def exception(self, timeout: Optional[float] = None) -> Optional[BaseException]:
        """The exception ``result()`` would raise once it has ended
        (``concurrent.futures.Future.exception``).

        Args:
            timeout: at most this many seconds; None: no limit.

        Returns:
            The exception, None if none.

        Raises:
            concurrent.futures.TimeoutError: ``timeout`` seconds passed first.
        """
        if not self._ended_within(timeout):
            raise _futures().TimeoutError(f"{self!r} did not end within {timeout} s")
        try:
            self._answer()
        except Exception as error:  # noqa: BLE001 - the value's own error, handed back
            return error
        return None

    def cancel(self) -> bool:
        """Does nothing: navcore cannot withdraw an op or a result once asked (``Future.cancel``).

        Returns:
            False.
        """
        return False

    def cancelled(self) -> bool:
        """Whether it was cancelled as a future: never (see ``cancel()``). An op whose outcome is
        ``Outcome.CANCELLED`` (a cancelled gesture) has a result.

        Returns:
            False, always.
        """
        return False

    def running(self) -> bool:
        """Whether it has not ended yet (``Future.running``: navcore's queue, not the caller,
        decides when it starts).

        Returns:
            True until it ends.
        """
        return not self._ended

    def __await__(self) -> Generator[Any, None, V]:
        if not self._ended:
            import asyncio

            loop = asyncio.get_running_loop()
            future: "asyncio.Future[V]" = loop.create_future()
            self.add_done_callback(lambda ending: _resolve(loop, future, ending))
            return (yield from future.__await__())
        return self._answer()

    def _complete(self, value: Any) -> Sequence[Callable[[Any], Any]]:
        """Records its value and marks it ended; returns the callbacks to call (by the caller,
        one by one)."""
        with _lock:
            self._value = value
            self._ended = True
            callbacks, self._callbacks = self._callbacks, None
            event = self._event
        if event is not None:
            event.set()
        return callbacks or ()


class Operation(Ending[Outcome]):
    """An op that navcore accepted: every op method of Navigator returns one.

    Every accepted op ends exactly once (``Outcome.ABORTED`` at worst, when the navigator is closed
    first). ``add_done_callback(fn)`` calls ``fn(op)`` when it ends, on the thread driving the
    navigator (at once if it has ended). ``await op`` (in asyncio) returns the outcome;
    ``op.result(timeout)`` (or ``op.wait()``) blocks another thread until then.

    As a future, every outcome is a result, never an exception: an accepted op always ends, and
    ``noop``, ``vetoed``, ``cancelled`` or ``aborted`` are how it ended, not errors of the call
    (errors of the call raise at once, from the op method). So ``result()`` returns the Outcome,
    ``exception()`` returns None, and ``cancelled()`` is False even for ``Outcome.CANCELLED``.

    Attributes:
        op (Op): the kind of op.
        status (Status): whether it started at once (``Status.OK``) or waits in the queue
            (``Status.QUEUED``).
        outcome (Optional[Outcome]): None until it ends, then how it ended.
    """

    __slots__ = ("op", "status", "_block")

    def __init__(self, op: Op, block: Optional[Callable[[], Any]] = None) -> None:
        # Ending.__init__, inlined: ops are the hot path (tests/test_hot_path.py counts calls).
        self._value: Optional[Outcome] = None
        self._ended = False
        self._callbacks = None
        self._event = None
        self.op = op
        self.status = _STARTED
        self._block = block  # let go of by the op's completion (_navigator._op_done)

    # Read-only, and its getter is C code, not a Python function: hosts read it after every op.
    outcome = property(operator.attrgetter("_value"), doc="How the op ended, or None while it runs or waits.")

    def _answer(self) -> Outcome:
        return cast(Outcome, self._value)  # set once it ended

    def __repr__(self) -> str:
        outcome = f" -> {self._value}" if self._value is not None else ""
        return f"<Operation {self.op} {self.status}{outcome}>"


class ScreenResult(Ending[Any]):
    """What ``Navigator.push_for_result`` returns: the push, and the future of the pushed screen's
    result, which arrives once, right before the screen's release (when it is popped, removed,
    discarded, or the navigator is closed: SPEC §12).

    ``await pending`` (in asyncio), ``pending.result(timeout)`` and ``pending.wait()`` (from another
    thread) give the result decoded from JSON (None when the screen has none); a result that is not
    JSON is the future's exception (a ValueError: ``await`` and ``result()`` raise it,
    ``exception()`` returns it, ``text`` still has it). ``add_done_callback(fn)`` calls
    ``fn(pending)`` on the thread driving the navigator when it arrives.

    Attributes:
        screen (Screen): the pushed screen.
        operation (Optional[Operation]): the push.
        text (Optional[str]): the result as set; None before it arrives, or for none.
    """

    __slots__ = ("screen", "operation")

    def __init__(self, screen: Any) -> None:
        Ending.__init__(self)
        self.screen = screen
        self.operation: Optional[Operation] = None

    text = property(operator.attrgetter("_value"), doc="The result's text (None: none, or not yet arrived).")

    def _answer(self) -> Any:
        return None if self._value is None else json.loads(self._value)

    def value(self) -> Any:
        """The result decoded from JSON; call it once ``done()``.

        Returns:
            The decoded result, None for none (or while it has not arrived).

        Raises:
            ValueError: the result is not JSON.
        """
        return self._answer()

    def __repr__(self) -> str:
        state = f" -> {self._value!r}" if self._ended else ""
        return f"<ScreenResult {self.screen!r}{state}>"


def _futures() -> Any:
    """concurrent.futures, imported when a timeout needs its TimeoutError (it costs ``import
    navcore`` ~10 ms)."""
    import concurrent.futures

    return concurrent.futures


def _resolve(loop: asyncio.AbstractEventLoop, future: "asyncio.Future[V]", ending: Ending[V]) -> None:
    """Sets the future's result (or the exception its value raises) on its loop's thread."""
    import asyncio

    def set_result() -> None:
        if not future.done():
            try:
                future.set_result(ending._answer())
            except Exception as error:  # a result that is not JSON
                future.set_exception(error)

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
