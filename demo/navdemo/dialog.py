"""The "Discard changes?" dialog: the compose screen's deferred veto (SPEC §13).

When the back button asks to pop a compose screen with unsaved changes, the veto answers
*later*: navcore keeps the back op waiting (busy, later ops queued behind it, the swipe
refused) with a pending decision, and the app shows this dialog. ``y`` discards the changes and
decides yes (the back goes on and pops the screen); ``n`` or ``esc`` decides no (the back ends
``vetoed``; the draft stays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

import navcore

from .screens import Compose

QUESTION = "Discard changes? y/n"
#: Keys that answer: yes, and no.
YES_KEYS = ("y",)
NO_KEYS = ("n", "esc")


@dataclass
class DiscardDialog:
    """A pending decision of navcore's, and the compose screen it is about."""

    decision: navcore.Decision
    compose: Compose

    def answer(self, key: str) -> Optional[bool]:
        """The answer a key gives (None: the key does not answer)."""
        if key in YES_KEYS:
            return True
        if key in NO_KEYS:
            return False
        return None

    def lines(self) -> List[str]:
        """The dialog's text, one line each."""
        return [QUESTION, f"{self.compose.name} has an unsaved note", "y discard   n keep editing"]
