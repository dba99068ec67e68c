"""Events: decorators, listener objects, per-screen hooks, and what is registered in C."""

from __future__ import annotations

from typing import Any, List

import pytest

import navcore
from navcore import Outcome


def test_decorators_and_off(nav: navcore.Navigator) -> None:
    seen: List[str] = []

    @nav.on("done")
    def on_done(event: navcore.DoneEvent) -> None:
        seen.append(f"{event.op} {event.outcome}")

    @nav.on("appearance")
    def on_appearance(event: navcore.AppearanceEvent) -> None:
        seen.append(f"{event.phase} {event.screen.route} {event.reason} {event.animated}")

    nav.push(nav.create_screen("A"))
    assert seen == ["will_show A push False", "did_show A push False", "push completed"]
    nav.off("done", on_done)
    nav.off("appearance", on_appearance)
    nav.pop()
    assert len(seen) == 3
    with pytest.raises(ValueError):
        nav.on("nonsense", on_done)


def test_listener_object_receives_each_kind(nav: navcore.Navigator) -> None:
    class Listener:
        def __init__(self) -> None:
            self.events: List[Any] = []

        def on_action(self, e: Any) -> None:
            self.events.append(e)

        def on_will_show(self, e: Any) -> None:
            self.events.append(e)

        def on_bar(self, e: Any) -> None:
            self.events.append(e)

        def on_release(self, e: Any) -> None:
            self.events.append(e)

    listener = nav.add_listener(Listener())
    nav.bar_threshold = 2
    a = nav.create_screen("A", "object of A")
    nav.push(a)
    nav.set_stack([nav.create_screen("B")])
    kinds = [type(e).__name__ for e in listener.events]
    assert "BarEvent" in kinds and "ActionEvent" in kinds and "ReleaseEvent" in kinds
    release = next(e for e in listener.events if isinstance(e, navcore.ReleaseEvent))
    assert release.screen is a and release.object == "object of A" and a.object is None and a.released
    will_show = [e for e in listener.events if isinstance(e, navcore.AppearanceEvent)]
    assert all(e.phase is navcore.Phase.WILL_SHOW for e in will_show) and len(will_show) == 2
    action = next(e for e in listener.events if isinstance(e, navcore.ActionEvent))
    assert action.state is navcore.Action.WILL_PUSH and action.appearing is a and action.disappearing == ()
    nav.remove_listener(listener)
    count = len(listener.events)
    nav.pop()
    assert len(listener.events) == count


def test_screen_hooks_gist_style(nav: navcore.Navigator) -> None:
    calls: List[str] = []

    class WithEvent:
        def will_show(self, event: navcore.AppearanceEvent) -> None:
            calls.append(f"will_show {event.reason}")

        def did_show(self, event: navcore.AppearanceEvent) -> None:
            calls.append(f"did_show {event.reason}")

        def will_hide(self, event: navcore.AppearanceEvent) -> None:
            calls.append(f"will_hide {event.reason}")

        def did_hide(self, event: navcore.AppearanceEvent) -> None:
            calls.append(f"did_hide {event.reason}")

    class NoArguments:  # as in the gist: willShow() / didShow()
        def will_show(self) -> None:
            calls.append("gist will_show")

        def did_show(self) -> None:
            calls.append("gist did_show")

        def receive_payload(self, payload: navcore.Payload) -> None:
            calls.append(f"payload {payload.json()['n']}")

    nav.push(WithEvent())
    nav.register_route("gist", lambda request: NoArguments())
    nav.show("gist", remove_current=False, payload={"n": 1})
    nav.pop()  # reveals the first screen: the gist's point
    assert calls == [
        "will_show push",
        "did_show push",
        "payload 1",
        "will_hide push",
        "gist will_show",
        "did_hide push",
        "gist did_show",
        "will_show pop",
        "did_show pop",
    ]


def test_only_listened_kinds_are_registered(nav: navcore.Navigator) -> None:
    """An event kind nobody listens to has no C callback (so it costs the core nothing), but the
    binding's own: ``child`` (each navigator a restore_tree makes gets its object; the event
    comes only then) and, once there are screens, ``release`` (it lets go of screen objects)."""
    assert nav._registered == {"child"}
    nav.push(nav.create_screen("A"))
    assert nav._registered == {"child", "release"}

    def listener(event: Any) -> None:
        pass

    nav.on("bar", listener)
    assert nav._registered == {"child", "release", "bar"}
    nav.off("bar", listener)
    assert nav._registered == {"child", "release"}

    class Hooked:
        def did_show(self) -> None:
            pass

    hooked = nav.create_screen("H", Hooked())
    assert nav._registered == {"child", "release", "did_show"}
    nav.push(hooked)
    nav.pop()  # releases the only hooked screen
    assert nav._registered == {"child", "release"}
    nav.veto = lambda screen, gesture: True
    nav.animator = lambda transition: transition.finish()
    assert nav._registered == {"child", "release", "veto", "animator"}
    nav.veto = None
    nav.animator = None
    assert nav._registered == {"child", "release"}


def test_transition_event_fields(nav: navcore.Navigator) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    a, b = nav.create_screen("A"), nav.create_screen("B")
    nav.push(a)
    op = nav.push(b)
    (t,) = transitions
    assert (t.from_screen, t.to_screen, t.style) == (a, b, navcore.Style.PUSH)
    assert repr(t).startswith("Transition(")
    t.finish()
    assert op.outcome is Outcome.COMPLETED


def test_screens_named_by_events_are_the_same_objects(nav: navcore.Navigator) -> None:
    nav.register_route("r", lambda request: request.id)
    seen: List[navcore.Screen] = []
    nav.on("did_show", lambda e: seen.append(e.screen))
    nav.show("r")
    assert seen[0] is nav.top and nav.top.object == nav.top.id
    assert "route='r'" in repr(nav.top)
