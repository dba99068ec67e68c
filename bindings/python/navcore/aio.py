"""Driving a navigator from an asyncio event loop.

A navigator in host dispatch mode only enqueues ops and raises ``wakeup``; ``attach`` answers
each wakeup with ``loop.call_soon_threadsafe(drain)``, so the queue runs, and every callback
arrives, on the loop's thread, whichever thread posted the op::

    async def main():
        nav = navcore.aio.navigator()          # host dispatch, attached to the running loop
        nav.register_route("detail", make_detail)
        threading.Thread(target=lambda: nav.post("detail", payload={"id": 7})).start()
        ...

Each drain is a bounded one (SPEC §9) of ``DRAIN_BUDGET`` seconds: when threads post faster
than ops run, it stops after that long (plus the op in hand) and the loop's other callbacks run
before the next drain, which the wakeup that the stopped drain raised again has scheduled. So a
flooded loop keeps serving its other work (Textual keeps painting and reading keys) instead of
freezing. ``budget=None`` drains until the queue is empty.

An exception raised by a callback during such a drain is re-raised from ``drain()`` and so
reaches the loop's exception handler (``loop.set_exception_handler``), unless ``on_error`` is
given.

``schedule`` replaces ``loop.call_soon_threadsafe`` for a toolkit with its own thread-safe way
to run a call on its loop (Textual: ``schedule=app.call_later``, which runs it inside the app's
message pump, where Textual's context is set; ``navcore.textual`` does this).
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Optional

from ._enums import Dispatch
from ._navigator import Navigator

__all__ = ["DRAIN_BUDGET", "ErrorHandler", "Scheduler", "attach", "navigator"]

#: Hears an exception a callback raised during a drain (``attach``'s ``on_error``).
ErrorHandler = Callable[[BaseException], Any]
#: How long one drain may go on starting ops, in seconds: a few milliseconds, a fraction of a
#: 60 Hz frame.
DRAIN_BUDGET = 0.004
#: Runs a call soon on the UI loop; called from any thread (``loop.call_soon_threadsafe``'s shape).
Scheduler = Callable[[Callable[[], None]], Any]


def attach(
    navigator: Navigator,
    loop: Optional[asyncio.AbstractEventLoop] = None,
    on_error: Optional[ErrorHandler] = None,
    schedule: Optional[Scheduler] = None,
    budget: Optional[float] = DRAIN_BUDGET,
) -> Callable[[], None]:
    """Drains the host dispatch ``navigator`` on an asyncio loop after every wakeup.

    Args:
        navigator: a navigator in host dispatch mode.
        loop: the loop to drain on; None: the running loop. Unused when ``schedule`` is given.
        on_error: hears an exception a callback raised during a drain; None: ``drain()`` raises it,
            and it reaches the loop's exception handler.
        schedule: runs the drain on the UI loop, from any thread (``loop.call_soon_threadsafe``'s
            shape), for a toolkit with its own way; None: ``loop.call_soon_threadsafe``.
        budget: each drain's budget in seconds (a bounded drain, SPEC §9); None: until the queue is
            empty.

    Returns:
        A function that detaches it (removes the wakeup listener).

    Raises:
        ValueError: the navigator is not in host dispatch mode.
        RuntimeError: no ``loop`` nor ``schedule`` is given and no loop is running.
    """
    if navigator.dispatch is not Dispatch.HOST:
        raise ValueError("attach() needs a navigator in host dispatch mode: Navigator('host')")
    run_soon: Scheduler = schedule or (loop or asyncio.get_running_loop()).call_soon_threadsafe

    def drain() -> None:
        if navigator.closed:
            return
        try:
            # A drain that stops on its budget with ops left (Status.QUEUED) has raised the
            # wakeup again, whose listener schedules the next drain behind the loop's other work.
            navigator.drain(max_seconds=budget)
        except BaseException as error:
            if on_error is None:
                raise
            on_error(error)

    def wakeup(_event: Any) -> None:
        try:
            run_soon(drain)
        except RuntimeError:  # the loop is closed: nobody will drain any more
            pass

    navigator.on("wakeup", wakeup)
    # Ops asked before the listener existed raised their wakeup already: drain them too.
    run_soon(drain)
    return lambda: navigator.off("wakeup", wakeup)


def navigator(
    loop: Optional[asyncio.AbstractEventLoop] = None, on_error: Optional[ErrorHandler] = None
) -> Navigator:
    """A new navigator in host dispatch mode, drained on ``loop``.

    Args:
        loop: the loop to drain on; None: the running loop.
        on_error: hears an exception a callback raised during a drain (see ``attach``).

    Returns:
        The navigator, attached.

    Raises:
        RuntimeError: no ``loop`` is given and no loop is running (the navigator is closed again).
    """
    nav = Navigator(Dispatch.HOST)
    try:
        attach(nav, loop, on_error)
    except BaseException:
        nav.close()
        raise
    return nav
