"""The bounded drain of SPEC §9 through the binding: ``drain(max_ops=…, max_seconds=…)``."""

from __future__ import annotations

import math
import time
from typing import Any, List

import pytest

import navcore
from navcore import Status


def flood(count: int, cost: float = 0.0) -> "tuple[navcore.Navigator, List[int], List[Any]]":
    """A host-dispatch navigator with ``count`` run ops queued (each taking ``cost`` seconds,
    recording its index), and the wakeups it raised."""
    nav = navcore.Navigator("host")
    ran: List[int] = []
    wakeups: List[Any] = []
    nav.on("wakeup", wakeups.append)

    def op(index: int) -> None:
        end = time.monotonic() + cost
        while time.monotonic() < end:
            pass
        ran.append(index)

    for index in range(count):
        nav.run(lambda index=index: op(index))
    return nav, ran, wakeups


def test_a_count_starts_that_many_ops_and_returns_queued_with_a_new_wakeup() -> None:
    nav, ran, wakeups = flood(5)
    with nav:
        assert len(wakeups) == 1
        assert nav.drain(max_ops=2) is Status.QUEUED
        assert ran == [0, 1] and nav.pending == 3 and len(wakeups) == 2
        assert nav.drain(max_ops=3) is Status.OK
        assert ran == [0, 1, 2, 3, 4] and len(wakeups) == 2


def test_a_time_of_zero_starts_exactly_one_op() -> None:
    nav, ran, _ = flood(3)
    with nav:
        assert [nav.drain(max_seconds=0) for _ in range(3)] == [Status.QUEUED, Status.QUEUED, Status.OK]
        assert ran == [0, 1, 2]


def test_a_time_stops_the_drain_once_it_has_passed() -> None:
    nav, ran, _ = flood(3, cost=0.02)
    with nav:
        assert nav.drain(max_seconds=0.005) is Status.QUEUED
        assert ran == [0]
        assert nav.drain(max_seconds=math.inf) is Status.OK
        assert ran == [0, 1, 2]


def test_both_limits_and_no_limit() -> None:
    nav, ran, _ = flood(6)
    with nav:
        assert nav.drain(max_ops=4, max_seconds=600) is Status.QUEUED
        assert ran == [0, 1, 2, 3]
        assert nav.drain() is Status.OK
        assert ran == list(range(6))


@pytest.mark.parametrize(
    "arguments",
    [{"max_ops": 0}, {"max_ops": -1}, {"max_ops": 1 << 64}, {"max_seconds": -0.001}, {"max_seconds": math.nan},
     {"max_seconds": -math.inf}, {"max_ops": 0, "max_seconds": 1}, {"max_ops": 1, "max_seconds": math.nan}],
)
def test_an_invalid_budget_runs_nothing(arguments: Any) -> None:
    nav, ran, wakeups = flood(2)
    with nav:
        with pytest.raises(navcore.InvalidError):
            nav.drain(**arguments)
        assert ran == [] and nav.pending == 2
        nav.run(lambda: None)
        assert len(wakeups) == 1  # no drain began: the first wakeup is still outstanding


@pytest.mark.parametrize("arguments", [{"max_ops": 1.5}, {"max_ops": True}, {"max_seconds": "1"}, {"max_seconds": False}])
def test_a_budget_of_the_wrong_type_is_a_type_error(arguments: Any) -> None:
    nav, ran, _ = flood(1)
    with nav:
        with pytest.raises(TypeError):
            nav.drain(**arguments)
        assert ran == []


def test_in_inline_mode_it_is_harmless(nav: navcore.Navigator) -> None:
    nav.animator = lambda transition: None
    nav.push(nav.create_screen("A"), animated=False)
    nav.push(nav.create_screen("B"))
    assert nav.run(lambda: None).status is Status.QUEUED
    assert nav.drain(max_ops=1) is Status.OK
    assert nav.drain(max_seconds=0) is Status.OK
    assert nav.pending == 1


def test_a_closed_navigator_fails_with_invalid_handle_before_a_bad_budget() -> None:
    nav, _, _ = flood(1)
    nav.close()
    for arguments in ({"max_ops": 0}, {"max_seconds": -1.0}, {"max_ops": 1}):
        with pytest.raises(navcore.InvalidHandleError):
            nav.drain(**arguments)
