"""Results (SPEC §12), the deferred veto (§13), save, open and restore (§14), text ownership
(§15) and show's recycle modes (§8), through the Python binding's typed API."""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any, List, Optional

import pytest

import navcore
from navcore import LATER, Outcome, _trampolines


class View:
    def __init__(self, name: str = "") -> None:
        self.name = name


# -- results ------------------------------------------------------------------------------------


def test_push_for_result_round_trips_a_json_value(nav: navcore.Navigator) -> None:
    nav.push(View("home"))
    picker = nav.create_screen("picker", View())
    choice = {"colour": "vert", "shades": [1, 2.5, None], "ok": True, "note": "é\n\"q\""}

    async def main() -> Any:
        pending = nav.push_for_result(picker)
        assert pending.operation is not None and pending.operation.outcome is Outcome.COMPLETED
        assert not pending.done()
        nav.pop(result=choice)
        return await pending

    assert asyncio.run(main()) == choice
    assert picker.released


def test_result_listener_hears_the_text_before_the_release(nav: navcore.Navigator) -> None:
    order: List[str] = []
    nav.on("release", lambda event: order.append("release"))
    nav.push(View())
    screen = nav.create_screen("detail", View())
    nav.push(screen)
    nav.set_result(screen, [1, 2])
    assert screen.result == [1, 2] and screen.result_text == "[1,2]"

    def heard(event: navcore.ResultEvent) -> None:
        assert not event.screen.released and nav.result_text(event.screen) == "raw text"
        order.append(f"result {event.text}")

    assert nav.on_result(screen, heard) is heard
    nav.pop(result_text="raw text")
    assert order == ["result raw text", "release"]
    with pytest.raises(navcore.NoSuchScreenError):
        nav.result_text(screen)


def test_a_replaced_listener_is_never_called_and_none_removes(nav: navcore.Navigator) -> None:
    heard: List[str] = []
    screen = nav.create_screen("detail")
    nav.on_result(screen, lambda event: heard.append("old"))
    nav.on_result(screen, lambda event: heard.append("new"))
    other = nav.create_screen("other")
    nav.on_result(other, lambda event: heard.append("removed"))
    nav.on_result(other, None)
    nav.discard(screen)
    nav.discard(other)
    assert heard == ["new"]
    assert not nav._items and not _trampolines._owners


def test_set_result_none_clears_and_pop_without_result_keeps_it(nav: navcore.Navigator) -> None:
    nav.push(View())
    screen = nav.create_screen("detail")
    nav.push(screen)
    nav.set_result(screen, "x")
    nav.set_result(screen, None)
    assert nav.result(screen) is None
    nav.set_result_text(screen, "kept")
    pending_text: List[Any] = []
    nav.on_result(screen, lambda event: pending_text.append(event.text))
    nav.pop()
    assert pending_text == ["kept"]


def test_pop_takes_result_or_result_text_not_both(nav: navcore.Navigator) -> None:
    with pytest.raises(TypeError):
        nav.pop(result=1, result_text="1")
    with pytest.raises(navcore.InvalidError):
        nav.pop(result_text="nul\x00")


def test_push_for_result_resolves_none_at_close_and_waits_from_a_thread() -> None:
    nav = navcore.Navigator()
    nav.push(View())
    pending = nav.push_for_result(View())
    seen: List[Any] = []
    waiter = threading.Thread(target=lambda: seen.append(pending.wait(10)))
    waiter.start()
    nav.close()
    waiter.join(10)
    assert pending.done() and seen == [None] and pending.text is None


def test_a_result_that_is_not_json_raises_at_await(nav: navcore.Navigator) -> None:
    nav.push(View())
    pending = nav.push_for_result(View())
    nav.pop(result_text="not json")
    assert pending.text == "not json"
    with pytest.raises(ValueError):
        pending.value()


# -- the deferred veto ----------------------------------------------------------------------------


def test_later_is_decided_from_another_thread(nav: navcore.Navigator) -> None:
    nav.set_stack([View("home"), View("compose")], animated=False)
    decisions: List[navcore.Decision] = []

    def veto(screen: navcore.Screen, by_gesture: bool, decision: navcore.Decision) -> Any:
        decisions.append(decision)
        return LATER

    nav.veto = veto
    back = nav.back(animated=False)
    queued = nav.push(View("after"), animated=False)
    assert back.outcome is None and nav.busy and queued.status is navcore.Status.QUEUED
    assert len(decisions) == 1 and decisions[0].screen is nav.top and decisions[0].id > 0
    worker = threading.Thread(target=decisions[0].allow)
    worker.start()
    worker.join(10)
    assert back.outcome is Outcome.COMPLETED and queued.outcome is Outcome.COMPLETED
    assert [s.object.name for s in nav.stack] == ["home", "after"]
    with pytest.raises(navcore.StateError):  # answered already
        nav.decide(decisions[0], False)


def test_pending_decision_names_the_decision_a_back_waits_for(nav: navcore.Navigator) -> None:
    nav.set_stack([View("home"), View("compose")], animated=False)
    decisions: List[navcore.Decision] = []
    inside: List[Optional[navcore.Decision]] = []

    def veto(screen: navcore.Screen, by_gesture: bool, decision: navcore.Decision) -> Any:
        inside.append(nav.pending_decision)
        decisions.append(decision)
        return LATER

    nav.veto = veto
    assert nav.pending_decision is None
    back = nav.back(animated=False)
    assert inside == [None], "pending once the veto has returned, not inside it"
    pending = nav.pending_decision
    assert pending == decisions[0] and pending is not None and pending.screen is nav.top
    # What the other queries read meanwhile, and which only pending_decision tells apart from work.
    queued = nav.push(View("after"), animated=False)
    assert nav.busy and nav.current_transition is None and nav.action_state is navcore.Action.IDLE
    assert nav.pending == 1 and nav.pending_decision == pending
    pending.refuse()
    assert nav.pending_decision is None and back.outcome is Outcome.VETOED
    assert queued.outcome is Outcome.COMPLETED


def test_close_while_a_decision_is_pending_aborts_the_back() -> None:
    nav = navcore.Navigator()
    nav.set_stack([View(), View()], animated=False)
    decisions: List[navcore.Decision] = []
    nav.veto = lambda screen, by_gesture, decision: decisions.append(decision) or LATER
    back = nav.back()
    nav.close()
    assert back.outcome is Outcome.ABORTED
    with pytest.raises(navcore.InvalidHandleError):
        decisions[0].allow()


def test_later_counts_as_no_for_the_gesture(nav: navcore.Navigator) -> None:
    nav.animator = lambda transition: transition.finish()
    nav.set_stack([View(), View()], animated=False)
    nav.veto = lambda screen, by_gesture, decision: LATER
    assert nav.gesture().outcome is Outcome.VETOED and not nav.busy


def test_a_refused_decision_ends_the_back_vetoed(nav: navcore.Navigator) -> None:
    nav.set_stack([View(), View()], animated=False)
    nav.veto = lambda screen, by_gesture, decision: decisions.append(decision) or LATER
    decisions: List[navcore.Decision] = []
    back = nav.back()
    nav.decide(decisions[0].id, False)
    assert back.outcome is Outcome.VETOED and len(nav.stack) == 2
    nav.veto = lambda screen, by_gesture: False  # a two-argument veto: a bool, as before
    assert nav.back().outcome is Outcome.VETOED
    nav.veto = lambda screen, by_gesture: navcore.Veto.ALLOW  # 0, yet an allow: an answer, not a truth
    assert nav.back().outcome is Outcome.COMPLETED


def test_later_from_a_two_argument_veto_is_a_type_error_and_refuses(nav: navcore.Navigator) -> None:
    nav.set_stack([View(), View()], animated=False)
    nav.veto = lambda screen, by_gesture: LATER
    with pytest.raises(TypeError, match="takes the decision"):
        nav.back()
    assert not nav.busy and len(nav.stack) == 2


# -- save, open and restore -----------------------------------------------------------------------


def make_routes(nav: navcore.Navigator, made: List[str], failing: str = "") -> None:
    def factory(request: navcore.RouteRequest) -> View:
        if request.route == failing:
            raise navcore.FactoryFailed()
        made.append(request.route)
        return View(request.route)

    for route in ("inbox", "message", "reply"):
        nav.register_route(route, factory)


def test_open_builds_the_stack_with_json_states(nav: navcore.Navigator) -> None:
    make_routes(nav, [])
    op = nav.open([("inbox", None), ("message", {"id": 42}), "reply"])
    assert op.op is navcore.Op.OPEN and op.outcome is Outcome.COMPLETED
    assert [s.route for s in nav.stack] == ["inbox", "message", "reply"]
    assert nav.stack[1].saved_state == '{"id":42}' and nav.saved_state(nav.stack[0]) is None
    assert nav.save() == {
        "navcore": 1,
        "stack": [
            {"route": "inbox", "state": None},
            {"route": "message", "state": '{"id":42}'},
            {"route": "reply", "state": None},
        ],
    }
    assert nav.save_text() == (
        '{"navcore":1,"stack":[{"route":"inbox","state":null},'
        '{"route":"message","state":"{\\"id\\":42}"},{"route":"reply","state":null}]}'
    )


def test_restore_of_save_rebuilds_an_equal_stack() -> None:
    with navcore.Navigator() as first:
        make_routes(first, [])
        first.open([("inbox", "all"), ("message", {"id": 7})])
        first.set_saved_state(first.top, {"id": 7, "draft": "ça va"})  # type: ignore[arg-type]
        saved, text = first.save(), first.save_text()
        old_ids = [s.id for s in first.stack]
    for document in (saved, text):
        with navcore.Navigator() as second:
            make_routes(second, [])
            assert second.restore(document).outcome is Outcome.COMPLETED
            assert second.save() == saved and second.save_text() == text
            assert not {s.id for s in second.stack} & set(old_ids)  # new screens


def test_restore_rejects_a_malformed_document_at_the_call(nav: navcore.Navigator) -> None:
    for document in ('{"navcore":1,"stack":[]}', '{"navcore":2,"stack":[{"route":"a","state":null}]}', "[]", {}):
        with pytest.raises(navcore.InvalidError):
            nav.restore(document)
    with pytest.raises(navcore.InvalidError):
        nav.open([])


def test_a_failing_factory_in_open_releases_what_it_made(nav: navcore.Navigator) -> None:
    made: List[str] = []
    make_routes(nav, made, failing="reply")
    nav.push(View("home"))
    released: List[str] = []
    nav.on("release", lambda event: released.append(event.object.name))
    op = nav.open([("inbox", None), ("message", "x"), ("reply", None)])
    assert op.outcome is Outcome.FACTORY_FAILED
    assert made == ["inbox", "message"] and released == ["message", "inbox"]  # last made first
    assert [s.object.name for s in nav.stack] == ["home"] and len(nav._screens) == 1


def test_open_of_an_unknown_route_changes_nothing(nav: navcore.Navigator) -> None:
    made: List[str] = []
    make_routes(nav, made)
    assert nav.open([("inbox", None), ("nowhere", None)]).outcome is Outcome.UNKNOWN_ROUTE
    assert made == [] and nav.stack == ()


# -- text ownership and show's recycle ----------------------------------------------------------


def test_query_text_is_freed_exactly_once(nav: navcore.Navigator, monkeypatch: Any) -> None:
    library = navcore._ffi.lib()
    freed: List[int] = []
    real_free = library.navcore_free

    class Counting:
        def __getattr__(self, name: str) -> Any:
            return getattr(library, name)

        @staticmethod
        def navcore_free(pointer: Any) -> None:
            freed.append(pointer.value)
            real_free(pointer)

    monkeypatch.setattr(navcore._ffi, "lib", lambda: Counting())
    screen = nav.create_screen("a")
    nav.push(screen)
    nav.set_result(screen, 1)
    nav.set_saved_state(screen, "s")
    assert nav.result_text(screen) == "1" and nav.saved_state(screen) == "s"
    assert json.loads(nav.save_text())["stack"][0]["state"] == "s"
    nav.set_result(screen, None)
    assert nav.result_text(screen) is None  # NULL: nothing to free
    assert len(freed) == 3  # one free per text returned (addresses may be reused after a free)


def test_show_recycle_top_any_and_none(nav: navcore.Navigator) -> None:
    nav.register_route("item", lambda request: View())
    nav.register_route("list", lambda request: View())
    nav.show("item", remove_current=False)
    nav.show("list", remove_current=False)
    assert nav.show("item", recycle="top").outcome is Outcome.COMPLETED  # a new top, not a pop back
    assert [s.route for s in nav.stack] == ["item", "item"]
    assert nav.show("item", recycle="top").outcome is Outcome.NOOP
    assert nav.show("item", recycle=navcore.Recycle.NONE, remove_current=False).outcome is Outcome.COMPLETED
    assert len(nav.stack) == 3
    with pytest.raises(ValueError):
        nav.show("item", recycle="sometimes")


def test_on_result_inside_the_listener_raises_state_error(nav: navcore.Navigator) -> None:
    nav.push(View())
    screen = nav.create_screen("detail")
    nav.push(screen)
    raised: List[BaseException] = []

    def heard(event: navcore.ResultEvent) -> None:
        try:
            nav.on_result(event.screen, lambda again: None)
        except navcore.StateError as error:
            raised.append(error)

    nav.on_result(screen, heard)
    nav.pop()
    assert len(raised) == 1 and not nav._items and not _trampolines._owners
