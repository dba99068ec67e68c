"""navcore.mirror: a retained toolkit driven by the mirror alone follows the stack through instant
ops, animated ops, the gesture's provisional pop (revert and commit), a hidden navigator, set,
show and open; and every screen hook runs with its view mounted."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import pytest

import navcore
from navcore.mirror import COMMIT, REVERT, Change, StackMirror


class View:
    """A screen object that checks, in its own will_show, that the toolkit mounted it."""

    def __init__(self, toolkit: "Toolkit", name: str) -> None:
        self.toolkit = toolkit
        self.name = name

    def will_show(self) -> None:
        assert self in self.toolkit.mounted, f"{self.name}: will_show before its mount"


class Toolkit:
    """A retained toolkit: mounted views, the one it shows, and the animations it plays. It
    learns about the stack from the mirror only."""

    def __init__(self, nav: navcore.Navigator) -> None:
        self.mounted: List[Any] = []
        self.showing: Optional[Any] = None
        self.playing: Optional[navcore.Transition] = None
        self.log: List[Tuple[Any, ...]] = []
        self.mirror = StackMirror(nav, self.change, on_end=self.end, on_prepare=self.prepare)

    def prepare(self, screen: navcore.Screen, obj: Any) -> None:
        self.mounted.append(obj)
        self.log.append(("prepare", screen.route))

    def change(self, change: Change) -> None:
        for screen in change.added:
            if change.object(screen) not in self.mounted:
                self.mounted.append(change.object(screen))
        self.showing = change.object(change.new[-1])
        self.playing = change.transition
        routes = (" ".join(s.route for s in change.old), " ".join(s.route for s in change.new))
        self.log.append(("change",) + routes + (change.transition is not None, change.provisional))

    def end(self, change: Change, outcome: str) -> None:
        if outcome == COMMIT:
            for screen in change.removed:
                self.mounted.remove(change.object(screen))
        else:
            self.showing = change.object(change.old[-1])
        self.log.append(("end", outcome))

    def take(self) -> List[Tuple[Any, ...]]:
        log, self.log = self.log, []
        return log


@pytest.fixture
def toolkit(nav: navcore.Navigator) -> Toolkit:
    return Toolkit(nav)


def screens(nav: navcore.Navigator, toolkit: Toolkit, *names: str) -> List[navcore.Screen]:
    return [nav.create_screen(name, View(toolkit, name)) for name in names]


def test_instant_ops_never_reach_the_animator_but_reach_the_mirror(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    a, b, c = screens(nav, toolkit, "a", "b", "c")
    nav.push(a)  # the first push: instant even with the mirror as animator
    nav.push(b, animated=False)
    nav.push(c, animated=False)
    assert toolkit.take() == [
        ("prepare", "a"), ("change", "", "a", False, False), ("end", COMMIT),
        ("prepare", "b"), ("change", "a", "a b", False, False), ("end", COMMIT),
        ("prepare", "c"), ("change", "a b", "a b c", False, False), ("end", COMMIT),
    ]  # fmt: skip
    nav.pop_to_root(animated=False)
    assert toolkit.take() == [("change", "a b c", "a", False, False), ("end", COMMIT)]
    assert toolkit.mounted == [a.object] and toolkit.showing is a.object
    assert toolkit.mirror.stack == nav.stack and toolkit.mirror.pending is None


def test_an_animated_op_waits_for_the_transition_and_commits_after_it(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    a, b = screens(nav, toolkit, "a", "b")
    nav.push(a)
    toolkit.take()
    nav.push(b)
    assert toolkit.take() == [("prepare", "b"), ("change", "a", "a b", True, False)]
    assert toolkit.playing is not None and toolkit.playing.style is navcore.Style.PUSH
    toolkit.playing.finish()
    assert toolkit.take() == [("end", COMMIT)]
    popped = b.object
    nav.pop()
    assert toolkit.take() == [("change", "a b", "a", True, False)]
    assert popped in toolkit.mounted, "the leaving view stays mounted while its slide plays"
    toolkit.playing.finish()
    assert toolkit.take() == [("end", COMMIT)] and popped not in toolkit.mounted and b.released


def test_the_gestures_pop_is_provisional_and_a_cancel_reverts_it(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    a, b = screens(nav, toolkit, "a", "b")
    nav.push(a)
    nav.push(b, animated=False)
    toolkit.take()
    done: List[navcore.Outcome] = []
    nav.gesture().add_done_callback(lambda op: done.append(op.outcome))
    assert toolkit.take() == [("change", "a b", "a", True, True)]
    assert toolkit.mirror.stack == (a,) and b.object in toolkit.mounted and not b.released
    assert toolkit.playing is not None and toolkit.playing.interactive
    toolkit.playing.progress(0.3)
    toolkit.playing.cancel()
    assert toolkit.take() == [("end", REVERT)] and done == [navcore.Outcome.CANCELLED]
    assert toolkit.mirror.stack == (a, b) == nav.stack and toolkit.showing is b.object
    assert toolkit.mounted == [a.object, b.object] and not b.released


def test_the_gestures_pop_commits_when_finished(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    a, b = screens(nav, toolkit, "a", "b")
    nav.push(a)
    nav.push(b, animated=False)
    toolkit.take()
    leaving = b.object
    nav.gesture()
    assert toolkit.take() == [("change", "a b", "a", True, True)]
    toolkit.playing.finish()
    assert toolkit.take() == [("end", COMMIT)]
    assert b.released and leaving not in toolkit.mounted and toolkit.mirror.stack == (a,) == nav.stack


def test_a_hidden_navigator_changes_instantly_and_the_mirror_follows(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    a, b, c = screens(nav, toolkit, "a", "b", "c")
    nav.push(a)
    nav.set_visible(False)
    toolkit.take()
    nav.push(b)  # animated asked, instant while hidden: no will_show, still mirrored
    nav.push(c)
    nav.pop()
    assert toolkit.take() == [
        ("prepare", "b"), ("change", "a", "a b", False, False), ("end", COMMIT),
        ("prepare", "c"), ("change", "a b", "a b c", False, False), ("end", COMMIT),
        ("change", "a b c", "a b", False, False), ("end", COMMIT),
    ]  # fmt: skip
    nav.set_visible(True)
    assert toolkit.take() == [] and toolkit.showing is b.object and toolkit.mounted == [a.object, b.object]


def test_set_replaces_the_stack_and_releases_the_rest_at_commit(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    a, b, c, d = screens(nav, toolkit, "a", "b", "c", "d")
    nav.set_stack([a, b], animated=False)
    assert toolkit.take() == [("prepare", "b"), ("change", "", "a b", False, False), ("end", COMMIT)]
    assert toolkit.mounted == [b.object, a.object], "a lower screen of a set is mounted by the change"
    nav.set_stack([c, d, a])  # a kept (now top: pop style), b released, c and d new
    assert toolkit.take() == [("change", "a b", "c d a", True, False)]
    assert toolkit.playing.style is navcore.Style.POP and b.object in toolkit.mounted
    toolkit.playing.finish()
    assert toolkit.take() == [("end", COMMIT)] and b.released
    assert sorted(v.name for v in toolkit.mounted) == ["a", "c", "d"] and toolkit.mirror.stack == nav.stack


def test_show_and_open_make_their_screens_before_the_mount(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    made: Dict[str, int] = {}

    def factory(request: navcore.RouteRequest) -> View:
        made[request.route] = made.get(request.route, 0) + 1
        return View(toolkit, request.route)

    for route in ("inbox", "message"):
        nav.register_route(route, factory)
    nav.open(["inbox", ("message", {"id": 1})])
    assert toolkit.take() == [("prepare", "message"), ("change", "", "inbox message", False, False), ("end", COMMIT)]
    nav.show("inbox", payload="again")  # recycles the inbox: a pop back to it
    assert toolkit.take() == [("change", "inbox message", "inbox", False, False), ("end", COMMIT)]
    nav.show("inbox")  # the top already: noop, no change
    assert toolkit.take() == [] and made == {"inbox": 1, "message": 1}
    assert [v.name for v in toolkit.mounted] == ["inbox"]


def test_the_animator_removed_mid_op_still_ends_the_change(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    a, b = screens(nav, toolkit, "a", "b")
    nav.push(a)
    toolkit.take()
    nav.on("action", lambda e: setattr(nav, "animator", None) if e.state is navcore.Action.WILL_PUSH else None)
    nav.push(b)
    assert toolkit.take() == [("prepare", "b"), ("change", "a", "a b", False, False), ("end", COMMIT)]


def test_a_back_waiting_for_its_decision_changes_nothing_until_allowed(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    a, b = screens(nav, toolkit, "a", "b")
    nav.push(a)
    nav.push(b, animated=False)
    toolkit.take()
    nav.veto = lambda screen, by_gesture, decision: navcore.LATER
    assert toolkit.mirror.pending_decision is None
    back = nav.back()
    decision = toolkit.mirror.pending_decision
    assert decision is not None and decision == nav.pending_decision and decision.screen == b
    assert toolkit.take() == [] and toolkit.mirror.stack == (a, b) and toolkit.mirror.pending is None
    decision.allow()
    assert toolkit.mirror.pending_decision is None
    assert toolkit.take() == [("change", "a b", "a", True, False)]
    assert toolkit.playing is not None
    toolkit.playing.finish()
    assert toolkit.take() == [("end", COMMIT)] and back.outcome is navcore.Outcome.COMPLETED


def test_close_removes_the_listener_and_the_animator(nav: navcore.Navigator, toolkit: Toolkit) -> None:
    toolkit.mirror.close()
    assert nav.animator is None
    nav.push(object())
    assert toolkit.take() == []


def test_a_host_that_raises_gets_its_error_and_the_mirror_stays_in_step(nav: navcore.Navigator) -> None:
    ends: List[str] = []
    failing = {"instant": True, "animated": True}

    def change(change: Change) -> None:
        kind = "instant" if change.transition is None else "animated"
        if failing[kind]:
            failing[kind] = False
            raise RuntimeError(f"{kind} change failed")

    mirror = StackMirror(nav, change, on_end=lambda change, outcome: ends.append(outcome))
    a, b = nav.create_screen("a", object()), nav.create_screen("b", object())
    with pytest.raises(RuntimeError, match="instant change failed"):
        nav.push(a)
    with pytest.raises(RuntimeError, match="animated change failed"):
        nav.push(b)  # from the animator: the binding finishes the transition at once
    assert mirror.stack == nav.stack == (a, b) and mirror.pending is None and ends == [COMMIT, COMMIT]
