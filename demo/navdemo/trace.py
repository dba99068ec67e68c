"""The event log: navcore's events as SPEC §11 trace lines, plus the host's own notes.

Screens are named by their card's name (``home``, ``page2``, ``compose``) instead of the
scenario labels. Host notes start with ``>``. The log is written from the UI thread (events)
and from the worker thread (its notes), so it has a lock.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Deque, Dict, List

import navcore


def _flag(animated: bool) -> str:
    return "animated" if animated else "instant"


class EventLog:
    """A navcore listener object (``nav.add_listener(log)``) that keeps the latest lines."""

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

    def name(self, screen: navcore.Screen) -> str:
        """The card name of a screen (remembered, so that released screens keep theirs)."""
        obj = screen.object
        if obj is not None and hasattr(obj, "name"):
            self._names[screen.id] = obj.name
        return self._names.get(screen.id, f"#{screen.id}")

    # -- navcore listener methods ------------------------------------------------------------------

    def on_action(self, event: navcore.ActionEvent) -> None:
        """``action <state> [+appearing] [-disappearing…] animated|instant``."""
        if event.state == navcore.Action.IDLE:
            self.note("action idle")
            return
        words = ["action", str(event.state)]
        if event.appearing is not None:
            words.append("+" + self.name(event.appearing))
        words.extend("-" + self.name(s) for s in event.disappearing)
        words.append(_flag(event.animated))
        self.note(" ".join(words))

    def on_appearance(self, event: navcore.AppearanceEvent) -> None:
        """``will_show``/``did_show``/``will_hide``/``did_hide`` lines."""
        self.note(f"{event.phase} {self.name(event.screen)} {event.reason} {_flag(event.animated)}")

    def on_progress(self, event: navcore.ProgressEvent) -> None:
        """``progress 0.35``; a run of reports shares one line: ``progress 0.05..0.35 (7)``."""
        value = f"{event.progress:.2f}"
        with self._lock:
            last = self._lines[-1] if self._lines else ""
            if last.startswith("progress "):
                first = last.split()[1].split("..")[0]
                count = int(last.split("(")[1].split()[0]) if "(" in last else 1
                self._lines[-1] = f"progress {first}..{value} ({count + 1} reports)"
                return
        self.note(f"progress {value}")

    def on_bar(self, event: navcore.BarEvent) -> None:
        """``bar shown|hidden``."""
        self.note(f"bar {'shown' if event.shown else 'hidden'} {_flag(event.animated)}")

    def on_payload(self, event: navcore.PayloadEvent) -> None:
        """``payload <screen> <text>``."""
        self.note(f"payload {self.name(event.screen)} {event.payload}")

    def on_release(self, event: navcore.ReleaseEvent) -> None:
        """``release <screen>``."""
        name = getattr(event.object, "name", None)
        if name is not None:
            self._names[event.screen.id] = name
        self.note(f"release {self.name(event.screen)}")

    def on_done(self, event: navcore.DoneEvent) -> None:
        """``done <op> <outcome>``."""
        self.note(f"done {event.op} {event.outcome}")

    def transition(self, transition: navcore.Transition) -> None:
        """``transition <style> X>Y [interactive]`` (called by the app's animator hook)."""
        interactive = " interactive" if transition.interactive else ""
        self.note(
            f"transition {transition.style} {self.name(transition.from_screen)}>"
            f"{self.name(transition.to_screen)}{interactive}"
        )
