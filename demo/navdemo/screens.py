"""The demo's screen objects: what each card shows, and the hooks navcore calls on them.

Each object is the host object of one navcore screen. navcore calls its per-screen hooks
(``did_show``, ``receive_payload``) on the thread that drains the navigator — the UI thread —
which the notification card makes visible: it shows the thread that posted and the thread that
delivered.

Every card can come back after a restart: ``state()`` is what it writes as its screen's saved
state before ``q`` saves the stack (SPEC §14), and ``receive_payload`` reads it back when the
restore's ``open`` makes the screen again (a saved state is delivered as the new screen's
payload). A state always holds the card's ``name``, so a restored stack keeps its names.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any, Dict, List, Optional, Tuple

from navcore import Payload


class Card:
    """A screen drawn as a card: a title, a few body lines, and how often navcore told it that
    it will show and that it did (a cancelled swipe adds one of each to the restored screen)."""

    route = "page"
    #: The title of a new card of this kind.
    default_title = "Page"

    def __init__(self, name: str, title: Optional[str] = None) -> None:
        self.name = name
        self.title = title if title is not None else self.default_title
        self.will_shows = 0
        self.shown = 0

    def state(self) -> Dict[str, Any]:
        """What this card needs to come back after a restart: its saved state, as JSON."""
        return {"name": self.name}

    def receive_payload(self, payload: Payload) -> None:
        """navcore: a payload was delivered (a show, or a restore giving back ``state()``)."""
        self.restore(_fields(payload))

    def restore(self, data: Dict[str, Any]) -> None:
        """Takes the fields of a payload that this kind of card knows (none by default)."""

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
    default_title = "Home"

    def body(self) -> List[str]:
        return ["the Home tab's root screen", "p push  t set  1 inbox  2 message", "3 compose  n notification",
                "o opens the link " + DEEP_LINK]


class TabFrame(Card):
    """The root navigator's one screen: the frame the tab navigators are attached to (SPEC
    §16.2). It is never drawn itself: its active child is."""

    route = "tabs"
    default_title = "Tabs"


class Search(Card):
    """The Search tab's first screen."""

    route = "search"
    default_title = "Search"

    def body(self) -> List[str]:
        return ["the Search tab: a stack of its own", "p push here, h / m other tabs,", "/ again pops to this root",
                self.hooks()]


class Me(Card):
    """The Me tab's first screen."""

    route = "me"
    default_title = "Me"

    def body(self) -> List[str]:
        return ["the Me tab: a stack of its own", "p push here, h / / other tabs,", "m again pops to this root",
                self.hooks()]


class Choices(Card):
    """A card that is a list to choose from (``CHOICES``), one highlighted, with a key hint
    (``HINT``) above it; the highlight is kept in the saved state."""

    CHOICES: Tuple[str, ...] = ()
    HINT = ""

    def __init__(self, name: str, title: Optional[str] = None) -> None:
        super().__init__(name, title)
        self.selected = 0

    @property
    def choice(self) -> str:
        """The highlighted choice."""
        return self.CHOICES[self.selected]

    def move(self, step: int) -> None:
        """Moves the highlight (wrapping around)."""
        self.selected = (self.selected + step) % len(self.CHOICES)

    def state(self) -> Dict[str, Any]:
        return {**super().state(), "selected": self.selected}

    def restore(self, data: Dict[str, Any]) -> None:
        self.selected = int(data.get("selected", 0)) % len(self.CHOICES)

    def body(self) -> List[str]:
        rows = [("> " if index == self.selected else "  ") + name for index, name in enumerate(self.CHOICES)]
        return [self.HINT] + rows


class Sheet(Choices):
    """The ``sheet`` route: the first screen of the modal sheet, a list of filters. ``enter``
    dismisses the sheet carrying the choice as its result (SPEC §16.4), which comes back to the
    app through the screen's result listener; ``b`` dismisses it with no result."""

    route = "sheet"
    default_title = "Filter (a modal sheet)"
    CHOICES = ("all", "unread", "flagged")
    HINT = "up/down, enter; b: none, p: push"


class Page(Card):
    """A plain screen pushed with ``p``; its title is its number."""

    def __init__(self, name: str, title: Optional[str] = None) -> None:
        super().__init__(name, title if title is not None else f"Page {name[4:]}")

    def body(self) -> List[str]:
        return ["a screen pushed with p", self.hooks()]


class Inbox(Card):
    """The ``inbox`` route; its payload is the unread count."""

    route = "inbox"
    default_title = "Inbox"

    def __init__(self, name: str, title: Optional[str] = None) -> None:
        super().__init__(name, title)
        self.unread = 0

    def state(self) -> Dict[str, Any]:
        return {**super().state(), "unread": self.unread}

    def restore(self, data: Dict[str, Any]) -> None:
        """A show delivered ``{"unread": n}``."""
        self.unread = int(data.get("unread", 0))

    def body(self) -> List[str]:
        return [f"{self.unread} unread", "shown again (1): recycled", self.hooks()]


class Message(Card):
    """The ``message`` route; its payload names the message."""

    route = "message"
    default_title = "Message"

    def __init__(self, name: str, title: Optional[str] = None) -> None:
        super().__init__(name, title)
        self.message_id: Optional[int] = None
        self.payloads = 0

    def state(self) -> Dict[str, Any]:
        return {**super().state(), "id": self.message_id}

    def restore(self, data: Dict[str, Any]) -> None:
        """A show (or a deep link) delivered ``{"id": n}``."""
        self.message_id = data.get("id")
        self.payloads += 1

    def body(self) -> List[str]:
        return [f"message #{self.message_id}", f"payloads received: {self.payloads}", self.hooks()]


class Compose(Card):
    """The ``compose`` route: an edit field whose unsaved changes veto back (through a "Discard
    changes?" dialog) and the gesture, and a recipient chosen on a picker screen."""

    route = "compose"
    default_title = "Compose"

    def __init__(self, name: str, title: Optional[str] = None) -> None:
        super().__init__(name, title)
        self.text = ""
        self.saved = ""
        self.to: Optional[str] = None
        self.editing = False

    def state(self) -> Dict[str, Any]:
        """The saved note, the unsaved draft and the recipient: a restored draft is still unsaved."""
        return {**super().state(), "saved": self.saved, "text": self.text, "to": self.to}

    def restore(self, data: Dict[str, Any]) -> None:
        self.saved = str(data.get("saved", ""))
        self.text = str(data.get("text", self.saved))
        to = data.get("to")
        self.to = str(to) if to is not None else None

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
        return [f"note: [{self.text}{cursor}] {state}", f"to: {self.to or '(nobody yet)'}  c choose",
                "e edit (enter ends)", "w save  d discard"]


class Picker(Choices):
    """The ``picker`` route: a list of recipients. ``enter`` pops it carrying the choice as its
    result (SPEC §12), which goes back to the compose screen that pushed it for a result; ``b``
    pops it with no result."""

    route = "picker"
    default_title = "Choose a recipient"
    CHOICES = ("ada", "grace", "linus")
    HINT = "up/down, enter chooses, b none"


class Alert(Card):
    """The ``alert`` route, posted by the worker thread: shows who posted and who delivered."""

    route = "alert"
    default_title = "Notification"

    def __init__(self, name: str, title: Optional[str] = None) -> None:
        super().__init__(name, title)
        self.number = 0
        self.posted_by = "?"
        self.delivered_on = "?"

    def state(self) -> Dict[str, Any]:
        return {**super().state(), "n": self.number, "from": self.posted_by}

    def restore(self, data: Dict[str, Any]) -> None:
        """A post delivered ``{"n": k, "from": thread}``, on the draining thread."""
        self.number = int(data.get("n", 0))
        self.posted_by = str(data.get("from", "?"))
        self.delivered_on = threading.current_thread().name
        self.title = f"Notification {self.number}"

    def body(self) -> List[str]:
        return [f"posted on thread {self.posted_by}", f"delivered on thread {self.delivered_on}", "b back"]


#: The deep link that ``o`` opens (under the home screen).
DEEP_LINK = "inbox/message?id=42"

#: The kinds of card by route: each is a registered route (so that a saved stack can be opened).
KINDS = {kind.route: kind for kind in (TabFrame, Home, Search, Me, Sheet, Page, Inbox, Message, Compose, Picker, Alert)}


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

    def claim(self, route: str, name: str) -> str:
        """Takes a restored screen's ``name``: later ``next`` names of ``route`` come after it."""
        match = re.fullmatch(re.escape(route) + "([0-9]*)", name)
        if match is not None:
            count = int(match[1]) if match[1] else 1
            self._counts[route] = max(self._counts.get(route, 0), count)
        return name


def _fields(payload: Payload) -> Dict[str, Any]:
    """A payload's JSON object (an empty dict for anything else)."""
    try:
        data = payload.json()
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def payload_text(payload: Any) -> str:
    """A payload (or a result) as navcore sends a value (compact JSON), for the log."""
    return json.dumps(payload, separators=(",", ":"))
