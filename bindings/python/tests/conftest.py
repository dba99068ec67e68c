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
