"""W9 (b) of `make bench`: navcore's share of a Textual page change.

One headless Textual app (``App.run_test``) does the same page changes two ways, in turn:

- ``textual``: Textual alone, ``app.push_screen(page)`` and ``app.pop_screen()``;
- ``navcore``: ``navcore.textual``'s ``Navigation(app, animated=False)`` (host dispatch drained on
  Textual's loop, the stack mirror), ``navigator.push(page, animated=False)`` and
  ``navigator.pop(animated=False)``.

A **cycle** pushes a new page (a ``Screen`` composing one ``Label``, made in the cycle; the same
class both ways) over the same home screen (navcore's, pushed once) and pops it; Textual then
drops the page (navcore releases it and uninstalls it from the app). A **page change** ends when
it is shown and nothing of it is left to run: after a push the page is the current screen,
mounted with its label; after a pop home is the current screen and the page has left the DOM
with its label, their message loops ended; navcore is idle with nothing queued. Until then the
program turns Pilot's ``pause(0)``: the app and the screen handle what they had queued, the loop
turns once, the screen's pending layout and repaint are done (headless: the compositor renders,
nothing is written to a terminal). No turn sleeps, so the Textual timers that tick by the clock
(the screens' 60 Hz updates) do about the same work in both ways.

The time of a cycle is its wall time minus the time the event loop slept in its selector (it
hardly sleeps); the CPU time of the thread and the plain wall time are reported too. The two ways
run interleaved, a batch of each in turn (each goes first in turn), after two warm-up batches of
each, with a garbage collection before each batch (outside the timing); each figure is the
median of the batches.

Checked after every batch: the app's screen stack is its default screen, home; navcore's stack
is [home], nothing runs or waits, every op completed, and navcore released each page once.

Usage: python w9_textual.py [cycles [batches [WAY]]]; prints one JSON line (with WAY, only that
way). ``python w9_textual.py cycles --profile [batches]`` runs the ways as a measured run does,
each way's batches under a cProfile of its own, and prints the time per cycle by part of the
program (navcore, Textual, asyncio, C functions), sleeps left out.
"""

from __future__ import annotations

import asyncio
import cProfile
import gc
import json
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import textual
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Label

import navcore
from navcore.textual import Navigation

WAYS = ("textual", "navcore")
#: How many turns a page change may take to settle before the run fails (it takes a few).
SETTLE_TURNS = 1000
#: Batches of each way run before the measured ones: navcore's way takes two to reach its pace.
WARM_UP_BATCHES = 2


class Page(Screen[None]):
    """A page: one label."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        self.label = Label(self.text)
        yield self.label


class Bench(App[None]):
    """The app both ways change pages in."""


class SleepClock:
    """The time the event loop spent blocked in its selector (its sleeps), from a wrapper of the
    selector's ``select``."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.slept_ns = 0
        selector = loop._selector  # type: ignore[attr-defined]  # the selector loop's own
        select = selector.select

        def timed_select(timeout: Any = None) -> Any:
            if timeout == 0:
                return select(timeout)
            start = time.perf_counter_ns()
            try:
                return select(timeout)
            finally:
                self.slept_ns += time.perf_counter_ns() - start

        selector.select = timed_select


async def run(cycles: int, batches: int, ways: Tuple[str, ...] = WAYS,
              profilers: Optional[Dict[str, cProfile.Profile]] = None) -> Dict[str, Any]:
    """Runs the page changes; with ``profilers``, profiles each way's measured batches in its own."""
    app = Bench()
    problems: List[str] = []
    released: List[Any] = []  # the pages navcore released
    outcomes: List[navcore.Outcome] = []
    figures: Dict[str, Dict[str, List[float]]] = {
        name: {way: [] for way in ways} for name in ("ns_per_cycle", "cpu_ns_per_cycle", "wall_ns_per_cycle")
    }
    async with app.run_test(size=(80, 24)) as pilot:
        clock = SleepClock(asyncio.get_running_loop())
        navigation = Navigation(app, animated=False)
        nav = navigation.navigator
        nav.on("release", lambda event: released.append(event.object))
        nav.on("done", lambda event: outcomes.append(event.outcome))
        default = app.screen
        home = Page("Home")

        async def settle(shown: Callable[[], bool]) -> None:
            """Until the change is shown (``shown``) and navcore is idle with nothing queued: each
            turn lets the app and the screen handle what they had queued, then paints (no sleep)."""
            for _ in range(SETTLE_TURNS):
                await pilot.pause(0)
                if shown() and not nav.busy and not nav.pending:
                    return
            problems.append(f"a page change never settled: {app.screen_stack}, {nav!r}")

        def pushed(page: Page) -> Callable[[], bool]:
            return lambda: app.screen is page and page.is_mounted and page.label.is_mounted

        def popped(page: Page) -> Callable[[], bool]:
            return lambda: (app.screen is home and not page.is_attached
                            and not page.is_running and not page.label.is_running)

        nav.push(home, animated=False)
        await settle(pushed(home))

        async def textual_cycle() -> None:
            page = Page("Page")
            app.push_screen(page)
            await settle(pushed(page))
            app.pop_screen()
            await settle(popped(page))

        async def navcore_cycle() -> None:
            page = Page("Page")
            nav.push(page, animated=False)
            await settle(pushed(page))
            nav.pop(animated=False)
            await settle(popped(page))

        cycle_of: Dict[str, Callable[[], Any]] = {"textual": textual_cycle, "navcore": navcore_cycle}

        def check(way: str) -> None:
            top = [screen.object for screen in nav.stack]
            if app.screen_stack != [default, home] or top != [home] or nav.busy or nav.pending:
                problems.append(f"{way}: after a batch the stacks are {app.screen_stack} and {top}")

        async def batch(way: str) -> None:
            for _ in range(cycles):
                await cycle_of[way]()
            check(way)

        for _ in range(WARM_UP_BATCHES):
            for way in ways:
                await batch(way)
        for index in range(batches):
            for turn in range(len(ways)):
                way = ways[(index + turn) % len(ways)]
                gc.collect()  # the garbage of the batch before is not this one's
                if profilers is not None:
                    profilers[way].enable()
                slept, start, cpu = clock.slept_ns, time.perf_counter_ns(), time.thread_time_ns()
                await batch(way)
                elapsed = time.perf_counter_ns() - start
                if profilers is not None:
                    profilers[way].disable()
                figures["cpu_ns_per_cycle"][way].append((time.thread_time_ns() - cpu) / cycles)
                figures["ns_per_cycle"][way].append((elapsed - (clock.slept_ns - slept)) / cycles)
                figures["wall_ns_per_cycle"][way].append(elapsed / cycles)
        navigation.close()
        await pilot.pause()

    pages = cycles * (batches + WARM_UP_BATCHES) if "navcore" in ways else 0
    if len(released) != pages + 1 or len(set(map(id, released))) != pages + 1:
        problems.append(f"navcore released {len(released)} pages, not {pages + 1} (each page and home once)")
    if outcomes.count(navcore.Outcome.COMPLETED) != 2 * pages + 1 or len(outcomes) != 2 * pages + 1:
        problems.append(f"not every op completed: {len(outcomes)} ops ended")
    result: Dict[str, Any] = {"ok": not problems, "cycles": cycles, "batches": batches, "problems": problems}
    for name, by_way in figures.items():
        result[name] = {way: round(statistics.median(values)) for way, values in by_way.items()}
    return result


def group_of(filename: str) -> str:
    """The part of the program a profiled function belongs to."""
    parts = (("navcore", Path(navcore.__file__).parent), ("textual", Path(textual.__file__).parent),
             ("asyncio", Path(asyncio.__file__).parent))
    for name, directory in parts:
        if filename.startswith(str(directory)):
            return name
    return "C functions" if filename == "~" else "other"


#: The selector's wait, whose time the event loop spends asleep.
SLEEP = "<method 'poll' of 'select.epoll' objects>"


def profile(cycles: int, batches: int) -> Dict[str, Any]:
    """The ways interleaved as in a measured run, each way's batches under a cProfile of its own:
    the time per cycle spent in each part's own code (its functions' self time, the event loop's
    sleeps left out; navcore's C calls count in the navcore functions that make them)."""
    profilers = {way: cProfile.Profile() for way in WAYS}
    run_result = asyncio.run(run(cycles, batches, WAYS, profilers))
    result: Dict[str, Any] = {"ok": run_result["ok"], "cycles": cycles, "batches": batches, "profile": {}}
    for way, profiler in profilers.items():
        by_group: Dict[str, float] = {}
        stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]  # (file, line, name): (…, self time, …)
        for (filename, _, function), (_, _, self_time, _, _) in stats.items():
            if function == SLEEP:
                continue
            group = group_of(filename)
            by_group[group] = by_group.get(group, 0.0) + self_time
        per_cycle = 1e9 / (cycles * batches)
        result["profile"][way] = {group: round(seconds * per_cycle) for group, seconds in sorted(by_group.items())}
    return result


def main() -> int:
    cycles = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    if len(sys.argv) > 2 and sys.argv[2] == "--profile":
        result = profile(cycles, int(sys.argv[3]) if len(sys.argv) > 3 else 3)
        print(json.dumps(result))
        return 0 if result["ok"] else 1
    batches = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    ways = (sys.argv[3],) if len(sys.argv) > 3 else WAYS
    if any(way not in WAYS for way in ways):
        print(f"usage: w9_textual.py [cycles [batches [{'|'.join(WAYS)}]]] | w9_textual.py cycles --profile [batches]",
              file=sys.stderr)
        return 2
    result = asyncio.run(run(cycles, batches, ways))
    print(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
