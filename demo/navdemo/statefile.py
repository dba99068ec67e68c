"""Where ``q`` saves the stack and where the next start restores it from.

The default is ``$XDG_STATE_HOME/navcore-demo/stack.json`` (the XDG base directory spec's place
for state that should survive a restart), or ``~/.local/state/navcore-demo/stack.json`` when
``XDG_STATE_HOME`` is unset or not absolute. ``--state FILE`` chooses another file. The file
holds navcore's saved document exactly as ``save()`` wrote it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping, Optional

FILE_NAME = "stack.json"
APP_DIR = "navcore-demo"


def default_path(environ: Mapping[str, str] = os.environ) -> Path:
    """The state file of this user."""
    base = environ.get("XDG_STATE_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".local" / "state"
    return root / APP_DIR / FILE_NAME


def load(path: Path) -> Optional[str]:
    """The saved document's text, or None when there is no saved stack."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def store(path: Path, document: str) -> None:
    """Writes the document whole (a new file renamed over the old one: never half a stack)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".new")
    partial.write_text(document, encoding="utf-8")
    os.replace(partial, path)
