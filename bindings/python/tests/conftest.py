"""Shared fixtures: a navigator that is always closed, a recorder of events, the paths."""

from __future__ import annotations

import gc
import os
from pathlib import Path
from typing import Any, Iterator, List

import pytest

import navcore
from navcore import _navigator

PACKAGE_DIR = Path(__file__).resolve().parents[1]
REPO = PACKAGE_DIR.parents[1]
SHARED = Path(os.environ.get("NAVCORE_SHARED", REPO.parent / "shared"))
HEADER = REPO / "include" / "navcore.h"


def scenario_files() -> List[Path]:
    """Every project and shared scenario."""
    found = sorted((REPO / "Tests" / "Scenarios").glob("*.nav"))
    found += sorted((SHARED / "scenarios").glob("*.nav"))
    return found


class Recorder:
    """A listener object that records every event as a short line."""

    def __init__(self) -> None:
        self.lines: List[str] = []

    def take(self) -> List[str]:
        lines, self.lines = self.lines, []
        return lines

    def on_action(self, e: navcore.ActionEvent) -> None:
        parts = [f"action {e.state}"]
        if e.appearing:
            parts.append("+" + e.appearing.route)
        parts += ["-" + s.route for s in e.disappearing]
        self.lines.append(" ".join(parts))

    def on_appearance(self, e: navcore.AppearanceEvent) -> None:
        self.lines.append(f"{e.phase} {e.screen.route} {e.reason}")

    def on_progress(self, e: navcore.ProgressEvent) -> None:
        self.lines.append(f"progress {e.progress}")

    def on_bar(self, e: navcore.BarEvent) -> None:
        self.lines.append(f"bar {'shown' if e.shown else 'hidden'}")

    def on_payload(self, e: navcore.PayloadEvent) -> None:
        self.lines.append(f"payload {e.screen.route} {e.payload}")

    def on_release(self, e: navcore.ReleaseEvent) -> None:
        self.lines.append(f"release {e.screen.route}")

    def on_done(self, e: navcore.DoneEvent) -> None:
        self.lines.append(f"done {e.op} {e.outcome}")

    def on_wakeup(self, e: Any) -> None:
        self.lines.append("wakeup")


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
    assert not _navigator._ops, f"ops never ended: {list(_navigator._ops.values())}"
    assert not _navigator._live, f"navigators never let go: {list(_navigator._live.values())}"
