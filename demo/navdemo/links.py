"""Deep links: ``inbox/message?id=42`` as the entries of navcore's ``open`` (SPEC §14).

Each path segment is a route, bottom to top; the query is the payload of the last one (numbers
as JSON numbers). The app opens a link on top of its home screen, so back still leads home.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import parse_qsl, urlsplit

Entry = Tuple[str, Optional[Dict[str, Any]]]


def entries(link: str) -> List[Entry]:
    """The (route, payload or None) entries of ``link``; ValueError if it names no route."""
    parts = urlsplit(link)
    routes = [segment for segment in parts.path.split("/") if segment]
    if not routes:
        raise ValueError(f"the link {link!r} names no route")
    query = {key: _value(text) for key, text in parse_qsl(parts.query)}
    found: List[Entry] = [(route, None) for route in routes]
    found[-1] = (routes[-1], query or None)
    return found


def _value(text: str) -> Any:
    """A query value: an integer when it is one, else the text."""
    return int(text) if text.isdigit() else text
