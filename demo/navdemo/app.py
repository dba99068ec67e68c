"""DemoApp: a real navcore host. It owns a family of host-dispatch navigators (SPEC §16: a root
whose frame screen hosts three tab navigators, and a modal sheet the root presents), turns keys
into ops, plays transitions through its animator, and keeps what the renderer draws.

Threads: every method here runs on the UI thread, except the worker's ``post`` (which only
enqueues) and the wakeup listener (which only sets a flag). ``pump()`` drains the family on the
UI thread, so every navcore callback — animator, veto, hooks, listeners, route factories, done
callbacks — runs there.

Time: the app has no clock. ``tick()`` is one animation frame; the curses loop calls it at a
fixed rate, a key script calls it with ``tick`` / ``settle``. So a script is reproducible.
"""

from __future__ import annotations

import threading
from functools import partial
from pathlib import Path
from typing import Callable, List, Optional, Type, Union

import navcore

from . import statefile
from .animator import SlideAnimator
from .commands import NOTIFY_EVERY, Commands, Tracked
from .dialog import DiscardDialog
from .family import ROOT, TABS, Family
from .keymap import command_for
from .screens import KINDS, Alert, Card, Compose, Namer, Picker, Sheet, TabFrame
from .trace import EventLog, NavigatorTrace
from .worker import NotificationWorker, Waker

#: Frames of a plain transition (at FPS frames a second: 0.4 s).
TRANSITION_FRAMES = 12
FPS = 30
#: The navigation bar shows from this depth on.
BAR_THRESHOLD = 3
__all__ = ["BAR_THRESHOLD", "FPS", "NOTIFY_EVERY", "TRANSITION_FRAMES", "DemoApp", "Tracked"]


class DemoApp(Commands):
    """The demo's host of navcore. ``interval``: seconds between the worker's automatic posts
    (None: only on the notify key). ``state_path``: where ``q`` saves the stack, and where the
    start restores it from unless ``fresh`` (None: nowhere). Its commands (what the keys do) are
    in ``Commands``."""

    def __init__(
        self,
        interval: Optional[float] = None,
        frames: int = TRANSITION_FRAMES,
        threshold: int = BAR_THRESHOLD,
        state_path: Optional[Path] = None,
        fresh: bool = False,
    ) -> None:
        self.log = EventLog()
        self.waker = Waker()
        self.namer = Namer()
        self.animator = SlideAnimator(frames, self.log.note)
        self.state_path = state_path
        self.message = ""
        self.running = True
        #: The "Discard changes?" dialog while a deferred veto waits for the user.
        self.dialog: Optional[DiscardDialog] = None
        #: The stack ``q`` saved, as names (None: not saved).
        self.saved: Optional[str] = None
        #: The swipe key is down (from its first press until ``release``).
        self.swipe_pressed = False
        self._ops: List[Tracked] = []
        self._ops_lock = threading.Lock()
        self._unread = 2
        self._message_id = 40

        root = self.root = navcore.Navigator(navcore.Dispatch.HOST)
        self.family = Family(root)
        self._threshold = threshold
        root.on("wakeup", self.waker.set)  # one wakeup for the whole family (SPEC §16.8)
        self._adopt(root, ROOT)
        for route, kind in KINDS.items():
            root.register_route(route, self._factory(kind))  # the members look routes up here
        root.on_child(self._restored_child)
        saved = None if fresh or state_path is None else self._load(state_path)
        self._start_fresh = saved is None or not self._restore(saved)
        self.pump()
        if self._start_fresh:
            self.namer = Namer()  # what a refused or replaced restore named is gone
            self._build_tabs()
            self.pump()
        self.worker = NotificationWorker(self.family.tabs[TABS[0].name], interval, self._on_worker_post)
        self.worker.start()

    @property
    def nav(self) -> navcore.Navigator:
        """The navigator in front (the sheet, or the active tab): the one the keys act on."""
        return self.family.front()

    def _adopt(self, nav: navcore.Navigator, name: str) -> None:
        """Gives a member of the family the app's listeners and hooks (each navigator has its
        own: SPEC §16.12's hooks are per navigator, only the queue and the wakeup are shared;
        its routes are the root's, found by route lookup, SPEC §16.1)."""
        trace = self.log.listener(name)
        nav.add_listener(trace)
        nav.on("done", self._on_done)
        nav.on("payload", self._on_payload)
        nav.animator = lambda transition: self._animate(name, trace, transition)
        nav.veto = self._should_pop
        nav.bar_threshold = self._threshold

    def _build_tabs(self) -> None:
        """A fresh start: the tab frame as the root's stack, and each tab navigator, made hidden
        with its first screen, attached to it (the first attach makes its child the active
        one). ``set``, not ``push``: a tree restored without the tabs is replaced."""
        root = self.root
        frame = root.create_screen(TabFrame.route, TabFrame(self.namer.next(TabFrame.route)))
        self._ask("set the tab frame", lambda: root.set_stack([frame], animated=False))
        for index, tab in enumerate(TABS):
            child = navcore.Navigator(navcore.Dispatch.HOST, visible=False)
            self._adopt(child, self.family.add_tab(index, child))
            first = KINDS[tab.route](self.namer.next(tab.route))
            child.push(child.create_screen(tab.route, first), animated=False)
            child.drain()  # its own queue, before it joins the family's (SPEC §16.8)
            self._ask(f"attach {tab.name} to the frame", partial(root.attach, child, frame))

    def _restored_child(self, parent: navcore.Navigator, screen: Optional[navcore.Screen], child: navcore.Navigator) -> None:
        """navcore made a navigator of a saved tree (``restore_tree``): name it and give it the
        app's hooks before its screens are made (SPEC §16.10)."""
        if screen is None:
            self._adopt(child, self.family.add_sheet(child))
        else:
            self._adopt(child, self.family.add_tab(len(self.family.tabs), child))

    def _factory(self, kind: Type[Card]) -> Callable[[navcore.RouteRequest], Card]:
        """A route's factory: a new card, named by its payload when a restore gives its name."""

        def make(request: navcore.RouteRequest) -> Card:
            data = request.payload.json() if request.payload is not None else None
            name = data.get("name") if isinstance(data, dict) else None
            if isinstance(name, str):
                return kind(self.namer.claim(request.route, name))
            return kind(self.namer.next(request.route))

        return make

    def _load(self, path: Path) -> Optional[str]:
        """The saved document at ``path``; None when there is none or it cannot be read (said)."""
        try:
            return statefile.load(path)
        except (OSError, UnicodeDecodeError) as error:
            self.message = f"! the saved stack could not be read ({error}): starting fresh"
            return None

    def _restore(self, document: str) -> bool:
        """Asks navcore to restore a saved tree; False if the document is refused. A restore
        that fails when it runs (a route gone, a factory failing) changes nothing: then the app
        starts fresh."""
        try:
            restore = self._ask("restore the saved tree", lambda: self.root.restore_tree(document, animated=False))
        except navcore.NavcoreError as error:
            self.message = f"! the saved tree was refused ({error}): starting fresh"
            return False
        restore.add_done_callback(self._restored)
        return True

    def _restored(self, op: navcore.Operation) -> None:
        if op.outcome != navcore.Outcome.COMPLETED:
            self.message = f"! the saved tree could not be opened ({op.outcome}): starting fresh"
            self._start_fresh = True
        elif not self.family.complete:
            self.message = "! the saved tree is not the demo's tabs: starting fresh"
            self._start_fresh = True
        else:
            self.message = f"restored the saved tree: {self.front_names()}"

    def save_stack(self) -> bool:
        """Writes each card's state as its screen's saved state, in every navigator of the
        family, then navcore's saved tree of the whole family (SPEC §16.10) to the state file
        (if the app has one). False, with a message, when the file cannot be written."""
        for nav in self.family.members():
            for screen in nav.stack:
                card = screen.object
                if isinstance(card, Card):
                    nav.set_saved_state(screen, card.state())
        if self.state_path is None:
            return False
        try:
            statefile.store(self.state_path, self.root.save_tree())
        except OSError as error:
            self.message = f"! the tree was not saved: {error}"
            return False
        return True

    # -- the UI loop's calls ----------------------------------------------------------------------

    def pump(self) -> None:
        """Drains the navigator (on this, the UI thread) while a wakeup asks for it."""
        while self.waker.take():
            self.root.drain()

    def tick(self) -> None:
        """One animation frame."""
        self.animator.tick()
        self.pump()

    @property
    def settled(self) -> bool:
        """Nothing moves and nothing waits (a held gesture counts as settled: it waits for the user)."""
        if self.animator.held:
            return True
        return not self.animator.moving and not self.root.busy and self.root.pending == 0

    def key(self, key: str) -> None:
        """A key press, named as in keymap. The dialog, the edit field and the picker take the
        keys they know first."""
        top = self._top_card()
        if self.dialog is not None:
            self._dialog_key(self.dialog, key)
        elif isinstance(top, Compose) and top.editing:
            self._edit_key(top, key)
        elif isinstance(top, Picker) and self.animator.current is None and self._picker_key(top, key):
            pass
        elif isinstance(top, Sheet) and self.animator.current is None and self._sheet_key(top, key):
            pass
        else:
            command = command_for(key)
            if command is not None:
                self.command(command)
        self.pump()

    def command(self, name: str) -> None:
        """Runs a command of keymap.COMMANDS."""
        if name not in ("swipe", "release") and not self.animator.held:
            self.swipe_pressed = False  # another key: the swipe key was let go
        if name != "release" and not (name == "swipe" and self.swipe_pressed):
            self.message = ""  # a new key press; holding or letting go of s keeps the message
        handler = getattr(self, "_cmd_" + name, None)
        if handler is None:
            raise ValueError(f"unknown command {name!r}")
        handler()
        self.pump()

    def close(self) -> None:
        """Stops the worker and closes the family (ops still waiting end ``aborted``)."""
        self.worker.stop()
        self.root.close()
        self.waker.close()

    # -- what the renderer reads ------------------------------------------------------------------

    def ops(self) -> List[Tracked]:
        """The ops asked and not ended, oldest first: the first runs (if the navigator is busy)."""
        with self._ops_lock:
            return list(self._ops)

    def auto_notify(self) -> Optional[float]:
        """The worker's interval (None: only on the notify key)."""
        return self.worker.interval

    # -- helpers ------------------------------------------------------------------------------------

    def _ask(self, label: str, ask: Callable[[], navcore.Operation]) -> navcore.Operation:
        """Asks an op, noting in the log whether it has to wait behind others."""
        ahead = (1 if self.root.busy else 0) + self.root.pending
        op = ask()
        self._track(label, op)
        self.log.note(f"> {label}" + (f": queued behind {ahead}" if ahead else ""))
        return op

    def _track(self, label: str, op: navcore.Operation) -> None:
        tracked = Tracked(label, op)
        with self._ops_lock:
            self._ops.append(tracked)
        op.add_done_callback(lambda _op: self._untrack(tracked))

    def _untrack(self, tracked: Tracked) -> None:
        with self._ops_lock:
            if tracked in self._ops:
                self._ops.remove(tracked)

    # -- navcore callbacks (UI thread, inside drain / finish / gesture) -----------------------------

    def _animate(self, name: str, trace: NavigatorTrace, transition: navcore.Transition) -> None:
        trace.transition(transition)
        self.animator(transition, name)

    def _should_pop(
        self, screen: navcore.Screen, by_gesture: bool, decision: navcore.Decision
    ) -> Union[bool, navcore.Veto]:
        """The veto: a compose screen with unsaved changes asks "Discard changes?" for the back
        button (answer later, SPEC §13) and refuses the swipe (a finger cannot wait for a
        dialog: navcore counts later as no for a gesture)."""
        obj = screen.object
        trigger = "gesture" if by_gesture else "button"
        answer: Union[bool, navcore.Veto] = True
        if isinstance(obj, Compose) and obj.dirty:
            answer = False if by_gesture else navcore.LATER
        if answer is navcore.LATER:
            self.dialog = DiscardDialog(decision, obj)
            self.message = "the back waits for the dialog's answer (a pending decision)"
            self.log.note(f"should_pop {self.log.name(screen)} {trigger} later: the dialog asks")
        else:
            self.log.note(f"should_pop {self.log.name(screen)} {trigger} {'yes' if answer else 'no'}")
        return answer

    def _on_done(self, event: navcore.DoneEvent) -> None:
        if event.outcome == navcore.Outcome.VETOED:
            what = "swipe" if event.op == navcore.Op.GESTURE else "back"
            self.message = f"! unsaved changes: {what} refused by the veto. w save, d discard"
        elif event.op == navcore.Op.GESTURE and event.outcome == navcore.Outcome.CANCELLED:
            self.message = "swipe cancelled: the screen is restored"
        elif event.op == navcore.Op.BACK and event.outcome == navcore.Outcome.NOOP:
            self.message = "nothing to go back to"

    def _on_payload(self, event: navcore.PayloadEvent) -> None:
        alert = event.screen.object
        if isinstance(alert, Alert):
            self.message = (
                f"notification {alert.number}: posted on thread {alert.posted_by}, "
                f"delivered on {alert.delivered_on}"
            )

    def _on_worker_post(self, number: int, op: navcore.Operation) -> None:
        """The worker posted (on its thread): track the op, note it."""
        self._track(f"post alert #{number}", op)
        self.log.note(f"> thread {threading.current_thread().name} posted alert #{number}")
