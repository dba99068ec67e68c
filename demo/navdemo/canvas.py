"""Canvas: a grid of characters that the renderer draws on and a terminal shows.

The same canvas is shown by curses (interactive) or printed as text (``--frames``), so what the
tests read is exactly what a person sees. Everything is clipped: drawing outside the grid, or
outside the current clip rectangle, is silently dropped (a card sliding in from the right edge).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Tuple


@dataclass(frozen=True)
class Rect:
    """A rectangle of cells: columns ``x`` to ``x + width - 1``, rows ``y`` to ``y + height - 1``."""

    x: int
    y: int
    width: int
    height: int

    @property
    def right(self) -> int:
        """The first column after the rectangle."""
        return self.x + self.width

    @property
    def bottom(self) -> int:
        """The first row after the rectangle."""
        return self.y + self.height

    def contains(self, x: int, y: int) -> bool:
        """Whether the cell (x, y) is inside."""
        return self.x <= x < self.right and self.y <= y < self.bottom


class Canvas:
    """A ``width`` × ``height`` grid of characters, plus the spans to show highlighted
    (``(row, column, width)``; curses draws them in reverse video, text frames ignore them)."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.height = height
        self._cells: List[List[str]] = [[" "] * width for _ in range(height)]
        self.highlighted: List[Tuple[int, int, int]] = []
        self._clip: Rect = Rect(0, 0, width, height)

    def clip(self, rect: Optional[Rect]) -> None:
        """Restricts drawing to ``rect`` (None: the whole canvas)."""
        self._clip = rect if rect is not None else Rect(0, 0, self.width, self.height)

    def put(self, x: int, y: int, char: str) -> None:
        """One character at (x, y), if it is inside the canvas and the clip rectangle."""
        if 0 <= x < self.width and 0 <= y < self.height and self._clip.contains(x, y):
            self._cells[y][x] = char

    def text(self, x: int, y: int, text: str, width: Optional[int] = None) -> None:
        """``text`` from (x, y) to the right, cut to ``width`` characters if given."""
        if width is not None:
            text = fit(text, width)
        for offset, char in enumerate(text):
            self.put(x + offset, y, char)

    def fill(self, rect: Rect, char: str = " ") -> None:
        """Fills a rectangle."""
        for y in range(rect.y, rect.bottom):
            for x in range(rect.x, rect.right):
                self.put(x, y, char)

    def box(self, rect: Rect) -> None:
        """An ASCII box on the rectangle's border, its inside cleared."""
        self.fill(rect)
        last_x, last_y = rect.right - 1, rect.bottom - 1
        for x in range(rect.x, rect.right):
            self.put(x, rect.y, "-")
            self.put(x, last_y, "-")
        for y in range(rect.y, rect.bottom):
            self.put(rect.x, y, "|")
            self.put(last_x, y, "|")
        for x, y in ((rect.x, rect.y), (last_x, rect.y), (rect.x, last_y), (last_x, last_y)):
            self.put(x, y, "+")

    def lines(self) -> List[str]:
        """The rows as text, trailing spaces removed."""
        return ["".join(row).rstrip() for row in self._cells]

    def row(self, y: int) -> str:
        """One row as text, padded to the full width (for curses)."""
        return "".join(self._cells[y])

    def size(self) -> Tuple[int, int]:
        """(width, height)."""
        return self.width, self.height


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, ending in "~" when something was cut."""
    if width <= 0:
        return ""
    if len(text) <= width:
        return text
    return text[: width - 1] + "~"


def fit_left(text: str, width: int) -> str:
    """``text`` cut from the left to ``width`` characters, starting with "~" when cut."""
    if width <= 0:
        return ""
    if len(text) <= width:
        return text
    return "~" + text[len(text) - width + 1 :]
