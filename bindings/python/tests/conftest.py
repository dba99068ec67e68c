"""Shared fixtures: a navigator that is always closed, a recorder of events, the paths."""

from __future__ import annotations

import asyncio
import gc
import os
import threading
import time
from pathlib import Path
from typing import Any, Iterator, List

import pytest

import navcore
from navcore import _navigator, _trampolines, scenario

PACKAGE_DIR = Path(__file__).resolve().parents[1]
REPO = PACKAGE_DIR.parents[1]
SPEC = REPO / "spec"
HEADER = REPO / "include" / "navcore.h"


def planned_scenarios() -> List[Path]:
    """The files of ``spec/scenarios-planned`` that the runners implement already, as listed in
    ``Tests/planned-scenarios.txt`` (one name a line, ``#`` comments)."""
    listed = (REPO / "Tests" / "planned-scenarios.txt").read_text().splitlines()
    names = [line.split("#")[0].strip() for line in listed]
    return [SPEC / "scenarios-planned" / name for name in names if name]


def scenario_files() -> List[Path]:
    """Every scenario the runners must pass: the project's, the specification's (``spec/``, the
    repository's copy of the shared one) and the planned ones implemented so far."""
    found: List[Path] = []
    for directory in (REPO / "Tests" / "Scenarios", SPEC / "scenarios"):
        found += sorted(directory.glob("*.nav"))
    return found + planned_scenarios()


class Recorder:
    """A listener object that records every event as its SPEC §11 trace line, by the scenario
    runner's formatter, naming each screen by its route."""

    def __init__(self) -> None:
        self.lines: List[str] = []
        self.format = scenario.TraceFormat(lambda screen: screen.route)

    def take(self) -> List[str]:
        lines, self.lines = self.lines, []
        return lines

    def observe(self, event: Any) -> None:
        self.lines.append(self.format.line(event)[1])

    on_action = on_appearance = on_progress = on_bar = on_payload = on_release = on_done = on_wakeup = observe


class Flood:
    """Threads that post run ops into a host-dispatch navigator faster than they run, for
    ``seconds`` (each op busies the draining thread for ``op_seconds``; a poster waits while
    ``max_pending`` are queued, so memory stays bounded while the queue never empties), and a
    probe of the asyncio loop that drains it: the longest gap between two turns of a coroutine
    that sleeps 1 ms at a time, i.e. how long the loop was held at once."""

    op_seconds = 0.0002

    def __init__(self, nav: navcore.Navigator, seconds: float = 1.0, posters: int = 3, max_pending: int = 300) -> None:
        self.nav = nav
        self.ends = time.monotonic() + seconds
        self.posted = 0
        self.ran = 0
        self.longest_gap = 0.0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._post, args=(max_pending,)) for _ in range(posters)]

    def _op(self) -> None:
        end = time.monotonic() + self.op_seconds
        while time.monotonic() < end:
            pass
        self.ran += 1

    def _post(self, max_pending: int) -> None:
        while time.monotonic() < self.ends:
            if self.nav.pending >= max_pending:
                time.sleep(0.001)
                continue
            with self.lock:
                self.nav.run(self._op)
                self.posted += 1

    async def run(self) -> None:
        """Starts the posters, probes the loop until every posted op ran, joins them."""
        for thread in self.threads:
            thread.start()
        last = time.monotonic()
        while any(thread.is_alive() for thread in self.threads) or self.ran < self.posted:
            await asyncio.sleep(0.001)
            now = time.monotonic()
            self.longest_gap = max(self.longest_gap, now - last)
            last = now
        for thread in self.threads:
            thread.join()


@pytest.fixture
def nav() -> Iterator[navcore.Navigator]:
    navigator = navcore.Navigator()
    yield navigator
    navigator.close()


@pytest.fixture
def recorder(nav: navcore.Navigator) -> Recorder:
    return nav.add_listener(Recorder())


@pytest.fixture(autouse=True)
def nothing_left_behind() -> Iterator[None]:
    """Every test leaves no navigator or op in the binding's tables once its navigators close
    (those it dropped are destroyed by the reaper thread once collected)."""
    yield
    gc.collect()
    assert _navigator._reaped(timeout=30), "the reaper thread did not get through the dropped navigators"
    assert not _trampolines._ops, f"ops never ended: {list(_trampolines._ops.values())}"
    assert not _trampolines._live, f"navigators never let go: {list(_trampolines._live.values())}"
    assert not _trampolines._owners, f"route or result registrations never let go: {_trampolines._owners}"
