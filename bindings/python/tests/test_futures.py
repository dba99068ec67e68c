"""Operation and ScreenResult as concurrent.futures.Future-like values, and ``nav.idle()``."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from typing import Any, List

import pytest

import navcore
from navcore import Outcome


def test_an_operations_result_is_its_outcome_for_every_outcome(nav: navcore.Navigator) -> None:
    done = nav.push(object(), animated=False)
    noop = nav.pop(animated=False)
    assert done.done() and done.result() is Outcome.COMPLETED and done.exception() is None
    assert noop.result(timeout=0) is Outcome.NOOP and noop.exception(timeout=0) is None
    assert not done.cancelled() and not done.running()


def test_a_cancelled_gesture_is_a_result_not_a_cancelled_future(nav: navcore.Navigator) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(object(), animated=False)
    nav.push(object(), animated=False)
    gesture = nav.gesture()
    assert gesture.running() and not gesture.done()
    transitions[-1].cancel()
    assert gesture.result() is Outcome.CANCELLED and not gesture.cancelled()


def test_cancel_is_refused_and_changes_nothing(nav: navcore.Navigator) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(object(), animated=False)
    op = nav.push(object())
    assert op.cancel() is False and not op.cancelled() and not op.done()
    transitions[-1].finish()
    assert op.result() is Outcome.COMPLETED and len(nav.stack) == 2


def test_result_and_exception_time_out_while_it_runs(nav: navcore.Navigator) -> None:
    nav.animator = lambda transition: None  # never finished
    nav.push(object(), animated=False)
    op = nav.push(object())
    with pytest.raises(concurrent.futures.TimeoutError):
        op.result(timeout=0.01)
    with pytest.raises(concurrent.futures.TimeoutError):
        op.exception(timeout=0.01)
    nav.close()
    assert op.result() is Outcome.ABORTED


def test_result_blocks_another_thread_until_the_op_ends() -> None:
    with navcore.Navigator("host") as nav:
        op = nav.push(object())
        seen: List[Any] = []
        waiter = threading.Thread(target=lambda: seen.append(op.result(timeout=10)))
        waiter.start()
        nav.drain()
        waiter.join(10)
        assert seen == [Outcome.COMPLETED]


def test_add_done_callback_refuses_a_non_callable_at_once(nav: navcore.Navigator) -> None:
    op = nav.push(object())
    with pytest.raises(TypeError):
        op.add_done_callback(5)  # type: ignore[arg-type]


def test_a_result_that_is_not_json_is_the_futures_exception(nav: navcore.Navigator) -> None:
    nav.push(object(), animated=False)
    pending = nav.push_for_result(object(), animated=False)
    nav.pop(animated=False, result_text="not json")
    assert isinstance(pending.exception(), ValueError) and pending.text == "not json"
    with pytest.raises(ValueError):
        pending.result()


def test_a_json_result_is_the_futures_result(nav: navcore.Navigator) -> None:
    nav.push(object(), animated=False)
    pending = nav.push_for_result(object(), animated=False)
    with pytest.raises(concurrent.futures.TimeoutError):
        pending.result(timeout=0)
    nav.pop(animated=False, result={"ok": True})
    assert pending.result(timeout=0) == {"ok": True} and pending.exception() is None


def test_idle_ends_after_every_op_asked_before_it() -> None:
    async def main() -> List[Any]:
        nav = navcore.aio.navigator()
        try:
            first = nav.push(object(), animated=False)
            worker = threading.Thread(target=lambda: nav.push(object(), animated=False))
            worker.start()
            worker.join()
            assert nav.pending == 2  # host dispatch: nothing ran yet
            outcome = await nav.idle()
            return [first.outcome, outcome, len(nav.stack), nav.pending]
        finally:
            nav.close()

    assert asyncio.run(main()) == [Outcome.COMPLETED, Outcome.COMPLETED, 2, 0]


def test_idle_waits_for_a_transition_in_flight(nav: navcore.Navigator) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(object(), animated=False)
    push = nav.push(object())
    idle = nav.idle()
    assert not idle.done() and idle.status is navcore.Status.QUEUED
    transitions[-1].finish()
    assert push.done() and idle.result(timeout=0) is Outcome.COMPLETED


def test_idle_of_a_closed_navigator_ends_aborted(nav: navcore.Navigator) -> None:
    nav.animator = lambda transition: None
    nav.push(object(), animated=False)
    nav.push(object())
    idle = nav.idle()
    nav.close()
    assert idle.result() is Outcome.ABORTED
