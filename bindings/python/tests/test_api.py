"""The Navigator API: ops, operations, queries, screens, routes, transitions, errors."""

from __future__ import annotations

from typing import Any, List

import pytest

import navcore
from navcore import Action, Op, Outcome, Status

from .conftest import Recorder


def routes(nav: navcore.Navigator) -> List[str]:
    return [screen.route for screen in nav.stack]


def test_push_pop_without_animator(nav: navcore.Navigator, recorder: Recorder) -> None:
    a = nav.create_screen("A", {"name": "a"})
    first = nav.push(a)
    assert (first.op, first.status, first.outcome) == (Op.PUSH, Status.OK, Outcome.COMPLETED)
    assert first.done()
    b = nav.push(nav.create_screen("B"))
    assert b.outcome is Outcome.COMPLETED
    assert routes(nav) == ["A", "B"]
    assert nav.top is nav.stack[-1] and nav.root is a
    assert a.object == {"name": "a"}
    assert nav.pop().outcome is Outcome.COMPLETED
    assert nav.pop().outcome is Outcome.NOOP
    assert routes(nav) == ["A"]
    lines = recorder.take()
    assert lines[:7] == [
        "action will_push +A instant",
        "action did_push +A instant",
        "will_show A push instant",
        "did_show A push instant",
        "action push_completed +A instant",
        "done push completed",
        "action idle",
    ]
    assert "release B" in lines and lines[-1] == "done pop noop"


def test_animated_ops_wait_for_the_transition(nav: navcore.Navigator) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(nav.create_screen("A"))
    op = nav.push(nav.create_screen("B"))
    assert op.status is Status.OK and op.outcome is None and not op.done()
    assert nav.busy and nav.action_state is Action.DID_PUSH
    (transition,) = transitions
    assert transition.style is navcore.Style.PUSH
    assert (transition.from_screen.route, transition.to_screen.route, transition.interactive) == ("A", "B", False)
    assert nav.current_transition == transition.id
    queued = nav.push(nav.create_screen("C"), animated=False)
    assert queued.status is Status.QUEUED and nav.pending == 1
    transition.finish()
    assert op.outcome is Outcome.COMPLETED and queued.outcome is Outcome.COMPLETED
    assert routes(nav) == ["A", "B", "C"] and not nav.busy and nav.current_transition is None
    with pytest.raises(navcore.StateError) as caught:
        nav.finish_transition(transition.id)
    assert caught.value.status is Status.STATE and caught.value.code == -5
    assert caught.value.message  # the library's explanation


def test_pop_to_pop_to_root_and_set_stack(nav: navcore.Navigator, recorder: Recorder) -> None:
    a, b, c, d = (nav.create_screen(r) for r in "ABCD")
    assert nav.set_stack([a, b, c, d]).outcome is Outcome.COMPLETED
    assert nav.pop_to(b).outcome is Outcome.COMPLETED
    assert routes(nav) == ["A", "B"]
    assert c.released and d.released and c.object is None
    assert nav.pop_to(b).outcome is Outcome.NOOP
    e = nav.create_screen("E")
    assert nav.pop_to(e).outcome is Outcome.NOT_IN_STACK
    assert nav.pop_to_root().outcome is Outcome.COMPLETED
    assert nav.pop_to_root().outcome is Outcome.NOOP
    assert nav.set_stack([]).outcome is Outcome.INVALID
    assert nav.set_stack([a, a]).outcome is Outcome.DUPLICATE
    assert nav.set_stack([a]).outcome is Outcome.NOOP
    # Objects that are not Screens get new screens (route "").
    op = nav.set_stack([a, "plain object", e])
    assert op.outcome is Outcome.COMPLETED
    assert [s.object for s in nav.stack] == [None, "plain object", None]
    assert "release B" in recorder.take()


def test_push_any_object_and_discard(nav: navcore.Navigator) -> None:
    view = object()
    nav.push(view)
    assert nav.top is not None and nav.top.object is view and nav.top.route == ""
    detached = nav.create_screen("D", "obj")
    with pytest.raises(navcore.StateError):
        nav.discard(nav.top)
    nav.discard(detached)
    assert detached.released and detached.object is None
    with pytest.raises(navcore.NoSuchScreenError) as caught:
        nav.push(detached)
    assert caught.value.status is Status.NO_SUCH_SCREEN


def test_back_and_veto(nav: navcore.Navigator) -> None:
    asked: List[Any] = []

    def veto(screen: navcore.Screen, by_gesture: bool) -> bool:
        asked.append((screen.route, by_gesture))
        return screen.route != "locked"

    nav.veto = veto
    assert nav.veto is veto
    assert nav.back().outcome is Outcome.NOOP and asked == []
    nav.set_stack([nav.create_screen("A"), nav.create_screen("locked")])
    assert nav.can_go_back
    assert nav.back().outcome is Outcome.VETOED
    assert nav.pop().outcome is Outcome.COMPLETED  # code pops never ask
    assert asked == [("locked", False)]
    nav.veto = None
    nav.push(nav.create_screen("locked"))
    assert nav.back().outcome is Outcome.COMPLETED


def test_gesture_progress_cancel_finish(nav: navcore.Navigator, recorder: Recorder) -> None:
    with pytest.raises(navcore.StateError):
        nav.gesture()  # no animator
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.set_stack([nav.create_screen("A"), nav.create_screen("B")], animated=False)
    recorder.take()
    op = nav.gesture()
    assert op.status is Status.OK and op.outcome is None
    t = transitions[-1]
    assert t.interactive and t.style is navcore.Style.POP
    assert routes(nav) == ["A"]
    t.progress(0.5)
    with pytest.raises(navcore.InvalidError):
        t.progress(1.5)
    with pytest.raises(navcore.BusyError):
        nav.gesture()
    t.cancel()
    assert op.outcome is Outcome.CANCELLED and routes(nav) == ["A", "B"]
    assert "progress 0.50" in recorder.take()
    op = nav.gesture()
    nav.update_transition(1.0)  # default: the transition in flight
    nav.finish_transition()
    assert op.outcome is Outcome.COMPLETED and routes(nav) == ["A"]
    nav.set_visible(False)
    with pytest.raises(navcore.StateError):
        nav.gesture()


def test_run_and_visibility(nav: navcore.Navigator, recorder: Recorder) -> None:
    ran: List[str] = []
    op = nav.run(lambda: ran.append("x"))
    assert ran == ["x"] and op.op is Op.RUN and op.outcome is Outcome.COMPLETED
    with pytest.raises(TypeError):
        nav.run("not callable")  # type: ignore[arg-type]
    assert nav.visible
    nav.push(nav.create_screen("A"))
    recorder.take()
    assert nav.set_visible(False).outcome is Outcome.COMPLETED and not nav.visible
    assert nav.set_visible(False).outcome is Outcome.NOOP
    assert recorder.take() == ["will_hide A disappear instant", "did_hide A disappear instant",
                               "done visible completed", "done visible noop"]
    nav.always_appear = True
    assert nav.always_appear


def test_route_names_compare_byte_for_byte(nav: navcore.Navigator) -> None:
    """Two spellings of "é" (precomposed, and "e" + a combining acute) are two routes, as they
    are two strings in Python and in C: register, show, recycle and unregister tell them apart."""
    composed, decomposed = "\u00e9", "e\u0301"
    nav.register_route(composed, lambda request: "composed")
    nav.register_route(decomposed, lambda request: "decomposed")
    assert nav.show(composed).outcome is Outcome.COMPLETED
    assert nav.show(decomposed, remove_current=False).outcome is Outcome.COMPLETED
    assert [(screen.route, screen.object) for screen in nav.stack] == [
        (composed, "composed"), (decomposed, "decomposed")]
    assert nav.show(decomposed, recycle="top").outcome is Outcome.NOOP  # the top, by its own bytes
    assert nav.show(composed).outcome is Outcome.COMPLETED  # recycled: pops back to it
    assert [screen.object for screen in nav.stack] == ["composed"]
    nav.unregister_route(decomposed)
    assert nav.show(decomposed).outcome is Outcome.UNKNOWN_ROUTE
    assert nav.show(composed, recycle="top").outcome is Outcome.NOOP


def test_routes_show_post_and_payloads(nav: navcore.Navigator, recorder: Recorder) -> None:
    requests: List[navcore.RouteRequest] = []

    @nav.route("home")
    def make_home(request: navcore.RouteRequest) -> str:
        requests.append(request)
        return "home view"

    nav.register_route("detail", lambda request: {"payload": request.payload})
    nav.register_route("broken", lambda request: (_ for _ in ()).throw(navcore.FactoryFailed()))
    with pytest.raises(navcore.ExistsError):
        nav.register_route("home", make_home)
    assert nav.show("home").outcome is Outcome.COMPLETED
    assert nav.top is not None and nav.top.object == "home view" and nav.top.route == "home"
    assert requests[0].route == "home" and requests[0].id == nav.top.id and requests[0].payload is None
    op = nav.show("detail", remove_current=False, payload={"id": 7, "name": "é"})
    assert op.outcome is Outcome.COMPLETED
    payload = nav.top.object["payload"]
    assert isinstance(payload, navcore.Payload) and payload.json() == {"id": 7, "name": "é"}
    assert nav.post("home", payload="again").outcome is Outcome.COMPLETED  # recycled: pops to it
    assert routes(nav) == ["home"]
    assert nav.show("home").outcome is Outcome.NOOP
    assert nav.show("nowhere").outcome is Outcome.UNKNOWN_ROUTE
    assert nav.show("broken").outcome is Outcome.FACTORY_FAILED
    nav.unregister_route("home")
    with pytest.raises(navcore.InvalidError):
        nav.unregister_route("home")
    assert nav.show("home", recycle=False).outcome is Outcome.UNKNOWN_ROUTE
    lines = recorder.take()
    assert 'payload detail {"id":7,"name":"é"}' in lines and "payload home again" in lines
    with pytest.raises(TypeError):
        nav.show("home", payload=3)  # type: ignore[arg-type]


def test_show_recycle_takes_the_c_recycle_values(nav: navcore.Navigator) -> None:
    # navcore_show_options.recycle (versioned options): True/False are ANY/NONE, TOP is single top.
    from navcore._enums import Recycle

    nav.register_route("list", lambda request: "list")
    nav.register_route("item", lambda request: "item")
    assert nav.show("list").outcome is Outcome.COMPLETED
    assert nav.show("item", remove_current=False).outcome is Outcome.COMPLETED
    assert nav.show("list", remove_current=False, recycle=Recycle.TOP).outcome is Outcome.COMPLETED
    assert routes(nav) == ["list", "item", "list"]  # TOP: the lower "list" is not popped to
    assert nav.show("item", remove_current=False, recycle=True).outcome is Outcome.COMPLETED
    assert routes(nav) == ["list", "item"]  # ANY: popped to the nearest "item"
    assert nav.show("item", remove_current=False, recycle=False).outcome is Outcome.COMPLETED
    assert routes(nav) == ["list", "item", "item"]  # NONE: a new screen
    with pytest.raises(ValueError):  # refused by the binding before C (InvalidError is one too)
        nav.show("item", recycle=3)
    assert routes(nav) == ["list", "item", "item"]


def test_text_that_c_cannot_carry(nav: navcore.Navigator) -> None:
    with pytest.raises(navcore.InvalidError):
        nav.create_screen("a\x00b")
    with pytest.raises(navcore.InvalidError):
        nav.show("x", payload="\ud800")
    with pytest.raises(TypeError):
        nav.create_screen(3)  # type: ignore[arg-type]


def test_bar_threshold(nav: navcore.Navigator, recorder: Recorder) -> None:
    nav.push(nav.create_screen("A"))
    recorder.take()
    nav.bar_threshold = 2
    assert nav.bar_threshold == 2 and not nav.bar_shown
    nav.push(nav.create_screen("B"))
    assert nav.bar_shown
    with pytest.raises(navcore.InvalidError):
        nav.bar_threshold = -1
    assert [line for line in recorder.take() if line.startswith("bar")] == ["bar hidden instant", "bar shown instant"]


def test_operation_callbacks_and_wait(nav: navcore.Navigator) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(nav.create_screen("A"))
    op = nav.push(nav.create_screen("B"))
    seen: List[Any] = []
    op.add_done_callback(lambda o: seen.append(o.outcome))
    assert op.wait(timeout=0.01) is None
    transitions[-1].finish()
    assert seen == [Outcome.COMPLETED] and op.wait() is Outcome.COMPLETED
    op.add_done_callback(lambda o: seen.append("late"))  # already done: called at once
    assert seen[-1] == "late"
    assert "completed" in repr(op)


def test_closed_navigator() -> None:
    nav = navcore.Navigator()
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(nav.create_screen("A"))
    waiting = nav.push(nav.create_screen("B"))
    queued = nav.pop()
    with nav:
        pass  # __exit__ closes
    assert nav.closed
    assert (waiting.outcome, queued.outcome) == (Outcome.ABORTED, Outcome.ABORTED)
    with pytest.raises(navcore.InvalidHandleError) as caught:
        nav.push(nav_screen := navcore.Screen(1, "x", None))
    assert caught.value.code == -2 and nav_screen.route == "x"
    with pytest.raises(navcore.InvalidHandleError):
        _ = nav.stack
    with pytest.raises(navcore.InvalidHandleError):
        nav.destroy()
    with pytest.raises(navcore.InvalidHandleError):
        nav.on("done", print)
    with pytest.raises(navcore.InvalidHandleError):
        nav.veto = lambda screen, gesture: True
    nav.animator = None  # removing is always fine
    nav.close()  # idempotent


def test_dispatch_names_and_enums() -> None:
    with pytest.raises(ValueError):
        navcore.Navigator("sideways")
    assert str(Outcome.NOT_IN_STACK) == "not_in_stack"
    assert str(Op.POP_TO_ROOT) == "pop_to_root"
    assert navcore.Dispatch.parse("host") is navcore.Dispatch.HOST
    with navcore.Navigator("host") as nav:
        assert nav.dispatch is navcore.Dispatch.HOST
        op = nav.push(nav.create_screen("A"))
        assert op.status is Status.QUEUED and nav.stack == ()
        nav.drain()
        assert op.outcome is Outcome.COMPLETED
        assert "host" in repr(nav)


def test_errors_are_navcore_errors() -> None:
    for cls in (navcore.InvalidError, navcore.InvalidHandleError, navcore.NoSuchScreenError, navcore.BusyError,
                navcore.StateError, navcore.ExistsError, navcore.NoMemoryError, navcore.InternalError):
        error = cls("why")
        assert isinstance(error, navcore.NavcoreError) and error.code < 0 and "why" in str(error)
    assert issubclass(navcore.InvalidError, ValueError)
