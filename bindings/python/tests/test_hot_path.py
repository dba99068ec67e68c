"""The binding's hot path (docs/performance.md, W6): what its shortcuts must keep true.

Events built without ``__init__`` are the same values; the enum tables are the enums; screen
hooks found once per screen still follow the object; ops without the ``_api`` wrapper still
re-raise what their callbacks raised; the number of Python calls per create + push + pop does
not creep back up.
"""

from __future__ import annotations

import dataclasses
import gc
import sys
import threading
import weakref
from typing import Any, Callable, Dict, List

import pytest

import navcore
from navcore import Outcome, _enums, _navigator


class Boom(Exception):
    pass


def _every_event(nav: navcore.Navigator) -> Dict[str, List[Any]]:
    """Events of each fast-built class, from a push and a pop with listeners on every kind."""
    seen: Dict[str, List[Any]] = {}
    for kind in ("action", "appearance", "release", "done"):
        nav.on(kind, lambda e, kind=kind: seen.setdefault(kind, []).append(e))
    nav.push(nav.create_screen("A", "a"), animated=False)
    nav.push(nav.create_screen("B", "b"), animated=False)
    nav.pop(animated=False)
    return seen


def test_fast_built_events_are_the_same_values(nav: navcore.Navigator) -> None:
    seen = _every_event(nav)
    classes = {type(e) for events in seen.values() for e in events}
    assert classes == {navcore.ActionEvent, navcore.AppearanceEvent, navcore.ReleaseEvent, navcore.DoneEvent}
    for events in seen.values():
        for event in events:
            cls = type(event)
            fields = {f.name: getattr(event, f.name) for f in dataclasses.fields(cls)}
            assert set(vars(event)) == set(fields)  # every field set, nothing else
            made = cls(**fields)
            assert event == made and hash(event) == hash(made) and repr(event) == repr(made)
            assert dataclasses.replace(event) == made
            assert dataclasses.asdict(event).keys() == fields.keys()  # (asdict deep-copies the screens)
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(event, dataclasses.fields(cls)[0].name, None)


def test_enum_tables_are_the_enums() -> None:
    tables = {
        navcore.Action: _enums.ACTIONS,
        navcore.Outcome: _enums.OUTCOMES,
        navcore.Op: _enums.OPS,
        navcore.Phase: _enums.PHASES,
        navcore.Reason: _enums.REASONS,
        navcore.Style: _enums.STYLES,
    }
    for cls, table in tables.items():
        assert [table[member.code] for member in cls] == list(cls)
    assert _enums.ACCEPTED == (navcore.Status(0), navcore.Status(1))
    with pytest.raises(TypeError):
        _enums.by_value(navcore.Status)  # negative values: a tuple index would wrap around


def test_events_carry_enum_members(nav: navcore.Navigator) -> None:
    seen = _every_event(nav)
    appearance = seen["appearance"][0]
    assert appearance.phase is navcore.Phase.WILL_SHOW and appearance.reason is navcore.Reason.PUSH
    assert seen["done"][0].op is navcore.Op.PUSH and seen["done"][0].outcome is Outcome.COMPLETED
    assert seen["action"][0].state is navcore.Action.WILL_PUSH


def test_hooks_are_found_per_object_not_per_class(nav: navcore.Navigator) -> None:
    """A class that gains a hook method after its first screen was made: the next screen of it
    has the hook (the lookup is per screen, when it is made)."""
    calls: List[str] = []

    class View:
        pass

    nav.push(nav.create_screen("A", View()), animated=False)
    View.did_show = lambda self: calls.append("class hook")  # type: ignore[attr-defined]
    nav.push(nav.create_screen("B", View()), animated=False)
    assert calls == ["class hook"]

    instance = View()
    instance.will_show = lambda event: calls.append(f"instance hook {event.reason}")  # type: ignore[attr-defined]
    nav.push(nav.create_screen("C", instance), animated=False)
    assert calls == ["class hook", "instance hook push", "class hook"]


def test_hooked_objects_are_let_go_at_release(nav: navcore.Navigator) -> None:
    """The hooks found at creation are bound methods of the object: released with it."""

    class View:
        def did_show(self) -> None:
            pass

        def receive_payload(self, payload: str) -> None:
            pass

    view = View()
    ref = weakref.ref(view)
    nav.push(nav.create_screen("A"), animated=False)
    screen = nav.create_screen("B", view)
    assert nav._registered == {"child", "release", "did_show", "payload"}
    nav.push(screen, animated=False)
    del view
    nav.pop(animated=False)
    gc.collect()
    assert ref() is None and screen.released and screen.object is None
    assert nav._registered == {"child", "release"}


def test_ops_without_the_wrapper_still_raise_their_callbacks_errors(nav: navcore.Navigator) -> None:
    def boom(event: Any) -> None:
        raise Boom("listener")

    nav.set_stack([nav.create_screen("A"), nav.create_screen("B")])
    nav.on("did_show", boom)
    ops: List[Callable[[], Any]] = [
        lambda: nav.pop(),
        lambda: nav.push(object()),
        lambda: nav.back(),
        lambda: nav.set_stack([nav.create_screen("C"), object()]),
        lambda: nav.pop_to_root(),
        lambda: nav.push(nav.create_screen("D")),
    ]
    for op in ops:
        with pytest.raises(Boom):
            op()
    nav.off("did_show", boom)
    assert nav.pop().outcome is Outcome.COMPLETED  # nothing left over


def test_failed_push_of_an_object_reraises_its_release_listener_error(nav: navcore.Navigator) -> None:
    """push(obj) makes a screen; if the push fails, the screen is discarded and a release
    listener that raises is heard from push (as before: the failure is its __context__)."""

    def boom(event: Any) -> None:
        raise Boom("release")

    nav.on("release", boom)
    library = nav._lib

    class Refusing:
        """The library, but for navcore_ask_outcome, through which every op is asked: it
        refuses them."""

        def __getattr__(self, name: str) -> Any:
            return getattr(library, name)

        @staticmethod
        def navcore_ask_outcome(*args: Any) -> int:
            return navcore.Status.STATE.code

    nav._lib = Refusing()  # type: ignore[assignment]
    try:
        with pytest.raises(Boom) as caught:
            nav.push(object())
    finally:
        nav._lib = library
    assert isinstance(caught.value.__context__, navcore.StateError)
    assert len(nav._screens) == 0


def test_ops_nested_in_a_callback_defer_to_the_outermost(nav: navcore.Navigator) -> None:
    order: List[str] = []

    def listener(event: navcore.AppearanceEvent) -> None:
        if event.screen.route == "A":
            nav.run(lambda: (_ for _ in ()).throw(Boom("inner")))  # queued behind this op
            order.append("nested run returned")

    nav.on("did_show", listener)
    with pytest.raises(Boom):
        nav.push(nav.create_screen("A"))
    assert order == ["nested run returned"]


def test_outcome_is_read_only(nav: navcore.Navigator) -> None:
    op = nav.push(nav.create_screen("A"))
    assert op.outcome is Outcome.COMPLETED and op.done()
    with pytest.raises(AttributeError):
        op.outcome = Outcome.NOOP  # type: ignore[misc]


def test_route_texts_are_checked_every_time(nav: navcore.Navigator) -> None:
    class Route(str):
        pass

    assert nav.create_screen("R").route == "R"
    assert nav.create_screen("R").route == "R"  # from the cache
    assert nav.create_screen(Route("S")).route == "S"
    with pytest.raises(navcore.InvalidError):
        nav.create_screen("bad\x00route")
    with pytest.raises(navcore.InvalidError):
        nav.create_screen("bad\x00route")
    with pytest.raises(TypeError):
        nav.create_screen(["not", "a", "str"])  # type: ignore[arg-type]


def test_done_callbacks_and_waits_across_threads(nav: navcore.Navigator) -> None:
    """The ops share one lock for their outcome: callbacks added from other threads while ops
    end are each called once."""
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(nav.create_screen("root"), animated=False)
    nav.push(nav.create_screen("A"))  # waits for its transition: the runs below queue
    ops = [nav.run(lambda: None) for _ in range(200)]
    called: List[int] = []
    lock = threading.Lock()

    def add(start: int) -> None:
        for op in ops[start::4]:
            op.add_done_callback(lambda op: (lock.acquire(), called.append(1), lock.release()))

    threads = [threading.Thread(target=add, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    transitions[-1].finish()
    for thread in threads:
        thread.join()
    assert len(called) == len(ops)
    assert all(op.wait(timeout=1) is Outcome.COMPLETED for op in ops)


def test_python_calls_per_cycle(nav: navcore.Navigator) -> None:
    """W6's cycle (create_screen, push, pop with will_show and did_show listeners) makes 18
    Python calls in the package (listeners not counted; it made 50, and some 35 more in enum,
    the events' dataclass __init__ and weakref): a guard against the hot path growing back.
    Raise the bound only for a reason. Each op method asks its request through ``_ask`` (27
    calls when it built a Request and asked it through ``ask``: two calls more per op; 22 while
    each op's completion was called: navcore_ask_outcome returns the outcome of an op that ends
    in its call); push's screen is its conversion's call; create_screen checks its status inline. With
    the Python entry guard (no libnavcore_pyguard.so) it is 36: each of the cycle's 7 callbacks
    adds an adapter and an errcheck call."""
    view = object()
    nav.push(nav.create_screen("", view), animated=False)
    nav.on("will_show", lambda e: None)
    nav.on("did_show", lambda e: None)
    binding = _navigator.__file__.rsplit("/", 1)[0]
    calls = [0]

    def count(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(binding):
            calls[0] += 1

    def cycle() -> None:
        screen = nav.create_screen("", view)
        nav.push(screen, animated=False)
        nav.pop(animated=False)

    cycle()
    sys.setprofile(count)
    try:
        cycle()
    finally:
        sys.setprofile(None)
    assert calls[0] <= 18, f"{calls[0]} Python calls per cycle in the binding"
