"""EventStream: a navigator's events as an asyncio async iterator (``async for ev in nav.events()``)."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, List, Tuple

if TYPE_CHECKING:  # asyncio is imported when a stream is made: it costs `import navcore` ~25 ms
    import asyncio

    from ._navigator import Navigator

#: Put in the queue when the stream ends (closed, or its navigator closed).
_END = object()


class EventStream:
    """The events of some kinds, in the order the navigator delivered them, for ``async for``.

    Made by ``Navigator.events(*kinds)`` inside a running asyncio loop: it listens from that
    moment (no event between the call and the first ``__anext__`` is lost) until ``aclose()``,
    the end of an ``async with`` block, or the navigator's close, after which the iteration ends
    once the events already delivered are read. Listeners run on the thread driving the
    navigator: on the loop's own thread (host dispatch with ``navcore.aio``) an event is queued
    directly; from another thread it is handed to the loop with ``call_soon_threadsafe``. The
    queue is unbounded: a stream nobody reads keeps every event, so close what you stop reading.
    """

    def __init__(self, navigator: "Navigator", kinds: Tuple[str, ...]) -> None:
        import asyncio

        self._loop = asyncio.get_running_loop()
        self._thread = threading.get_ident()
        self._queue: "asyncio.Queue[Any]" = asyncio.Queue()
        self._navigator = navigator
        self._closed = False  # no more events will be queued (_END is, or is on its way)
        self._finished = False  # _END was read
        self._listening: List[str] = []
        try:
            for kind in dict.fromkeys(kinds):  # each once, in order
                navigator.on(kind, self._put)  # type: ignore[call-overload]  # kinds checked by events()
                self._listening.append(kind)
        except BaseException:
            self._stop_listening()
            raise
        with navigator._lock:
            navigator._streams.add(self)

    def _put(self, event: Any) -> None:
        """A listener of every kind: queues the event on the loop's thread."""
        if threading.get_ident() == self._thread:
            self._queue.put_nowait(event)
            return
        try:
            self._loop.call_soon_threadsafe(self._queue.put_nowait, event)
        except RuntimeError:  # the loop is closed: nobody reads any more
            pass

    def _end(self) -> None:
        """The navigator closed (any thread): the iteration ends after the queued events."""
        if not self._closed:
            self._closed = True
            self._put(_END)

    def _stop_listening(self) -> None:
        navigator, kinds, self._listening = self._navigator, self._listening, []
        for kind in kinds:
            navigator.off(kind, self._put)

    def __aiter__(self) -> "EventStream":
        return self

    async def __anext__(self) -> Any:
        if self._finished:
            raise StopAsyncIteration
        event = await self._queue.get()
        if event is _END:
            self._finished = True
            raise StopAsyncIteration
        return event

    async def aclose(self) -> None:
        """Stops listening; the iteration then ends after the events already queued."""
        self.close()

    def close(self) -> None:
        """``aclose()``, callable without awaiting (from a finally, or another thread)."""
        if not self._closed:
            self._stop_listening()
            with self._navigator._lock:
                self._navigator._streams.discard(self)
            self._end()

    async def __aenter__(self) -> "EventStream":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        self.close()
