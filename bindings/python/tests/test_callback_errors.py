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
    from navcore import _calls

    reported: List[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)
    _calls._stash(Boom("stray"))
    assert isinstance(reported[0].exc_value, Boom)


# ---------------------------------------------------------------------------------------------
# Every listener kind, the wakeup, teardown, BaseException, other threads, close inside a
# callback (hostile callbacks: docs/reliability.md).
# ---------------------------------------------------------------------------------------------


def _errors(caught: BaseException) -> List[BaseException]:
    """The exceptions one binding call raised: a group's members (Python 3.11+) or the first
    with the others attached."""
    return list(getattr(caught, "exceptions", None) or [caught, *getattr(caught, "navcore_other_errors", [])])


def _attempt(call: Any) -> None:
    """Calls `call`, swallowing what raising callbacks raised through it (Boom only)."""
    try:
        call()
    except BaseException as caught:  # noqa: B902
        if not all(isinstance(e, Boom) for e in _errors(caught)):
            raise


def _drive_every_event(nav: navcore.Navigator) -> List[Outcome]:
    """Makes every listener kind but wakeup fire at least once; returns the outcomes seen by a
    done listener registered first (so that it runs before any raising one)."""
    outcomes: List[Outcome] = []
    nav.on("done", lambda e: outcomes.append(e.outcome))
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.register_route("R", lambda request: object())
    for op in (
        lambda: setattr(nav, "bar_threshold", 2),
        lambda: nav.push(nav.create_screen("A"), animated=False),
        lambda: nav.push(nav.create_screen("B")),
        lambda: transitions[-1].finish(),
        lambda: nav.gesture(),
        lambda: transitions[-1].progress(0.5),
        lambda: transitions[-1].finish(),
        lambda: nav.show("R", payload="p"),
    ):
        _attempt(op)
    return outcomes


LISTENER_KINDS = ["action", "will_show", "did_show", "will_hide", "did_hide", "progress", "bar", "payload",
                  "release", "done"]


@pytest.mark.parametrize("kind", LISTENER_KINDS)
def test_every_listener_kind_that_raises_changes_nothing(kind: str) -> None:
    """The same ops with and without a raising listener of `kind` end the same way and leave
    the same stack: the exception only comes out of the calls (close() included)."""

    def run(raising: bool) -> Any:
        nav = navcore.Navigator()
        raised: List[str] = []

        def listener(event: Any) -> None:
            raised.append(kind)
            raise Boom(kind)

        if raising:
            nav.on(kind, listener)
        outcomes = _drive_every_event(nav)
        seen = (outcomes, [s.route for s in nav.stack], nav.bar_shown)
        _attempt(nav.close)
        assert nav.closed
        return seen, bool(raised)

    plain, _ = run(False)
    hostile, raised = run(True)
    assert raised, f"the {kind} listener never ran"
    assert hostile == plain


def test_wakeup_listener_that_raises(  # host dispatch: the op stays queued, nothing is lost
) -> None:
    with navcore.Navigator("host") as nav:
        wakeups: List[int] = []

        def on_wakeup(event: Any) -> None:
            wakeups.append(1)
            raise Boom("wakeup")

        nav.on("wakeup", on_wakeup)
        with pytest.raises(Boom):
            nav.push(nav.create_screen("A"))
        assert nav.pending == 1 and not nav.busy
        nav.push(nav.create_screen("B"))  # no new wakeup before a drain: nothing raised
        assert wakeups == [1] and nav.pending == 2
        nav.drain()
        assert [s.route for s in nav.stack] == ["A", "B"]
        with pytest.raises(Boom):  # after the drain the next op wakes the host again
            nav.run(lambda: None)
        assert wakeups == [1, 1]
        nav.drain()


def test_release_listener_and_aborted_completion_that_raise_during_close() -> None:
    """close() re-raises, but the navigator is closed, every op ended and every screen was
    released (the autouse fixture checks that the binding let go of everything)."""
    nav = navcore.Navigator()
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    released: List[str] = []

    def on_release(event: navcore.ReleaseEvent) -> None:
        released.append(event.screen.route)
        raise Boom("release")

    nav.push(nav.create_screen("A"), animated=False)
    waiting = nav.push(nav.create_screen("B"))  # waits for its transition
    queued = nav.run(lambda: None)
    queued.add_done_callback(boom)
    nav.create_screen("D")  # detached
    nav.on("release", on_release)
    with pytest.raises(BaseException) as caught:
        nav.close()
    errors = _errors(caught.value)
    assert all(isinstance(e, Boom) for e in errors) and len(errors) == 4  # 3 releases, 1 completion
    assert nav.closed and waiting.outcome is Outcome.ABORTED and queued.outcome is Outcome.ABORTED
    assert sorted(released) == ["A", "B", "D"]
    nav.close()  # again: nothing
    with pytest.raises(navcore.InvalidHandleError):
        nav.push(nav.create_screen("E"))


@pytest.mark.parametrize("error", [KeyboardInterrupt, SystemExit, GeneratorExit])
def test_base_exceptions_are_carried_like_the_others(nav: navcore.Navigator, error: type) -> None:
    """A KeyboardInterrupt or SystemExit raised in a callback cannot unwind through C: it is
    caught there like any exception and re-raised from the binding call."""

    def raise_it(event: Any) -> None:
        raise error()

    nav.on("did_show", raise_it)
    with pytest.raises(error):
        nav.push(nav.create_screen("A"))
    assert [s.route for s in nav.stack] == ["A"] and not nav.busy
    nav.off("did_show", raise_it)
    nav.push(nav.create_screen("B"))


def test_veto_whose_answer_raises_when_tested_counts_as_no(nav: navcore.Navigator) -> None:
    class Answer:
        def __bool__(self) -> bool:
            raise Boom("bool")

    nav.set_stack([nav.create_screen("A"), nav.create_screen("B")])
    nav.veto = lambda screen, by_gesture: Answer()
    with pytest.raises(Boom):
        op = nav.back()
    assert len(nav.stack) == 2 and not nav.busy
    nav.veto = None
    op = nav.back()
    assert op.outcome is Outcome.COMPLETED


def test_errors_stay_on_the_thread_whose_call_ran_the_callback(nav: navcore.Navigator) -> None:
    import threading

    nav.on("did_show", lambda e: boom() if e.screen.route == "worker" else None)
    caught: List[BaseException] = []

    def worker() -> None:
        try:
            nav.push(nav.create_screen("worker"), animated=False)
        except BaseException as error:  # noqa: B902
            caught.append(error)

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert len(caught) == 1 and isinstance(caught[0], Boom)
    nav.push(nav.create_screen("main"), animated=False)  # the main thread has nothing stashed


def test_close_inside_a_callback_then_raise(nav: navcore.Navigator) -> None:
    """A listener that closes its navigator and then raises: the destroy takes effect when the
    outer call returns, every op ends once, the exception comes out of that call."""
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(nav.create_screen("A"), animated=False)
    queued: List[navcore.Operation] = []

    def listener(event: navcore.AppearanceEvent) -> None:
        if event.screen.route == "B":
            queued.append(nav.run(lambda: None))
            nav.close()
            raise Boom("after close")

    nav.on("will_show", listener)
    with pytest.raises(Boom):
        nav.push(nav.create_screen("B"))
    assert nav.closed and queued[0].outcome is Outcome.ABORTED
    with pytest.raises(navcore.InvalidHandleError):
        nav.pop()


def test_animator_that_raises_and_then_finishes_late(nav: navcore.Navigator) -> None:
    """The animator kept the transition and raised: the binding ended it at once, so a later
    finish by the host is refused (state), not a crash."""
    kept: List[navcore.Transition] = []

    def animator(transition: navcore.Transition) -> None:
        kept.append(transition)
        raise Boom("animator")

    nav.animator = animator
    nav.push(nav.create_screen("A"), animated=False)
    with pytest.raises(Boom):
        nav.push(nav.create_screen("B"))
    assert [s.route for s in nav.stack] == ["A", "B"] and not nav.busy
    with pytest.raises(navcore.StateError):
        kept[-1].finish()
