"""Settings and ops that look like settings, callables checked when assigned, push's route."""

from __future__ import annotations

from typing import List

import pytest

import navcore
from navcore import Outcome


def test_visible_is_assignable_and_asks_the_visible_op(nav: navcore.Navigator) -> None:
    done: List[navcore.DoneEvent] = []
    nav.on("done", done.append)
    nav.visible = False
    assert not nav.visible and done == [navcore.DoneEvent(navcore.Op.VISIBLE, Outcome.COMPLETED)]
    assert nav.set_visible(True).outcome is Outcome.COMPLETED and nav.visible


def test_visible_assigned_in_host_dispatch_changes_when_the_op_runs() -> None:
    with navcore.Navigator("host") as nav:
        nav.visible = False
        assert nav.visible and nav.pending == 1  # an op, queued like any other
        nav.drain()
        assert not nav.visible


def test_settings_apply_at_once_even_in_host_dispatch() -> None:
    with navcore.Navigator("host") as nav:
        nav.bar_threshold = 2
        nav.always_appear = True
        assert nav.bar_threshold == 2 and nav.always_appear and nav.pending == 0


@pytest.mark.parametrize("setting", ["veto", "animator"])
def test_a_callback_setting_refuses_a_non_callable_when_assigned(nav: navcore.Navigator, setting: str) -> None:
    with pytest.raises(TypeError):
        setattr(nav, setting, 5)
    assert getattr(nav, setting) is None and setting not in nav._registered


def test_listeners_and_factories_are_checked_when_added(nav: navcore.Navigator) -> None:
    with pytest.raises(TypeError):
        nav.on("action", "not a function")  # type: ignore[call-overload]
    with pytest.raises(TypeError):
        nav.on("done")(42)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        nav.register_route("detail", 3)  # type: ignore[arg-type]
    assert not nav._listeners["action"] and not nav._listeners["done"] and not nav._items


def test_push_gives_the_new_screen_the_route(nav: navcore.Navigator) -> None:
    nav.push(object(), animated=False, route="home")
    pending = nav.push_for_result(object(), animated=False, route="detail")
    assert [s.route for s in nav.stack] == ["home", "detail"] and pending.screen.route == "detail"
    assert [entry["route"] for entry in nav.save()["stack"]] == ["home", "detail"]


def test_push_without_a_route_makes_an_anonymous_screen(nav: navcore.Navigator) -> None:
    nav.push(object(), animated=False)
    assert nav.top is not None and nav.top.route == ""


def test_a_route_with_a_screen_is_refused_and_nothing_is_pushed(nav: navcore.Navigator) -> None:
    screen = nav.create_screen("home", object())
    with pytest.raises(TypeError):
        nav.push(screen, route="other")
    assert nav.stack == () and screen.route == "home"


def test_post_is_show(nav: navcore.Navigator) -> None:
    assert navcore.Navigator.post is navcore.Navigator.show
