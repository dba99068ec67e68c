"""navcore.Request and Navigator.ask: asking a request (through navcore_ask) does what the op
method of its name does (through the op's own C function) — the same Operation, exceptions and
events, on good input and bad — and a request is checked when it is asked, as the method's
arguments are (a closed navigator's InvalidHandleError first)."""

from __future__ import annotations

import inspect
import re
import sys
from ctypes import c_void_p
from typing import Any, Callable, List, Tuple

import pytest

import navcore
from navcore import Outcome, Request, _trampolines
from navcore._ffi import SIGNATURES, DoneFn

from .conftest import Recorder


class View:
    pass

DOCUMENT = '{"navcore":1,"stack":[{"route":"R","state":null}]}'


class Page:
    """A host object, pushed on a new screen of its own."""


def routed() -> Tuple[navcore.Navigator, Recorder]:
    """A navigator with the screens A B, the route R, a veto that refuses B, and an animator
    whose transitions end at once."""
    nav = navcore.Navigator()
    nav.set_stack([nav.create_screen("A"), nav.create_screen("B")], animated=False)
    nav.register_route("R", lambda request: None)
    nav.veto = lambda screen, by_gesture: screen.route != "B"
    nav.animator = lambda transition: transition.finish()
    return nav, nav.add_listener(Recorder())


#: (name, the op method's call, the request of the same arguments); each is given the navigator.
CASES: List[Tuple[str, Callable[[navcore.Navigator], Any], Callable[[navcore.Navigator], Request]]] = [
    ("push", lambda nav: nav.push(nav.create_screen("C")), lambda nav: Request.push(nav.create_screen("C"))),
    ("push of an object", lambda nav: nav.push(Page(), route="P"), lambda nav: Request.push(Page(), route="P")),
    ("pop with a result", lambda nav: nav.pop(result={"a": 1}), lambda nav: Request.pop(result={"a": 1})),
    ("pop with a text", lambda nav: nav.pop(False, result_text="t"), lambda nav: Request.pop(False, result_text="t")),
    ("pop to", lambda nav: nav.pop_to(nav.stack[0]), lambda nav: Request.pop_to(nav.stack[0])),
    ("pop to root", lambda nav: nav.pop_to_root(False), lambda nav: Request.pop_to_root(False)),
    ("set", lambda nav: nav.set_stack([Page(), nav.stack[0]]), lambda nav: Request.set_stack([Page(), nav.stack[0]])),
    ("back (vetoed)", lambda nav: nav.back(), lambda nav: Request.back()),
    ("gesture", lambda nav: nav.gesture(), lambda nav: Request.gesture()),
    ("run", lambda nav: nav.run(lambda: None), lambda nav: Request.run(lambda: None)),
    ("visible", lambda nav: nav.set_visible(False), lambda nav: Request.set_visible(False)),
    ("show", lambda nav: nav.show("R", remove_current=False, recycle="none", payload={"id": 7}),
     lambda nav: Request.show("R", remove_current=False, recycle="none", payload={"id": 7})),
    ("post", lambda nav: nav.post("R"), lambda nav: Request.show("R")),
    ("open", lambda nav: nav.open([("R", "s"), "R"]), lambda nav: Request.open([("R", "s"), "R"])),
    ("restore", lambda nav: nav.restore(DOCUMENT), lambda nav: Request.restore(DOCUMENT)),
    ("pop", lambda nav: nav.pop(), lambda nav: Request.pop()),
    ("push of a released screen", lambda nav: nav.push(released(nav)), lambda nav: Request.push(released(nav))),
    ("push of another navigator's screen", lambda nav: nav.push(foreign()), lambda nav: Request.push(foreign())),
    ("push of a Screen with a route", lambda nav: nav.push(nav.create_screen("C"), route="P"),
     lambda nav: Request.push(nav.create_screen("C"), route="P")),
    ("push of an object with a bad route", lambda nav: nav.push(Page(), route="P\x00"),
     lambda nav: Request.push(Page(), route="P\x00")),
    ("pop to a released screen", lambda nav: nav.pop_to(released(nav)), lambda nav: Request.pop_to(released(nav))),
    ("pop to a non-screen", lambda nav: nav.pop_to(Page()), lambda nav: Request.pop_to(Page())),  # type: ignore[arg-type]
    ("pop with a bad text", lambda nav: nav.pop(result_text="\udc80"), lambda nav: Request.pop(result_text="\udc80")),
    ("pop with a result not JSON", lambda nav: nav.pop(result=object()), lambda nav: Request.pop(result=object())),
    ("set of nothing", lambda nav: nav.set_stack([]), lambda nav: Request.set_stack([])),
    ("set of a released screen after an object", lambda nav: nav.set_stack([Page(), released(nav)]),
     lambda nav: Request.set_stack([Page(), released(nav)])),
    ("show of an unknown route", lambda nav: nav.show("U"), lambda nav: Request.show("U")),
    ("show of a bad route", lambda nav: nav.show("R\x00"), lambda nav: Request.show("R\x00")),
    ("show with a bad payload", lambda nav: nav.show("R", payload="\x00"), lambda nav: Request.show("R", payload="\x00")),
    ("open with a bad state", lambda nav: nav.open([("R", "\x00")]), lambda nav: Request.open([("R", "\x00")])),
    ("open of a non-route", lambda nav: nav.open([7]), lambda nav: Request.open([7])),  # type: ignore[list-item]
    ("pop with two results", lambda nav: nav.pop(result=1, result_text="1"), lambda nav: Request.pop(result=1, result_text="1")),
    ("run of no callable", lambda nav: nav.run(7), lambda nav: Request.run(7)),  # type: ignore[arg-type]
    ("show with a bad recycle", lambda nav: nav.show("R", recycle="some"), lambda nav: Request.show("R", recycle="some")),
    ("restore of a malformed document", lambda nav: nav.restore("{"), lambda nav: Request.restore("{")),
    ("open of nothing", lambda nav: nav.open([]), lambda nav: Request.open([])),
]


def released(nav: navcore.Navigator) -> navcore.Screen[None]:
    screen = nav.create_screen("D")
    nav.discard(screen)
    return screen


def foreign() -> navcore.Screen[None]:
    """A detached screen of another navigator (closed at once: its screens are released)."""
    with navcore.Navigator() as other:
        return other.create_screen("F")


def outcome(call: Callable[[navcore.Navigator], Any], closed: bool = False) -> List[str]:
    """What a call did: its status or exception (and the exception's message), then every
    event until its outcome, and the screens the binding still holds; of a closed navigator
    when ``closed``."""
    nav, recorder = routed()
    with nav:
        recorder.take()
        if closed:
            nav.close()
        try:
            operation = call(nav)
            seen = [f"status {operation.status}", f"outcome {operation.outcome}"]
        except Exception as error:  # noqa: B902 - the exception is what is compared
            seen = [f"raised {type(error).__name__}: {re.sub('[0-9]+', 'N', str(error))}"]  # ids differ
        stack = [] if closed else [s.route for s in nav.stack]
        held = sorted(s.route for s in nav._screens.values())
        return seen + recorder.take() + [f"stack {stack}", f"held {held}"]


@pytest.mark.parametrize("name, method, request_of", CASES, ids=[case[0] for case in CASES])
def test_ask_is_the_op_method(name: str, method: Callable[[navcore.Navigator], Any],
                              request_of: Callable[[navcore.Navigator], Request]) -> None:
    named = outcome(method)
    assert outcome(lambda nav: nav.ask(request_of(nav))) == named


@pytest.mark.parametrize("name, method, request_of", CASES, ids=[case[0] for case in CASES])
def test_ask_is_the_op_method_on_a_closed_navigator(name: str, method: Callable[[navcore.Navigator], Any],
                                                    request_of: Callable[[navcore.Navigator], Request]) -> None:
    named = outcome(method, closed=True)
    assert outcome(lambda nav: nav.ask(request_of(nav)), closed=True) == named


def test_every_op_is_asked_through_navcore_ask_outcome(nav: navcore.Navigator) -> None:
    """Each op method, and ``ask``, asks its request through navcore_ask_outcome (the one entry
    point): an op that ends in its call gets its outcome from the call."""
    called: List[str] = []
    library = nav._lib

    class Recording:
        def __getattr__(self, name: str) -> Any:
            function = getattr(library, name)
            if name not in SIGNATURES or SIGNATURES[name][1][-2:] != [DoneFn, c_void_p]:
                return function  # not an op's: an op's function ends with (done, ctx)
            return lambda *args: (called.append(name), function(*args))[1]

    nav.register_route("R", lambda request: None)
    nav._lib = Recording()  # type: ignore[assignment]
    screen = nav.create_screen("A")
    ops = [nav.push(screen, animated=False), nav.pop(animated=False, result=1), nav.pop(animated=False),
           nav.run(lambda: None), nav.show("R"), nav.ask(Request.pop())]
    assert called == ["navcore_ask_outcome"] * 6
    assert [op.outcome for op in ops] == [Outcome.COMPLETED, Outcome.NOOP, Outcome.NOOP, Outcome.COMPLETED,
                                          Outcome.COMPLETED, Outcome.NOOP]


def test_an_op_that_ends_in_its_call_costs_no_completion(nav: navcore.Navigator) -> None:
    """An op that ends before its call returns has its outcome at once and its completion is
    never called; one that waits (a transition, the queue behind it) ends in its completion.
    The done listeners hear both."""
    completions: List[int] = []
    heard: List[Outcome] = []
    nav.on("done", lambda event: heard.append(event.outcome))
    code = _trampolines._op_done.__code__

    def profiler(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is code:
            completions.append(1)

    sys.setprofile(profiler)
    try:
        op = nav.push(View(), animated=False)
        assert op.outcome is Outcome.COMPLETED and op.done() and not completions
        transitions: List[navcore.Transition] = []
        nav.animator = transitions.append
        animated = nav.push(View())
        queued = nav.pop(animated=False)
        assert animated.outcome is None and queued.outcome is None and queued.status is navcore.Status.QUEUED
        transitions[0].finish()
    finally:
        sys.setprofile(None)
    assert animated.outcome is Outcome.COMPLETED and queued.outcome is Outcome.COMPLETED
    assert len(completions) == 2
    assert heard == [Outcome.COMPLETED] * 3
    assert not _trampolines._ops


def test_each_op_method_is_its_request() -> None:
    """Each class method of Request has the op method of its name, which takes the same
    parameters: the one is sugar over ``ask`` of the other."""
    factories = [name for name, value in vars(Request).items() if isinstance(value, classmethod)]
    assert len(factories) >= 12
    for name in factories:
        method = inspect.signature(getattr(navcore.Navigator, name))
        request = inspect.signature(getattr(Request, name))
        assert list(method.parameters.values())[1:] == list(request.parameters.values()), name
    assert navcore.Navigator.post is navcore.Navigator.show


def test_a_request_is_asked_anew_each_time(nav: navcore.Navigator) -> None:
    """A request keeps what needs a navigator as given: asked twice, an object gets two new
    screens; asked of a closed navigator, InvalidHandleError comes before its bad text."""
    twice = Request.push(Page(), animated=False, route="P")
    nav.ask(twice)
    nav.ask(twice)
    assert [s.route for s in nav.stack] == ["P", "P"] and nav.stack[0] != nav.stack[1]
    bad = Request.show("R\x00")
    with pytest.raises(navcore.InvalidError):
        nav.ask(bad)
    nav.close()
    with pytest.raises(navcore.InvalidHandleError):
        nav.ask(bad)
    with pytest.raises(navcore.InvalidHandleError):
        nav.ask(Request.restore("{"))


def test_a_failed_ask_discards_the_screens_it_made(nav: navcore.Navigator) -> None:
    released_screens: List[str] = []
    nav.on("release", lambda event: released_screens.append(event.screen.route))
    with pytest.raises(navcore.NoSuchScreenError):
        nav.ask(Request.set_stack([Page(), released(nav)]))
    assert released_screens == ["D", ""] and nav.stack == ()
