"""navcore.textual: navcore owns the stack, Textual shows it (``pip install navcore[textual]``).

    from navcore.textual import Navigation, NavScreen

    class Inbox(NavScreen):
        def compose(self): ...
        def on_list_view_selected(self, event):
            self.navigation.navigator.push(Message(event.item.id))

    class Mail(App):
        def on_mount(self):
            self.navigation = Navigation(self)          # host dispatch, drained on Textual's loop
            self.navigation.navigator.push(Inbox())

What it does:

- **Screens.** Any Textual ``Screen`` object is a navcore screen's object: push it
  (``navigator.push(screen)``), or make it in a route factory. A ``StackMirror``
  (``navcore.mirror``) keeps Textual's screen stack equal to navcore's, for every op
  (instant, animated, ``show``, ``open``, hidden, ``set``). Each screen is installed in the app
  while navcore holds it, so Textual never destroys it on its own; it is removed (unmounted)
  once, when navcore releases it.
- **Dispatch.** The navigator is in host mode, drained on Textual's thread
  (``navcore.aio.attach(schedule=…)``). An op asked on Textual's thread outside navcore's
  callbacks is drained in its own call, as in inline mode: an instant op asked while the
  navigator is idle has ended (``Operation.outcome``, Textual's stack) when the call returns,
  and an exception a callback raises goes to ``on_error`` or is raised from that call. Any
  other op (from another thread, from a callback) is drained through ``app.call_later``: it
  runs, and every callback (factories, hooks, the veto) arrives, on Textual's thread, inside
  the app's message pump. Each drain is bounded (``aio.DRAIN_BUDGET``, a few milliseconds); a
  scheduled one, and the one after a drain that ran out of budget always is, waits one turn of
  the event loop: when threads post faster than ops run, Textual's own work (keys, refreshes,
  other tasks) runs between the drains.
- **Back.** ``NavScreen`` binds escape to ``action_navcore_back``, navcore's ``back`` (which
  asks the veto), and posts ``NavScreen.BackAsked`` with the back's ``Operation`` to the app
  (an app that logs its ops hears its outcome there). The binding never shadows the app's own:
  when the app binds escape itself, escape runs the app's binding (Textual would run the
  screen's first). ``ESCAPE_TO_BACK = False`` on a ``NavScreen`` subclass turns it off.
  ``begin_gesture``/``update_gesture``/``end_gesture`` drive the interactive back gesture (a
  drag, a swipe key).
- **Transitions.** ``slide()`` (the default) slides the appearing screen in from the right on a
  push and the leaving one out on a pop, with Textual's animator, and finishes navcore's
  transition when it ends (``Navigation(app, transition=slide(0.5))`` for another duration,
  or any ``TransitionPlayer``); ``Navigation(app, animated=False)`` makes every op instant.
- **The veto and results, in Textual's idioms.** ``NavScreen.should_pop(by_gesture)`` answers
  True, False, or a question: navcore's deferred veto (``LATER``) then shows a ``ConfirmScreen``
  (a ``ModalScreen[bool]``) whose answer is navcore's decision; while it waits,
  ``Navigation.pending_decision`` names that decision (the navigator then reads busy, idle, and
  the ops asked meanwhile pending). ``NavScreen.dismiss(result)`` is ``pop(result=…)``, and
  ``Navigation.push_screen(screen, callback, route=…)`` is ``push_for_result`` with Textual's
  callback.

Mount order: a route factory and ``will_show`` run before Textual has composed the screen
(Textual mounts asynchronously, in its own message loop). The mirror pushes the screen onto
Textual's stack before its ``will_show`` (``on_prepare``), so the screen is in
``app.screen_stack`` then. Its widgets exist only from its ``on_mount`` on, which Textual runs
after the drain that pushed it (so also after an instant op's ``did_show``): query them from
Textual's handlers (``on_mount``, ``on_screen_resume``), or check ``is_mounted`` in navcore's
hooks (the example's ``receive_payload`` does), never in the factory.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any, Callable, ClassVar, Dict, List, Mapping, Optional, Set, Tuple, Union

from textual.app import App, InvalidModeError, ScreenStackError, UnknownModeError
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.css.scalar import ScalarOffset
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Label

from . import aio
from ._calls import _outermost, _tls
from ._enums import LATER, Dispatch, Style
from ._errors import NavcoreError
from ._events import Decision, ReleaseEvent
from ._events import Screen as NavcoreScreen
from ._navigator import Navigator
from ._operation import Operation, ScreenResult
from .mirror import COMMIT, Change, StackMirror

__all__ = ["ConfirmScreen", "NavModalScreen", "NavScreen", "Navigation", "Tabs", "TransitionPlayer", "slide"]

#: Plays ``change.transition`` on Textual's screens and finishes it when done.
TransitionPlayer = Callable[["Navigation", Change], Any]


class NavScreen(Screen[Any]):
    """A Textual screen that knows its navigation: escape is navcore's ``back`` (unless the app
    binds escape itself), ``dismiss(result)`` pops it with the result, ``should_pop`` is asked by
    the veto.

    Attributes:
        navigation (Optional[Navigation]): the navigation whose stack holds it; set when the screen
            enters it.
        navcore_screen (Optional[navcore.Screen]): navcore's screen whose object it is.
    """

    #: Whether escape asks navcore's ``back`` on this screen; False in a subclass leaves escape
    #: to the app and the screen's widgets.
    ESCAPE_TO_BACK: ClassVar[bool] = True

    BINDINGS = [Binding("escape", "navcore_back", "Back")]

    #: Set when the screen enters a navigation's stack.
    navigation: Optional["Navigation"] = None
    navcore_screen: Optional[NavcoreScreen[Any]] = None

    class BackAsked(Message):
        """The escape binding asked navcore's ``back``: ``operation`` is its Operation (its outcome,
        ``vetoed`` included, arrives there). Posted to the app (``on_nav_screen_back_asked``), not
        to the screen, which the back may remove before it would process it.

        Attributes:
            screen (NavScreen): the screen whose escape asked the back.
            operation (Operation): the back.
        """

        def __init__(self, screen: "NavScreen", operation: Operation) -> None:
            super().__init__()
            self.screen = screen
            self.operation = operation

        @property
        def control(self) -> "NavScreen":
            """The screen whose escape asked the back (for ``@on(NavScreen.BackAsked, …)``)."""
            return self.screen

    def check_action(self, action: str, parameters: Tuple[object, ...]) -> Optional[bool]:
        """Whether an action runs: escape's back is off where ``ESCAPE_TO_BACK`` is False, outside a
        navigation, and wherever the app binds escape itself.

        Textual looks a key up from the focused widget to the screen and then the app, so a screen
        binding would shadow the app's; disabled, it is skipped (and hidden from the footer) and the
        app's binding runs. (A back from code is ``navigation.navigator.back()``.)

        Args:
            action: the action's name (``"navcore_back"`` for escape's).
            parameters: the action's parameters.

        Returns:
            Whether the action may run (Textual's ``check_action``): True for every other action.
        """
        if action == "navcore_back":
            return self.ESCAPE_TO_BACK and self.navigation is not None and not _app_binds(self.app, "escape")
        return True

    def action_navcore_back(self) -> None:
        """The back key: navcore's ``back`` (the veto is asked), its Operation posted to the app
        in ``BackAsked``. (Not returned: Textual awaits what an action returns, and awaiting the
        Operation there would hold the key's handler until the back ends, which needs that very
        message loop to drain.)"""
        if self.navigation is not None:
            operation = self.navigation.navigator.back()
            self.app.post_message(self.BackAsked(self, operation))

    def should_pop(self, by_gesture: bool) -> Union[bool, str]:
        """The veto's question for this screen; override it.

        Args:
            by_gesture: whether the interactive gesture asks (it cannot wait for a question: a
                question keeps the screen).

        Returns:
            True (leave), False (stay), or a question the user answers in a ``ConfirmScreen``. True
                here.
        """
        return True

    def dismiss(self, result: Any = None) -> Any:
        """Pops this screen (navcore's top) with ``result`` for ``push_screen``'s callback
        (``pop(result=…)``); outside a navigation, Textual's own dismiss.

        Args:
            result: the screen's result, as JSON.

        Returns:
            The pop's Operation (outside a navigation, what Textual's dismiss returns).

        Raises:
            textual.app.ScreenStackError: the screen is not navcore's top.
        """
        if self.navigation is None:
            return super().dismiss(result)
        return self.navigation.dismiss(self, result)


class NavModalScreen(NavScreen, ModalScreen[Any]):
    """A ``NavScreen`` that is a Textual ``ModalScreen``: the first screen of a modal that
    ``Tabs.present_screen`` presents. Its ``dismiss(result)`` is navcore's ``dismiss`` of the
    modal, and the result reaches ``present_screen``'s callback; escape is navcore's ``back``,
    which dismisses it (or pops a screen pushed over it in the modal), unless it was presented
    with ``dismiss_on_back=False``. Keys do not reach the app's bindings under it (Textual's
    modal binding chain): the tabs cannot be switched from under a modal."""


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question over the current screen; dismissed with True or False (y / n / escape).

    Args:
        question: the text asked.

    Attributes:
        question (str): the text asked.
    """

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 50; height: auto; border: thick $warning; padding: 1 2; background: $surface; }
    ConfirmScreen Horizontal { height: auto; align: center middle; }
    """
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> Any:
        """The question and its two buttons (Textual's ``compose``).

        Returns:
            The widgets.
        """
        with Vertical():
            yield Label(self.question)
            with Horizontal():
                yield Button("Yes", id="yes", variant="warning")
                yield Button("No", id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A button was pressed: dismisses the screen with True for "Yes".

        Args:
            event: Textual's event.
        """
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        """A key answered: dismisses the screen with the answer.

        Args:
            yes: the answer.
        """
        self.dismiss(yes)


def _app_binds(app: App[Any], key: str) -> bool:
    """Whether the app binds ``key`` itself (its ``BINDINGS`` or ``App.bind``), as Textual's
    binding chain reads the app's bindings."""
    return bool(app._bindings.key_to_bindings.get(key))


def objects(change: Change, screens: Tuple[NavcoreScreen[Any], ...]) -> List[Any]:
    """The host objects of ``screens`` of a change (also of released ones)."""
    return [change.object(screen) for screen in screens]


def slide(duration: float = 0.2) -> TransitionPlayer:
    """A transition player: the appearing screen slides in from the right (push style), the leaving
    one out to the right (pop style); the transition finishes when the slide ends, at once when
    Textual's animations are off or ``duration`` is 0.

    Args:
        duration: the slide's length in seconds.

    Returns:
        The player, for ``Navigation(app, transition=…)``.
    """

    def play(navigation: "Navigation", change: Change) -> None:
        transition = change.transition
        if transition is None:
            return
        app = navigation.app
        pushing = transition.style is Style.PUSH
        moving = change.object(change.new[-1] if pushing else change.old[-1])
        width = max(app.size.width, 1)

        def done() -> None:
            moving.styles.offset = (0, 0)
            if not navigation.navigator.closed and navigation.navigator.current_transition == transition.id:
                transition.finish()

        if duration <= 0 or app.animation_level == "none":
            app.call_later(done)
            return
        moving.styles.offset = (width, 0) if pushing else (0, 0)
        end = ScalarOffset.from_offset((0, 0) if pushing else (width, 0))
        moving.styles.animate("offset", end, duration=duration, on_complete=done)

    return play


class _Driver:
    """Drains a host dispatch navigator (a family's root) on Textual's thread after every wakeup
    (``navcore.aio.attach``). ``close()`` detaches it."""

    def __init__(self, app: App[Any], navigator: Navigator, on_error: Optional[aio.ErrorHandler]) -> None:
        self.app = app
        #: Whether a drain runs (on Textual's thread): a wakeup raised in it is scheduled.
        self._draining = True  # until attached: the wakeup of ops asked before is scheduled
        self.close = aio.attach(navigator, on_error=on_error, schedule=self._schedule_drain)
        self._draining = False

    def _schedule_drain(self, drain: Callable[[], None]) -> None:
        """Answers a wakeup: drains at once when the op was asked on Textual's thread outside any
        navcore call or drain (to its caller, as in inline mode); otherwise (another thread, a
        navcore callback, or the wakeup a drain that ran out of budget raised) in the app's
        message pump, after one turn of the event loop: the pump handles the messages it finds
        queued back to back, so without that turn the drains of a flood, each scheduling the
        next, would hold the loop as one unbounded drain would."""
        if threading.get_ident() == self.app._thread_id and not self._draining and _tls.calls.depth == 1:
            _outermost(lambda: self._drain(drain))
        else:
            self.app.call_later(self._drain_after_a_loop_turn, drain)

    def _drain(self, drain: Callable[[], None]) -> None:
        """Runs ``drain``; a wakeup raised meanwhile (the drain ran out of budget) is scheduled."""
        self._draining = True
        try:
            drain()
        finally:
            self._draining = False

    async def _drain_after_a_loop_turn(self, drain: Callable[[], None]) -> None:
        """Lets the event loop run what else is ready, then drains."""
        await asyncio.sleep(0)
        self._drain(drain)


class Navigation:
    """A navigator whose stack Textual shows (see the module's doc); ``close()`` destroys it and
    removes its screens.

    Args:
        app: the Textual app.
        navigator: the navigator; None: a new host dispatch one. One given must be in host mode, and
            idle: the mirror takes its stack as it is.
        transition: plays each transition on Textual's screens; None: ``slide()``.
        animated: False makes every op instant (no animator).
        on_error: hears an exception a callback raised during a drain (``navcore.aio.attach``).
        mode: for a member of a family (SPEC §16; ``Tabs`` makes them): the Textual mode whose
            screen stack shows the navigator. Its screens are then on Textual's stack only while
            navcore has it on screen, that mode is current and no other screen is above them; a
            change made meanwhile (an inactive tab's, a tab's under a modal) reaches Textual's
            stack when it is shown again (``sync()``). Such a navigation does not drain its
            navigator: the family's root is drained (``Tabs``). None: a navigator of its own,
            shown in the current mode and drained by this navigation.

    Attributes:
        app (textual.app.App): the app.
        navigator (Navigator): the navigator.
        play (TransitionPlayer): the transition player.
        mirror (StackMirror): the mirror that keeps Textual's screen stack equal to navcore's.
        gesture (Optional[Change]): the gesture's change while the finger moves.

    Raises:
        ValueError: the navigator given is not in host dispatch mode.
    """

    def __init__(
        self,
        app: App[Any],
        navigator: Optional[Navigator] = None,
        *,
        transition: Optional[TransitionPlayer] = None,
        animated: bool = True,
        on_error: Optional[aio.ErrorHandler] = None,
        mode: Optional[str] = None,
    ) -> None:
        self.app = app
        self.mode = mode
        self.navigator = navigator if navigator is not None else Navigator(Dispatch.HOST)
        self.play = transition if transition is not None else slide()
        #: The Textual screens navcore holds, installed in the app until their release.
        self._held: Set[Screen[Any]] = set()
        #: The screens the op in hand popped off Textual's stack: Textual's own pop removes them
        #: once they are uninstalled, so navcore's release only uninstalls them.
        self._leaving: Set[Screen[Any]] = set()
        #: The gesture's change while the finger moves.
        self.gesture: Optional[Change] = None
        #: Set by close(): the releases of the navigator's end are handled by ``_unmount``.
        self._closing = False
        #: This navigation's screens on Textual's stack, bottom to top.
        self._shown: List[Screen[Any]] = []
        #: A family member's change that did not reach Textual's stack yet (it was not shown).
        self._stale = False
        #: Released screens still on Textual's stack while it was not shown: removed once popped.
        self._gone: Set[Screen[Any]] = set()
        self.mirror = StackMirror(self.navigator, self._change, on_end=self._end, on_prepare=self._prepare)
        if not animated:
            self.navigator.animator = None
        self.navigator.veto = self._veto
        self.navigator.on("release", self._released)
        if mode is not None:
            self.navigator.on("will_show", lambda _event: self.sync())
        self._driver = _Driver(app, self.navigator, on_error) if mode is None else None

    def close(self) -> None:
        """Destroys the navigator (its screens are released) and removes its screens from the app."""
        if self._driver is not None:
            self._driver.close()
        self.mirror.close()
        self._closing = True
        self.navigator.close()
        self._unmount()

    def _unmount(self) -> None:
        """After the navigator's end: its screens leave Textual's stack (if it is shown) and the
        app. Those left on an inactive mode's stack go with the mode (``Tabs.close``)."""
        if self._shows():
            self._show([])
        self._leaving.clear()  # Textual may not run its pops' ends any more: removed here
        for screen in list(self._held):
            self._held.discard(screen)
            self.app.uninstall_screen(screen)
            if screen not in self._shown and screen.is_attached:
                screen.remove()

    # -- Textual idioms ------------------------------------------------------------------------

    def push_screen(
        self,
        screen: Screen[Any],
        callback: Optional[Callable[[Any], Any]] = None,
        animated: bool = True,
        *,
        route: Optional[str] = None,
    ) -> ScreenResult:
        """``app.push_screen(screen, callback)`` through navcore: a ``push_for_result`` whose result
        (the screen's ``dismiss(result)``) reaches ``callback`` on Textual's thread.

        Args:
            screen: a Textual screen.
            callback: called with the screen's result, decoded from JSON (None for none).
            animated: whether the push animates.
            route: the route of navcore's screen (the route its kind is registered under, for a
                stack that saves and restores; None: route "").

        Returns:
            The ScreenResult.
        """
        pending = self.navigator.push_for_result(screen, animated, route=route)
        if callback is not None:
            pending.add_done_callback(lambda ended: callback(ended.value()))
        return pending

    def dismiss(self, screen: Screen[Any], result: Any = None) -> Operation:
        """Pops ``screen``, navcore's top, setting its result; the only screen of a modal
        navigator dismisses the modal instead (its parent's ``dismiss``, SPEC §16.4), with the
        result for ``Tabs.present_screen``'s callback.

        Args:
            screen: the top's Textual screen.
            result: its result, as JSON.

        Returns:
            The pop's (or the dismiss's) Operation.

        Raises:
            textual.app.ScreenStackError: ``screen`` is not the top of the navigation stack.
        """
        stack = self.navigator.stack
        if not stack or stack[-1].object is not screen:
            raise ScreenStackError(f"{screen!r} is not the top of the navigation stack")
        parent = self.navigator.parent if len(stack) == 1 and self.navigator.is_modal else None
        if parent is not None:
            return parent.dismiss(result=json.dumps(result, separators=(",", ":")))
        return self.navigator.pop(result=result)

    @property
    def pending_decision(self) -> Optional[Decision]:
        """The decision the ``back`` waits for while its ``ConfirmScreen`` asks, None otherwise
        (``Navigator.pending_decision``): an app's header shows the question rather than a
        navigation at work."""
        return self.navigator.pending_decision

    def begin_gesture(self) -> Operation:
        """Starts the interactive back gesture (on Textual's thread): the pop is provisional, the
        leaving screen stays mounted until ``end_gesture``.

        Returns:
            The gesture's Operation.

        Raises:
            StateError: no animator (``animated=False``), or hidden.
            BusyError: an op runs or waits.
        """
        return self.navigator.gesture()

    def update_gesture(self, progress: float) -> None:
        """The finger moved: the leaving screen follows it.

        Args:
            progress: how far, 0 ≤ progress ≤ 1.
        """
        change = self.gesture
        if change is None or change.transition is None:
            return
        change.transition.progress(progress)
        change.object(change.old[-1]).styles.offset = (int(progress * self.app.size.width), 0)

    def end_gesture(self, commit: bool) -> None:
        """The finger lifted: finish the pop, or cancel it (the screen comes back).

        Args:
            commit: True finishes the pop, False cancels it.
        """
        change, self.gesture = self.gesture, None
        if change is None or change.transition is None:
            return
        change.object(change.old[-1]).styles.offset = (0, 0)
        if commit:
            change.transition.finish()
        else:
            change.transition.cancel()

    # -- the mirror's calls --------------------------------------------------------------------

    def _hold(self, screen: NavcoreScreen[Any], obj: Any) -> None:
        """Takes a navcore screen's Textual screen into the app (installed: Textual will not
        destroy it when it leaves Textual's stack)."""
        if not isinstance(obj, Screen):
            raise TypeError(f"navcore.textual: screen {screen.id}'s object is not a Textual Screen: {obj!r}")
        if obj in self._held:
            return
        self.app.install_screen(obj, f"navcore-{screen.id}")
        self._held.add(obj)
        if isinstance(obj, NavScreen):
            obj.navigation, obj.navcore_screen = self, screen

    def _prepare(self, screen: NavcoreScreen[Any], obj: Any) -> None:
        # Before the screen's will_show: it is on Textual's stack when its hooks run.
        self._hold(screen, obj)
        self._show([below.object for below in self.mirror.stack] + [obj])

    def _change(self, change: Change) -> None:
        for screen in change.added:
            self._hold(screen, change.object(screen))
        transition = change.transition
        shown = objects(change, change.new)
        if transition is not None and transition.style is not Style.PUSH and change.old[-1] in change.removed:
            shown.append(change.object(change.old[-1]))  # it slides out on top, then goes
        self._show(shown)
        if transition is None:
            return
        if self._stale:  # a family member's screens Textual does not show: nothing to play
            self.app.call_later(transition.finish)
            return
        if transition.interactive:
            self.gesture = change
        else:
            self.play(self, change)

    def _end(self, change: Change, outcome: str) -> None:
        self.gesture = None
        if outcome == COMMIT:
            if change.transition is not None:  # an instant change showed ``new`` already
                self._show(objects(change, change.new))
            for screen in change.removed:
                self._remove(change.object(screen))
        else:
            self._show(objects(change, change.old))
        self._leaving.clear()

    def _released(self, event: ReleaseEvent) -> None:
        # The screens an op removes are removed at its commit, once Textual no longer shows
        # them. A screen released outside a change (discarded, the navigator closed, or a
        # family member torn down: a modal dismissed, a tab that leaves) goes at once, popped
        # off Textual's stack first if it is on it.
        obj = event.object
        if self._closing or not (isinstance(obj, Screen) and obj in self._held):
            return
        if obj in self._shown:
            if self.mirror.pending is not None:
                return
            self._show([screen for screen in self._shown if screen is not obj])
        self._remove(obj)

    def _veto(self, screen: NavcoreScreen[Any], by_gesture: bool, decision: Decision) -> Any:
        ask = getattr(screen.object, "should_pop", None)
        answer = True if ask is None else ask(by_gesture)
        if not isinstance(answer, str):
            return bool(answer)
        if by_gesture:
            return False
        self.app.push_screen(ConfirmScreen(answer), lambda yes: decision.allow() if yes else decision.refuse())
        return LATER

    # -- Textual's stack -----------------------------------------------------------------------

    def sync(self) -> None:
        """Brings Textual's stack up to navcore's when this family member is shown again (its
        tab's mode became current, the modal over it went, it was presented): ``Tabs`` and
        the member's ``will_show`` call it."""
        if self._stale and self.mirror.pending is None:
            self._show([screen.object for screen in self.mirror.stack])

    def _shows(self) -> bool:
        """Whether this navigation's changes reach Textual's stack now: always for a navigator
        of its own; for a family member, while its mode is current, navcore has it on screen
        (a navigator being torn down counts: its screens leave) and no other screen is above
        its screens."""
        if self.mode is None:
            return True
        if self.app.current_mode != self.mode:
            return False
        try:
            if not self.navigator.on_screen:
                return False
        except NavcoreError:
            pass
        stack = self.app.screen_stack
        if not self._shown or self._shown[0] not in stack:
            return True
        return all(screen in self._shown for screen in stack[stack.index(self._shown[0]):])

    def _show(self, screens: List[Screen[Any]]) -> None:
        """Makes this navigation's part of Textual's screen stack (on top of the app's own)
        ``screens``, bottom to top, popping and pushing as few as it can; a family member not
        shown now only notes that it is behind (``sync``)."""
        if not self._shows():
            self._stale = True
            return
        self._stale = False
        keep = 0
        while keep < min(len(self._shown), len(screens)) and self._shown[keep] is screens[keep]:
            keep += 1
        popped = self._shown[keep:]
        del self._shown[keep:]
        stack = self.app.screen_stack
        for screen in popped:
            if screen in stack:  # (Textual empties its stacks itself when the app ends)
                self.app.pop_screen()
                self._leaving.add(screen)
        for screen in screens[keep:]:
            self.app.push_screen(screen)
            self._leaving.discard(screen)
            self._shown.append(screen)
        for screen in popped:
            if screen in self._gone:
                self._gone.discard(screen)
                self._remove(screen)

    def _remove(self, screen: Screen[Any]) -> None:
        """Removes a released screen from the app, once: uninstalled, Textual removes it itself
        when the op in hand popped it (at the end of that pop), else navcore removes it. One
        still on Textual's stack (a family member not shown) goes when ``sync`` pops it."""
        if screen not in self._held:
            return
        if screen in self._shown:
            self._gone.add(screen)
            return
        self._held.discard(screen)
        self.app.uninstall_screen(screen)
        if screen in self._leaving:
            self._leaving.discard(screen)
        elif screen.is_attached:
            screen.remove()


class _TabFrame:
    """The object of the root's one screen, the frame the tab navigators are attached to: it is
    no Textual screen (Textual shows the tabs as modes, not the frame)."""


class Tabs:
    """Tabs as Textual modes (SPEC §16.3), each mode's screen stack one tab navigator's stack.

        class Mail(App):
            def on_mount(self):
                self.tabs = Tabs(self, {"inbox": Inbox, "search": Search})
            def action_tab(self, name):                 # bound to keys: a tab bar
                self.tabs.activate(name)
            def on_unmount(self):
                self.tabs.close()

    The family: a root navigator (host dispatch, drained on Textual's thread) whose one screen
    is the tab frame; one child navigator per tab, attached to the frame, made hidden with its
    first screen (``tabs[name]()``), each shown by a ``Navigation`` on the Textual mode of the
    tab's name (added to the app when the app has no such mode). The first tab is active.

    - ``activate(name)`` is navcore's ``activate`` (instant): the tab's mode becomes current when
      navcore shows its top; each tab keeps its stack. The active tab's name again is the
      re-tap: ``activate(retap="pop_to_root")``, its stack pops to its root.
    - Escape on a tab's ``NavScreen`` is navcore's ``back``, which only the front stack answers.
    - ``present_screen(screen, callback)`` presents a modal navigator whose first screen is
      ``screen`` (a ``NavModalScreen``) over the tabs, pushed on the current mode's stack; its
      ``dismiss(result)`` is navcore's ``dismiss`` and ``callback`` gets the result. The modal
      is a wall: a back never pops a tab under it (SPEC §16.6).

    Args:
        app: the Textual app.
        tabs: the tabs in order: name -> a factory of the tab's first screen.
        transition: the tabs' transition player (``Navigation``'s); None: ``slide()``.
        animated: False makes every op instant.
        on_error: hears an exception a callback raised during a drain.

    Attributes:
        root (Navigator): the family's root.
        navigations (Dict[str, Navigation]): each tab's navigation, by name.
        modals (List[Navigation]): the navigations of the modals presented and not dismissed.
    """

    def __init__(
        self,
        app: App[Any],
        tabs: Mapping[str, Callable[[], Screen[Any]]],
        *,
        transition: Optional[TransitionPlayer] = None,
        animated: bool = True,
        on_error: Optional[aio.ErrorHandler] = None,
    ) -> None:
        if not tabs:
            raise ValueError("Tabs needs at least one tab")
        self.app = app
        self._transition = transition
        self._animated = animated
        self.root = Navigator(Dispatch.HOST)
        self._driver = _Driver(app, self.root, on_error)
        self.navigations: Dict[str, Navigation] = {}
        self.modals: List[Navigation] = []
        self._frame = self.root.create_screen("", _TabFrame())
        self.root.push(self._frame, animated=False)
        self.root.on("done", self._settle)
        for name, first in tabs.items():
            try:
                app.add_mode(name, Screen)  # an empty base screen under the tab's screens
            except InvalidModeError:
                pass  # the app's own mode of that name: its base screen stays under them
            child = Navigator(Dispatch.HOST, visible=False)
            navigation = self._member(child, name)
            self.navigations[name] = navigation
            self._watch(child, name)
            child.push(first(), animated=False)
            child.drain()  # its own queue, before it joins the family's (SPEC §16.8)
            self.root.attach(child, self._frame)

    def _watch(self, child: Navigator, name: str) -> None:
        """Follows a tab: its top shown makes its mode current; its ops' ends settle the view."""
        child.on("will_show", lambda _event: self._shown(name))
        child.on("done", self._settle)

    def _member(self, navigator: Navigator, mode: str) -> Navigation:
        return Navigation(self.app, navigator, transition=self._transition, animated=self._animated, mode=mode)

    @property
    def active(self) -> Optional[str]:
        """The active tab's name (None before the first attach has run)."""
        child = self.root.active_child(self._frame)
        for name, navigation in self.navigations.items():
            if navigation.navigator is child:
                return name
        return None

    def activate(self, name: str) -> Operation:
        """Makes tab ``name`` the active one (navcore's ``activate``, instant); asked of the
        active tab, pops it to its root (``retap="pop_to_root"``).

        Args:
            name: a tab's name.

        Returns:
            The activate's Operation.

        Raises:
            KeyError: no tab is named ``name``.
        """
        child = self.navigations[name].navigator
        retap = "pop_to_root" if name == self.active else "none"
        return child.activate(retap=retap)

    def present_screen(
        self,
        screen: Screen[Any],
        callback: Optional[Callable[[Any], Any]] = None,
        *,
        covers: bool = True,
        dismiss_on_back: bool = True,
        route: str = "",
    ) -> Operation:
        """``app.push_screen(modal, callback)`` through navcore: presents a new modal navigator
        whose first screen is ``screen`` over the tabs (the root's ``present``, SPEC §16.4).
        ``screen.dismiss(result)`` (a ``NavModalScreen``'s) dismisses it, and ``callback`` gets
        the result, decoded from JSON (None when it was dismissed without one, by back say).

        Args:
            screen: the modal's first screen, a ``NavModalScreen``.
            callback: called with the result on Textual's thread, right before the screen goes.
            covers: whether it hides the tabs (False: an overlay; the tab under it stays on
                screen, its changes reach Textual's stack once the modal is dismissed).
            dismiss_on_back: whether back (escape) dismisses it when it has one screen.
            route: the route of the modal's first screen.

        Returns:
            The present's Operation (``invalid`` when the root has a modal already).
        """
        modal = Navigator(Dispatch.HOST, visible=False)
        navigation = self._member(modal, self.app.current_mode)
        self.modals.append(navigation)
        first = modal.create_screen(route, screen)
        if callback is not None:
            modal.on_result(first, lambda event: callback(json.loads(event.text) if event.text is not None else None))
        modal.on("done", self._settle)
        modal.push(first, animated=False)
        modal.drain()  # its own queue, before it joins the family's
        return self.root.present(modal, covers=covers, dismiss_on_back=dismiss_on_back, animated=False)

    def close(self) -> None:
        """Destroys the family (every screen is released) and takes the tabs' screens out of
        the app (the inactive tabs' modes are removed with them)."""
        if self.root.closed:
            return
        self._driver.close()
        members = list(self.navigations.values()) + self.modals
        for navigation in members:
            navigation.mirror.close()
            navigation._closing = True
        self.root.close()
        for navigation in members:
            navigation._unmount()
        for name in self.navigations:
            if name != self.app.current_mode:
                try:
                    self.app.remove_mode(name)
                except UnknownModeError:
                    pass

    def _shown(self, name: str) -> None:
        """A tab's top is shown (``will_show``): the tab is active, so its mode becomes current,
        and its stack catches up with what happened while it was not shown."""
        if self.app.current_mode != name:
            self.app.switch_mode(name)
        self.navigations[name].sync()

    def _settle(self, _event: Any) -> None:
        """After each op of the family: the modals dismissed are forgotten, and what is shown
        catches up (a tab changed under a modal that has gone since)."""
        self.modals = [navigation for navigation in self.modals if not navigation.navigator.closed]
        for navigation in list(self.navigations.values()) + self.modals:
            navigation.sync()
