"""Threads and asyncio: calls from any thread; host dispatch drained on an asyncio loop."""

from __future__ import annotations

import asyncio
import threading
from typing import List, Set

import pytest

import navcore
from navcore import Outcome
from navcore import aio

from .conftest import Flood

#: What a loaded machine's scheduler may add to the longest turn of a loop (seconds).
SLACK = 0.1


def test_ops_from_many_threads_inline(nav: navcore.Navigator) -> None:
    outcomes: List[Outcome] = []
    pops: List[navcore.Operation] = []
    lock = threading.Lock()

    def worker(n: int) -> None:
        for i in range(50):
            op = nav.push(nav.create_screen(f"w{n}"), animated=False)
            op.add_done_callback(lambda o: (lock.acquire(), outcomes.append(o.outcome), lock.release()))
            if i % 3 == 0:
                pops.append(nav.pop(animated=False))  # noop if it finds one screen
            _ = nav.stack, nav.top, nav.pending

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outcomes) == 200 and set(outcomes) == {Outcome.COMPLETED}
    assert not nav.busy and nav.pending == 0
    popped = sum(1 for op in pops if op.outcome is Outcome.COMPLETED)
    assert len(pops) == 4 * 17 and all(op.done() for op in pops)
    assert len(nav.stack) == 200 - popped


def test_wait_from_another_thread(nav: navcore.Navigator) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(nav.create_screen("A"))
    op = nav.push(nav.create_screen("B"))
    result: List[object] = []
    waiter = threading.Thread(target=lambda: result.append(op.wait(timeout=5)))
    waiter.start()
    transitions[-1].finish()
    waiter.join()
    assert result == [Outcome.COMPLETED]


def test_asyncio_posts_from_workers_arrive_on_the_loop_thread() -> None:
    callback_threads: Set[int] = set()

    async def main() -> None:
        loop_thread = threading.get_ident()
        nav = aio.navigator()
        try:
            nav.on("did_show", lambda e: callback_threads.add(threading.get_ident()))
            nav.register_route("item", lambda request: callback_threads.add(threading.get_ident()))
            ops: List[navcore.Operation] = []

            def post(n: int) -> None:
                ops.append(nav.post("item", recycle=False, remove_current=False, payload={"n": n}))

            workers = [threading.Thread(target=post, args=(n,)) for n in range(10)]
            for worker in workers:
                worker.start()
            for worker in workers:
                worker.join()
            outcomes = await asyncio.wait_for(asyncio.gather(*ops), timeout=5)
            assert outcomes == [Outcome.COMPLETED] * 10
            assert len(nav.stack) == 10
            assert callback_threads == {loop_thread}
            # An awaited op: asked on the loop, drained on the loop.
            assert await nav.pop() is Outcome.COMPLETED
            assert await nav.pop() is Outcome.COMPLETED  # awaiting a done op returns at once
        finally:
            nav.close()

    asyncio.run(main())


def test_asyncio_drain_errors_reach_the_loop_handler() -> None:
    errors: List[BaseException] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda loop, context: errors.append(context["exception"]))
        with navcore.Navigator("host") as nav:
            aio.attach(nav)
            op = nav.run(lambda: 1 / 0)
            assert await asyncio.wait_for(op, timeout=5) is Outcome.COMPLETED
            await asyncio.sleep(0)

    asyncio.run(main())
    assert [type(e) for e in errors] == [ZeroDivisionError]


def test_asyncio_on_error_and_detach() -> None:
    errors: List[BaseException] = []

    async def main() -> None:
        with navcore.Navigator("host") as nav:
            detach = aio.attach(nav, on_error=errors.append)
            await nav.run(lambda: 1 / 0)
            detach()
            op = nav.run(lambda: None)
            await asyncio.sleep(0.01)
            assert not op.done()  # detached: nobody drains
            nav.drain()
            assert op.done()

    asyncio.run(main())
    assert [type(e) for e in errors] == [ZeroDivisionError]


def test_attach_needs_host_dispatch(nav: navcore.Navigator) -> None:
    with pytest.raises(ValueError):
        aio.attach(nav, asyncio.new_event_loop())


def test_a_flooded_asyncio_loop_gets_control_back_between_drains() -> None:
    """Threads post faster than ops run: each drain is bounded (aio.DRAIN_BUDGET), so the loop
    is never held for longer than one op plus the budget; an unbounded drain would hold it for
    the whole flood."""
    floods: List[Flood] = []

    async def main() -> None:
        with aio.navigator() as nav:
            floods.append(Flood(nav))
            await floods[0].run()

    asyncio.run(main())
    flood = floods[0]
    assert flood.posted > 100 and flood.ran == flood.posted
    assert flood.longest_gap <= Flood.op_seconds + aio.DRAIN_BUDGET + SLACK, f"the loop was held {flood.longest_gap:.3f} s"
