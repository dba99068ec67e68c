"""``async for event in nav.events()``: the events in order, from another thread too, and the end."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, List

import pytest

import navcore
from navcore import Action, Outcome


def test_events_arrive_in_order_and_stop_after_aclose() -> None:
    async def main() -> List[Any]:
        with navcore.Navigator() as nav:
            events = nav.events("action", "done")
            nav.push(object(), animated=False)
            seen: List[Any] = []
            async for event in events:
                seen.append(event)
                if getattr(event, "state", None) is Action.IDLE:
                    await events.aclose()
            assert not nav._listeners["action"] and not nav._listeners["done"]
            nav.push(object(), animated=False)  # no longer heard
            return seen

    seen = asyncio.run(main())
    done = navcore.DoneEvent(navcore.Op.PUSH, Outcome.COMPLETED)
    assert [getattr(e, "state", e) for e in seen] == [
        Action.WILL_PUSH, Action.DID_PUSH, Action.PUSH_COMPLETED, done, Action.IDLE
    ]


def test_events_from_a_worker_thread_reach_the_loop() -> None:
    async def main() -> List[str]:
        with navcore.Navigator() as nav:  # inline: the worker drives it, the loop reads
            loop_thread = threading.get_ident()
            async with nav.events("done") as events:
                worker = threading.Thread(target=lambda: nav.push(object(), animated=False))
                worker.start()
                event = await asyncio.wait_for(events.__anext__(), 10)
                worker.join()
                assert threading.get_ident() == loop_thread
                return [str(event.op), str(event.outcome)]

    assert asyncio.run(main()) == ["push", "completed"]


def test_closing_the_navigator_ends_the_iteration_after_the_queued_events() -> None:
    async def main() -> List[str]:
        nav = navcore.Navigator()
        events = nav.events("release")
        nav.push(object(), animated=False)
        nav.close()  # releases the screen, then ends the stream
        return [type(event).__name__ async for event in events]

    assert asyncio.run(main()) == ["ReleaseEvent"]


def test_default_kinds_are_every_kind_but_wakeup_and_unknown_kinds_fail_at_once() -> None:
    async def main() -> None:
        with navcore.Navigator() as nav:
            async with nav.events() as _events:
                assert all(nav._listeners[k] for k in navcore.EVENT_KINDS if k != "wakeup")
                assert not nav._listeners["wakeup"]
            with pytest.raises(ValueError):
                nav.events("action", "nonsense")
            assert not nav._listeners["action"]  # nothing added for the failed call

    asyncio.run(main())


def test_events_needs_a_running_loop(nav: navcore.Navigator) -> None:
    with pytest.raises(RuntimeError):
        nav.events("action")
    assert not nav._listeners["action"]
