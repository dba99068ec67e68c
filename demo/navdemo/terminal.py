"""The two terminals: curses for the interactive app, plain text frames for ``--frames``.

Both show the same Canvas that ``render`` draws, so a recorded frame is what a person sees.

The curses loop is the UI thread: it waits (``select``) for a key, for the waker's pipe (a
wakeup from navcore, e.g. after the worker thread posted) or for the next animation frame;
then it handles the keys, plays due frames at a fixed rate, drains the navigator and redraws.
Terminals do not report key releases, so a held swipe key is its key repeat: the swipe counts
as released when no repeat came for ``RELEASE_AFTER`` seconds.
"""

from __future__ import annotations

import curses
import os
import select
import sys
import time
from typing import Callable, Optional, TextIO

from .app import FPS, DemoApp
from .canvas import Canvas
from .keymap import key_name
from .render import render
from .script import SEPARATOR

#: A held key repeats about every 30–50 ms after a first delay of up to ~0.6 s.
RELEASE_AFTER = 0.65
#: Frames the loop may play at once to catch up after a stall.
MAX_CATCH_UP = 4


class TextFrames:
    """Prints canvases as text frames, each under a ``===== N label`` line."""

    def __init__(self, width: int, height: int, out: TextIO = sys.stdout) -> None:
        self.width = width
        self.height = height
        self.out = out

    def show(self, app: DemoApp, number: int, label: str) -> None:
        """Prints the app's current screen."""
        canvas = render(app, self.width, self.height)
        self.out.write(f"{SEPARATOR} {number} {label}\n")
        self.out.write("\n".join(canvas.lines()) + "\n")
        self.out.flush()


def run_curses(make_app: Callable[[], DemoApp]) -> Optional[str]:
    """Runs the interactive app until ``q``; returns the stack that ``q`` saved, as names (None:
    not saved)."""
    os.environ.setdefault("ESCDELAY", "25")  # esc ends the edit field at once
    return curses.wrapper(lambda screen: _loop(screen, make_app()))


def _loop(screen: "curses.window", app: DemoApp) -> Optional[str]:
    try:
        curses.curs_set(0)
    except curses.error:
        pass
    screen.nodelay(True)
    screen.keypad(True)
    period = 1.0 / FPS
    next_frame: Optional[float] = None
    last_swipe = 0.0
    try:
        while app.running:
            now = time.monotonic()
            timeout = 1.0
            if app.animator.moving and next_frame is not None:
                timeout = max(0.0, next_frame - now)
            elif app.swipe_pressed:
                timeout = max(0.0, last_swipe + RELEASE_AFTER - now)
            select.select([sys.stdin.fileno(), app.waker.fileno()], [], [], timeout)
            while True:
                code = screen.getch()
                if code == -1:
                    break
                name = key_name(code)
                if name is None:
                    continue
                if name == "s":
                    last_swipe = time.monotonic()
                app.key(name)
            now = time.monotonic()
            if app.swipe_pressed and now - last_swipe > RELEASE_AFTER:
                app.command("release")
            if app.animator.moving:
                if next_frame is None:
                    next_frame = now + period
                played = 0
                while now >= next_frame and played < MAX_CATCH_UP and app.animator.moving:
                    app.tick()
                    next_frame += period
                    played += 1
                if now >= next_frame:  # still behind: drop the lost time
                    next_frame = now + period
            else:
                next_frame = None
            app.pump()
            _draw(screen, app)
        return app.saved
    finally:
        app.close()


def _draw(screen: "curses.window", app: DemoApp) -> None:
    height, width = screen.getmaxyx()
    canvas: Canvas = render(app, width, height)
    screen.erase()
    for y in range(height):
        row = canvas.row(y)
        if y == height - 1:
            row = row[: width - 1]  # curses cannot write the very last cell
        try:
            screen.addstr(y, 0, row)
        except curses.error:
            pass
    for y, x, span in canvas.highlighted:
        try:
            screen.chgat(y, x, span, curses.A_REVERSE)
        except curses.error:
            pass
    screen.noutrefresh()
    curses.doupdate()
