"""navcore.textual with Textual's own Pilot (App.run_test), on the example app
(examples/textual_app.py): push and pop, hammered pushes in order, the veto and the deferred
veto's confirm dialog (and the decision it waits for), results through dismiss and
push_screen's route, a route posted from a thread, the gesture cancelled and finished, and every
screen released and unmounted once; and on small apps of its own, the back key next to an app's
own escape binding, the back's Operation posted to the app, and ESCAPE_TO_BACK off."""

from __future__ import annotations

import asyncio
import importlib.util
import threading
from collections import Counter
from typing import Any, Awaitable, Callable, Dict, List

import pytest
from textual.app import App
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Input

import navcore
from navcore import aio
from navcore.textual import ConfirmScreen, Navigation, NavScreen

from .conftest import PACKAGE_DIR, Flood

_spec = importlib.util.spec_from_file_location("textual_app", PACKAGE_DIR / "examples" / "textual_app.py")
assert _spec is not None and _spec.loader is not None
example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(example)


class Harness:
    """The example app under Pilot, with what its navigator did."""

    def __init__(self, app: Any, pilot: Pilot[Any]) -> None:
        self.app = app
        self.pilot = pilot
        self.navigation: Navigation = app.navigation
        self.nav: navcore.Navigator = app.navigation.navigator
        self.released: Counter[int] = Counter()
        self.outcomes: List[navcore.Outcome] = []
        self.nav.on("release", lambda event: self.released.update([id(event.object)]))
        self.nav.on("done", lambda event: self.outcomes.append(event.outcome))

    async def settle(self) -> None:
        """Until navcore is idle with nothing queued and Textual has caught up."""
        for _ in range(500):
            await self.pilot.pause()
            if not self.nav.busy and not self.nav.pending:
                await self.pilot.pause()
                return
            await asyncio.sleep(0.005)
        raise AssertionError(f"navcore never settled: {self.nav!r}")

    async def press(self, *keys: str) -> None:
        """Presses keys, then lets everything they asked run."""
        await self.pilot.press(*keys)
        await self.settle()

    def headings(self) -> List[str]:
        """navcore's stack by screen title; it must be what Textual shows."""
        shown = [screen.heading for screen in self.app.screen_stack if isinstance(screen, example.Page)]
        assert shown == [screen.object.heading for screen in self.nav.stack]
        return shown


def run(scenario: Callable[[Harness], Awaitable[None]], slide_time: float = 0.02) -> Harness:
    """Runs ``scenario`` against a fresh example app; then checks that every page the app
    unmounted was released by navcore once and unmounted once."""
    example.Page.unmounted = []
    harnesses: List[Harness] = []

    async def main() -> None:
        app = example.NavcoreApp(slide_time=slide_time)
        async with app.run_test(size=(60, 20)) as pilot:
            harness = Harness(app, pilot)
            harnesses.append(harness)
            await harness.settle()
            await scenario(harness)

    asyncio.run(main())
    harness = harnesses[0]
    unmounted = Counter(id(page) for page in example.Page.unmounted)
    assert set(unmounted.values()) <= {1}, "a page was unmounted twice"
    assert set(harness.released.values()) <= {1}, "a screen was released twice"
    assert harness.nav.closed, "the app's unmount closes its navigation"
    assert set(unmounted) == set(harness.released), "each page navcore released is the one Textual unmounted"
    return harness


def test_push_and_escape_pop_follow_navcore_and_release_each_screen_once() -> None:
    async def scenario(h: Harness) -> None:
        assert h.headings() == ["Home"]
        await h.press("m")
        assert h.headings() == ["Home", "Message"] and h.app.screen.heading == "Message"
        message = h.app.screen
        await h.press("escape")
        assert h.headings() == ["Home"] and h.released[id(message)] == 1
        assert message in example.Page.unmounted and not message.is_attached

    harness = run(scenario)
    assert harness.outcomes == [navcore.Outcome.COMPLETED] * 2 and len(harness.released) == 2  # Home at exit


def test_hammered_pushes_queue_and_land_in_order() -> None:
    async def scenario(h: Harness) -> None:
        operations = [h.nav.push(example.Page(f"P{i}")) for i in range(8)]
        assert sum(op.status is navcore.Status.QUEUED for op in operations) == 8  # host dispatch
        await h.press(*"mmm")  # and the app's key while they slide
        assert h.headings() == ["Home"] + [f"P{i}" for i in range(8)] + ["Message"] * 3
        assert [op.outcome for op in operations] == [navcore.Outcome.COMPLETED] * 8
        h.nav.pop_to_root()
        await h.settle()
        assert h.headings() == ["Home"] and len(h.released) == 11

    run(scenario)


def test_the_veto_asks_a_confirm_screen_and_its_answer_decides() -> None:
    async def scenario(h: Harness) -> None:
        await h.press("f")
        form = h.app.screen
        await h.press("escape")  # nothing typed: the form goes
        assert h.headings() == ["Home"] and h.released[id(form)] == 1

        await h.press("f")
        await h.pilot.press(*"draft")
        assert h.app.screen.query_one(Input).value == "draft"
        await h.pilot.press("escape")
        await h.pilot.pause()
        assert isinstance(h.app.screen, ConfirmScreen) and h.nav.busy  # navcore waits for the answer
        decision = h.navigation.pending_decision
        assert decision is not None and decision.screen == h.nav.top
        assert isinstance(decision.screen.object, example.Form)
        assert h.nav.current_transition is None and h.nav.action_state is navcore.Action.IDLE
        await h.press("n")
        assert h.navigation.pending_decision is None
        assert h.headings() == ["Home", "Form"] and h.outcomes[-1] is navcore.Outcome.VETOED
        await h.pilot.press("escape")
        await h.pilot.pause()
        await h.pilot.click("#yes")
        await h.settle()
        assert h.headings() == ["Home"] and h.outcomes[-1] is navcore.Outcome.COMPLETED

    run(scenario)


def test_a_gesture_can_never_wait_for_the_confirm_screen() -> None:
    async def scenario(h: Harness) -> None:
        await h.press("f")
        await h.pilot.press("x")  # unsaved text; ctrl+right would move the input's cursor
        h.app.action_gesture(True)
        await h.settle()
        assert h.headings() == ["Home", "Form"] and h.outcomes[-1] is navcore.Outcome.VETOED
        assert not isinstance(h.app.screen, ConfirmScreen)

    run(scenario)


def test_dismiss_with_a_result_reaches_the_push_screen_callback() -> None:
    async def scenario(h: Harness) -> None:
        await h.press("c")
        picker = h.app.screen
        await h.press("t")
        assert h.headings() == ["Home"] and h.app.screen.text == "picked {'colour': 'teal'}"
        assert h.released[id(picker)] == 1

    run(scenario)


def test_a_route_posted_from_a_thread_lands_on_textuals_thread() -> None:
    async def scenario(h: Harness) -> None:
        ui_thread = threading.get_ident()
        made_on: List[int] = []
        payloads_on: List[int] = []

        class Inbox(example.Page):
            def receive_payload(self, payload: navcore.Payload) -> None:
                payloads_on.append(threading.get_ident())
                super().receive_payload(payload)

        def factory(request: navcore.RouteRequest) -> Any:
            made_on.append(threading.get_ident())
            return Inbox("Inbox")

        h.nav.unregister_route("inbox")
        h.nav.register_route("inbox", factory)
        for posts in (1, 2):  # made, then recycled with the second payload
            await h.pilot.press("w")  # the app's key: a worker thread posts the route
            for _ in range(100):
                await h.settle()
                if len(payloads_on) == posts:
                    break
        assert made_on == [ui_thread] and payloads_on == [ui_thread] * 2
        assert h.headings() == ["Home", "Inbox"] and h.nav.top.object.text == "posted by a worker"

    run(scenario)


def test_the_gesture_cancelled_keeps_the_screen_and_finished_removes_it() -> None:
    async def scenario(h: Harness) -> None:
        await h.press("m")
        message = h.app.screen
        h.navigation.begin_gesture()
        assert [s.object.heading for s in h.navigation.mirror.stack] == ["Home"]  # provisional
        assert h.app.screen is message, "the leaving screen stays shown while the finger moves"
        h.navigation.update_gesture(0.5)
        assert message.styles.offset.x.value == 30
        h.navigation.end_gesture(commit=False)
        await h.settle()
        assert h.headings() == ["Home", "Message"] and h.outcomes[-1] is navcore.Outcome.CANCELLED
        assert h.released[id(message)] == 0 and message.is_attached and message.styles.offset.x.value == 0

        await h.press("ctrl+right")  # the example's swipe: begin, halfway, finish
        assert h.headings() == ["Home"] and h.outcomes[-1] is navcore.Outcome.COMPLETED
        assert h.released[id(message)] == 1 and message in example.Page.unmounted

    run(scenario)


def test_instant_navigation_and_close_remove_every_screen_once() -> None:
    async def scenario(h: Harness) -> None:
        h.nav.register_route("page", lambda request: example.Page(request.payload.json()["text"]))
        h.nav.open([("page", {"text": "A"}), ("page", {"text": "B"}), ("page", {"text": "C"})])
        await h.settle()
        assert h.headings() == ["A", "B", "C"]  # open: instant, never seen by the animator
        pages = [s.object for s in h.nav.stack]
        h.nav.set_visible(False)
        h.nav.pop()  # hidden: instant
        await h.settle()
        assert h.headings() == ["A", "B"]
        h.navigation.close()
        await h.pilot.pause()
        assert not any(isinstance(s, example.Page) for s in h.app.screen_stack)
        assert all(h.released[id(page)] == 1 for page in pages)

    harness = run(scenario, slide_time=0)
    assert harness.nav.closed


@pytest.mark.parametrize("slide_time", [0.0, 0.02])
def test_slides_finish_with_and_without_duration(slide_time: float) -> None:
    async def scenario(h: Harness) -> None:
        seen: Dict[navcore.Action, int] = Counter()
        h.nav.on("action", lambda event: seen.update([event.state]))
        await h.press("m")
        await h.press("escape")
        assert h.headings() == ["Home"]
        assert seen[navcore.Action.PUSH_COMPLETED] == seen[navcore.Action.POP_COMPLETED] == 1

    run(scenario, slide_time=slide_time)


def test_a_slide_holds_the_op_until_textuals_animation_ends() -> None:
    async def scenario(h: Harness) -> None:
        h.app.action_message()  # the "m" key's action (Pilot's press would wait for the slide)
        await h.pilot.pause(0.1)
        message = h.app.screen
        assert h.nav.busy and h.nav.current_transition is not None, "navcore waits for the slide"
        assert 0 < message.styles.offset.x.value < 60, "the screen is on its way in from the right"
        h.nav.push(example.Page("Queued"))
        assert h.nav.pending == 1
        await h.settle()
        assert message.styles.offset.x.value == 0 and h.headings() == ["Home", "Message", "Queued"]

    run(scenario, slide_time=1.0)  # long enough to be seen mid-way on a loaded machine


def test_a_flood_of_posts_leaves_textual_its_loop_between_drains() -> None:
    """Threads post faster than ops run: Textual's loop (its messages, a probe coroutine) gets
    control back after one op plus the drain budget, never only after the whole flood."""
    floods: List[Flood] = []

    async def scenario(h: Harness) -> None:
        floods.append(Flood(h.nav))
        await floods[0].run()
        await h.settle()

    run(scenario)
    flood = floods[0]
    assert flood.posted > 100 and flood.ran == flood.posted
    assert flood.longest_gap <= Flood.op_seconds + aio.DRAIN_BUDGET + 0.1, f"the loop was held {flood.longest_gap:.3f} s"


# -- the back key and a Textual app's own bindings ------------------------------------------------


class OwnEscapeApp(App[None]):
    """An app over navcore's screens, with or without its own escape binding; it logs the ops
    the screens' back key asked (``NavScreen.BackAsked``)."""

    def __init__(self, *pages: NavScreen) -> None:
        super().__init__()
        self.pages = pages
        self.own_escapes = 0
        self.backs: List[navcore.Operation] = []

    def on_mount(self) -> None:
        self.navigation = Navigation(self, animated=False)
        for page in self.pages:
            self.navigation.navigator.push(page)

    def on_nav_screen_back_asked(self, message: NavScreen.BackAsked) -> None:
        self.backs.append(message.operation)

    def action_own_escape(self) -> None:
        self.own_escapes += 1

    def on_unmount(self) -> None:
        self.navigation.close()


class EscapeBindingApp(OwnEscapeApp):
    BINDINGS = [Binding("escape", "own_escape", "Own")]


class KeepsEscape(example.Page):
    """A page whose escape is not navcore's back."""

    ESCAPE_TO_BACK = False


def press_escape(app: OwnEscapeApp) -> List[str]:
    """Presses escape on ``app`` once its pages are shown; returns navcore's stack then."""
    stacks: List[List[str]] = []

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            await pilot.press("escape")
            for _ in range(20):
                await pilot.pause()
            stacks.append([screen.object.heading for screen in app.navigation.navigator.stack])

    asyncio.run(main())
    return stacks[0]


def test_the_apps_own_escape_binding_is_never_shadowed_by_the_back_key() -> None:
    app = EscapeBindingApp(example.Page("Home"), example.Page("Next"))
    assert press_escape(app) == ["Home", "Next"]
    assert app.own_escapes == 1 and app.backs == []


def test_the_back_key_posts_its_operation_for_the_app() -> None:
    app = OwnEscapeApp(example.Page("Home"), example.Page("Next"))
    assert press_escape(app) == ["Home"]
    assert [op.outcome for op in app.backs] == [navcore.Outcome.COMPLETED] and app.own_escapes == 0


def test_escape_to_back_off_leaves_escape_alone() -> None:
    app = OwnEscapeApp(example.Page("Home"), KeepsEscape("Next"))
    assert press_escape(app) == ["Home", "Next"] and app.backs == []


def test_push_screen_takes_the_route_of_the_screen_it_makes() -> None:
    async def scenario(h: Harness) -> None:
        chosen: List[Any] = []
        pending = h.navigation.push_screen(example.ColourPicker(), chosen.append, route="picker")
        await h.settle()
        top = h.nav.top
        assert top is not None and top.route == "picker" and pending.screen is top
        await h.press("r")
        assert chosen == [{"colour": "red"}]

    run(scenario)


# -- ops asked on Textual's thread -----------------------------------------------------------------


def test_an_op_asked_on_textuals_thread_has_ended_when_the_call_returns() -> None:
    """On Textual's thread, outside navcore's callbacks, an op is drained in its own call (as in
    inline mode); a thread's op still waits for Textual's loop."""
    app = OwnEscapeApp(example.Page("Home"))
    seen: List[Any] = []

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            nav = app.navigation.navigator
            home, page = nav.top.object, example.Page("Next")
            push = nav.push(page)
            seen.append((push.status, push.outcome, app.screen is page, nav.busy, nav.pending))
            popped: List[navcore.Operation] = []
            worker = threading.Thread(target=lambda: popped.append(nav.pop()))
            worker.start()
            worker.join()
            seen.append((popped[0].outcome, nav.pending))
            for _ in range(50):
                await pilot.pause()
                if popped[0].done():
                    break
            seen.append((popped[0].outcome, app.screen is home))

    asyncio.run(main())
    completed = navcore.Outcome.COMPLETED
    assert seen == [(navcore.Status.QUEUED, completed, True, False, 0), (None, 1), (completed, True)]


def test_a_callbacks_exception_in_a_drain_at_once_reaches_on_error() -> None:
    """The drain an op asked on Textual's thread runs at once gives its callbacks' exceptions to
    ``on_error``, as a scheduled drain does; the op's call does not raise."""
    errors: List[BaseException] = []
    outcomes: List[Any] = []

    class Failing(App[None]):
        def on_mount(self) -> None:
            navigation = Navigation(self, animated=False, on_error=errors.append)
            navigation.navigator.on("done", lambda event: 1 / 0)
            outcomes.append(navigation.navigator.push(example.Page("Home")).outcome)
            outcomes.append(len(errors))
            navigation.close()

    async def main() -> None:
        async with Failing().run_test(size=(60, 20)) as pilot:
            await pilot.pause()

    asyncio.run(main())
    assert outcomes == [navcore.Outcome.COMPLETED, 1] and [type(e) for e in errors] == [ZeroDivisionError]


def test_a_popped_screen_is_removed_once() -> None:
    """navcore's release of a screen its op popped only uninstalls it: Textual's pop removes it
    (a second ``remove`` would prune it twice)."""
    removes: List[str] = []

    class Counted(example.Page):
        def remove(self) -> Any:
            removes.append(self.heading)
            return super().remove()

    app = OwnEscapeApp(example.Page("Home"))
    unmounted: List[bool] = []

    async def main() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await pilot.pause()
            nav = app.navigation.navigator
            page = Counted("Next")
            nav.push(page)
            await pilot.pause()
            nav.pop()
            for _ in range(20):
                await pilot.pause()
            unmounted.append(not page.is_attached and page in example.Page.unmounted)

    example.Page.unmounted = []
    asyncio.run(main())
    assert removes == ["Next"] and unmounted == [True]
