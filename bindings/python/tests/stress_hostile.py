"""The Python binding's hostile stress run (docs/reliability.md, *Hostile hosts (Python)*).

One inline navigator with listeners of every kind, the animator, the veto and a route factory
goes through CYCLES cycles of push, show with a payload, the back button (the veto allows,
refuses, or answers LATER and the host decides at once), the interactive gesture (its progress,
then cancelled or finished), set_stack, the bar, a run block, open, restore(save()), a
push_for_result answered by pop(result=…) and pop_to_root; a host-dispatch navigator gets an op per cycle, waited for with
``op.wait(0)`` and drained. Meanwhile:

- GC pressure: the cyclic GC runs every few allocations (gc.set_threshold), and every
  DROP_EVERY cycles a navigator that references itself through a listener, with an op queued,
  is dropped without close() (the reaper thread destroys it);
- async exceptions: every INJECT_EVERY cycles a profiler raises at the entry of one of the
  binding's trampolines (each kind in turn), as a signal handler can; the run checks that
  ctypes reported it and that the navigator still answers every op;
- RSS is read every INTERVAL cycles; after the first tenth of the run (the warm-up: caches,
  pools and the allocator settle) it may not grow by more than --bound-mb (default 4 MB: a
  leak of one released screen per action event, since fixed, grew 32 MB over 200,000 cycles).

Usage: python stress_hostile.py [--cycles N] [--bound-mb MB] [--seed N] [--timeout SECONDS]
Exit 0 when every check held; prints the RSS samples and the counts.
"""

from __future__ import annotations

import argparse
import faulthandler
import gc
import os
import random
import sys
import time
from collections import Counter
from typing import Any, List

import navcore
from navcore import Outcome, _navigator, _trampolines

#: Trampolines the run interrupts at their entry, in turn.
TRAMPOLINES = (
    "_op_done",
    "_run_block",
    "_on_action",
    "_on_appearance",
    "_on_progress",
    "_on_bar",
    "_on_payload",
    "_on_release",
    "_on_done",
    "_on_wakeup",
    "_on_transition",
    "_on_veto_impl",
    "_on_factory_impl",
    "_registration_destroyed",
    "_on_result",
    "_item_destroyed",
)
DROP_EVERY = 5
INJECT_EVERY = 7
PAGE = os.sysconf("SC_PAGE_SIZE")


class Injected(BaseException):
    """Raised at a trampoline's entry, as a signal handler's KeyboardInterrupt would be."""


class View:
    """A screen object with every hook method."""

    def __init__(self) -> None:
        self.payloads: List[str] = []

    def will_show(self, event: Any) -> None:
        pass

    def did_show(self) -> None:
        pass

    def will_hide(self, event: Any) -> None:
        pass

    def did_hide(self) -> None:
        pass

    def receive_payload(self, payload: str) -> None:
        self.payloads.append(payload)


def rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def drop_cyclic_navigator() -> None:
    """A navigator kept alive only by a cycle through its own listener, with an op queued."""
    nav = navcore.Navigator("host")
    nav.on("wakeup", lambda event: nav)
    nav.push(View())


class Run:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.heard = 0
        #: What ctypes reported (sys.unraisablehook), counted by its text: an exception would
        #: keep its traceback's frames, and with them the navigators of their locals; a list
        #: would grow with the run.
        self.reported: "Counter[str]" = Counter()
        self.injected = 0
        self.transitions: List[navcore.Transition] = []
        self.nav = navcore.Navigator()
        self.host = navcore.Navigator("host")
        nav = self.nav
        for kind in navcore.EVENT_KINDS:
            nav.on(kind, self.hear)
        self.host.on("wakeup", self.hear)
        nav.animator = self.transitions.append
        self.decision: "navcore.Decision | None" = None
        nav.veto = self.veto
        nav.register_route("detail", lambda request: View())
        nav.bar_threshold = 2
        nav.push(View(), animated=False)

    def hear(self, event: Any) -> None:
        self.heard += 1

    def veto(self, screen: navcore.Screen, by_gesture: bool, decision: navcore.Decision) -> Any:
        """Allows the gesture; for the back button allows, refuses or answers LATER."""
        answer = by_gesture or self.random.choice((True, False, navcore.LATER))
        if answer is navcore.LATER:
            self.decision = decision
        return answer

    def back(self) -> navcore.Operation:
        """The back button; a LATER is decided at once, yes or no."""
        op = self.nav.back()
        decision, self.decision = self.decision, None
        if decision is not None:
            self.nav.decide(decision, self.random.random() < 0.5)
        return op

    def for_result(self) -> navcore.Operation:
        """A push_for_result answered by pop(result=…): the result must come back."""
        sent = self.random.randrange(100)
        pending = self.nav.push_for_result(View(), animated=False)
        pop = self.nav.pop(result={"n": sent}, animated=False)
        if pending.value() != {"n": sent}:
            raise AssertionError(f"sent {sent}, the result was {pending.text}")
        return pop

    def finish_transitions(self) -> None:
        """Plays every transition out: the interactive one gets progress, then ends."""
        while self.transitions:
            transition = self.transitions.pop(0)
            if transition.interactive:
                transition.progress(0.5)
                (transition.cancel if self.random.random() < 0.5 else transition.finish)()
            else:
                transition.finish()

    def ops(self) -> List[navcore.Operation]:
        nav = self.nav
        done: List[navcore.Operation] = []
        for step in (
            lambda: nav.push(View()),
            lambda: nav.show("detail", payload={"n": self.random.randrange(100)}, animated=True),
            self.back,
            lambda: (nav.can_go_back or nav.push(View(), animated=False)) and nav.gesture(),
            lambda: nav.set_stack([nav.root, View(), View()], animated=self.random.random() < 0.5),
            lambda: nav.run(lambda: None),
            lambda: nav.open([("detail", {"n": self.random.randrange(100)}), "detail"]),
            lambda: nav.restore(nav.save_text()),
            self.for_result,
            lambda: nav.pop_to_root(),
        ):
            done.append(step())
            self.finish_transitions()
        return done

    def host_op(self) -> navcore.Operation:
        op = self.host.push(View(), animated=False)
        op.wait(0)  # with the GC running at any allocation: a dropped navigator's teardown here hung
        self.host.drain()
        self.host.pop(animated=False)
        self.host.drain()
        return op

    def inject(self, name: str) -> None:
        code = getattr(_trampolines, name).__code__

        def profiler(frame: Any, event: str, arg: Any) -> None:
            if event == "call" and frame.f_code is code:
                sys.setprofile(None)
                raise Injected(name)

        sys.setprofile(profiler)

    def cycle(self, index: int) -> None:
        injecting = index % INJECT_EVERY == 0
        if injecting:
            name = TRAMPOLINES[(index // INJECT_EVERY) % len(TRAMPOLINES)]
            self.inject(name)
            if name == "_registration_destroyed":
                self.nav.off("bar", self.hear)  # the bar registration's destructor runs
        if index % DROP_EVERY == 0:
            drop_cyclic_navigator()
        ops = self.ops() + [self.host_op()]
        if injecting:
            sys.setprofile(None)
            if name == "_registration_destroyed":
                self.nav.on("bar", self.hear)
        failures = [op for op in ops if op.outcome is None]
        if failures or self.nav.busy or self.nav.pending or self.host.busy or self.host.pending:
            raise AssertionError(f"cycle {index}: ops without outcome {failures}, or a navigator busy")
        if any(op.outcome is Outcome.ABORTED for op in ops):
            raise AssertionError(f"cycle {index}: an op was aborted: {ops}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=200_000)
    parser.add_argument("--bound-mb", type=float, default=4.0)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--timeout", type=float, default=1800.0)
    arguments = parser.parse_args()
    faulthandler.dump_traceback_later(arguments.timeout, exit=True)  # a deadlock fails the run
    print(f"stress-python: {arguments.cycles} cycles, seed {arguments.seed}, bound {arguments.bound_mb} MB")

    run = Run(arguments.seed)
    sys.unraisablehook = lambda hook: run.reported.update((f"{type(hook.exc_value).__name__}: {hook.exc_value}",))
    gc.set_threshold(25, 5, 5)  # the cyclic GC runs every few allocations
    interval = max(1, arguments.cycles // 20)
    warmup = max(1, arguments.cycles // 10)
    start = time.monotonic()
    baseline = peak = 0
    samples: List[str] = []
    for index in range(1, arguments.cycles + 1):
        run.cycle(index)
        if index == warmup:
            gc.collect()
            _navigator._reaped(timeout=60)
            baseline = peak = rss()
        if index % interval == 0:
            now = rss()
            peak = max(peak, now) if index >= warmup else peak
            samples.append(f"{index}:{now / 1e6:.1f}")
    run.nav.close()
    run.host.close()
    gc.collect()
    reaped = _navigator._reaped(timeout=60)
    gc.set_threshold(700, 10, 10)
    injected = sum(count for error, count in run.reported.items() if error.startswith("Injected: "))
    expected = arguments.cycles // INJECT_EVERY
    others = [error for error in run.reported if not error.startswith("Injected: ")]
    grown = (peak - baseline) / 1e6
    print(f"  RSS MB by cycle: {' '.join(samples)}")
    print(
        f"  {time.monotonic() - start:.1f} s; {run.heard} events heard; {injected} of {expected} injected"
        f" exceptions reported by ctypes; RSS grew {grown:.2f} MB after the warm-up (bound {arguments.bound_mb})"
    )
    problems = []
    if injected != expected:
        problems.append(f"{injected} injections reported, {expected} armed")
    if others:
        problems.append(f"unexpected unraisable exceptions: {others[:3]}")
    if grown > arguments.bound_mb:
        problems.append(f"RSS grew {grown:.2f} MB, more than {arguments.bound_mb}")
    if not reaped or _trampolines._ops or _trampolines._live or _trampolines._owners:
        problems.append(
            f"left behind: {len(_trampolines._ops)} ops, {len(_trampolines._live)} navigators,"
            f" {len(_trampolines._owners)} route or result registrations"
        )
    for problem in problems:
        print(f"stress-python: FAILED: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
