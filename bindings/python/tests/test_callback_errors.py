"""A Python exception raised in a callback is re-raised from the binding call that triggered it,
and what the core did meanwhile."""

from __future__ import annotations

import sys
from typing import Any, List

import pytest

import navcore
from navcore import Outcome


class Boom(Exception):
    pass


def boom(*args: Any) -> None:
    raise Boom("from a callback")


def test_listener_error_is_raised_from_the_op_and_others_still_run(nav: navcore.Navigator) -> None:
    seen: List[str] = []
    nav.on("did_show", boom)
    nav.on("did_show", lambda e: seen.append("second listener"))
    done: List[Outcome] = []
    nav.on("done", lambda e: done.append(e.outcome))
    with pytest.raises(Boom):
        nav.push(nav.create_screen("A"))
    assert seen == ["second listener"] and done == [Outcome.COMPLETED]
    assert [s.route for s in nav.stack] == ["A"]
    nav.off("did_show", boom)
    nav.push(nav.create_screen("B"))  # nothing left over: no stale exception


def test_veto_that_raises_counts_as_no(nav: navcore.Navigator) -> None:
    nav.set_stack([nav.create_screen("A"), nav.create_screen("B")])
    nav.veto = boom
    outcomes: List[Outcome] = []
    nav.on("done", lambda e: outcomes.append(e.outcome))
    with pytest.raises(Boom):
        nav.back()
    assert outcomes == [Outcome.VETOED] and len(nav.stack) == 2


def test_factory_that_raises_fails_the_show(nav: navcore.Navigator) -> None:
    nav.register_route("bad", boom)
    outcomes: List[Outcome] = []
    nav.on("done", lambda e: outcomes.append(e.outcome))
    with pytest.raises(Boom):
        nav.show("bad")
    assert outcomes == [Outcome.FACTORY_FAILED] and nav.stack == ()


def test_animator_that_raises_finishes_or_cancels_its_transition(nav: navcore.Navigator) -> None:
    nav.animator = boom
    nav.push(nav.create_screen("A"))
    outcomes: List[Outcome] = []
    nav.on("done", lambda e: outcomes.append(e.outcome))
    with pytest.raises(Boom):
        nav.push(nav.create_screen("B"))
    assert outcomes == [Outcome.COMPLETED] and not nav.busy
    with pytest.raises(Boom):
        nav.gesture()  # interactive: cancelled, the pop is undone
    assert outcomes[-1] is Outcome.CANCELLED and [s.route for s in nav.stack] == ["A", "B"]


def test_run_block_and_done_callback_errors(nav: navcore.Navigator) -> None:
    with pytest.raises(Boom):
        nav.run(boom)
    op = nav.run(lambda: None)
    assert op.outcome is Outcome.COMPLETED
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(nav.create_screen("A"))
    pending = nav.push(nav.create_screen("B"))
    pending.add_done_callback(boom)
    with pytest.raises(Boom):
        transitions[-1].finish()  # the call that ended the op re-raises
    assert pending.outcome is Outcome.COMPLETED


def test_error_in_a_queued_op_surfaces_from_the_call_that_ran_it(nav: navcore.Navigator) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(nav.create_screen("A"))
    nav.push(nav.create_screen("B"))
    queued = nav.run(boom)  # queued behind the transition: nothing raised yet
    assert queued.status is navcore.Status.QUEUED
    with pytest.raises(Boom):
        nav.finish_transition()
    assert queued.outcome is Outcome.COMPLETED


def test_calls_nested_in_callbacks_defer_to_the_outermost(nav: navcore.Navigator) -> None:
    inner_returned: List[bool] = []

    def listener(event: navcore.AppearanceEvent) -> None:
        if event.screen.route == "A":
            nav.run(boom)  # queued: runs after this op, inside the same outer push
            inner_returned.append(True)

    nav.on("did_show", listener)
    with pytest.raises(Boom):
        nav.push(nav.create_screen("A"))
    assert inner_returned == [True]


@pytest.mark.skipif(sys.version_info < (3, 11), reason="ExceptionGroup")
def test_several_errors_become_an_exception_group(nav: navcore.Navigator) -> None:
    nav.on("will_show", boom)
    nav.on("did_show", lambda e: (_ for _ in ()).throw(KeyError("second")))
    with pytest.raises(BaseExceptionGroup) as caught:  # noqa: F821 - 3.11 builtin
        nav.push(nav.create_screen("A"))
    assert [type(e) for e in caught.value.exceptions] == [Boom, KeyError]


def test_screen_hook_and_payload_hook_errors(nav: navcore.Navigator) -> None:
    class Fragile:
        def will_show(self) -> None:
            raise Boom("hook")

        def receive_payload(self, payload: str) -> None:
            raise Boom("payload")

    nav.register_route("f", lambda request: Fragile())
    with pytest.raises(BaseException) as caught:
        nav.show("f", payload="x")
    # Python 3.11+: an ExceptionGroup; before: the first, with the others attached.
    errors = getattr(caught.value, "exceptions", None) or [
        caught.value,
        *getattr(caught.value, "navcore_other_errors", []),
    ]
    assert all(isinstance(e, Boom) for e in errors) and len(errors) == 2
    assert nav.top is not None and nav.top.route == "f"


def test_callback_running_outside_any_binding_call_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """If C calls in on a thread that is in no binding call (a C host driving the navigator),
    the exception goes to sys.unraisablehook instead of being lost."""
    from navcore import _navigator

    reported: List[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)
    _navigator._stash(Boom("stray"))
    assert isinstance(reported[0].exc_value, Boom)
