"""Shared fixtures: a navigator that is always closed, a recorder of events, the paths."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any, Iterator, List

import pytest

import navcore
from navcore import _navigator, _trampolines, scenario

PACKAGE_DIR = Path(__file__).resolve().parents[1]
REPO = PACKAGE_DIR.parents[1]
SHARED = Path(os.environ.get("NAVCORE_SHARED", REPO.parent / "shared"))
HEADER = REPO / "include" / "navcore.h"


def scenario_files() -> List[Path]:
    """Every project and shared scenario, those of SPEC §12–15 (``*Next``) included."""
    found: List[Path] = []
    for directory in (REPO / "Tests" / "Scenarios", SHARED / "scenarios", REPO / "Tests" / "ScenariosNext", SHARED / "scenarios-next"):
        found += sorted(directory.glob("*.nav"))
    return found


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
