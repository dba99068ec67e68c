"""The demo's screen objects: what each card shows, and the hooks navcore calls on them.

Each object is the host object of one navcore screen. navcore calls its per-screen hooks
(``did_show``, ``receive_payload``) on the thread that drains the navigator — the UI thread —
which the notification card makes visible: it shows the thread that posted and the thread that
delivered.
"""

from __future__ import annotations

import json
import threading
from typing import Dict, List, Optional

from navcore import Payload


class Card:
    """A screen drawn as a card: a title, a few body lines, and how often navcore told it that
    it will show and that it did (a cancelled swipe adds one of each to the restored screen)."""

    route = "page"

    def __init__(self, name: str, title: str) -> None:
        self.name = name
        self.title = title
        self.will_shows = 0
        self.shown = 0

    def will_show(self) -> None:
        """navcore: this screen is about to become the top."""
        self.will_shows += 1

    def did_show(self) -> None:
        """navcore: this screen has become the top (pushed, revealed by a pop, or restored)."""
        self.shown += 1

    def hooks(self) -> str:
        """The hook counts, for the card."""
        return f"hooks: will_show {self.will_shows}, did_show {self.shown}"

    def body(self) -> List[str]:
        """The lines under the title."""
        return [self.hooks()]


class Home(Card):
    """The root screen."""

    route = "home"

    def body(self) -> List[str]:
        return ["the root screen", "p push  t set  1 inbox  2 message", "3 compose  n notification"]


class Page(Card):
    """A plain screen pushed with ``p``."""

    def body(self) -> List[str]:
        return ["a screen pushed with p", self.hooks()]


class Inbox(Card):
    """The ``inbox`` route; its payload is the unread count."""

    route = "inbox"

    def __init__(self, name: str, title: str) -> None:
        super().__init__(name, title)
        self.unread = 0

    def receive_payload(self, payload: Payload) -> None:
        """navcore: a show delivered ``{"unread": n}``."""
        self.unread = int(payload.json().get("unread", 0))

    def body(self) -> List[str]:
        return [f"{self.unread} unread", "shown again (1): recycled", self.hooks()]


class Message(Card):
    """The ``message`` route; its payload names the message."""

    route = "message"

    def __init__(self, name: str, title: str) -> None:
        super().__init__(name, title)
        self.message_id: Optional[int] = None
        self.payloads = 0

    def receive_payload(self, payload: Payload) -> None:
        """navcore: a show delivered ``{"id": n}``."""
        self.message_id = payload.json().get("id")
        self.payloads += 1

    def body(self) -> List[str]:
        return [f"message #{self.message_id}", f"payloads received: {self.payloads}", self.hooks()]


class Compose(Card):
    """The ``compose`` route: an edit field whose unsaved changes veto back and the gesture."""

    route = "compose"

    def __init__(self, name: str, title: str) -> None:
        super().__init__(name, title)
        self.text = ""
        self.saved = ""
        self.editing = False

    @property
    def dirty(self) -> bool:
        """Whether the field has unsaved changes."""
        return self.text != self.saved

    def save(self) -> None:
        """Keeps the field's text."""
        self.saved = self.text

    def discard(self) -> None:
        """Drops the unsaved changes."""
        self.text = self.saved

    def body(self) -> List[str]:
        cursor = "_" if self.editing else ""
        state = "*unsaved*" if self.dirty else "saved"
        return [f"note: [{self.text}{cursor}] {state}", "e edit (enter ends)", "w save  d discard"]


class Alert(Card):
    """The ``alert`` route, posted by the worker thread: shows who posted and who delivered."""

    route = "alert"

    def __init__(self, name: str, title: str) -> None:
        super().__init__(name, title)
        self.number = 0
        self.posted_by = "?"
        self.delivered_on = "?"

    def receive_payload(self, payload: Payload) -> None:
        """navcore: a post delivered ``{"n": k, "from": thread}``, on the draining thread."""
        data = payload.json()
        self.number = int(data.get("n", 0))
        self.posted_by = str(data.get("from", "?"))
        self.delivered_on = threading.current_thread().name
        self.title = f"Notification {self.number}"

    def body(self) -> List[str]:
        return [f"posted on thread {self.posted_by}", f"delivered on thread {self.delivered_on}", "b back"]


class Namer:
    """Short unique names for screens: ``inbox``, ``inbox2``; pages are ``page1``, ``page2``."""

    def __init__(self) -> None:
        self._counts: Dict[str, int] = {}

    def next(self, route: str) -> str:
        """The name of the next screen of ``route``."""
        count = self._counts.get(route, 0) + 1
        self._counts[route] = count
        if route == "page":
            return f"page{count}"
        return route if count == 1 else f"{route}{count}"


def payload_text(payload: Dict[str, object]) -> str:
    """A payload as navcore sends a dict (compact JSON), for the log."""
    return json.dumps(payload, separators=(",", ":"))
