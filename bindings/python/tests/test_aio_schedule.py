"""navcore.aio.attach(schedule=…): a toolkit's own thread-safe scheduler drains the navigator
(navcore.textual passes Textual's app.call_later); every drain it schedules runs the queue on
the thread that runs the scheduled calls."""

from __future__ import annotations

import queue
import threading
from typing import Callable, List

import navcore
from navcore import aio


def test_a_scheduler_gets_each_drain_and_the_ops_run_where_it_runs_them() -> None:
    scheduled: "queue.SimpleQueue[Callable[[], None]]" = queue.SimpleQueue()
    nav = navcore.Navigator("host")
    try:
        nav.push(object())  # asked before the attach: drained by the first scheduled call
        detach = aio.attach(nav, schedule=scheduled.put)
        # the attach's own drain, and (SPEC §9) the wakeup registered while an op waits
        assert scheduled.qsize() == 2 and len(nav.stack) == 0
        scheduled.get()()
        scheduled.get()()  # nothing left: a drain with nothing queued does nothing
        assert len(nav.stack) == 1

        ran_on: List[int] = []
        nav.on("action", lambda event: ran_on.append(threading.get_ident()))
        worker = threading.Thread(target=lambda: nav.push(object(), animated=False))
        worker.start()
        worker.join()
        assert len(nav.stack) == 1, "a worker's op waits for the scheduled drain"
        scheduled.get(timeout=5)()
        assert len(nav.stack) == 2 and set(ran_on) == {threading.get_ident()}

        detach()
        nav.push(object())
        assert scheduled.empty(), "detached: no more drains scheduled"
    finally:
        nav.close()
