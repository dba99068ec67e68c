"""DemoApp: a real navcore host. It owns a host-dispatch navigator, turns keys into ops, plays
transitions through its animator, and keeps what the renderer draws.

Threads: every method here runs on the UI thread, except the worker's ``post`` (which only
enqueues) and the wakeup listener (which only sets a flag). ``pump()`` drains the navigator on
the UI thread, so every navcore callback — animator, veto, hooks, listeners, route factories,
done callbacks — runs there.

Time: the app has no clock. ``tick()`` is one animation frame; the curses loop calls it at a
fixed rate, a key script calls it with ``tick`` / ``settle``. So a script is reproducible.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable, List, Optional, Type, Union

import navcore

from . import statefile
from .animator import SlideAnimator
from .commands import NOTIFY_EVERY, Commands, Tracked
from .dialog import DiscardDialog
from .keymap import command_for
from .screens import KINDS, Alert, Card, Compose, Home, Namer, Picker
from .trace import EventLog
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

        nav = self.nav = navcore.Navigator(navcore.Dispatch.HOST)
        nav.on("wakeup", self.waker.set)
        nav.add_listener(self.log)
        nav.on("done", self._on_done)
        nav.on("payload", self._on_payload)
        nav.animator = self._animate
        nav.veto = self._should_pop
        for route, kind in KINDS.items():
            nav.register_route(route, self._factory(kind))
        nav.bar_threshold = threshold
        saved = None if fresh or state_path is None else self._load(state_path)
        if saved is None or not self._restore(saved):
            self._push_home()
        self.pump()
        self.worker = NotificationWorker(nav, interval, self._on_worker_post)
        self.worker.start()

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

    def _push_home(self) -> None:
        home = self.nav.create_screen("home", Home(self.namer.next("home")))
        self._ask("push home", lambda: self.nav.push(home, animated=False))

    def _restore(self, document: str) -> bool:
        """Asks navcore to restore a saved stack; False if the document is refused. A restore
        that fails when it runs (a route gone, a factory failing) leaves the stack empty: then
        the app starts at home."""
        try:
            restore = self._ask("restore the saved stack", lambda: self.nav.restore(document, animated=False))
        except navcore.NavcoreError as error:
            self.message = f"! the saved stack was refused ({error}): starting fresh"
            return False
        restore.add_done_callback(self._restored)
        return True

    def _restored(self, op: navcore.Operation) -> None:
        if op.outcome == navcore.Outcome.COMPLETED:
            self.message = f"restored the saved stack: {self.stack_names()}"
        else:
            self.message = f"! the saved stack could not be opened ({op.outcome}): starting fresh"
            self._push_home()

    def save_stack(self) -> bool:
        """Writes each card's state as its screen's saved state, then navcore's saved document
        of the stack to the state file (if the app has one). False, with a message, when the
        file cannot be written."""
        for screen in self.nav.stack:
            card = screen.object
            if isinstance(card, Card):
                self.nav.set_saved_state(screen, card.state())
        if self.state_path is None:
            return False
        try:
            statefile.store(self.state_path, self.nav.save_text())
        except OSError as error:
            self.message = f"! the stack was not saved: {error}"
            return False
        return True

    # -- the UI loop's calls ----------------------------------------------------------------------

    def pump(self) -> None:
        """Drains the navigator (on this, the UI thread) while a wakeup asks for it."""
        while self.waker.take():
            self.nav.drain()

    def tick(self) -> None:
        """One animation frame."""
        self.animator.tick()
        self.pump()

    @property
    def settled(self) -> bool:
        """Nothing moves and nothing waits (a held gesture counts as settled: it waits for the user)."""
        if self.animator.held:
            return True
        return not self.animator.moving and not self.nav.busy and self.nav.pending == 0

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
        """Stops the worker and closes the navigator (ops still waiting end ``aborted``)."""
        self.worker.stop()
        self.nav.close()
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
        ahead = (1 if self.nav.busy else 0) + self.nav.pending
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

    def _animate(self, transition: navcore.Transition) -> None:
        self.log.transition(transition)
        self.animator(transition)

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
