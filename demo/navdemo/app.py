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
from typing import Callable, Dict, List, Optional, Type

import navcore

from .animator import SlideAnimator
from .commands import NOTIFY_EVERY, Commands, Tracked
from .keymap import command_for
from .screens import Alert, Card, Compose, Home, Inbox, Message, Namer
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
    (None: only on the notify key). Its commands (what the keys do) are in ``Commands``."""

    def __init__(
        self,
        interval: Optional[float] = None,
        frames: int = TRANSITION_FRAMES,
        threshold: int = BAR_THRESHOLD,
    ) -> None:
        self.log = EventLog()
        self.waker = Waker()
        self.namer = Namer()
        self.animator = SlideAnimator(frames, self.log.note)
        self.message = ""
        self.running = True
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
        self._routes()
        nav.bar_threshold = threshold
        home = nav.create_screen("home", Home("home", "Home"))
        self._ask("push home", lambda: nav.push(home, animated=False))
        self.pump()
        self.worker = NotificationWorker(nav, interval, self._on_worker_post)
        self.worker.start()

    def _routes(self) -> None:
        kinds: Dict[str, Type[Card]] = {"inbox": Inbox, "message": Message, "compose": Compose, "alert": Alert}
        titles = {"inbox": "Inbox", "message": "Message", "compose": "Compose", "alert": "Notification"}
        for route, kind in kinds.items():
            self.nav.register_route(route, self._factory(kind, titles[route]))

    def _factory(self, kind: Type[Card], title: str) -> Callable[[navcore.RouteRequest], Card]:
        def make(request: navcore.RouteRequest) -> Card:
            return kind(self.namer.next(request.route), title)

        return make

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
        """A key press, named as in keymap."""
        top = self._top_card()
        if isinstance(top, Compose) and top.editing:
            self._edit_key(top, key)
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

    def _ask(self, label: str, ask: Callable[[], navcore.Operation]) -> None:
        """Asks an op, noting in the log whether it has to wait behind others."""
        ahead = (1 if self.nav.busy else 0) + self.nav.pending
        op = ask()
        self._track(label, op)
        self.log.note(f"> {label}" + (f": queued behind {ahead}" if ahead else ""))

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

    def _should_pop(self, screen: navcore.Screen, by_gesture: bool) -> bool:
        obj = screen.object
        allowed = not (isinstance(obj, Compose) and obj.dirty)
        trigger = "gesture" if by_gesture else "button"
        self.log.note(f"should_pop {self.log.name(screen)} {trigger} {'yes' if allowed else 'no'}")
        return allowed

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
