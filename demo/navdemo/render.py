"""The renderer: draws the app's state on a Canvas.

Layout (80 × 24; extra rows go to the event log)::

    row 0        title, and the worker's schedule
    rows 1..12   the "device": a frame with the navigation bar row, the active tab's cards (the
                 sheet over them while it is presented, and the "Discard changes?" dialog over
                 everything while it asks) and the tab bar in its bottom edge; at its right the
                 ops panel (running and waiting ops) and where a back would go
    row 13       the message line (the veto's refusal, a cancelled swipe, …)
    row 14       stack: the navigator in front, and its stack bottom > … > top
    row 15       state: its action state, the family's pending count, its bar, the progress
    row 16..     the event log (navcore's trace lines, and the host's notes after ">")
    last row     the keys

The cards of the stack cascade (the last three show, each lower one peeking out at the top
left). A transition is drawn from the host's animator: a push slides the new card in from the
device's right edge, a pop slides the old one out to it, at the slide's progress; the sheet
rises from the tab bar when it is presented and sinks back into it when it is dismissed.
"""

from __future__ import annotations

from typing import Optional, Sequence

import navcore

from .animator import Slide
from .app import DemoApp
from .canvas import Canvas, Rect, fit_left
from .family import TABS
from .keymap import HELP
from .screens import Card

DEVICE_WIDTH = 56
CARD_ROWS = 9
CARD_WIDTH = 40
CARD_HEIGHT = 7
#: Cascade: the offset of each card over the one below it.
CASCADE_X, CASCADE_Y = 4, 1
CASCADE_DEPTH = 3
TOP_ROWS = 16
MIN_WIDTH, MIN_HEIGHT = 60, 20


def render(app: DemoApp, width: int, height: int) -> Canvas:
    """The whole screen of the app."""
    canvas = Canvas(width, height)
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        canvas.text(0, 0, f"navcore demo: the terminal is {width}x{height}; it needs {MIN_WIDTH}x{MIN_HEIGHT}")
        return canvas
    stack = app.nav.stack
    slide = app.animator.current
    _title(canvas, app)
    device = Rect(0, 1, min(DEVICE_WIDTH, width), CARD_ROWS + 3)
    canvas.box(device)
    _bar(canvas, app, stack, Rect(device.x + 1, device.y + 1, device.width - 2, 1))
    cards = Rect(device.x + 1, device.y + 2, device.width - 2, CARD_ROWS)
    tab = app.family.active_tab()
    tab_name = app.family.name(tab)
    tab_stack = tab.stack if tab is not None else ()
    _cards(canvas, cards, tab_stack, slide if slide is not None and slide.owner == tab_name else None)
    _sheet(canvas, app, cards, slide)
    _tab_bar(canvas, tab_name, device)
    if app.dialog is not None:
        _dialog(canvas, device, app.dialog.lines())
    _ops(canvas, app, Rect(device.right + 2, device.y, width - device.right - 2, device.height))
    _status(canvas, app, stack, slide, device.bottom)
    log_top = device.bottom + 3
    _log(canvas, app, log_top, height - 1 - log_top)
    canvas.text(0, height - 1, HELP, width)
    return canvas


def _tab_bar(canvas: Canvas, active: str, device: Rect) -> None:
    """The tab bar, in the device's bottom edge: each tab's key and label, the active one in
    brackets."""
    x = device.x + 2
    for tab in TABS:
        label = f"{tab.key} {tab.label}"
        text = f"[{label}]" if tab.name == active else f" {label} "
        canvas.text(x, device.bottom - 1, text)
        if tab.name == active:
            canvas.highlighted.append((device.bottom - 1, x, len(text)))
        x += len(text) + 2


def _sheet(canvas: Canvas, app: DemoApp, area: Rect, slide: Optional[Slide]) -> None:
    """The sheet, over the tab's cards: a box with its top card, risen to the top of the cards
    while it is presented, on its way while its present or dismiss transition plays."""
    moving = slide is not None and slide.style in (navcore.Style.PRESENT, navcore.Style.DISMISS)
    sheet = app.family.live_sheet()
    if sheet is None or not (moving or app.root.modal is sheet):
        return
    shown = 100
    if moving and slide is not None:
        shown = slide.percent if slide.style == navcore.Style.PRESENT else 100 - slide.percent
    # The sheet's own screens (the transition's, handed to the root's animator, carry no card:
    # a navigator's binding knows only its own screens' objects).
    card = _card(sheet.top)
    depth = len(sheet.stack)
    box = Rect(area.x + 1, area.y + 1 + (100 - shown) * (area.height - 1) // 100, area.width - 2, area.height - 1)
    canvas.clip(area)
    canvas.fill(box, " ")
    for x in range(box.x, box.right):
        canvas.put(x, box.y, "#")
    for y in range(box.y, box.bottom):
        canvas.put(box.x, y, "#")
        canvas.put(box.right - 1, y, "#")
    label = f" sheet, {depth} screen{'s' if depth != 1 else ''} "
    canvas.text(box.x + 3, box.y, label)
    if card is not None:
        canvas.text(box.x + 2, box.y + 1, card.title, box.width - len(card.name) - 5)
        canvas.text(box.right - 2 - len(card.name), box.y + 1, card.name)
        for row, line in enumerate(card.body()[: box.height - 2]):
            canvas.text(box.x + 2, box.y + 2 + row, line, box.width - 4)
    canvas.clip(None)


def _title(canvas: Canvas, app: DemoApp) -> None:
    interval = app.auto_notify()
    worker = f"worker: every {interval:g}s (a)" if interval else "worker: on n (a: auto)"
    canvas.text(0, 0, "navcore demo - host dispatch, drained on the UI thread", canvas.width)
    canvas.text(canvas.width - len(worker), 0, worker)


def _bar(canvas: Canvas, app: DemoApp, stack: Sequence[navcore.Screen], row: Rect) -> None:
    """The navigation bar: drawn only while navcore says it is shown (the depth threshold)."""
    if not app.nav.bar_shown:
        hint = f"(no bar below depth {app.nav.bar_threshold})"
        canvas.text(row.right - len(hint) - 1, row.y, hint)
        return
    canvas.fill(row, "=")
    if len(stack) > 1:
        canvas.text(row.x, row.y, "[< Back]")
    top = _card(stack[-1]) if stack else None
    title = top.title if top is not None else ""
    label = f" {title} "
    canvas.text(row.x + (row.width - len(label)) // 2, row.y, label)
    canvas.highlighted.append((row.y, row.x, row.width))


def _card(screen: Optional[navcore.Screen]) -> Optional[Card]:
    obj = screen.object if screen is not None else None
    return obj if isinstance(obj, Card) else None


def _slot_x(area: Rect, slot: int) -> int:
    return area.x + 2 + CASCADE_X * slot


def _slot_y(area: Rect, slot: int) -> int:
    return area.y + CASCADE_Y * slot


def _cards(canvas: Canvas, area: Rect, stack: Sequence[navcore.Screen], slide: Optional[Slide]) -> None:
    """The stack as cascading cards, with the transition in flight drawn over them.

    The cards under the moving one are drawn where they are at the end of the transition
    (navcore has already changed the stack); the moving card slides between its slot and the
    right edge of the device."""
    canvas.clip(area)
    final = list(stack)[-CASCADE_DEPTH:]
    if slide is None:
        for slot, screen in enumerate(final):
            _draw_card(canvas, _slot_x(area, slot), _slot_y(area, slot), _card(screen), slot == len(final) - 1)
        canvas.clip(None)
        return
    old, new = slide.transition.from_screen, slide.transition.to_screen
    if slide.style == navcore.Style.PUSH:
        moving = new
        slot = final.index(new) if new in final else max(0, len(final) - 1)
        for index, screen in enumerate(final):
            if screen != new:
                _draw_card(canvas, _slot_x(area, index), _slot_y(area, index), _card(screen), index >= len(final) - 2)
        if old not in stack:  # a set replaced it: it stays under the new card until the end
            _draw_card(canvas, _slot_x(area, slot), _slot_y(area, slot), _card(old))
        home = _slot_x(area, slot)
        x = home + (100 - slide.percent) * (area.right - home) // 100
    else:
        moving = old
        for index, screen in enumerate(final):
            _draw_card(canvas, _slot_x(area, index), _slot_y(area, index), _card(screen), index == len(final) - 1)
        slot = min(len(final), CASCADE_DEPTH - 1)
        home = _slot_x(area, slot)
        x = home + slide.percent * (area.right - home) // 100
    _draw_card(canvas, x, _slot_y(area, slot), _card(moving))
    canvas.clip(None)


def _draw_card(canvas: Canvas, x: int, y: int, card: Optional[Card], body: bool = True) -> None:
    """A card; ``body`` False for a card deep in the cascade (only its title edge shows)."""
    canvas.box(Rect(x, y, CARD_WIDTH, CARD_HEIGHT))
    if card is None:
        return
    inner = CARD_WIDTH - 4
    canvas.text(x + 2, y + 1, card.title, inner - len(card.name) - 1)
    canvas.text(x + CARD_WIDTH - 2 - len(card.name), y + 1, card.name)
    for row, line in enumerate(card.body()[: CARD_HEIGHT - 3] if body else []):
        canvas.text(x + 2, y + 2 + row, line, inner)


def _dialog(canvas: Canvas, device: Rect, lines: Sequence[str]) -> None:
    """A modal dialog box in the middle of the device, over the cards."""
    width = max(max(len(line) for line in lines) + 6, CARD_WIDTH + 6)
    box = Rect(device.x + (device.width - width) // 2, device.y + 4, width, len(lines) + 2)
    canvas.fill(box, " ")
    canvas.box(box)
    for row, line in enumerate(lines):
        canvas.text(box.x + 3, box.y + 1 + row, line)
    canvas.highlighted.append((box.y + 1, box.x + 1, width - 2))


def _ops(canvas: Canvas, app: DemoApp, area: Rect) -> None:
    """The ops the app asked that have not ended: the running one, then the waiting ones."""
    if area.width < 12:
        return
    ops = app.ops()
    running = 1 if ops and app.root.busy else 0
    canvas.text(area.x, area.y, f"ops: {len(ops) - running} waiting", area.width)
    rows = area.height - 2  # the last row tells where a back goes
    shown = ops if len(ops) <= rows else ops[: rows - 1]
    for index, tracked in enumerate(shown):
        marker = ">" if index < running else "."
        canvas.text(area.x, area.y + 1 + index, f"{marker} {tracked.label}", area.width)
    if len(shown) < len(ops):
        canvas.text(area.x, area.y + rows, f"  ... {len(ops) - len(shown)} more", area.width)
    canvas.text(area.x, area.bottom - 1, f"back: {app.back_reaches()}", area.width)


def _status(
    canvas: Canvas, app: DemoApp, stack: Sequence[navcore.Screen], slide: Optional[Slide], y: int
) -> None:
    width = canvas.width
    canvas.text(0, y, app.message, width)
    canvas.text(0, y + 1, "stack: " + fit_left(app.front_names(), width - 7))
    nav = app.nav
    bar = "shown" if nav.bar_shown else "hidden"
    words = [
        f"state: {nav.action_state}",
        f"pending: {app.root.pending}",
        f"bar: {bar} (depth {len(stack)}, threshold {nav.bar_threshold})",
    ]
    if app.dialog is not None:
        words.append("decision pending")
    if slide is not None:
        kind = "swipe" if slide.interactive else f"slide {slide.style}"
        words.append(f"{kind} {slide.percent}%")
    canvas.text(0, y + 2, "  ".join(words), width)


def _log(canvas: Canvas, app: DemoApp, y: int, rows: int) -> None:
    if rows < 2:
        return
    canvas.text(0, y, ("-- events, newest last " + "-" * canvas.width)[: canvas.width])
    for index, line in enumerate(app.log.latest(rows - 1)):
        canvas.text(0, y + 1 + index, line, canvas.width)
