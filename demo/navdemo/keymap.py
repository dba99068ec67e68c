"""Keys and commands: which key does what, in the app and in key scripts.

A key is named by its character (``"p"``) or, for special keys, by a word (``"enter"``,
``"esc"``, ``"backspace"``, ``"left"``, ``"right"``). Outside the edit field each key maps to
a command; inside it, printable keys type.
"""

from __future__ import annotations

import curses
from typing import Dict, List, Optional, Tuple

#: key -> command, outside the edit field.
KEYS: Dict[str, str] = {
    "p": "push",
    "right": "push",
    "b": "back",
    "left": "back",
    "backspace": "back",
    "s": "swipe",
    "x": "cancel",
    "t": "set",
    "r": "root",
    "1": "inbox",
    "2": "message",
    "3": "compose",
    "e": "edit",
    "w": "save",
    "d": "discard",
    "c": "choose",
    "o": "open",
    "h": "tab_home",
    "/": "tab_search",
    "m": "tab_me",
    "f": "sheet",
    "n": "notify",
    "a": "auto",
    "q": "quit",
}

#: Commands with no key of their own: "release" is letting go of the swipe key, "restart" is
#: ``q`` and then starting the demo again (key scripts only).
EXTRA_COMMANDS = ("release", "restart")

#: Keys the picker screen takes: a move of its highlight, or 0 = choose.
PICKER_KEYS: Dict[str, int] = {"up": -1, "k": -1, "down": 1, "j": 1, "enter": 0}

#: Every command, in the order of the help.
COMMANDS: Tuple[str, ...] = tuple(dict.fromkeys(list(KEYS.values()) + list(EXTRA_COMMANDS)))

#: The keys line at the bottom of the screen.
HELP = "p:push b:back s:swipe h,/,m:tabs f:sheet 1-3:show c:pick o:link n:notify q:quit"

#: What each command does, for --help and the README.
DESCRIPTIONS: List[Tuple[str, str]] = [
    ("p / right", "push a new page (rapid presses queue behind the running transition)"),
    ("b / left / backspace", "back button, asked of the root: navcore routes it to the stack in"
                             " front (the sheet, else the active tab); asks the veto"),
    ("s (hold)", "swipe back: starts the interactive gesture, each repeat drags it 5%;"
                 " let go: past 50% it commits, else it springs back and is cancelled"),
    ("x", "cancel the swipe in progress"),
    ("t", "set a canned stack: home > inbox > message > page"),
    ("r", "pop to root"),
    ("1 / 2 / 3", "show the routes inbox {unread}, message {id}, compose (payloads as JSON)"),
    ("e, w, d", "on compose: edit the note (enter ends), save it, discard the changes"),
    ("c", "on compose: push a picker for a result; up/down and enter choose (pop with the"
          " choice as result), b chooses nobody; the choice comes back to compose"),
    ("y / n", "answer the \"Discard changes?\" dialog (back on an unsaved compose)"),
    ("h / slash / m", "the Home, Search and Me tabs (activate: each tab keeps its stack); the"
                      " selected tab's key again pops it to its root (re-tap)"),
    ("f", "present the modal sheet over the tabs (covers them); up/down and enter dismiss it"
          " with the choice as its result, b dismisses it (or pops a page pushed on it)"),
    ("o", "open the deep link home/inbox/message?id=42 in the Home tab, brought to the front"
          " (open with focus): a whole stack in one op"),
    ("n", "the worker thread posts a notification now"),
    ("a", "automatic notifications on/off"),
    ("q", "save the whole tree (every tab, the sheet) and quit; the next start restores it"
          " (--fresh: start clean)"),
]

_SPECIAL: Dict[int, str] = {
    curses.KEY_LEFT: "left",
    curses.KEY_RIGHT: "right",
    curses.KEY_UP: "up",
    curses.KEY_DOWN: "down",
    curses.KEY_BACKSPACE: "backspace",
    curses.KEY_ENTER: "enter",
    127: "backspace",
    8: "backspace",
    10: "enter",
    13: "enter",
    27: "esc",
    32: "space",
}


def key_name(code: int) -> Optional[str]:
    """The name of a curses key code (None for keys the demo ignores)."""
    if code in _SPECIAL:
        return _SPECIAL[code]
    if 32 < code < 127:
        return chr(code)
    return None


def command_for(key: str) -> Optional[str]:
    """The command of a key outside the edit field."""
    return KEYS.get(key)


def typed(key: str) -> Optional[str]:
    """The character a key types in the edit field (None for a non-printable key)."""
    if key == "space":
        return " "
    return key if len(key) == 1 and key.isprintable() else None
