"""Key scripts: the non-interactive mode (``--keys "..." [--frames]``).

A script is a list of tokens separated by white space; ``#`` starts a comment to the end of
the line (for scripts read from a file with ``--keys @FILE``). Each token is one of:

``p``, ``b``, ``s``, ``1``, ``enter``, ``esc``, ``backspace``, ``left``, ``right``, ``space``
    a key press, exactly as in the app (in the edit field, printable keys type);
``push``, ``back``, ``swipe``, ``cancel``, ``set``, ``root``, ``inbox``, ``message``,
``compose``, ``edit``, ``save``, ``discard``, ``choose``, ``open``, ``tab_home``,
``tab_search``, ``tab_me``, ``sheet``, ``notify``, ``auto``, ``quit``
    the command of a key, by name (even in the edit field);
``release``
    let go of the swipe key (the app sees this after 0.65 s without a key repeat);
``restart``
    ``q`` (save the tree), then start the demo again, which restores it;
``type:TEXT``
    ``e``, then TEXT typed (``_`` types a space), then ``enter``;
``tick``
    one animation frame passes (1/30 s in the app);
``settle``
    frames pass until nothing moves and no op waits (a held swipe stays held);
``TOKEN*N``
    TOKEN N times in a row, with no time between (rapid keys): one step.

No time passes between tokens except in ``tick`` and ``settle``, and ``notify`` waits until the
worker thread has posted, so a script always plays the same way. With ``--frames``, the screen
is printed after the start and after each step, under a line ``===== N TOKEN``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, List

from .app import DemoApp
from .keymap import COMMANDS

#: Named keys a script may press.
KEY_WORDS = ("enter", "esc", "backspace", "left", "right", "up", "down", "space")
#: Frames ``settle`` may play before giving up (a stuck transition would be a bug).
SETTLE_LIMIT = 1000
SEPARATOR = "====="

_REPEAT = re.compile(r"^(?P<token>.+?)\*(?P<count>[0-9]+)$")


class ScriptError(ValueError):
    """A token the script syntax does not know."""


@dataclass(frozen=True)
class Step:
    """One token of the script, played ``count`` times."""

    text: str
    token: str
    count: int


def parse(script: str) -> List[Step]:
    """The steps of a script; ScriptError on an unknown token."""
    steps: List[Step] = []
    for line in script.splitlines():
        for text in line.split("#", 1)[0].split():
            match = _REPEAT.match(text)
            token, count = (match["token"], int(match["count"])) if match else (text, 1)
            if count < 1:
                raise ScriptError(f"{text!r}: a repeat count is at least 1")
            _check(token, text)
            steps.append(Step(text, token, count))
    return steps


def _check(token: str, text: str) -> None:
    if token in COMMANDS or token in KEY_WORDS or token in ("tick", "settle"):
        return
    if token.startswith("type:") and len(token) > 5:
        return
    if len(token) == 1 and token.isprintable():
        return
    raise ScriptError(f"unknown token {text!r} (see python -m navdemo --help)")


def _play(app: DemoApp, token: str) -> None:
    if token == "tick":
        app.tick()
    elif token == "settle":
        for _ in range(SETTLE_LIMIT):
            if app.settled:
                return
            app.tick()
        raise RuntimeError(f"settle: still moving after {SETTLE_LIMIT} frames")
    elif token.startswith("type:"):
        app.key("e")
        for char in token[5:]:
            app.key("space" if char == "_" else char)
        app.key("enter")
    elif len(token) > 1 and token in COMMANDS:
        app.command(token)
    else:
        app.key(token)


def play(
    app: DemoApp,
    steps: List[Step],
    show: Callable[[DemoApp, int, str], None],
    every: bool,
    restart: Callable[[DemoApp], DemoApp],
) -> DemoApp:
    """Plays the steps; ``show(app, number, label)`` prints the screen after each (``every``)
    or only after the last. ``restart(app)`` quits an app and returns the new one. Stops early
    after ``quit``; returns the app playing at the end."""
    if every:
        show(app, 0, "start")
    for number, step in enumerate(steps, 1):
        for _ in range(step.count):
            if step.token == "restart":
                app = restart(app)
            else:
                _play(app, step.token)
        if every or number == len(steps) or not app.running:
            show(app, number, step.text)
        if not app.running:
            break
    return app
