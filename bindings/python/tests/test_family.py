"""Families (SPEC §16) through the Python binding: attach, activate, present, dismiss, leave, the
family queries, and the binding-object rule of §16.12 (the family keeps a member's Navigator
alive until its teardown; the root's object owns the family)."""

from __future__ import annotations

import gc
import weakref
from typing import Any, List, Tuple

import pytest

import navcore
from navcore import _navigator


class View:
    pass


def collect() -> None:
    """Collects dropped objects and waits until the reaper destroyed their navigators."""
    gc.collect()
    assert _navigator._reaped(timeout=30)


def tabs(nav: navcore.Navigator) -> Tuple[navcore.Screen[Any], navcore.Navigator]:
    """A root showing `home`, with a hidden child showing `a` attached to it."""
    home = nav.create_screen("home", View())
    nav.push(home, animated=False)
    child = navcore.Navigator(visible=False)
    child.push(child.create_screen("a", View()), animated=False)
    assert nav.attach(child, home).outcome == "completed"
    return home, child


def test_a_navigator_made_hidden_shows_nothing(nav: navcore.Navigator) -> None:
    hidden = navcore.Navigator(visible=False)
    heard: List[Any] = []
    hidden.on("appearance", heard.append)
    hidden.push(hidden.create_screen("a", View()), animated=False)
    assert hidden.visible is False and hidden.on_screen is False and heard == []
    hidden.close()


def test_queries_return_the_objects_the_host_made(nav: navcore.Navigator) -> None:
    home, child = tabs(nav)
    assert child.parent is nav and nav.parent is None
    assert nav.active_child(home) is child
    assert nav.children(home) == (child,)
    assert child.host_screen is home
    assert child.on_screen is True and child.is_modal is False
    assert nav.back_target is None  # one screen each: no back target


def test_the_family_keeps_a_member_alive_with_its_listeners(nav: navcore.Navigator) -> None:
    home, child = tabs(nav)
    heard: List[str] = []
    child.on("will_show", lambda event: heard.append(event.screen.route))
    ref = weakref.ref(child)
    del child
    collect()
    kept = nav.active_child(home)
    assert kept is not None and kept is ref()
    kept.push(kept.create_screen("b", View()), animated=False)
    assert heard == ["b"]


def test_close_and_with_of_a_member_do_nothing_and_destroy_is_a_state_error(nav: navcore.Navigator) -> None:
    home, child = tabs(nav)
    child.close()
    with child:
        pass
    assert child.closed is False
    with pytest.raises(navcore.StateError):
        child.destroy()
    assert child.closed is False and nav.active_child(home) is child
    assert child.push(child.create_screen("b", View()), animated=False).outcome == "completed"


def test_collecting_the_root_destroys_the_family() -> None:
    root = navcore.Navigator()
    home, child = tabs(root)
    del root, home
    collect()
    with pytest.raises(navcore.InvalidHandleError):
        child.push(child.create_screen("b", View()))
    assert child.closed is True


def test_a_member_does_not_keep_its_root_alive(nav: navcore.Navigator) -> None:
    root = navcore.Navigator()
    _, child = tabs(root)
    ref = weakref.ref(root)
    del root
    collect()
    assert ref() is None
    with pytest.raises(navcore.InvalidHandleError):
        child.parent


def test_leave_tears_the_member_down_and_the_family_lets_it_go(nav: navcore.Navigator) -> None:
    home, child = tabs(nav)
    assert child.leave().outcome == "completed"
    assert child.closed is True and nav.active_child(home) is None
    with pytest.raises(navcore.InvalidHandleError):
        child.push(child.create_screen("b", View()))
    ref = weakref.ref(child)
    del child
    collect()
    assert ref() is None


def test_present_and_dismiss_with_a_result(nav: navcore.Navigator) -> None:
    nav.push(nav.create_screen("home", View()), animated=False)
    modal = navcore.Navigator(visible=False)
    sheet = modal.create_screen("sheet", View())
    modal.push(sheet, animated=False)
    results: List[Any] = []
    modal.on_result(sheet, lambda event: results.append(event.text))
    assert nav.present(modal, animated=False).outcome == "completed"
    assert nav.modal is modal and modal.parent is nav and modal.is_modal is True
    assert modal.host_screen is None and nav.on_screen is False and modal.on_screen is True
    ref = weakref.ref(modal)
    del modal
    collect()
    assert nav.modal is ref()
    assert nav.dismiss(animated=False, result="ok").outcome == "completed"
    assert results == ["ok"] and nav.modal is None
    collect()
    assert ref() is None


def test_a_refused_attach_keeps_nothing(nav: navcore.Navigator) -> None:
    gone = nav.create_screen("gone", View())
    nav.discard(gone)
    child = navcore.Navigator(visible=False)
    with pytest.raises(navcore.NoSuchScreenError):
        nav.attach(child, gone)
    assert child.parent is None
    ref = weakref.ref(child)
    del child
    collect()
    assert ref() is None


def test_a_visible_navigator_with_a_screen_cannot_be_attached(nav: navcore.Navigator) -> None:
    home = nav.create_screen("home", View())
    nav.push(home, animated=False)
    shown = navcore.Navigator()
    shown.push(shown.create_screen("a", View()), animated=False)
    with pytest.raises(navcore.StateError):
        nav.attach(shown, home)
    shown.close()
    assert shown.closed is True  # a root of its own: close() destroys it


def test_activate_switches_tabs_and_retap_pops_to_root(nav: navcore.Navigator) -> None:
    home, first = tabs(nav)
    second = navcore.Navigator(visible=False)
    second.push(second.create_screen("c", View()), animated=False)
    nav.attach(second, home)
    assert nav.active_child(home) is first
    assert second.activate(animated=False).outcome == "completed"
    assert nav.active_child(home) is second and first.on_screen is False
    second.push(second.create_screen("d", View()), animated=False)
    assert second.activate(retap="pop_to_root", animated=False).outcome == "completed"
    assert [screen.route for screen in second.stack] == ["c"]
    with pytest.raises(ValueError):
        second.activate(retap="twice")  # type: ignore[arg-type]
    with pytest.raises(navcore.StateError):
        nav.activate()


def test_present_and_dismiss_transitions_name_the_modals_screen(nav: navcore.Navigator) -> None:
    home = nav.create_screen("home", View())
    nav.push(home, animated=False)
    modal = navcore.Navigator(visible=False)
    sheet = modal.create_screen("sheet", View())
    modal.push(sheet, animated=False)
    seen: List[navcore.Transition] = []
    nav.animator = seen.append
    nav.present(modal)
    assert [(t.style, t.from_screen, t.to_screen) for t in seen] == [("present", home, sheet)]
    assert seen[0].to_screen.route == "sheet" and not seen[0].to_screen.released
    nav.finish_transition()
    assert nav.modal is modal
    nav.dismiss()
    assert [(t.style, t.from_screen, t.to_screen) for t in seen[1:]] == [("dismiss", sheet, home)]
    nav.finish_transition()
    assert nav.modal is None and sheet.released


def test_a_back_asked_of_the_root_reaches_a_dropped_tabs_listeners(nav: navcore.Navigator) -> None:
    home, child = tabs(nav)
    child.push(child.create_screen("b", View()), animated=False)
    heard: List[str] = []
    child.on("did_show", lambda event: heard.append(event.screen.route))
    del child
    collect()
    assert nav.back(animated=False).outcome == "completed"  # the tab's stack is the deepest
    assert heard == ["a"]


def test_a_screen_made_by_an_ancestors_route_is_the_childs_with_its_object(nav: navcore.Navigator) -> None:
    home, child = tabs(nav)
    made = View()
    owners: List[Any] = []
    nav.register_route("card", lambda request: owners.append(request.navigator) or made)
    assert child.show("card", animated=False).outcome == "completed"  # route lookup inherits (16.1)
    card = child.stack[-1]
    assert card.route == "card" and card.object is made and child.screen(card.id) is card
    assert len(owners) == 1 and owners[0] is child  # told the navigator that owns the screen, not nav


def test_a_dismiss_without_a_result_sets_none(nav: navcore.Navigator) -> None:
    nav.push(nav.create_screen("home", View()), animated=False)
    modal = navcore.Navigator(visible=False)
    sheet = modal.create_screen("sheet", View())
    modal.push(sheet, animated=False)
    modal.set_result_text(sheet, "kept")
    results: List[Any] = []
    modal.on_result(sheet, lambda event: results.append(event.text))
    nav.present(modal, animated=False)
    nav.dismiss(animated=False)
    assert results == ["kept"]  # no result given: the screen's own stays (SPEC §16.4)


def test_a_restored_tree_has_its_objects_without_an_on_child_handler(nav: navcore.Navigator) -> None:
    home, child = tabs(nav)
    inner = child.stack[0]
    nested = navcore.Navigator(visible=False)
    nested.push(nested.create_screen("n", View()), animated=False)
    assert child.attach(nested, inner).outcome == "completed"
    child.push(child.create_screen("b", View()), animated=False)
    for route in ("home", "a", "b", "n"):
        nav.register_route(route, lambda request: View())
    saved = nav.save_tree()
    assert nav.restore_tree(saved).outcome == "completed"  # no on_child handler anywhere
    made = nav.children(nav.stack[0])
    assert len(made) == 1 and made[0] is not child and nav.active_child(nav.stack[0]) is made[0]
    assert nav.back_target is made[0] and [s.route for s in made[0].stack] == ["a", "b"]
    grandchildren = made[0].children(made[0].stack[0])  # one level down, with no handler either
    assert len(grandchildren) == 1 and [s.route for s in grandchildren[0].stack] == ["n"]
    assert nav.save_tree() == saved
