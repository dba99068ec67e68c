"""The event log: navcore's events as SPEC §11 trace lines, plus the host's own notes.

Screens are named by their card's name (``home``, ``page2``, ``compose``) instead of the
scenario labels. As in SPEC §16.13, the lines of a navigator other than the root start with its
name (``home: will_show page1 push animated``), so the log shows which navigator an event
reached. Host notes start with ``>``. The log is written from the UI thread (events) and from
the worker thread (its notes), so it has a lock.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Deque, Dict, List

import navcore


def _flag(animated: bool) -> str:
    return "animated" if animated else "instant"


class EventLog:
    """The latest lines: navcore's events (written by each navigator's ``NavigatorTrace``) and
    the host's notes."""

    def __init__(self, keep: int = 200) -> None:
        self._lines: Deque[str] = deque(maxlen=keep)
        self._lock = threading.Lock()
        self._names: Dict[int, str] = {}

    # -- reading ----------------------------------------------------------------------------------

    def latest(self, count: int) -> List[str]:
        """The last ``count`` lines, oldest first."""
        with self._lock:
            lines = list(self._lines)
        return lines[-count:] if count > 0 else []

    def note(self, text: str) -> None:
        """A host line (from any thread)."""
        with self._lock:
            self._lines.append(text)

    def remember(self, screen: navcore.Screen, obj: object) -> None:
        """Keeps the card name of a screen being released (its ``object`` is gone after)."""
        name = getattr(obj, "name", None)
        if name is not None:
            self._names[screen.id] = name

    def name(self, screen: navcore.Screen) -> str:
        """The card name of a screen (remembered, so that released screens keep theirs)."""
        obj = screen.object
        if obj is not None and hasattr(obj, "name"):
            self._names[screen.id] = obj.name
        return self._names.get(screen.id, f"#{screen.id}")

    def listener(self, navigator: str) -> "NavigatorTrace":
        """The listener object of one navigator (``nav.add_listener(...)``): its lines start with
        ``navigator: `` unless it is the root."""
        return NavigatorTrace(self, "" if navigator == "root" else f"{navigator}: ")

    def progress(self, line: str) -> None:
        """A progress line; a run of reports shares one line: ``progress 0.05..0.35 (7 reports)``."""
        with self._lock:
            last = self._lines[-1] if self._lines else ""
            head, _, value = line.rpartition(" ")
            if last.startswith(head + " "):
                first = last[len(head) + 1:].split()[0].split("..")[0]
                count = int(last.split("(")[1].split()[0]) if "(" in last else 1
                self._lines[-1] = f"{head} {first}..{value} ({count + 1} reports)"
                return
        self.note(line)


class NavigatorTrace:
    """The trace lines of one navigator's events, into an EventLog, each after ``prefix``."""

    def __init__(self, log: EventLog, prefix: str) -> None:
        self._log = log
        self._prefix = prefix

    def _line(self, text: str) -> None:
        self._log.note(self._prefix + text)

    def _name(self, screen: navcore.Screen) -> str:
        return self._log.name(screen)

    def on_action(self, event: navcore.ActionEvent) -> None:
        """``action <state> [+appearing] [-disappearing…] animated|instant``."""
        if event.state == navcore.Action.IDLE:
            self._line("action idle")
            return
        words = ["action", str(event.state)]
        if event.appearing is not None:
            words.append("+" + self._name(event.appearing))
        words.extend("-" + self._name(s) for s in event.disappearing)
        words.append(_flag(event.animated))
        self._line(" ".join(words))

    def on_appearance(self, event: navcore.AppearanceEvent) -> None:
        """``will_show``/``did_show``/``will_hide``/``did_hide`` lines."""
        self._line(f"{event.phase} {self._name(event.screen)} {event.reason} {_flag(event.animated)}")

    def on_progress(self, event: navcore.ProgressEvent) -> None:
        """``progress 0.35``; a run of reports shares one line: ``progress 0.05..0.35 (7)``."""
        self._log.progress(f"{self._prefix}progress {event.progress:.2f}")

    def on_bar(self, event: navcore.BarEvent) -> None:
        """``bar shown|hidden``."""
        self._line(f"bar {'shown' if event.shown else 'hidden'} {_flag(event.animated)}")

    def on_payload(self, event: navcore.PayloadEvent) -> None:
        """``payload <screen> <text>``."""
        self._line(f"payload {self._name(event.screen)} {event.payload}")

    def on_release(self, event: navcore.ReleaseEvent) -> None:
        """``release <screen>``."""
        self._log.remember(event.screen, event.object)
        self._line(f"release {self._name(event.screen)}")

    def on_done(self, event: navcore.DoneEvent) -> None:
        """``done <op> <outcome>``."""
        self._line(f"done {event.op} {event.outcome}")

    def transition(self, transition: navcore.Transition) -> None:
        """``transition <style> X>Y [interactive]`` (called by the app's animator hook)."""
        interactive = " interactive" if transition.interactive else ""
        self._line(
            f"transition {transition.style} {self._name(transition.from_screen)}>"
            f"{self._name(transition.to_screen)}{interactive}"
        )
