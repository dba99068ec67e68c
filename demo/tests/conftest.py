"""Running the demo as a user does: ``python -m navdemo`` in a subprocess, and reading frames."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterator, List, Sequence

import pytest

TESTS = Path(__file__).resolve().parent
DEMO = TESTS.parent
REPO = DEMO.parent
FRAME_LINE = re.compile(r"^===== (?P<number>[0-9]+) (?P<label>.*)$")


def demo_env() -> Dict[str, str]:
    """The environment of a demo process: the package on the path (NAVCORE_LIBRARY as given)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(DEMO), env.get("PYTHONPATH", "")]))
    env.pop("NAVDEMO_UPDATE", None)
    return env


def run_demo(*args: str, timeout: float = 60) -> "subprocess.CompletedProcess[str]":
    """Runs ``python -m navdemo ARGS`` with stdin closed and stdout captured (not a terminal)."""
    return subprocess.run(
        [sys.executable, "-m", "navdemo", *args],
        env=demo_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@dataclass
class Frame:
    """One printed screen: the step's number and token, and its rows."""

    number: int
    label: str
    rows: List[str]

    @property
    def text(self) -> str:
        """All rows."""
        return "\n".join(self.rows)

    def row_starting(self, prefix: str) -> str:
        """The first row that starts with ``prefix`` (AssertionError if none)."""
        for row in self.rows:
            if row.startswith(prefix):
                return row
        raise AssertionError(f"frame {self.number} ({self.label}) has no row starting {prefix!r}:\n{self.text}")

    @property
    def stack(self) -> str:
        """The status row's stack of the navigator in front, e.g. ``home > page1``."""
        return self.row_starting("stack: ")[len("stack: "):].split(": ", 1)[1]

    @property
    def front(self) -> str:
        """The status row's navigator in front (``home``, ``search``, ``sheet``…)."""
        return self.row_starting("stack: ")[len("stack: "):].split(": ", 1)[0]

    @property
    def tab_bar(self) -> str:
        """The device's bottom edge: the tab bar, the active tab in brackets."""
        return self.rows[12][:56]

    @property
    def back_line(self) -> str:
        """The panel's last row: what a back asked of the root would act on."""
        return self.rows[12][58:]

    @property
    def state(self) -> str:
        """The status row of the action state, pending count, bar."""
        return self.row_starting("state: ")

    @property
    def message(self) -> str:
        """The message row (the row above the stack)."""
        index = self.rows.index(self.row_starting("stack: "))
        return self.rows[index - 1]

    @property
    def device(self) -> List[str]:
        """The device: the navigation bar row and the cards (rows 2..12), left part only."""
        return [row[:56] for row in self.rows[2:13]]

    @property
    def bar_row(self) -> str:
        """The navigation bar row inside the device."""
        return self.rows[2][:56]

    @property
    def ops_panel(self) -> List[str]:
        """The ops panel at the right of the device."""
        return [row[58:] for row in self.rows[1:13] if len(row) > 58]

    @property
    def log(self) -> List[str]:
        """The event log rows."""
        start = self.rows.index(self.row_starting("-- events")) + 1
        return self.rows[start:-1]


def parse_frames(output: str) -> List[Frame]:
    """The frames of a ``--frames`` output."""
    frames: List[Frame] = []
    for line in output.splitlines():
        match = FRAME_LINE.match(line)
        if match:
            frames.append(Frame(int(match["number"]), match["label"], []))
        elif frames:
            frames[-1].rows.append(line)
    return frames


def frames_by_number(frames: Sequence[Frame]) -> Dict[int, Frame]:
    """Frames by their step number."""
    return {frame.number: frame for frame in frames}


@pytest.fixture(scope="session", autouse=True)
def state_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every demo the tests start saves its stack under a temporary XDG_STATE_HOME, never in
    the user's ~/.local/state."""
    home = tmp_path_factory.mktemp("state")
    previous = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(home)
    yield home
    if previous is None:
        del os.environ["XDG_STATE_HOME"]
    else:
        os.environ["XDG_STATE_HOME"] = previous


@pytest.fixture(scope="session")
def navcore_env_ok() -> None:
    """The demo needs the binding importable with a library."""
    result = subprocess.run([sys.executable, "-c", "import navcore"], env=demo_env(), capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"import navcore failed (run through `make test-demo`):\n{result.stderr}")
