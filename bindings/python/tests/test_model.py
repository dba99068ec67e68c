"""Random op sequences against a small pure-Python model of SPEC §2–§7 (inline dispatch, with an
animator): after every step the stack, busy, pending, the outcomes (and their order) and the
releases (their order and the objects handed back) must be the model's; at the end, close()
must abort what is left and release every live screen exactly once, in the spec's order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import navcore
from navcore import Outcome

# ---------------------------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------------------------


@dataclass
class Ask:
    index: int
    kind: str
    animated: bool
    target: int = 0
    targets: Tuple[int, ...] = ()


@dataclass
class InFlight:
    ask: Ask
    removed: List[int]
    saved: List[int]
    interactive: bool


@dataclass
class Model:
    stack: List[int] = field(default_factory=list)
    live: List[int] = field(default_factory=list)  # creation order
    queue: List[Ask] = field(default_factory=list)
    inflight: Optional[InFlight] = None
    visible: bool = True
    vetoed: set = field(default_factory=set)
    outcomes: Dict[int, Outcome] = field(default_factory=dict)
    completions: List[int] = field(default_factory=list)
    releases: List[int] = field(default_factory=list)

    # -- asking ----------------------------------------------------------------------------------

    def ask(self, ask: Ask) -> navcore.Status:
        if self.inflight is None and not self.queue:
            self.run(ask)
            self.drain()
            return navcore.Status.OK
        self.queue.append(ask)
        return navcore.Status.QUEUED

    def drain(self) -> None:
        while self.inflight is None and self.queue:
            self.run(self.queue.pop(0))

    def end(self, ask: Ask, outcome: Outcome, removed: List[int] = ()) -> None:  # type: ignore[assignment]
        for screen in reversed(removed):  # released from the top down
            self.live.remove(screen)
            self.releases.append(screen)
        self.outcomes[ask.index] = outcome
        self.completions.append(ask.index)

    def change(self, ask: Ask, new: List[int], removed: List[int], animated: bool, interactive: bool = False) -> None:
        old_top = self.stack[-1] if self.stack else None
        new_top = new[-1] if new else None
        saved = self.stack
        self.stack = new
        if animated and self.visible and old_top is not None and old_top != new_top:
            self.inflight = InFlight(ask, removed, saved, interactive)
        else:
            self.end(ask, Outcome.COMPLETED, removed)

    # -- running ---------------------------------------------------------------------------------

    def run(self, ask: Ask) -> None:
        stack = self.stack
        kind = ask.kind
        if kind == "push":
            if ask.target not in self.live:
                return self.end(ask, Outcome.INVALID)
            if ask.target in stack:
                return self.end(ask, Outcome.DUPLICATE)
            return self.change(ask, stack + [ask.target], [], ask.animated)
        if kind == "pop":
            if len(stack) <= 1:
                return self.end(ask, Outcome.NOOP)
            return self.change(ask, stack[:-1], stack[-1:], ask.animated)
        if kind == "pop_to":
            if ask.target not in stack:
                return self.end(ask, Outcome.NOT_IN_STACK)
            if stack[-1] == ask.target:
                return self.end(ask, Outcome.NOOP)
            cut = stack.index(ask.target) + 1
            return self.change(ask, stack[:cut], stack[cut:], ask.animated)
        if kind == "pop_to_root":
            if len(stack) <= 1:
                return self.end(ask, Outcome.NOOP)
            return self.change(ask, stack[:1], stack[1:], ask.animated)
        if kind == "set":
            new = list(ask.targets)
            if not new or any(s not in self.live for s in new):
                return self.end(ask, Outcome.INVALID)
            if len(set(new)) != len(new):
                return self.end(ask, Outcome.DUPLICATE)
            if new == stack:
                return self.end(ask, Outcome.NOOP)
            return self.change(ask, new, [s for s in stack if s not in new], ask.animated)
        if kind in ("back", "gesture"):
            if len(stack) <= 1:
                return self.end(ask, Outcome.NOOP)
            if stack[-1] in self.vetoed:
                return self.end(ask, Outcome.VETOED)
            return self.change(ask, stack[:-1], stack[-1:], True if kind == "gesture" else ask.animated,
                               interactive=kind == "gesture")
        if kind == "run":
            return self.end(ask, Outcome.COMPLETED)
        if kind == "visible":
            if self.visible == ask.animated:
                return self.end(ask, Outcome.NOOP)
            self.visible = ask.animated
            return self.end(ask, Outcome.COMPLETED)
        raise AssertionError(kind)

    def finish(self) -> None:
        assert self.inflight is not None
        flight, self.inflight = self.inflight, None
        self.end(flight.ask, Outcome.COMPLETED, flight.removed)
        self.drain()

    def cancel(self) -> None:
        assert self.inflight is not None and self.inflight.interactive
        flight, self.inflight = self.inflight, None
        self.stack = flight.saved
        self.end(flight.ask, Outcome.CANCELLED)
        self.drain()

    def destroy(self) -> None:
        """SPEC §9: the op in flight then the queued ones end aborted; then the screens being
        popped, the stack top down, and the detached ones in creation order are released."""
        being_popped: List[int] = []
        if self.inflight is not None:
            being_popped = list(reversed(self.inflight.removed))
            self.outcomes[self.inflight.ask.index] = Outcome.ABORTED
            self.completions.append(self.inflight.ask.index)
        for ask in self.queue:
            self.outcomes[ask.index] = Outcome.ABORTED
            self.completions.append(ask.index)
        order = being_popped + list(reversed(self.stack))
        order += [s for s in self.live if s not in order]
        self.releases.extend(order)
        self.live = []


# ---------------------------------------------------------------------------------------------
# The machine
# ---------------------------------------------------------------------------------------------

animated = st.booleans()
pick = st.integers(min_value=0, max_value=40)


class NavigatorMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.model = Model()
        self.nav = navcore.Navigator()
        self.transitions: List[navcore.Transition] = []
        self.nav.animator = self.transitions.append
        self.nav.veto = lambda screen, by_gesture: screen.id not in self.model.vetoed
        self.released: List[Tuple[int, Any]] = []
        self.nav.on("release", lambda e: self.released.append((e.screen.id, e.object)))
        self.objects: Dict[int, Any] = {}
        self.screens: List[navcore.Screen] = []
        self.ops: Dict[int, navcore.Operation] = {}
        self.completions: List[int] = []

    # -- helpers -------------------------------------------------------------------------------

    def new_screen(self) -> navcore.Screen:
        obj = object()
        screen = self.nav.create_screen(f"s{len(self.screens)}", obj)
        self.objects[screen.id] = obj
        self.screens.append(screen)
        self.model.live.append(screen.id)
        return screen

    def screen(self, index: int) -> navcore.Screen:
        return self.screens[index % len(self.screens)]

    def ask(self, ask: Ask, call: Any, names: List[navcore.Screen] = ()) -> None:  # type: ignore[assignment]
        dead = [s for s in names if s.id not in self.model.live]
        if dead:  # a dead id fails at the call, and nothing is queued
            with pytest.raises(navcore.NoSuchScreenError):
                call()
            return
        ask.index = len(self.ops)
        expected = self.model.ask(ask)
        op = call()
        self.ops[ask.index] = op
        op.add_done_callback(lambda o, i=ask.index: self.completions.append(i))
        assert op.status is expected

    # -- rules ---------------------------------------------------------------------------------

    @rule(animated=animated)
    def push_new(self, animated: bool) -> None:
        screen = self.new_screen()
        self.ask(Ask(0, "push", animated, screen.id), lambda: self.nav.push(screen, animated))

    @precondition(lambda self: self.screens)
    @rule(index=pick, animated=animated)
    def push_existing(self, index: int, animated: bool) -> None:
        screen = self.screen(index)
        self.ask(Ask(0, "push", animated, screen.id), lambda: self.nav.push(screen, animated), [screen])

    @rule(animated=animated)
    def pop(self, animated: bool) -> None:
        self.ask(Ask(0, "pop", animated), lambda: self.nav.pop(animated))

    @precondition(lambda self: self.screens)
    @rule(index=pick, animated=animated)
    def pop_to(self, index: int, animated: bool) -> None:
        screen = self.screen(index)
        self.ask(Ask(0, "pop_to", animated, screen.id), lambda: self.nav.pop_to(screen, animated), [screen])

    @rule(animated=animated)
    def pop_to_root(self, animated: bool) -> None:
        self.ask(Ask(0, "pop_to_root", animated), lambda: self.nav.pop_to_root(animated))

    @rule(choices=st.lists(st.integers(min_value=-1, max_value=40), max_size=4), animated=animated)
    def set_stack(self, choices: List[int], animated: bool) -> None:
        screens = [self.new_screen() if c < 0 or not self.screens else self.screen(c) for c in choices]
        ids = tuple(s.id for s in screens)
        self.ask(Ask(0, "set", animated, targets=ids), lambda: self.nav.set_stack(screens, animated), screens)

    @rule(animated=animated)
    def back(self, animated: bool) -> None:
        self.ask(Ask(0, "back", animated), lambda: self.nav.back(animated))

    @rule()
    def run_block(self) -> None:
        self.ask(Ask(0, "run", False), lambda: self.nav.run(lambda: None))

    @rule(on=st.booleans())
    def visible(self, on: bool) -> None:
        self.ask(Ask(0, "visible", on), lambda: self.nav.set_visible(on))

    @rule()
    def gesture(self) -> None:
        if not self.model.visible:
            with pytest.raises(navcore.StateError):
                self.nav.gesture()
        elif self.model.inflight is not None or self.model.queue:
            with pytest.raises(navcore.BusyError):
                self.nav.gesture()
        else:
            self.ask(Ask(0, "gesture", True), lambda: self.nav.gesture())

    @rule(p=st.floats(min_value=0, max_value=1))
    def progress(self, p: float) -> None:
        flight = self.model.inflight
        if flight is not None and flight.interactive:
            self.nav.update_transition(p)
        else:
            with pytest.raises(navcore.StateError):
                self.nav.update_transition(p)

    @rule()
    def finish(self) -> None:
        if self.model.inflight is None:
            with pytest.raises(navcore.StateError):
                self.nav.finish_transition(self.transitions[-1].id if self.transitions else 0)
            return
        transition = self.transitions[-1]
        self.model.finish()
        transition.finish()

    @rule()
    def cancel(self) -> None:
        flight = self.model.inflight
        if flight is None or not flight.interactive:
            with pytest.raises(navcore.StateError):
                self.nav.cancel_transition()
            return
        self.model.cancel()
        self.transitions[-1].cancel()

    @precondition(lambda self: self.screens)
    @rule(index=pick)
    def discard(self, index: int) -> None:
        screen = self.screen(index)
        model = self.model
        leaving = model.inflight.removed if model.inflight is not None else []
        if screen.id not in model.live:
            with pytest.raises(navcore.NoSuchScreenError):
                self.nav.discard(screen)
        elif screen.id in model.stack or screen.id in leaving:
            with pytest.raises(navcore.StateError):
                self.nav.discard(screen)
        else:
            model.live.remove(screen.id)
            model.releases.append(screen.id)
            self.nav.discard(screen)

    @precondition(lambda self: self.screens)
    @rule(index=pick, on=st.booleans())
    def veto(self, index: int, on: bool) -> None:
        screen_id = self.screen(index).id
        if on:
            self.model.vetoed.add(screen_id)
        else:
            self.model.vetoed.discard(screen_id)

    # -- checks --------------------------------------------------------------------------------

    @invariant()
    def matches_the_model(self) -> None:
        model = self.model
        assert [s.id for s in self.nav.stack] == model.stack
        assert self.nav.busy == (model.inflight is not None)
        assert self.nav.pending == len(model.queue)
        self.check_outcomes_and_releases()

    def check_outcomes_and_releases(self) -> None:
        model = self.model
        assert self.completions == model.completions
        for index, outcome in model.outcomes.items():
            assert self.ops[index].outcome is outcome, (index, self.ops[index])
        assert [screen_id for screen_id, _ in self.released] == model.releases
        assert all(obj is self.objects[screen_id] for screen_id, obj in self.released)

    def teardown(self) -> None:
        self.nav.close()
        self.model.destroy()
        self.check_outcomes_and_releases()
        assert all(op.done() for op in self.ops.values())
        assert sorted(screen_id for screen_id, _ in self.released) == sorted(s.id for s in self.screens)
        assert all(s.released and s.object is None for s in self.screens)


NavigatorMachine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestNavigatorModel = NavigatorMachine.TestCase
