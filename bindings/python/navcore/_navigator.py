"""Navigator: a navcore navigator driven through the C library, and the reaper thread that
destroys the navigators dropped without close().

The C callbacks are _trampolines.py's, binding calls and their errors _calls.py's, text _text.py's,
the event kinds and screen hooks _hooks.py's.
"""

from __future__ import annotations

import functools
import json
import numbers
import os
import queue
import threading
import weakref
from ctypes import byref, c_bool, c_int, c_size_t, c_uint64, c_void_p, create_string_buffer, sizeof
from typing import Any, Callable, Dict, Iterable, List, Literal, Mapping, Optional, Sequence, Set, Tuple, TypeVar, Union, cast, overload

from . import _conversions, _ffi
from ._calls import _api, _check, _error, _stashed, _tls
from ._enums import ACCEPTED, ACTIONS, OPS, OUTCOMES, Action, Dispatch, Op, Recycle, Status
from ._errors import InvalidError, InvalidHandleError, NavcoreError, NoSuchScreenError
from ._events import ActionEvent, AppearanceEvent, BarEvent, Decision, DetachEvent, DoneEvent, PayloadEvent
from ._events import ProgressEvent, ReleaseEvent, ResultEvent, RouteRequest, Screen, Transition, WakeupEvent
from ._family import FamilyMember
from ._hooks import _ALIASES, _HOOK_KINDS, EVENT_KINDS, HOOKS, Hooks, _hooks_of
from ._interpreter import refuse_sub_interpreter
from ._operation import Operation, ScreenResult
from ._conversions import RecycleLike, RouteEntry, ScreenLike
from ._requests import Request
from ._stream import EventStream
from ._text import _json_text, _payload_text, _route_text, _take_text, _text
from ._trampolines import (
    _DESTROY,
    _DONE_OP,
    _FACTORY,
    _ITEM_DESTROY,
    _NO_DESTROY,
    _REGISTRATIONS,
    _RESULT,
    _RUN,
    _deliver,
    _live,
    _ops,
    _owners,
    _takes_decision,
    _tokens,
    _unlist,
)

__all__ = ["EVENT_KINDS", "Navigator"]

_CRequest = _ffi.CRequest
_VERSION = _ffi.REQUEST_VERSION

# ---------------------------------------------------------------------------------------------
# Dropped navigators: destroyed by the reaper thread, never inside the garbage collector
# ---------------------------------------------------------------------------------------------
#
# A navigator dropped without close() is collected whenever the cyclic GC runs, which can be at
# any allocation of any thread, with any lock held (Operation.wait() allocates its Event under
# the module-wide lock of _operation, which the aborted ops' completions take again). So its
# finalizer runs no host code and takes no lock: it only puts the handle in _dropped (a
# SimpleQueue, whose put() is reentrant and safe in finalizers), and the reaper, a daemon thread
# started before the first navigator, destroys it from there: its ops end ``aborted`` and their
# done callbacks run on the reaper thread (an exception they raise goes to sys.unraisablehook),
# its screens are released. A destroyed navigator's listeners are not called: they went with it.
#
# Every navigator starts the reaper, if none runs, before its handle exists: a start that fails
# (no thread can start now: the thread limit, interpreter shutdown; a sub-interpreter, which
# _interpreter.py refuses) fails Navigator(), with no handle made, so none is ever queued with
# no reaper to destroy it; and the reaper is recorded only once started, so the next navigator
# tries again.

#: Handles of dropped navigators, and the threading.Events of _reaped(), for the reaper.
_dropped: "queue.SimpleQueue[Any]" = queue.SimpleQueue()
_reaper: Optional[threading.Thread] = None
_reaper_lock = threading.Lock()


def _keep_handle(handle: int) -> None:
    """The finalizer of a navigator navcore made: its handle is navcore's, nothing to destroy."""


def _drop(handle: int) -> None:
    """A navigator's finalizer: hands its handle to the reaper (no lock, no host code)."""
    _dropped.put(handle)


def _start_reaper() -> None:
    """Starts the reaper thread unless it runs, or raises RuntimeError: in a sub-interpreter, or
    when the thread cannot start (then the next call tries again). Called before a navigator is
    made, never by a finalizer: starting a thread takes locks."""
    global _reaper
    if _reaper is not None:
        return
    refuse_sub_interpreter()
    with _reaper_lock:
        if _reaper is None:
            reaper = threading.Thread(target=_reap, args=(_dropped,), name="navcore-reaper", daemon=True)
            reaper.start()
            _reaper = reaper


def _reap(dropped: "queue.SimpleQueue[Any]") -> None:
    """The reaper thread: destroys each dropped handle in turn, and sets each Event it meets
    (everything queued before it is then done)."""
    destroy = _ffi.lib().navcore_navigator_destroy
    while True:
        item = dropped.get()
        if isinstance(item, threading.Event):
            item.set()
        else:
            destroy(item)


def _reaped(timeout: Optional[float] = None) -> bool:
    """Waits until every navigator dropped so far is destroyed; False if ``timeout`` passed.
    Call it after ``gc.collect()`` to have the collected navigators destroyed (tests do).
    Raises RuntimeError, as Navigator() does, where the reaper cannot run."""
    _start_reaper()
    done = threading.Event()
    _dropped.put(done)
    return done.wait(timeout)


def _after_fork_in_child() -> None:
    """The child of a fork has no reaper thread, and the queue and lock may be mid-use by a
    thread that is gone: new ones (handles queued in the parent are the parent's to destroy)."""
    global _dropped, _reaper, _reaper_lock
    _dropped, _reaper, _reaper_lock = queue.SimpleQueue(), None, threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


#: ``veto(screen, by_gesture) -> bool``, or ``veto(screen, by_gesture, decision)`` returning a
#: bool or ``navcore.LATER``.
VetoFunction = Callable[..., Any]
ResultListener = Callable[[ResultEvent], Any]
Animator = Callable[[Transition], Any]
Factory = Callable[[RouteRequest], Any]
#: An event type, and a listener of it: ``nav.on("action", fn)`` wants a ``Listener[ActionEvent]``.
Ev = TypeVar("Ev")
Listener = Callable[[Ev], Any]
#: The decorator ``nav.on(kind)`` returns.
ListenerDecorator = Callable[[Listener[Ev]], Listener[Ev]]
#: The event kinds by event type, for on()'s overloads.
AppearanceKind = Literal["will_show", "did_show", "will_hide", "did_hide", "appearance"]
_T = TypeVar("_T")


def _callable_or_none(value: Any, what: str) -> None:
    """TypeError at assignment for a setting that must be a callable or None."""
    if value is not None and not callable(value):
        raise TypeError(f"{what} must be a callable or None, not {type(value).__name__}")


class Navigator(FamilyMember):
    """One navigation stack and its queue (SPEC §2–§9), alone or in a family of navigators
    (SPEC §16: tabs, embedded flows, modals; see ``attach`` and ``present``).

    ``Navigator()`` runs ops on the calling thread (inline dispatch); ``Navigator("host")`` only
    enqueues them, calls the wakeup listeners, and runs them in ``drain()`` (see ``navcore.aio`` for
    an asyncio loop). Use it as a context manager, or call ``close()``; a navigator dropped without
    close() is destroyed soon after it is garbage-collected, on the binding's reaper thread (its ops
    end ``aborted`` there).

    Every method may be called from any thread. Ops return an Operation; calls that fail raise a
    NavcoreError subclass and change nothing. An exception a callback raises (a listener, a hook,
    the veto, the animator, a factory, a ``run`` block) is re-raised from the outermost navcore call
    of the thread it ran on, after the call (see ``navcore._calls``).

    A navigator attached or presented into a family is kept alive by it until it leaves (SPEC
    §16.12): ``close()`` on it does nothing and ``destroy()`` raises StateError; the family's
    root owns the family, and closing or dropping the root's object destroys every member.

    Args:
        dispatch: how the navigator runs its queue: ``Dispatch.INLINE`` (the default) or
            ``Dispatch.HOST``, or its name (``"host"``) or C value.
        visible: False creates it hidden (its ``visible`` flag off): a navigator to attach or
            present must not show a screen, and one made hidden shows nothing for its first
            push either.

    Attributes:
        dispatch (Dispatch): the dispatch mode, as parsed.

    Raises:
        ValueError: ``dispatch`` is no dispatch mode.
        RuntimeError: in a sub-interpreter, and when the binding's reaper thread is not running and
            cannot start.
    """

    def __init__(self, dispatch: Union[Dispatch, str, int] = Dispatch.INLINE, visible: bool = True) -> None:
        mode = Dispatch.parse(dispatch)
        _start_reaper()  # before the handle: a navigator is made only if it can be reaped
        handle = c_void_p()
        library = _ffi.lib()
        if visible:
            _check(library.navcore_navigator_create(byref(handle), mode.code))
        else:
            options = _ffi.CreateOptions(_ffi.CREATE_OPTIONS_VERSION, mode.code, False)
            _check(library.navcore_navigator_create_with_options(byref(handle), byref(options)))
        self._setup(library, handle, mode)
        self._finalizer = self._make_finalizer()
        self._join_family()
        self._sync()

    @classmethod
    def _wrap_made(cls, handle: int, parent: "Navigator") -> "Navigator":
        """The object of a navigator navcore made under ``parent`` (``restore_tree``, SPEC §16.10),
        from its ``child`` callback: its handle is navcore's, which tears it down with its family,
        so dropping the object destroys nothing; its family keeps it, as an attached child's."""
        child = cls.__new__(cls)
        child._setup(parent._lib, c_void_p(handle), parent.dispatch)
        child._finalizer = weakref.finalize(child, _keep_handle, handle)
        child._join_family()
        parent._keep(child)
        child._sync()  # before navcore makes its own children
        return child

    def _setup(self, library: Any, handle: c_void_p, mode: Dispatch) -> None:
        """The binding's state of a navigator of ``handle``."""
        self._lib = library
        self._handle = handle
        self._token = next(_tokens)
        self.dispatch = mode
        self._lock = threading.RLock()
        self._listeners: Dict[str, List[Callable[[Any], Any]]] = {kind: [] for kind in EVENT_KINDS}
        self._listener_objects: List[Tuple[Any, List[Tuple[str, Callable[[Any], Any]]]]] = []
        self._hook_counts: Dict[str, int] = {kind: 0 for kind in HOOKS.values()}
        self._registered: Set[str] = set()
        self._registrations = 0
        self._screens: Dict[int, Screen[Any]] = {}
        #: Screens released during the op in flight, kept for its action events while action
        #: listeners listen (the ``*_completed`` events name screens already released): emptied
        #: by the op's last action event (idle) and by _forget.
        self._released: Dict[int, Screen[Any]] = {}
        #: The veto and whether it takes the Decision, read in one piece by the trampoline.
        self._veto_entry: Optional[Tuple[VetoFunction, bool]] = None
        #: The items registered one by one, by their ctx (see _owners): route factories, and
        #: result listeners as (their screen, the listener).
        self._items: Dict[Optional[int], Any] = {}
        self._animator: Optional[Animator] = None
        self._always_appear = False
        self._bar_threshold = 0
        self._closing = False
        #: The open EventStreams (events()), ended when the navigator is forgotten.
        self._streams: Set[EventStream] = set()
        _live[self._token] = weakref.ref(self, functools.partial(_unlist, self._token))
        #: What its Screens hold of it (no callback: it may outlive the module at exit).
        self._ref = weakref.ref(self)
        #: The handler of the navigators navcore makes under this one (``on_child``).
        self._child_handler: Optional[Callable[["Navigator", Optional[Screen[Any]], "Navigator"], Any]] = None

    def _make_finalizer(self) -> "weakref.finalize[[int], Navigator]":
        """The finalizer only queues the handle for the reaper (see "Dropped navigators")."""
        finalizer = weakref.finalize(self, _drop, cast(int, self._handle.value))
        finalizer.atexit = False  # at exit the process ends anyway: no callbacks then
        return finalizer

    # -- lifetime ------------------------------------------------------------------------------

    def __enter__(self) -> "Navigator":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def close(self) -> None:
        """Destroys the navigator (SPEC §9) unless it is already.

        The op in flight and every queued op end ``aborted``, every live screen is released, and the
        binding lets go of every object, listener and route. Inside a callback it takes effect when
        the outermost navcore call returns. The root of a family destroys the whole family; a
        navigator that has a parent is not destroyed: this does nothing (it leaves its family by
        ``leave`` or its parent's ``dismiss``).
        """
        if not self._closing and not self._has_parent():
            try:
                self.destroy()
            except InvalidHandleError:
                pass

    @_api
    def destroy(self) -> None:
        """Like ``close()``, but says whether the navigator was destroyed already.

        Raises:
            InvalidHandleError: the navigator is already destroyed (the C call's status).
            StateError: the navigator has a parent (SPEC §16.7); nothing changes.
        """
        with self._lock:
            self._closing = True
        self._finalizer.detach()
        status = self._lib.navcore_navigator_destroy(self._handle)
        if status == Status.STATE.code:  # a member of a family: it stays as it was
            with self._lock:
                self._closing = False
            self._finalizer = self._make_finalizer()
        _check(status)
        with self._lock:
            if self._registrations == 0:
                self._forget()

    @property
    def closed(self) -> bool:
        """Whether close() or destroy() was called."""
        return self._closing

    def _registration_ended(self) -> None:
        with self._lock:
            self._torn_down()  # a kept member's teardown: it is closed from now on
            self._registrations -= 1
            if self._closing and self._registrations == 0:
                self._forget()

    def _forget(self) -> None:
        """C will not call this navigator again: let go of everything."""
        with self._lock:
            _unlist(self._token)
            self._forget_family()
            for screen in list(self._screens.values()):  # a copy, in one C call
                self._forget_screen(screen)
            self._released.clear()
            self._listeners = {kind: [] for kind in EVENT_KINDS}
            self._listener_objects = []
            self._items.clear()
            self._veto_entry = None
            self._animator = None
            self._child_handler = None
            streams, self._streams = self._streams, set()
        for stream in streams:
            stream._end()

    # -- callbacks: what C calls ----------------------------------------------------------------

    def _sync(self) -> None:
        """Registers the C callbacks some Python code listens to, unregisters the others."""
        with self._lock:
            if self._closing:
                return
            needed = {k for k in EVENT_KINDS if self._listeners[k] or self._hook_counts.get(k)}
            if self._screens or "release" in self._registered or self._keeper is not None:
                needed.add("release")  # a kept member's is how its teardown is heard
            if self._veto_entry is not None:
                needed.add("veto")
            # Always: a restore_tree may make navigators under any navigator, and each needs its
            # object (for children(), back_target, …) whether a handler is set or not.
            needed.add("child")
            if self._animator is not None:
                needed.add("animator")
            for kind in sorted(needed - self._registered):
                self._register(kind, True)
            for kind in sorted(self._registered - needed):
                self._register(kind, False)

    def _register(self, kind: str, on: bool) -> None:
        name, trampoline, lead = _REGISTRATIONS[kind]
        function = getattr(self._lib, name)
        if on:
            _check(function(self._handle, *lead, trampoline, self._token, _DESTROY))
            self._registered.add(kind)
            self._registrations += 1
        else:
            _check(function(self._handle, *lead, type(trampoline)(), None, _NO_DESTROY))
            self._registered.discard(kind)

    def _emit(self, kind: str, event: Any) -> None:
        """Delivers an event to the listeners of ``kind``."""
        _deliver(self._listeners[kind], event)

    def _known_screen(self, screen_id: int) -> Screen[Any]:
        """The Screen of a live screen, or of one released during the op in flight (the same
        object, with its route), else ``_screen``'s."""
        return self._screens.get(screen_id) or self._released.get(screen_id) or self._screen(screen_id)

    def _screen(self, screen_id: int) -> Screen[Any]:
        """The Screen of an id: made on first sight for a live screen the binding did not create,
        and kept; for a released one, a released Screen that is not kept (C no longer knows its
        route, and nothing would ever remove it)."""
        screen = self._screens.get(screen_id)
        if screen is None:
            length = c_size_t()
            buffer = create_string_buffer(256)
            status = self._lib.navcore_screen_route(byref(length), buffer, 256, self._handle, screen_id)
            if status == 0 and length.value >= 256:
                buffer = create_string_buffer(length.value + 1)
                status = self._lib.navcore_screen_route(
                    byref(length), buffer, length.value + 1, self._handle, screen_id
                )
            if status != 0:
                gone: Screen[Any] = Screen(screen_id, "", None)
                gone.released = True
                return gone
            made: Screen[Any] = Screen(screen_id, buffer.value.decode("utf-8"), None)
            made._navigator = self._ref
            screen = self._screens.setdefault(screen_id, made)
        return screen

    def _adopt(self, screen: Screen[Any]) -> Screen[Any]:
        """Keeps a new screen, finds its object's hooks and registers what they need."""
        screen._navigator = self._ref
        hooks = screen._hooks = _hooks_of(screen.object)
        self._screens[screen.id] = screen
        if hooks is not None:
            self._count_hooks(hooks, 1)
        if "release" not in self._registered:  # a factory's screen may be the first
            self._register_release()
        return screen

    def _forget_screen(self, screen: Screen[Any]) -> None:
        """A released screen: the binding lets go of it, of its object and of its hooks (bound
        to the object)."""
        self._screens.pop(screen.id, None)
        hooks = screen._hooks
        screen.released = True
        screen.object = None
        screen._hooks = None
        if hooks is not None:
            self._count_hooks(hooks, -1)

    def _count_hooks(self, hooks: Hooks, delta: int) -> None:
        """Counts a screen's hooks in (+1) or out (-1), and registers or unregisters the C
        callbacks whose need changed."""
        with self._lock:
            changed = False
            for kind, hook in zip(_HOOK_KINDS, hooks):
                if hook is not None:
                    before = self._hook_counts[kind]
                    self._hook_counts[kind] = before + delta
                    changed = changed or (before == 0) != (before + delta == 0)
            if changed:
                self._sync()

    def _register_release(self) -> None:
        """Registers the release callback, before the first screen exists; it stays registered
        (``_sync`` keeps it), so testing ``_registered`` without the lock first is enough."""
        with self._lock:
            if "release" not in self._registered:
                self._register("release", True)

    def _end_quietly(self, transition: Transition) -> None:
        """Ends a transition no animator will end: a gesture is cancelled, the rest finish."""
        end = self._lib.navcore_transition_cancel if transition.interactive else self._lib.navcore_transition_finish
        end(self._handle, transition.id)

    # -- listeners -------------------------------------------------------------------------------

    # One pair of overloads per event type (with the listener, and as a decorator), so that a
    # type checker knows each kind's event. No pair takes any str: it would accept any listener
    # for every kind (a kind only known at run time: add_listener, or cast the kind).
    @overload
    def on(self, kind: Literal["action"], listener: Listener[ActionEvent]) -> Listener[ActionEvent]: ...
    @overload
    def on(self, kind: Literal["action"]) -> ListenerDecorator[ActionEvent]: ...
    @overload
    def on(self, kind: AppearanceKind, listener: Listener[AppearanceEvent]) -> Listener[AppearanceEvent]: ...
    @overload
    def on(self, kind: AppearanceKind) -> ListenerDecorator[AppearanceEvent]: ...
    @overload
    def on(self, kind: Literal["progress"], listener: Listener[ProgressEvent]) -> Listener[ProgressEvent]: ...
    @overload
    def on(self, kind: Literal["progress"]) -> ListenerDecorator[ProgressEvent]: ...
    @overload
    def on(self, kind: Literal["bar"], listener: Listener[BarEvent]) -> Listener[BarEvent]: ...
    @overload
    def on(self, kind: Literal["bar"]) -> ListenerDecorator[BarEvent]: ...
    @overload
    def on(self, kind: Literal["payload"], listener: Listener[PayloadEvent]) -> Listener[PayloadEvent]: ...
    @overload
    def on(self, kind: Literal["payload"]) -> ListenerDecorator[PayloadEvent]: ...
    @overload
    def on(self, kind: Literal["release"], listener: Listener[ReleaseEvent]) -> Listener[ReleaseEvent]: ...
    @overload
    def on(self, kind: Literal["release"]) -> ListenerDecorator[ReleaseEvent]: ...
    @overload
    def on(self, kind: Literal["detach"], listener: Listener[DetachEvent]) -> Listener[DetachEvent]: ...
    @overload
    def on(self, kind: Literal["detach"]) -> ListenerDecorator[DetachEvent]: ...
    @overload
    def on(self, kind: Literal["done"], listener: Listener[DoneEvent]) -> Listener[DoneEvent]: ...
    @overload
    def on(self, kind: Literal["done"]) -> ListenerDecorator[DoneEvent]: ...
    @overload
    def on(self, kind: Literal["wakeup"], listener: Listener[WakeupEvent]) -> Listener[WakeupEvent]: ...
    @overload
    def on(self, kind: Literal["wakeup"]) -> ListenerDecorator[WakeupEvent]: ...

    def on(self, kind: str, listener: Optional[Listener[Any]] = None) -> Any:
        """Adds a listener of the events of ``kind``; as a decorator without ``listener``.

        Args:
            kind: an ``EVENT_KINDS`` name, or ``"appearance"`` for the four phases.
            listener: called with each event of that kind, on the thread driving the navigator;
                None: ``on`` returns a decorator that adds the function it decorates.

        Returns:
            The listener (or the decorator), so that ``@nav.on("action")`` keeps the function.

        Raises:
            ValueError: an unknown kind (at once, also as a decorator).
            TypeError: a listener that is not callable.
            InvalidHandleError: the navigator is closed.
        """
        kinds = self._kinds(kind)

        def add(function: Listener[Any]) -> Listener[Any]:
            if not callable(function):
                raise TypeError(f"on() needs a callable listener, not {type(function).__name__}")
            with self._lock:
                self._check_open()
                for k in kinds:
                    self._listeners[k] = self._listeners[k] + [function]
                self._sync_or_undo(lambda: self._remove(kinds, function))
            return function

        return add if listener is None else add(listener)

    def off(self, kind: str, listener: Callable[[Any], Any]) -> None:
        """Removes a listener added with ``on()``.

        Args:
            kind: the kind it was added for (``"appearance"`` removes it from the four phases).
            listener: the listener; one that is not there is ignored.

        Raises:
            ValueError: an unknown kind.
        """
        kinds = self._kinds(kind)
        with self._lock:
            self._remove(kinds, listener)
            self._sync()

    def add_listener(self, listener: Any) -> Any:
        """Adds every ``on_<kind>`` method of ``listener`` as a listener of that kind.

        Args:
            listener: any object with methods ``on_action``, ``on_will_show``, ``on_appearance``
                (the four phases), ``on_done``…; those it lacks are not listened to.

        Returns:
            ``listener``.

        Raises:
            InvalidHandleError: the navigator is closed.
        """
        methods: List[Tuple[str, Callable[[Any], Any]]] = []
        for kind in EVENT_KINDS + tuple(_ALIASES):
            method = getattr(listener, f"on_{kind}", None)
            if callable(method):
                methods.extend((k, method) for k in self._kinds(kind))
        with self._lock:
            self._check_open()
            for k, method in methods:
                self._listeners[k] = self._listeners[k] + [method]
            self._listener_objects.append((listener, methods))
            self._sync_or_undo(lambda: self.remove_listener(listener))
        return listener

    def remove_listener(self, listener: Any) -> None:
        """Removes a listener object added with ``add_listener()``.

        Args:
            listener: the object; one that was not added is ignored.
        """
        with self._lock:
            for index, (obj, methods) in enumerate(self._listener_objects):
                if obj is listener:
                    del self._listener_objects[index]
                    for k, method in methods:
                        self._remove((k,), method)
                    break
            self._sync()

    def events(self, *kinds: str) -> EventStream:
        """The events of ``kinds`` as an async iterator, from now until it is closed or the
        navigator is::

            async with nav.events("action", "done") as events:
                async for event in events:
                    ...

        Call it in a running asyncio loop; see EventStream for the threads and the queue.

        Args:
            *kinds: ``EVENT_KINDS`` names or ``"appearance"``; none given: every kind but
                ``wakeup``.

        Returns:
            An EventStream, listening already.

        Raises:
            ValueError: an unknown kind (before any listener is added).
            RuntimeError: no asyncio loop is running.
        """
        chosen = kinds or tuple(kind for kind in EVENT_KINDS if kind != "wakeup")
        for kind in chosen:
            self._kinds(kind)  # ValueError for an unknown kind, before any listener is added
        return EventStream(self, chosen)

    def idle(self) -> Operation:
        """An Operation that ends once every op asked before it has ended: the queue caught up with
        this call.

        ``await nav.idle()``, or ``nav.idle().result(timeout)`` from a thread that does not drive
        the navigator. It is a ``run`` op of nothing (listeners of ``done`` hear it end), so in host
        dispatch it ends in a drain, and ops asked after it may still wait; a closed navigator ends
        it ``aborted``.

        Returns:
            The ``run`` op's Operation.
        """
        return self._ask(Op.RUN, _CRequest(_VERSION, Op.RUN.code, block=_RUN))

    def _check_open(self) -> None:
        if self._closing:
            raise InvalidHandleError("the navigator is closed")

    def _require_live(self) -> None:
        """Raises InvalidHandleError when the navigator is closed or destroyed: the first check
        of every call (SPEC §2), which the binding makes itself before it reports text that it
        cannot pass to C."""
        self._check_open()
        self._query("navcore_is_busy", c_bool)

    def _kinds(self, kind: str) -> Tuple[str, ...]:
        if kind in _ALIASES:
            return _ALIASES[kind]
        if kind not in EVENT_KINDS:
            raise ValueError(f"unknown event kind {kind!r}; one of {', '.join(EVENT_KINDS + tuple(_ALIASES))}")
        return (kind,)

    def _remove(self, kinds: Iterable[str], function: Callable[[Any], Any]) -> None:
        for k in kinds:
            current = self._listeners[k]
            if function in current:
                index = current.index(function)
                self._listeners[k] = current[:index] + current[index + 1 :]

    def _sync_or_undo(self, undo: Callable[[], None]) -> None:
        try:
            self._sync()
        except NavcoreError:
            undo()
            raise

    @property
    def veto(self) -> Optional[VetoFunction]:
        """The pop veto, asked for the user's back button and gesture only (SPEC §6); None = every
        user pop is allowed.

        ``veto(top_screen, by_gesture)`` returns whether the pop may happen; a veto that takes a
        third argument, ``veto(top_screen, by_gesture, decision)``, may also return
        ``navcore.LATER``: the back then waits, busy, until ``decide(decision, allow)`` (SPEC §13;
        for the gesture LATER counts as no). Assigning a value that is neither callable nor None
        raises TypeError; assigning a veto to a closed navigator raises InvalidHandleError.
        """
        return self._veto_entry[0] if self._veto_entry is not None else None

    @veto.setter
    def veto(self, veto: Optional[VetoFunction]) -> None:
        _callable_or_none(veto, "the veto")
        with self._lock:
            if veto is not None:
                self._check_open()
            previous = self._veto_entry
            self._veto_entry = None if veto is None else (veto, _takes_decision(veto))
            self._sync_or_undo(lambda: setattr(self, "_veto_entry", previous))

    @_api
    def decide(self, decision: Union[Decision, int], allow: bool) -> None:
        """Answers a pending decision of the veto's LATER: ``allow`` pops as if the veto had allowed
        it, else the back ends ``vetoed``.

        Acts at once, in both dispatch modes.

        Args:
            decision: the Decision the veto received, or its id.
            allow: whether the pop goes on.

        Raises:
            StateError: ``decision`` is not the pending one (answered already).
        """
        decision_id = decision.id if isinstance(decision, Decision) else int(decision)
        _check(self._lib.navcore_decide(self._handle, decision_id, bool(allow)))

    @property
    def animator(self) -> Optional[Animator]:
        """The host's animator: ``animator(transition)`` starts playing a Transition, later finished
        with ``transition.finish()``. None = every op is instant and the gesture is refused.

        Assigning a value that is neither callable nor None raises TypeError; assigning an animator
        to a closed navigator raises InvalidHandleError.
        """
        return self._animator

    @animator.setter
    def animator(self, animator: Optional[Animator]) -> None:
        _callable_or_none(animator, "the animator")
        with self._lock:
            if animator is not None:
                self._check_open()
            previous, self._animator = self._animator, animator
            self._sync_or_undo(lambda: setattr(self, "_animator", previous))

    # -- screens ---------------------------------------------------------------------------------

    @overload
    def create_screen(self, route: str = "") -> Screen[None]: ...
    @overload
    def create_screen(self, route: str, obj: _T) -> Screen[_T]: ...

    def create_screen(self, route: str = "", obj: Any = None) -> Screen[Any]:
        """A new detached screen of ``route`` holding ``obj``.

        Args:
            route: the route's name ("" by default: an anonymous screen).
            obj: the host's object, any Python object (None by default).

        Returns:
            The Screen, a ``Screen[type of obj]``.

        Raises:
            InvalidError: ``route`` contains a NUL character or is not valid Unicode.
            TypeError: ``route`` is not a str.
            InvalidHandleError: the navigator is closed.
        """
        # Not an _api binding call: creating a screen calls no Python code back (registering a
        # callback kind that was not registered runs no destructor), like on() and off().
        name = _route_text(route, self._require_live)
        if "release" not in self._registered:  # in place before the screen exists
            self._register_release()
        screen_id = c_uint64()  # passed for a uint64_t *: ctypes passes it by reference
        status = self._lib.navcore_screen_create(screen_id, self._handle, name, None)
        if status < 0:  # _check, inline: W6's cycle makes a screen
            raise _error(status)
        return self._adopt(Screen(screen_id.value, route, obj))

    @_api
    def discard(self, screen: Screen[Any]) -> None:
        """Releases a detached screen at once (its result listener, then its release listeners, are
        called).

        Args:
            screen: a detached screen of this navigator.

        Raises:
            StateError: it is in the stack or an op holds it (SPEC §1).
            NoSuchScreenError: it is released already.
        """
        _check(self._lib.navcore_screen_discard(self._handle, screen.id))

    def retain(self, screen: Screen[Any], on: bool = True) -> None:
        """Marks (``on``) or unmarks a screen as retained (SPEC §17): a retained screen that leaves
        the stack is detached (a ``"detach"`` event) instead of released, and stays live to be
        pushed again, set or discarded. Unmarking never releases. A call, not an op.

        Args:
            screen: a live screen of this navigator, in the stack or detached.
            on: True marks it, False unmarks it.

        Raises:
            NoSuchScreenError: it is released.
            StateError: its release has begun (inside its result listener).
        """
        _check(self._lib.navcore_screen_retain(self._handle, screen.id, on))

    def is_retained(self, screen: Screen[Any]) -> bool:
        """Whether ``screen`` is marked retained (``Screen.retained``).

        Args:
            screen: a live screen of this navigator.

        Returns:
            True if it is marked.

        Raises:
            NoSuchScreenError: it is released.
        """
        out = c_bool()
        _check(self._lib.navcore_screen_is_retained(byref(out), self._handle, screen.id))
        return bool(out.value)

    def screen(self, screen_id: int) -> Screen[Any]:
        """The Screen of a live screen id (one the binding did not make is made on first sight).

        Args:
            screen_id: a screen id, as C and the events give it.

        Returns:
            Its Screen: the same object every time.

        Raises:
            NoSuchScreenError: a dead or unknown id.
        """
        screen = self._screen(screen_id)
        if screen.released:
            raise NoSuchScreenError(f"screen {screen_id} is not a live screen of this navigator")
        return screen

    # -- results (SPEC §12) ------------------------------------------------------------------------

    def push_for_result(
        self, screen: ScreenLike, animated: bool = True, *, route: Optional[str] = None
    ) -> ScreenResult:
        """Pushes ``screen`` and returns the future of its result.

        ``await`` the ScreenResult (or ``wait()`` from another thread) for the screen's result
        decoded from JSON, None for none, delivered once right before the screen's release, whatever
        releases it. It takes the screen's one result listener (replacing one set before).

        Args:
            screen: a Screen, or any object on a new screen of ``route``, as ``push``.
            animated: whether the push animates (when an animator is set).
            route: the route of the new screen made for an object (not for a Screen).

        Returns:
            The ScreenResult; its ``operation`` is the push.

        Raises:
            TypeError: ``route`` given with a Screen.
            NoSuchScreenError: the Screen is released.
            InvalidHandleError: the navigator is closed.
        """
        target, created = self._screen_for(screen, route)
        pending = ScreenResult(target)
        try:
            self.on_result(target, lambda event: _deliver(pending._complete(event.text), pending))
            pending.operation = self.push(target, animated)
        except NavcoreError:
            if created:
                self._discard_quietly(created)  # its listener hears None: the result arrives
            else:
                self._listen_quietly(target)
            raise
        return pending

    @_api
    def _listen_quietly(self, screen: Screen[Any]) -> None:
        """Removes a screen's result listener after an op that failed, whatever the status."""
        self._lib.navcore_screen_on_result(self._handle, screen.id, _ffi.ResultFn(), None, _NO_DESTROY)

    @_api
    def on_result(self, screen: Screen[Any], listener: Optional[ResultListener]) -> Optional[ResultListener]:
        """Sets ``screen``'s one result listener.

        ``listener(event)`` hears a ResultEvent (its ``text``, and ``json()``) once, right before
        the screen's release, on the driving thread. Another listener replaces it (the old one is
        never called).

        Args:
            screen: a live screen.
            listener: the listener; None removes it.

        Returns:
            The listener (None when removed).

        Raises:
            TypeError: ``listener`` is neither callable nor None.
            StateError: the screen's release has begun.
            NoSuchScreenError: the screen is released.
        """
        if listener is None:
            _check(self._lib.navcore_screen_on_result(self._handle, screen.id, _ffi.ResultFn(), None, _NO_DESTROY))
            return None
        if not callable(listener):
            raise TypeError("on_result() needs a callable or None")
        register = self._lib.navcore_screen_on_result
        self._register_item((screen, listener), lambda ctx: register(self._handle, screen.id, _RESULT, ctx, _ITEM_DESTROY))
        return listener

    def _register_item(self, item: Any, register: Callable[[int], int]) -> None:
        """Registers one item (a route's factory, a screen's result listener) with a ctx of its
        own, ``register(ctx)`` being the C call: the item is kept, and counted as a
        registration, until C calls its destructor (_item_destroyed)."""
        token = next(_tokens)
        with self._lock:
            self._items[token] = item
            _owners[token] = self._token
            self._registrations += 1
        status = register(token)
        if status < 0:
            error = _error(status)
            self._items.pop(token, None)
            _owners.pop(token, None)
            self._registration_ended()
            raise error

    def set_result(self, screen: Screen[Any], value: Any) -> None:
        """Sets ``screen``'s result to ``value`` as JSON text (SPEC §12).

        Args:
            screen: a live screen.
            value: any value ``json.dumps`` takes; None clears the result.

        Raises:
            NoSuchScreenError: the screen is released.
        """
        self.set_result_text(screen, None if value is None else json.dumps(value, separators=(",", ":"), ensure_ascii=False))

    def set_result_text(self, screen: Screen[Any], text: Optional[str]) -> None:
        """Sets ``screen``'s result to ``text`` as is.

        Args:
            screen: a live screen.
            text: the result; None clears it.

        Raises:
            NoSuchScreenError: the screen is released.
            InvalidError: ``text`` contains a NUL character or is not valid Unicode.
        """
        result = None if text is None else _text(text, "the result", self._require_live)
        _check(self._lib.navcore_screen_set_result(self._handle, screen.id, result))

    def result_text(self, screen: Screen[Any]) -> Optional[str]:
        """``screen``'s result as text.

        Args:
            screen: a live screen.

        Returns:
            The text, None for none.

        Raises:
            NoSuchScreenError: the screen is released.
        """
        return _take_text(self._lib.navcore_screen_result, self._handle, screen.id)

    def result(self, screen: Screen[Any]) -> Any:
        """``screen``'s result decoded from JSON.

        Args:
            screen: a live screen.

        Returns:
            The decoded value, None for none.

        Raises:
            ValueError: the result is not JSON.
            NoSuchScreenError: the screen is released.
        """
        text = self.result_text(screen)
        return None if text is None else json.loads(text)

    # -- saved state, save, open and restore (SPEC §14) --------------------------------------------

    def set_saved_state(self, screen: Screen[Any], state: Union[str, Mapping[str, Any], None]) -> None:
        """Sets ``screen``'s saved state. Each payload delivered to a screen also becomes its saved
        state.

        Args:
            screen: a live screen.
            state: a str (as is) or a dict (as JSON); None clears it.

        Raises:
            NoSuchScreenError: the screen is released.
            TypeError: ``state`` is neither a str, a dict nor None.
        """
        text = _payload_text(state, "the saved state", self._require_live)
        _check(self._lib.navcore_screen_set_saved_state(self._handle, screen.id, text))

    def saved_state(self, screen: Screen[Any]) -> Optional[str]:
        """``screen``'s saved state.

        Args:
            screen: a live screen.

        Returns:
            The saved state, None for none.

        Raises:
            NoSuchScreenError: the screen is released.
        """
        return _take_text(self._lib.navcore_screen_saved_state, self._handle, screen.id)

    def save_text(self) -> str:
        """The saved document of the stack, exactly as navcore writes it (SPEC §14).

        Returns:
            ``{"navcore":1,"stack":[{"route":R,"state":S},…]}``, bottom to top; ``restore`` takes it
            back.
        """
        text = _take_text(self._lib.navcore_save, self._handle)
        return "" if text is None else text

    def on_child(
        self, handler: Optional[Callable[["Navigator", Optional[Screen[Any]], "Navigator"], Any]]
    ) -> None:
        """Sets (or with None removes) the handler told each navigator navcore makes under this
        one (``restore_tree``, SPEC §16.10), before any of its screens is made: it gets this
        navigator, the host screen (None for a modal) and the new navigator's object, on which
        it registers its listeners, animator, veto and ``on_child``. The family keeps the new
        object, as an attached child's. Never called for ``attach`` or ``present``.

        Args:
            handler: ``handler(parent, screen, child)``, or None.
        """
        with self._lock:
            self._child_handler = handler

    def save_tree(self) -> str:
        """The saved tree of the navigator and its subtree, exactly as navcore writes it (SPEC
        §16.10).

        Returns:
            ``{"navcore":2,"stack":[…]}`` with each screen's children and the modal (``"modal"``)
            where there are some; ``restore_tree`` takes it back.
        """
        text = _take_text(self._lib.navcore_save_tree, self._handle)
        return "" if text is None else text

    def save(self) -> Dict[str, Any]:
        """The saved document of the stack as a dict.

        Returns:
            ``save_text()`` decoded.
        """
        return cast(Dict[str, Any], json.loads(self.save_text()))

    # -- ops -------------------------------------------------------------------------------------

    def _ask(
        self, op: Op, request: Any, created: Sequence[Screen[Any]] = (), block: Optional[Callable[[], Any]] = None
    ) -> Operation:
        """Asks an op, the one path of every op method and of ``ask``: passes ``request`` (a
        navcore_request) to navcore_ask_outcome. An op that ends inside the call comes back
        with its outcome, and its Operation ends at once; one that does not ends when its
        completion is called (registered under ``token`` until then). If navcore refuses the
        op, the screens ``created`` for it are discarded and the status raised.

        It is a binding call (see ``_api``): the op's callbacks run during the C call, and the
        public op methods do nothing else that calls Python code back, so they need no ``_api``
        of their own (the screens of a refused op go through ``_discard_quietly``, a binding
        call too)."""
        operation = Operation(op, block)
        token = next(_tokens)
        _ops[token] = operation
        outcome = c_int(-1)  # NAVCORE_OUTCOME_NONE: written only when the call succeeds
        calls = _tls.calls  # a binding call, as _api makes one
        calls.depth += 1
        try:
            status = self._lib.navcore_ask_outcome(byref(outcome), self._handle, request, _DONE_OP, token)
        except BaseException:
            _ops.pop(token, None)
            raise
        finally:
            calls.depth -= 1
            ended = outcome.value
            if ended >= 0:  # it ended in its call, which reports it instead of the completion
                _ops.pop(token, None)
                operation._block = None
                operation._value = OUTCOMES[ended]  # nobody holds the Operation yet: no lock, no callbacks
                operation._ended = True
            if not calls.depth and calls.errors:
                raise _stashed(calls)
        if status < 0:
            _ops.pop(token, None)
            try:
                raise _error(status)  # the library's message is read before the discards
            finally:
                if created:  # an exception a release listener raises has the refusal as context
                    self._discard_quietly(created)
        operation.status = ACCEPTED[status]
        return operation

    def _screen_for(self, item: ScreenLike, route: Optional[str] = None) -> Tuple[Screen[Any], Tuple[Screen[Any], ...]]:
        """The Screen of an item (any other object gets a new screen of ``route``, None: ""); also
        returns the new one. TypeError for a route given with a Screen: its route was fixed when
        it was made."""
        if isinstance(item, Screen):
            if route is not None:
                raise TypeError("route= is for an object pushed on a new screen; a Screen has its route")
            return item, ()
        screen = self.create_screen("" if route is None else route, item)
        return screen, (screen,)

    def _screens_for(self, items: Iterable[ScreenLike]) -> Tuple[List[Screen[Any]], List[Screen[Any]]]:
        """Screens for items (objects get new screens); also returns the new ones."""
        screens: List[Screen[Any]] = []
        created: List[Screen[Any]] = []
        try:
            for item in items:
                screen, new = self._screen_for(item)
                screens.append(screen)
                created.extend(new)
        except BaseException:
            self._discard_quietly(created)
            raise
        return screens, created

    @_api
    def _discard_quietly(self, screens: Iterable[Screen[Any]]) -> None:
        """Discards screens made for an op that failed (their release listeners are called)."""
        for screen in screens:
            self._lib.navcore_screen_discard(self._handle, screen.id)

    def ask(self, request: Request) -> Operation:
        """Asks an op given as a value: ``nav.ask(navcore.Request.push(screen))`` is
        ``nav.push(screen)``, with the same Operation, exceptions and events (SPEC §2).

        Both ask through ``_ask``: each op method below fills the navcore_request of its
        arguments itself, ``ask`` fills it from the Request, and either passes it to
        navcore_ask_outcome. A host that routes its ops through one place (a queue of its own,
        an undo log, a script) makes Requests and asks them here.

        Args:
            request: the op and its arguments (``navcore.Request``'s class methods).

        Returns:
            The op's Operation.

        Raises:
            NavcoreError: as the op's method raises it (InvalidError, NoSuchScreenError, BusyError,
                StateError, InvalidHandleError when the navigator is closed), and TypeError or
                ValueError for an argument of the wrong kind; then nothing is asked.
        """
        c_request = _CRequest(*request._c)
        created: List[Screen[Any]] = []  # screens made for objects: discarded if the op is refused
        for fields, convert, parameters in request._converted:
            value = convert(self, created, *parameters)
            for name, field_value in zip(fields, value if len(fields) > 1 else (value,)):
                setattr(c_request, name, field_value)  # the request keeps what the value points to
        return self._ask(request.op, c_request, created, request._arguments.get("block"))

    # BEGIN GENERATED by scripts/generate.py (named ops) from include/navcore.h (NAVCORE_REQUEST_MAP and the doc comments of its functions): edit the source, then run `make generate`
    def push(
        self, screen: ScreenLike, animated: bool = True, *, route: Optional[str] = None
    ) -> Operation:
        """Pushes the detached screen ``screen`` (SPEC §2).

        Args:
            screen: a detached Screen, or any object (it gets a new screen).
            animated: whether the push asks for a transition.
            route: the route of the new screen made for an object (not for a Screen): without one it
                is anonymous (route ""), which ``show`` never recycles and ``restore`` cannot
                rebuild.

        Returns:
            The op's Operation.

        Raises:
            TypeError: ``route`` given with a Screen.
            NoSuchScreenError: the Screen is released, or another navigator's.
            InvalidHandleError: the navigator is closed.
        """
        c_animated = bool(animated)
        created: List[Screen[Any]] = []  # what the conversions make: discarded if refused
        return self._ask(
            OPS[0],
            _CRequest(
                _VERSION, 0, screen=_conversions.screen(self, created, screen, route),
                animated=c_animated
            ),
            created
        )

    def pop(
        self, animated: bool = True, *, result: Any = None, result_text: Optional[str] = None
    ) -> Operation:
        """Pops the top screen.

        Args:
            animated: whether the pop asks for a transition.
            result: the popped screen's result, as JSON text.
            result_text: the popped screen's result as is.

        Returns:
            The op's Operation.

        Raises:
            TypeError: both ``result`` and ``result_text`` are given.
            InvalidError: a result that is not valid text.
            InvalidHandleError: the navigator is closed.
        """
        if result is None and result_text is None:
            return self._ask(OPS[1], _CRequest(_VERSION, 1, animated=bool(animated)))
        c_animated = bool(animated)
        created: List[Screen[Any]] = []  # what the conversions make: discarded if refused
        return self._ask(
            OPS[1],
            _CRequest(
                _VERSION, 1, animated=c_animated,
                result=_conversions.result(self, created, result, result_text)
            ),
            created
        )

    def pop_to(self, screen: Screen[Any], animated: bool = True) -> Operation:
        """Pops down to ``screen``, which stays the top.

        Args:
            screen: the screen to pop to.
            animated: whether the pop asks for a transition.

        Returns:
            The op's Operation.

        Raises:
            NoSuchScreenError: ``screen`` is released, or another navigator's.
            InvalidHandleError: the navigator is closed.
        """
        return self._ask(OPS[2], _CRequest(_VERSION, 2, screen=screen.id, animated=bool(animated)))

    def pop_to_root(self, animated: bool = True) -> Operation:
        """Pops down to the root screen.

        Args:
            animated: whether the pop asks for a transition.

        Returns:
            The op's Operation.

        Raises:
            InvalidHandleError: the navigator is closed.
        """
        return self._ask(OPS[3], _CRequest(_VERSION, 3, animated=bool(animated)))

    def set_stack(self, screens: Iterable[ScreenLike], animated: bool = True) -> Operation:
        """Makes the stack exactly ``screens``, bottom to top (SPEC §2).

        Args:
            screens: Screens, or objects (each gets a new screen), bottom to top.
            animated: whether the change asks for a transition.

        Returns:
            The op's Operation.

        Raises:
            NoSuchScreenError: a Screen is released, or another navigator's.
            InvalidHandleError: the navigator is closed.
        """
        c_animated = bool(animated)
        created: List[Screen[Any]] = []  # what the conversions make: discarded if refused
        c_screens, c_count = _conversions.screens(self, created, screens)
        return self._ask(
            OPS[4], _CRequest(_VERSION, 4, screens=c_screens, count=c_count, animated=c_animated),
            created
        )

    def back(self, animated: bool = True) -> Operation:
        """The user's back button: asks the pop veto, then pops (SPEC §6).

        Args:
            animated: whether the pop asks for a transition.

        Returns:
            The op's Operation.

        Raises:
            InvalidHandleError: the navigator is closed.
        """
        return self._ask(OPS[5], _CRequest(_VERSION, 5, animated=bool(animated)))

    def gesture(self) -> Operation:
        """Starts the user's interactive back gesture (SPEC §5).

        Returns:
            The op's Operation.

        Raises:
            BusyError: an op runs or waits.
            StateError: the navigator is hidden, or has no animator.
            InvalidHandleError: the navigator is closed.
        """
        return self._ask(OPS[6], _CRequest(_VERSION, 6))

    def run(self, block: Callable[[], Any]) -> Operation:
        """Runs ``block`` in queue order.

        Args:
            block: the code to run, called without arguments on the driving thread.

        Returns:
            The op's Operation.

        Raises:
            TypeError: ``block`` is not callable.
            InvalidHandleError: the navigator is closed.
        """
        created: List[Screen[Any]] = []  # what the conversions make: discarded if refused
        return self._ask(
            OPS[7], _CRequest(_VERSION, 7, block=_conversions.block(self, created, block)),
            created, block=block
        )

    def set_visible(self, visible: bool) -> Operation:
        """Tells navcore whether the navigator is on screen (SPEC §7).

        Args:
            visible: whether it is on screen.

        Returns:
            The op's Operation.

        Raises:
            InvalidHandleError: the navigator is closed.
        """
        return self._ask(OPS[8], _CRequest(_VERSION, 8, visible=bool(visible)))

    def show(
        self, route: str, *, animated: bool = False, remove_current: bool = True,
        recycle: RecycleLike = Recycle.ANY, payload: Union[str, Mapping[str, Any], None] = None
    ) -> Operation:
        """Shows the named route (SPEC §8).

        Args:
            route: a registered route's name.
            animated: whether the change asks for a transition.
            remove_current: whether a new screen replaces the current top.
            recycle: which screen of the route to reuse: ``"any"`` (the default: the one nearest the
                top), ``"top"`` (only the top, the "single top" of other toolkits) or ``"none"``
                (never); True and False are ``"any"`` and ``"none"``.
            payload: delivered to the screen: a str, or a dict that travels as JSON
                (``Payload.json()``); None for none.

        Returns:
            The op's Operation.

        Raises:
            InvalidError: a route or payload that is not valid text.
            ValueError: an unknown ``recycle`` value.
            InvalidHandleError: the navigator is closed.
        """
        created: List[Screen[Any]] = []  # what the conversions make: discarded if refused
        return self._ask(
            OPS[9],
            _CRequest(
                _VERSION, 9, route=_conversions.route(self, created, route),
                show_options=_conversions.show_options(self, created, animated, remove_current, recycle, payload)
            ),
            created
        )

    post = show  # Shows the named route, under the name of the seeds' notification-based stack ("post").

    def open(
        self, entries: Iterable[RouteEntry], animated: bool = False, *,
        focus: Optional[bool] = None
    ) -> Operation:
        """Builds the whole stack from routes in one op (SPEC §14).

        Args:
            entries: each ``(route, state)`` or a route alone, bottom to top; a state is a str (as
                is), a dict (as JSON) or None.
            animated: whether the change asks for a transition.
            focus: True: then bring the navigator to the front of its family (SPEC §16.10); None or
                False: not.

        Returns:
            The op's Operation.

        Raises:
            InvalidError: no entry, or a route or state that is not valid text.
            InvalidHandleError: the navigator is closed.
        """
        if focus is None:
            c_animated = bool(animated)
            created: List[Screen[Any]] = []  # what the conversions make: discarded if refused
            c_entries, c_count = _conversions.entries(self, created, entries)
            return self._ask(
                OPS[10],
                _CRequest(_VERSION, 10, entries=c_entries, count=c_count, animated=c_animated),
                created
            )
        created = []  # what the conversions make: discarded if refused
        c_entries, c_count = _conversions.entries(self, created, entries)
        return self._ask(
            OPS[10],
            _CRequest(
                _VERSION, 10, entries=c_entries, count=c_count,
                open_options=_conversions.open_options(self, created, focus, animated)
            ),
            created
        )

    def restore(self, document: Union[str, Mapping[str, Any]], animated: bool = False) -> Operation:
        """Opens the stack a saved document describes (SPEC §14).

        Args:
            document: ``save()``'s dict or ``save_text()``'s text; any JSON of that shape.
            animated: whether the change asks for a transition.

        Returns:
            The op's Operation.

        Raises:
            InvalidError: anything but a saved document, at the call (SPEC §14).
            InvalidHandleError: the navigator is closed.
        """
        c_animated = bool(animated)
        created: List[Screen[Any]] = []  # what the conversions make: discarded if refused
        return self._ask(
            OPS[10],
            _CRequest(
                _VERSION, 10, document=_conversions.document(self, created, document),
                animated=c_animated
            ),
            created
        )

    def restore_tree(
        self, tree: Union[str, Mapping[str, Any]], animated: bool = False
    ) -> Operation:
        """Rebuilds ``nav``'s subtree from a saved tree (SPEC §16.10): new screens, new child
        navigators and modals, every old child and modal torn down.

        Args:
            tree: ``save_tree()``'s text or its dict; any JSON of that shape.
            animated: whether the change asks for a transition.

        Returns:
            The op's Operation.

        Raises:
            InvalidError: anything but a saved tree, at the call (SPEC §16.10).
            InvalidHandleError: the navigator is closed.
        """
        c_animated = bool(animated)
        created: List[Screen[Any]] = []  # what the conversions make: discarded if refused
        return self._ask(
            OPS[10],
            _CRequest(_VERSION, 10, tree=_conversions.document(self, created, tree), animated=c_animated),
            created
        )
    # END GENERATED (named ops)

    # -- transitions ----------------------------------------------------------------------------

    def _transition_id(self, transition: Optional[int]) -> int:
        return (self.current_transition or 0) if transition is None else transition

    @_api
    def finish_transition(self, transition: Optional[int] = None) -> None:
        """Finishes a transition: its op completes.

        Args:
            transition: the transition's id; None: the one in flight.

        Raises:
            StateError: it is not in flight.
        """
        _check(self._lib.navcore_transition_finish(self._handle, self._transition_id(transition)))

    @_api
    def cancel_transition(self, transition: Optional[int] = None) -> None:
        """Cancels the interactive transition: the pop is undone.

        Args:
            transition: the transition's id; None: the one in flight.

        Raises:
            StateError: it is not in flight, or not interactive.
        """
        _check(self._lib.navcore_transition_cancel(self._handle, self._transition_id(transition)))

    @_api
    def update_transition(self, progress: float, transition: Optional[int] = None) -> None:
        """Reports the progress of the interactive transition.

        Args:
            progress: p, 0 ≤ p ≤ 1.
            transition: the transition's id; None: the one in flight.

        Raises:
            InvalidError: ``progress`` out of range.
            StateError: outside an interactive transition.
        """
        _check(
            self._lib.navcore_transition_progress(self._handle, self._transition_id(transition), float(progress))
        )

    # -- routes ----------------------------------------------------------------------------------

    @_api
    def register_route(self, name: str, factory: Optional[Factory] = None) -> Any:
        """Registers route ``name``; as a decorator without ``factory``.

        ``route`` is the same method, the shorter name for the decorator (``@nav.route("detail")``).

        Args:
            name: the route's name.
            factory: ``factory(request)`` gets a RouteRequest and returns the object of a new screen
                (raise FactoryFailed to fail the show); None: ``register_route`` returns a decorator
                that registers the function it decorates.

        Returns:
            The factory (or the decorator).

        Raises:
            ExistsError: ``name`` is registered already.
            TypeError: the factory is not callable.
        """

        def register(function: Factory) -> Factory:
            if not callable(function):
                raise TypeError(f"a route's factory must be callable, not {type(function).__name__}")
            text = _text(name, "the route name", self._require_live)
            call = self._lib.navcore_route_register
            self._register_item(function, lambda ctx: call(self._handle, text, _FACTORY, ctx, _ITEM_DESTROY))
            return function

        return register if factory is None else register(factory)

    route = register_route

    @_api
    def unregister_route(self, name: str) -> None:
        """Unregisters route ``name``.

        Args:
            name: a registered route's name.

        Raises:
            InvalidError: it is not registered.
        """
        _check(self._lib.navcore_route_unregister(self._handle, _text(name, "the route name", self._require_live)))

    # -- settings ------------------------------------------------------------------------------

    @property
    def always_appear(self) -> bool:
        """Emit show/hide events even while hidden (SPEC §7; default False)."""
        return self._always_appear

    @always_appear.setter
    def always_appear(self, on: bool) -> None:
        self.set_always_appear(on)

    @_api
    def set_always_appear(self, on: bool) -> None:
        """Sets ``always_appear``.

        Args:
            on: emit show/hide events even while hidden.
        """
        _check(self._lib.navcore_set_always_appear(self._handle, bool(on)))
        self._always_appear = bool(on)

    @property
    def bar_threshold(self) -> int:
        """The navigation-bar threshold N (SPEC §8; 0 = off, the default)."""
        return self._bar_threshold

    @bar_threshold.setter
    def bar_threshold(self, threshold: int) -> None:
        self.set_bar_threshold(threshold)

    @_api
    def set_bar_threshold(self, threshold: int) -> None:
        """Sets ``bar_threshold``; a change of the bar is emitted at once.

        Args:
            threshold: N (0 = off).

        Raises:
            InvalidError: ``threshold`` is negative or beyond ``size_t``.
        """
        value = int(threshold)
        if value < 0 or value >= 1 << (8 * sizeof(c_size_t)):
            raise InvalidError(f"the threshold {threshold} is out of range")
        _check(self._lib.navcore_set_bar_threshold(self._handle, value))
        self._bar_threshold = value

    @_api
    def drain(self, max_ops: Optional[int] = None, max_seconds: Optional[float] = None) -> Status:
        """Host dispatch mode: runs the queue on this thread, where every callback then arrives.
        Harmless in inline mode (``Status.OK``).

        Without a budget it runs until the queue is empty or an op waits for the host (its
        transition, or a veto decision). With one it is a *bounded drain* (SPEC §9), for a UI
        thread that other threads may flood: it starts the first op it can, then another only
        while fewer than ``max_ops`` were started and less than ``max_seconds`` have passed
        since the call began (on a monotonic clock); an op already started runs to its next
        wait. So the UI loop gets control back after one op plus the budget.

        Args:
            max_ops: at most this many ops are started (1 or more); None: no count.
            max_seconds: no op starts once this much time has passed (0 or more; 0 starts
                exactly one op, ``math.inf`` never runs out); None: no time.

        Returns:
            ``Status.QUEUED`` when ops are left in the queue and none waits for the host: the
            wakeup listeners have been called again, so return to the event loop and drain
            again when woken (``navcore.aio`` and ``navcore.textual`` do). Otherwise
            ``Status.OK``: the queue is empty, or an op waits for the host, whose
            ``finish``, ``cancel`` or ``decide`` raises the wakeup later. A drain without a
            budget always returns ``Status.OK``.

        Raises:
            InvalidHandleError: the navigator was closed (whatever the budget).
            InvalidError: ``max_ops`` below 1 or beyond ``size_t``, ``max_seconds`` negative
                or NaN; nothing runs.
            TypeError: ``max_ops`` is not an int, or ``max_seconds`` not a number.
        """
        if max_ops is None and max_seconds is None:
            return Status.parse(_check(self._lib.navcore_drain(self._handle)))
        self._check_open()  # a closed navigator's invalid_handle comes before any argument's status
        if max_ops is not None and (not isinstance(max_ops, int) or isinstance(max_ops, bool)):
            raise TypeError(f"max_ops must be an int or None, not {type(max_ops).__name__}")
        if max_ops is not None and not 1 <= max_ops < 1 << (8 * sizeof(c_size_t)):
            raise InvalidError(f"a bounded drain needs a count of at least 1 op, not {max_ops}")
        if max_seconds is None:
            return Status.parse(_check(self._lib.navcore_drain_ops(self._handle, max_ops)))
        if not isinstance(max_seconds, numbers.Real) or isinstance(max_seconds, bool):
            raise TypeError(f"max_seconds must be a number or None, not {type(max_seconds).__name__}")
        seconds = float(max_seconds)
        if max_ops is None:
            return Status.parse(_check(self._lib.navcore_drain_for(self._handle, seconds)))
        return Status.parse(_check(self._lib.navcore_drain_ops_for(self._handle, max_ops, seconds)))

    # -- queries ---------------------------------------------------------------------------------

    def _query(self, function: str, ctype: Any) -> Any:
        out = ctype()
        _check(getattr(self._lib, function)(byref(out), self._handle))
        return out.value

    @property
    def stack(self) -> Tuple[Screen[Any], ...]:
        """The stack, bottom to top, in one consistent read."""
        capacity = 8
        while True:
            count = c_size_t()
            buffer = (c_uint64 * capacity)()
            _check(self._lib.navcore_stack_copy(byref(count), buffer, capacity, self._handle))
            if count.value <= capacity:
                return tuple(self._screen(buffer[i]) for i in range(count.value))
            capacity = count.value

    @property
    def top(self) -> Optional[Screen[Any]]:
        """The top screen, None when the stack is empty."""
        screen_id = self._query("navcore_top", c_uint64)
        return self._screen(screen_id) if screen_id else None

    @property
    def root(self) -> Optional[Screen[Any]]:
        """The bottom screen, None when the stack is empty."""
        screen_id = self._query("navcore_root", c_uint64)
        return self._screen(screen_id) if screen_id else None

    @property
    def action_state(self) -> Action:
        """The action state (``idle``, ``will_push``, …)."""
        return ACTIONS[int(self._query("navcore_action_state", c_int))]

    @property
    def busy(self) -> bool:
        """Whether an op is in flight."""
        return bool(self._query("navcore_is_busy", c_bool))

    @property
    def pending(self) -> int:
        """How many ops wait in the queue (the op in flight not counted)."""
        return int(self._query("navcore_pending_count", c_size_t))

    @property
    def bar_shown(self) -> bool:
        """Whether the navigation bar is shown."""
        return bool(self._query("navcore_is_bar_shown", c_bool))

    @property
    def visible(self) -> bool:
        """Whether the navigator is on screen. Assigning it asks the op ``set_visible()`` asks
        (an op, unlike the settings ``bar_threshold`` and ``always_appear``, which apply at
        once): in host dispatch, or behind other ops, the value read changes when it runs."""
        return bool(self._query("navcore_is_visible", c_bool))

    @visible.setter
    def visible(self, visible: bool) -> None:
        self.set_visible(visible)

    @property
    def can_go_back(self) -> bool:
        """Idle, nothing queued, at least two screens: a back would pop now."""
        return bool(self._query("navcore_can_go_back", c_bool))

    @property
    def current_transition(self) -> Optional[int]:
        """The id of the transition waiting for the host, None if none."""
        transition = self._query("navcore_transition_current", c_uint64)
        return transition or None

    @property
    def pending_decision(self) -> Optional[Decision]:
        """The decision a ``back`` waits for (SPEC §13): its veto answered ``LATER`` and nobody
        has decided yet; None otherwise, also inside the veto (the decision is pending once the
        veto has returned). Meanwhile the navigator is ``busy`` with no transition, its
        ``action_state`` is idle and the ops asked wait behind the back (``pending``): this tells
        that wait for the user's answer apart from an op at work. It equals the Decision the veto
        received; ``allow()`` and ``refuse()`` answer it."""
        decision_id = self._query("navcore_pending_decision", c_uint64)
        if not decision_id:
            return None
        top = self.top
        # The stack stays as it is while a decision is pending, and an answered decision is never
        # pending again: the same id read after `top` means `top` is the screen the veto was asked
        # about (another thread may have decided meanwhile).
        if top is None or self._query("navcore_pending_decision", c_uint64) != decision_id:
            return None
        return Decision(decision_id, top, False, self)

    def __repr__(self) -> str:
        state = "closed" if self._closing else f"{len(self._screens)} screens"
        return f"<navcore.Navigator {self.dispatch} {state}>"
