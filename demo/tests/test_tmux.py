"""The interactive app in a real terminal: curses inside tmux, driven by keystrokes.

tmux runs on its own socket (``-L``), so a user's tmux server is never touched. Times here are
generous waits, never the thing checked: each check polls the pane until it shows the expected
text.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator, List

import pytest

from .conftest import demo_env



class Pane:
    """A tmux session running the demo in an 80x24 pane."""

    def __init__(self) -> None:
        self.socket = f"navdemo-test-{os.getpid()}"
        env = demo_env()
        exports = " ".join(
            f"{name}={shlex.quote(env[name])}"
            for name in ("PYTHONPATH", "NAVCORE_LIBRARY", "XDG_STATE_HOME")
            if name in env
        )
        demo = f"env {exports} {shlex.quote(sys.executable)} -m navdemo --interval 0"
        # Started twice: the second start restores the stack that q saved.
        command = f"{demo}; echo navdemo-exit-$?; sleep 1; {demo}; echo navdemo-again-$?; sleep 60"
        self.tmux("new-session", "-d", "-s", "demo", "-x", "80", "-y", "24", command)
        self.seen: List[str] = []

    def tmux(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args], capture_output=True, text=True, timeout=20
        )
        assert result.returncode == 0, result.stderr
        return result.stdout

    def screen(self) -> str:
        text = self.tmux("capture-pane", "-p", "-t", "demo")
        self.seen.append(text)
        return text

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "demo", *keys)

    def wait_for(self, *texts: str, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if all(text in screen for text in texts):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"the pane never showed {texts!r}; it shows:\n{screen}")
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=20)


@pytest.fixture
def pane(navcore_env_ok: None) -> Iterator[Pane]:
    pane = Pane()
    try:
        yield pane
    finally:
        pane.close()


def test_the_curses_app_end_to_end(pane: Pane, state_home: Path) -> None:
    pane.wait_for("stack: home: home", "state: idle", "(no bar below depth 3)")

    # Four rapid keys in one write: the first push runs, three queue, then all land in order.
    pane.keys("p", "p", "p", "p")
    pane.wait_for("stack: home: home > page1 > page2 > page3 > page4", "state: idle")
    queued = ("queued behind 3", "pending: 3", ". push page4")
    assert any(text in screen for screen in pane.seen for text in queued)
    screen = pane.screen()
    assert "[< Back]" in screen and "bar: shown (depth 5, threshold 3)" in screen

    # The compose screen: type, then back is vetoed with a message.
    pane.keys("3")
    pane.wait_for("stack: home: home > page1 > page2 > page3 > page4 > compose", "state: idle")
    pane.keys("e", "h", "i", "Enter")
    pane.wait_for("note: [hi] *unsaved*")
    pane.keys("b")
    pane.wait_for("Discard changes? y/n")
    pane.keys("n")
    pane.wait_for("! unsaved changes: back refused by the veto")
    pane.keys("w")
    pane.wait_for("note: [hi] saved")

    # The worker thread posts; the notification lands on the UI thread.
    pane.keys("n")
    pane.wait_for("delivered on thread MainThread", "stack: home: home > page1 > page2 > page3 > page4 > compose > alert",
                  "state: idle")

    # Hold s (key repeat) past half way, let go: the swipe commits and pops the alert.
    for _ in range(14):
        pane.keys("s")
        time.sleep(0.02)
    pane.wait_for("stack: home: home > page1 > page2 > page3 > page4 > compose", "state: idle",
                  "done gesture completed")

    # The Search tab, its own stack; Home again.
    pane.keys("/")
    pane.wait_for("stack: search: search", "[/ Search]")
    pane.keys("p")
    pane.wait_for("stack: search: search > page5", "state: idle")
    pane.keys("h")
    pane.wait_for("stack: home: home > page1 > page2 > page3 > page4 > compose", "[h Home]")

    # q saves the tree; the demo started again restores it.
    pane.keys("q")
    saved = pane.wait_for("navdemo-exit-0")
    unwrapped = saved.replace("\n", "")  # the pane wraps the line at 80 columns
    assert "navdemo: saved the tree (in front home: home > page1 > page2 > page3 > page4 > compose) to" in unwrapped
    assert (state_home / "navcore-demo" / "stack.json").is_file()
    pane.wait_for("restored the saved tree: home: home > page1 > page2 > page3 > page4 > compose",
                  "note: [hi] saved", "state: idle")
    pane.keys("/")
    pane.wait_for("stack: search: search > page5")
    pane.keys("q")
    pane.wait_for("navdemo-again-0")
