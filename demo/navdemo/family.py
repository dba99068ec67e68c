"""The demo's family of navigators (SPEC §16): who is who, and who is in front.

The root navigator holds one screen, the tab frame. Three tab navigators are attached to it
(Home, Search, Me), each with its own stack; one of them is the frame's active child. The sheet
is a navigator the root presents as its modal, over everything (``covers``), and dismisses.
Every member is in host dispatch mode: they share the root's queue, and the root's wakeup
drains them all.

``Family`` only names the members and walks the tree; the app asks the ops.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import navcore


@dataclass(frozen=True)
class Tab:
    """A tab: its navigator's name, its label in the tab bar, its key, the route of its first
    screen."""

    name: str
    label: str
    key: str

    @property
    def route(self) -> str:
        """The route of the tab's first screen (the tab's name)."""
        return self.name


#: The tabs, in attach order (the order of the frame's children, which a saved tree keeps).
TABS: Tuple[Tab, ...] = (Tab("home", "Home", "h"), Tab("search", "Search", "/"), Tab("me", "Me", "m"))
#: The name of the modal the root presents.
SHEET = "sheet"
#: The root's name (its trace lines have no prefix, as in SPEC §11).
ROOT = "root"


class Family:
    """The members of the demo's family, by name.

    Attributes:
        root (navcore.Navigator): the root; its one screen is the tab frame.
        tabs (Dict[str, navcore.Navigator]): the tab navigators by tab name.
        sheet (Optional[navcore.Navigator]): the sheet while it is presented or on its way (None
            once dismissed).
    """

    def __init__(self, root: navcore.Navigator) -> None:
        self.root = root
        self.tabs: Dict[str, navcore.Navigator] = {}
        self.sheet: Optional[navcore.Navigator] = None
        self._names: Dict[int, str] = {id(root): ROOT}

    def add_tab(self, index: int, navigator: navcore.Navigator) -> str:
        """Names the tab navigator attached (or restored) ``index``-th to the frame; its name."""
        name = TABS[index].name if index < len(TABS) else f"tab{index + 1}"
        self.tabs[name] = navigator
        self._names[id(navigator)] = name
        return name

    def add_sheet(self, navigator: navcore.Navigator) -> str:
        """Names the sheet; its name."""
        self.sheet = navigator
        self._names[id(navigator)] = SHEET
        return SHEET

    def name(self, navigator: Optional[navcore.Navigator]) -> str:
        """A member's name (``-`` for none, ``?`` for a navigator the demo never named)."""
        if navigator is None:
            return "-"
        return self._names.get(id(navigator), "?")

    @property
    def complete(self) -> bool:
        """Whether the root holds the frame and every tab (a restored tree may not)."""
        return len(self.root.stack) == 1 and all(tab.name in self.tabs for tab in TABS)

    def live_sheet(self) -> Optional[navcore.Navigator]:
        """The sheet, until its dismissal has torn it down."""
        if self.sheet is not None and self.sheet.closed:
            self.sheet = None
        return self.sheet

    def active_tab(self) -> Optional[navcore.Navigator]:
        """The frame's active child (None before the first attach has run)."""
        frame = self.root.top
        return self.root.active_child(frame) if frame is not None else None

    def tab_name(self) -> str:
        """The active tab's name (``-`` for none)."""
        return self.name(self.active_tab())

    def front(self) -> navcore.Navigator:
        """The navigator in front: the root's modal when one is presented, else the active tab
        (then its own modal or active child, repeatedly: SPEC §16.1's front path)."""
        navigator = self.root
        while True:
            following = navigator.modal
            if following is None:
                top = navigator.top
                following = navigator.active_child(top) if top is not None else None
            if following is None:
                return navigator
            navigator = following

    def members(self) -> List[navcore.Navigator]:
        """Every live member: the root, the tabs in order, the sheet."""
        found = [self.root] + [self.tabs[tab.name] for tab in TABS if tab.name in self.tabs]
        sheet = self.live_sheet()
        return found + ([sheet] if sheet is not None else [])
