"""Commands: what each key does to the navigator (the ``_cmd_<name>`` methods of DemoApp).

Every command runs on the UI thread and asks navcore for ops; none waits for an op to end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Optional

import navcore

from . import links
from .animator import SlideAnimator
from .dialog import DiscardDialog
from .family import TABS, Family, Tab
from .keymap import PICKER_KEYS, typed
from .screens import DEEP_LINK, Card, Compose, Home, Inbox, Message, Namer, Page, Picker, Sheet, payload_text
from .trace import EventLog
from .worker import NotificationWorker

#: Seconds between the worker's notifications in the interactive app.
NOTIFY_EVERY = 8.0


@dataclass
class Tracked:
    """An op the app asked and that has not ended: for the ops panel."""

    label: str
    op: navcore.Operation


class Commands:
    """The commands of keymap.COMMANDS, as methods ``_cmd_<name>`` (mixed into DemoApp)."""

    root: navcore.Navigator
    family: Family
    animator: SlideAnimator
    log: EventLog
    namer: Namer
    worker: NotificationWorker
    message: str
    saved: Optional[str]
    running: bool
    swipe_pressed: bool
    dialog: Optional[DiscardDialog]
    _unread: int
    _message_id: int

    @property
    def nav(self) -> navcore.Navigator:
        raise NotImplementedError

    def _ask(self, label: str, ask: Callable[[], navcore.Operation]) -> navcore.Operation:
        raise NotImplementedError

    def save_stack(self) -> bool:
        raise NotImplementedError

    def _track(self, label: str, op: navcore.Operation) -> None:
        raise NotImplementedError

    def stack_names(self) -> str:
        """The stack as card names, bottom first: ``home > page1``."""
        return " > ".join(self.log.name(screen) for screen in self.nav.stack)

    def front_names(self) -> str:
        """The navigator in front and its stack: ``home: home > page1``."""
        return f"{self.family.name(self.nav)}: {self.stack_names()}"

    def back_reaches(self) -> str:
        """What a back asked of the root would act on now (SPEC §16.6, navcore's
        ``back_target``): ``home pops``, ``sheet dismisses``, or ``nothing``."""
        target = self.root.back_target
        if target is None:
            return "nothing"
        return f"{self.family.name(target)} {'dismisses' if target.is_modal and len(target.stack) < 2 else 'pops'}"

    def _cmd_push(self) -> None:
        name = self.namer.next("page")
        screen = self.nav.create_screen("page", Page(name))
        self._ask(f"push {name}", lambda: self.nav.push(screen))

    def _cmd_back(self) -> None:
        """The back button, asked of the root: navcore routes it to the stack in front (SPEC
        §16.6), which the log's prefixes and the panel's "back:" line show."""
        self._ask("back", lambda: self.root.back())

    def _cmd_tab_home(self) -> None:
        self._tab(TABS[0])

    def _cmd_tab_search(self) -> None:
        self._tab(TABS[1])

    def _cmd_tab_me(self) -> None:
        self._tab(TABS[2])

    def _tab(self, tab: Tab) -> None:
        """A tab's key: ``activate`` its navigator (instant: SPEC §16.3); the selected tab's key
        again pops it to its root (``retap="pop_to_root"``)."""
        child = self.family.tabs[tab.name]
        if child is self.family.active_tab():
            self._ask(f"retap {tab.name}", lambda: child.activate(retap="pop_to_root"))
            self.message = f"{tab.label} again: its stack pops to its root"
        else:
            self._ask(f"tab {tab.name}", lambda: child.activate())
            self.message = f"{tab.label}: the other tabs keep their stacks"

    def _cmd_sheet(self) -> None:
        """Presents the sheet: a navigator of its own, made hidden with its first screen, then
        presented by the root over everything (``covers``; back dismisses it when it has one
        screen). The choice it is dismissed with comes back through its first screen's result."""
        if self.family.live_sheet() is not None:
            self.message = "the sheet is up: enter chooses, b dismisses it"
            return
        sheet = navcore.Navigator(navcore.Dispatch.HOST, visible=False)
        self._adopt(sheet, self.family.add_sheet(sheet))
        card = Sheet(self.namer.next(Sheet.route))
        first = sheet.create_screen(Sheet.route, card)
        sheet.on_result(first, lambda event: self._sheet_result(card, event.json() if event.text else None))
        sheet.push(first, animated=False)
        sheet.drain()  # its own queue, before it joins the family's (SPEC §16.8)
        self._ask(f"present {card.name}", lambda: self.root.present(sheet, covers=True, dismiss_on_back=True))
        self.message = "a modal sheet over the tabs: up/down, enter; b dismisses"

    def _adopt(self, nav: navcore.Navigator, name: str) -> None:
        raise NotImplementedError

    def _sheet_result(self, card: Sheet, choice: object) -> None:
        """The sheet's result arrived (right before its first screen's release, in its
        dismissal): the filter chosen, or None."""
        self.log.note(f"> {card.name} was dismissed with {payload_text(choice) if choice is not None else '-'}")
        self.message = f"the sheet's result came back: filter {choice}" if choice else "the sheet was dismissed: no filter"

    def _sheet_key(self, sheet: Sheet, key: str) -> bool:
        """A key on the sheet's first screen: up/down move, enter dismisses the sheet with the
        choice as its result. False for keys the sheet leaves to the app."""
        step = PICKER_KEYS.get(key)
        if step is None:
            return False
        if step:
            sheet.move(step)
            return True
        choice = sheet.choice
        self._ask(f"dismiss {payload_text(choice)}", lambda: self.root.dismiss(result=payload_text(choice)))
        self.message = f"the root dismisses the sheet with the result {payload_text(choice)}"
        return True

    def _cmd_swipe(self) -> None:
        if self.animator.held:
            self.animator.drag()
            return
        if self.swipe_pressed:  # a repeat of a press that was refused or already let go of
            return
        self.swipe_pressed = True
        try:
            op = self.root.gesture()  # routed as back is (SPEC §16.6)
        except navcore.BusyError:
            self.message = "! swipe refused: busy (navcore never queues a gesture)"
            return
        except navcore.StateError as error:
            self.message = f"! swipe refused: {error.message}"
            return
        if op.done():
            if op.outcome == navcore.Outcome.NOOP:
                self.message = "nothing to swipe back to"
            return
        self._track("gesture", op)
        self.log.note("> swipe: the gesture follows the s key")
        self.animator.drag()

    def _cmd_release(self) -> None:
        self.swipe_pressed = False
        self.animator.release()

    def _cmd_cancel(self) -> None:
        if self.animator.current is None or not self.animator.current.interactive:
            self.message = "no swipe to cancel"
            return
        self.animator.cancel()

    def _cmd_set(self) -> None:
        root = self.nav.root or self.nav.create_screen("home", Home(self.namer.next("home")))
        screens = [root]
        inbox = Inbox(self.namer.next("inbox"))
        inbox.unread = 2
        message = Message(self.namer.next("message"))
        message.message_id = 7
        for card in (inbox, message, Page(self.namer.next("page"))):
            screens.append(self.nav.create_screen(card.route, card))
        names = ">".join(self.log.name(s) for s in screens)
        self._ask(f"set {names}", lambda: self.nav.set_stack(screens))

    def _cmd_root(self) -> None:
        self._ask("pop_to_root", lambda: self.nav.pop_to_root())

    def _cmd_inbox(self) -> None:
        self._unread += 1
        self._show("inbox", {"unread": self._unread})

    def _cmd_message(self) -> None:
        self._message_id += 2
        self._show("message", {"id": self._message_id})

    def _cmd_compose(self) -> None:
        self._show("compose", None)

    def _show(self, route: str, payload: Optional[Dict[str, object]]) -> None:
        text = f" {payload_text(payload)}" if payload else ""
        self._ask(
            f"show {route}{text}",
            lambda: self.nav.show(route, payload=payload, remove_current=False, animated=True),
        )

    def _cmd_edit(self) -> None:
        top = self._top_card()
        if not isinstance(top, Compose) or self.animator.current is not None:
            self.message = "e edits the note of a compose screen (3 shows one)"
            return
        top.editing = True
        self.message = "editing the note: type, enter ends"

    def _cmd_save(self) -> None:
        top = self._top_card()
        if isinstance(top, Compose):
            top.save()
            self.message = "saved: back and swipe are allowed again"

    def _cmd_discard(self) -> None:
        top = self._top_card()
        if isinstance(top, Compose):
            top.discard()
            self.message = "changes discarded: back and swipe are allowed again"

    def _cmd_notify(self) -> None:
        if not self.worker.post_now():
            self.message = "! the worker thread did not answer"

    def _cmd_auto(self) -> None:
        interval = None if self.worker.interval else NOTIFY_EVERY
        self.worker.set_interval(interval)
        self.message = f"worker posts every {interval:g}s" if interval else "worker posts on n only"

    def _cmd_choose(self) -> None:
        compose = self._top_card()
        if not isinstance(compose, Compose) or self.animator.current is not None:
            self.message = "c chooses the recipient of a compose screen (3 shows one)"
            return
        picker = Picker(self.namer.next("picker"))
        self._ask(f"push {picker.name} (result)", lambda: self._push_for_result(compose, picker))
        self.message = "choose a recipient: up/down, enter; b chooses nobody"

    def _push_for_result(self, compose: Compose, picker: Picker) -> navcore.Operation:
        """Pushes the picker for a result; the choice it pops with comes back to ``compose``
        (in asyncio, ``await`` the same ScreenResult instead of adding a callback)."""
        pending = self.nav.push_for_result(self.nav.create_screen("picker", picker))
        pending.add_done_callback(lambda result: self._recipient_chosen(compose, result.value()))
        if pending.operation is None:  # push_for_result sets it before it returns
            raise RuntimeError("push_for_result returned no push")
        return pending.operation

    def _recipient_chosen(self, compose: Compose, choice: object) -> None:
        """The picker's result arrived (right before its release): the choice, or None."""
        self.log.note(f"> {compose.name} got the result {payload_text(choice) if choice is not None else '-'}")
        if isinstance(choice, str):
            compose.to = choice
            self.message = f"the picker's result came back to {compose.name}: to {choice}"
        else:
            self.message = f"no recipient chosen: {compose.name} keeps {compose.to or 'nobody'}"

    def _picker_key(self, picker: Picker, key: str) -> bool:
        """A key on the picker: up/down move, enter pops it with the choice as its result.
        False for keys the picker leaves to the app."""
        step = PICKER_KEYS.get(key)
        if step is None:
            return False
        if step:
            picker.move(step)
            return True
        choice = picker.choice
        self._ask(f"pop result {payload_text(choice)}", lambda: self.nav.pop(result=choice))
        return True

    def _cmd_open(self) -> None:
        """The deep link opens in the Home tab and brings it to the front (``focus``: SPEC
        §16.10): the tab is activated and the sheet dismissed, in the same op; the other tabs
        keep their stacks."""
        entries = [("home", None)] + links.entries(DEEP_LINK)
        home = self.family.tabs[TABS[0].name]
        op = self._ask("open deep link", lambda: home.open(entries, animated=True, focus=True))
        self.message = f"opening {DEEP_LINK} in the Home tab: one op builds the stack"
        op.add_done_callback(self._opened)

    def _opened(self, op: navcore.Operation) -> None:
        if op.outcome == navcore.Outcome.COMPLETED:
            self.message = f"opened the link {DEEP_LINK} in the Home tab, in front"
        else:
            self.message = f"! the link did not open: {op.outcome}"

    def _dialog_key(self, dialog: DiscardDialog, key: str) -> None:
        """A key while the "Discard changes?" dialog is up: y or n decides, others wait."""
        allow = dialog.answer(key)
        if allow is None:
            self.message = "the dialog waits: y discards the changes, n keeps editing"
            return
        self.dialog = None
        if allow:
            dialog.compose.discard()
        self.log.note(f"> dialog: {'discard' if allow else 'keep editing'}")
        self.root.decide(dialog.decision, allow)  # any member of the family may decide (§16.6)
        self.message = "changes discarded: back goes on" if allow else self.message

    def _cmd_quit(self) -> None:
        if self.save_stack():
            self.saved = self.front_names()
            self.log.note(f"> q: saved the tree, in front {self.saved}")
            self.message = f"saved the tree, in front {self.saved}: the next start restores it"
        self.running = False

    def _edit_key(self, compose: Compose, key: str) -> None:
        if key in ("enter", "esc"):
            compose.editing = False
            self.message = "note has unsaved changes: w save, d discard" if compose.dirty else ""
        elif key == "backspace":
            compose.text = compose.text[:-1]
        else:
            char = typed(key)
            if char is not None and len(compose.text) < 20:
                compose.text += char

    def _top_card(self) -> Optional[Card]:
        top = self.nav.top
        obj = top.object if top is not None else None
        return obj if isinstance(obj, Card) else None
