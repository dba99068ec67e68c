"""Callback objects live while C can call them; after close() nothing is left behind."""

from __future__ import annotations

import gc
import weakref
from typing import Any, List

import navcore
from navcore import Outcome, _navigator, _trampolines


class View:
    def did_show(self) -> None:
        pass


class Handler:
    def __call__(self, *args: Any) -> Any:
        return True


def test_close_lets_go_of_objects_listeners_routes_veto_animator() -> None:
    nav = navcore.Navigator()
    views = [View() for _ in range(3)]
    refs = [weakref.ref(v) for v in views]
    listener, factory, veto, animator = Handler(), Handler(), Handler(), Handler()
    handler_refs = [weakref.ref(h) for h in (listener, factory, veto, animator)]
    nav.on("done", listener)
    nav.register_route("r", factory)
    nav.veto = veto
    nav.animator = animator
    nav.push(views[0])
    nav.push(views[1])  # waits for its transition: aborted by close
    detached = nav.create_screen("d", views[2])
    del views, listener, factory, veto, animator
    nav.close()
    assert detached.released and detached.object is None
    gc.collect()
    assert [r() for r in refs] == [None, None, None]
    assert [r() for r in handler_refs] == [None, None, None, None]
    assert nav._registrations == 0 and not _trampolines._live


def test_released_screen_objects_are_let_go_at_once(nav: navcore.Navigator) -> None:
    view = View()
    ref = weakref.ref(view)
    nav.push(nav.create_screen("A"))
    nav.push(view)
    del view
    nav.pop()
    gc.collect()
    assert ref() is None and len(nav._screens) == 1


def test_operation_callbacks_do_not_outlive_the_op(nav: navcore.Navigator) -> None:
    callback = Handler()
    ref = weakref.ref(callback)
    nav.push(nav.create_screen("A")).add_done_callback(callback)
    del callback
    gc.collect()
    assert ref() is None and not _trampolines._ops


def test_close_inside_a_callback_takes_effect_after_the_outermost_call() -> None:
    nav = navcore.Navigator()
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    released: List[str] = []
    nav.on("release", lambda e: released.append(e.screen.route))
    nav.push(nav.create_screen("A"))
    nav.on("will_show", lambda e: nav.close() if e.screen.route == "B" else None)
    queued: List[navcore.Operation] = []
    nav.on("will_hide", lambda e: queued.append(nav.run(lambda: None)))
    op = nav.push(nav.create_screen("B"))
    assert nav.closed
    assert op.outcome is Outcome.ABORTED and queued[0].outcome is Outcome.ABORTED
    assert released == ["B", "A"]
    assert not _trampolines._live and nav._listeners["release"] == []


def test_replacing_a_registration_releases_the_old_ctx(nav: navcore.Navigator) -> None:
    """Unregistering runs the C destructor, which the binding counts."""
    nav.on("bar", lambda e: None)
    before = nav._registrations
    nav.off("bar", nav._listeners["bar"][0])
    assert nav._registrations == before - 1


def test_many_navigators_come_and_go() -> None:
    for _ in range(200):
        with navcore.Navigator() as nav:
            nav.on("done", lambda e: None)
            nav.push(View())
    gc.collect()
    assert not _trampolines._live and not _trampolines._ops


def test_a_navigator_dropped_without_close_is_destroyed() -> None:
    view = View()
    ref = weakref.ref(view)
    nav = navcore.Navigator()
    listener_calls: List[str] = []
    nav.on("done", lambda e: listener_calls.append(str(e.op)) or nav.top)  # a cycle through nav
    nav.animator = lambda t: None  # the transition never finishes
    nav.push(view)
    waiting = nav.push(View())
    del nav, view
    gc.collect()
    assert _navigator._reaped(timeout=30)  # destroyed by the reaper thread, not by the GC
    assert ref() is None and waiting.outcome is Outcome.ABORTED
    assert not _trampolines._live and not _trampolines._ops
