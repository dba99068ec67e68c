"""The C callbacks: module-level ctypes trampolines, created once (so they stay alive for the
life of the process), each behind the guard that runs it even when an exception is raised at its
entry (_guard.py: each takes the guard's ``cell`` first, writes its answer, if any, to ``cell[1]``
and sets ``cell[0]`` last), and the tables
that name what their ``ctx`` stands for.

The ``void *ctx`` they receive is a small integer naming a live Navigator (its registrations),
an item of one (a route's factory, a screen's result listener: ``_owners``) or an Operation (op
completions and ``run`` blocks). After ``close()`` a Navigator leaves the module's table once the
C library has run the destructor of every registration it made (the last thing C does with it),
and the binding lets go of the screens' objects, the listeners and the routes. The table holds
navigators weakly: C calls back only during a navcore call, which a Python frame makes with the
navigator in hand — but for one: a navigator dropped without close() leaves the table when it is
collected, and the reaper thread destroys its handle afterwards (see "Dropped navigators" in
_navigator.py; its finalizer only queues the handle). That destroy's callbacks of the
navigator's registrations find no navigator here and do nothing; its ops, kept in ``_ops``,
still end ``aborted``.

A C callback kind is registered only while some Python code listens to it: a listener, a screen
object with the matching hook method, the veto, the animator. The release callback is the one
the binding itself needs (to let go of screen objects), so it is registered from the first
screen on. A screen object's hook methods are looked up once, when its screen is made (that is
when the kinds they need are registered), and kept with the screen until its release.

The callbacks are the binding's hot path (docs/performance.md, W6): they read enum members from
tables, build events only for a receiver, and take no lock (see "Threads" below).
"""

from __future__ import annotations

import inspect
import itertools
import weakref
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Sequence, Tuple

from . import _ffi
from ._calls import _stash
from ._enums import ACTIONS, OPS, OUTCOMES, PHASES, REASONS, STYLES, Action, Phase
from ._enums import Veto as VetoAnswer
from ._errors import FactoryFailed
from ._events import ActionEvent, AppearanceEvent, BarEvent, Decision, DoneEvent, Payload, PayloadEvent
from ._events import DetachEvent, ProgressEvent, ReleaseEvent, ResultEvent, RouteRequest, Screen, Transition, WakeupEvent
from ._guard import guarded
from ._hooks import _PAYLOAD_HOOK, _PHASE_KINDS
from ._operation import Operation

if TYPE_CHECKING:
    from ._navigator import Navigator

_new = object.__new__
#: Action.IDLE, read once: an Enum member costs a lookup (a property's) at each use.
_IDLE = Action.IDLE

#
# The per-op events (action, appearance, release, done) are built as ``_new(Event)`` then
# ``fields = event.__dict__; fields["…"] = …``, not ``Event(…)``: see _events.py, "Building events".
#
# Each trampoline's body is one ``try`` whose ``except`` stashes the exception for the binding
# call (none may reach ctypes, which would print and drop it). The try costs nothing in CPython
# 3.11 while nothing raises; a guarding decorator would cost a Python call per callback.
#
# Threads: the core never runs two callbacks of one navigator at once (SPEC §9), so what only
# callbacks touch needs no lock. What binding calls on other threads also touch is either
# replaced whole (the listener lists: on()/off() swap in a new list, a callback iterates the one
# it read) or is a single dict operation (``_screens``, ``_ops``: atomic, and no iteration
# races with them: ``_forget`` copies before iterating), or is taken under the navigator's lock
# (hook counts, registrations). So the hot path (no hooks) takes no lock.

_tokens = itertools.count(1)
#: Navigators C may still call: token -> weak reference (its entry goes when the navigator is
#: collected, or when close() is done with it; why weak: the module docstring).
_live: "Dict[Optional[int], weakref.ReferenceType[Navigator]]" = {}  # keyed by a ctx, which may be NULL
#: Ops not yet ended, by token (their completion and run block ctx).
_ops: Dict[Optional[int], Operation] = {}
#: The Navigator of each live handle (its C pointer value), held weakly: a query's navigator is
#: the object the host made for it, and a factory's new screen goes to the navigator that will
#: own it (_family.py keeps the entries).
_objects: "Dict[int, weakref.ReferenceType[Navigator]]" = {}


def _object_of(handle: Optional[int]) -> "Optional[Navigator]":
    """The Navigator of a handle navcore passed or returned; None for none (or one the binding
    never made)."""
    if not handle:
        return None
    ref = _objects.get(handle)
    return ref() if ref is not None else None


def _gone() -> None:
    """``_live.get(ctx, _gone)()`` is the navigator of a registration's ctx (calling its weak
    reference: no Python call), or None once it is gone."""
    return None


def _unlist(token: int, _ref: Any = None) -> None:
    """Removes a navigator from _live (also the weak reference's callback)."""
    _live.pop(token, None)


def _deliver(receivers: Sequence[Callable[[Any], Any]], value: Any) -> None:
    """Calls every receiver with ``value``; one that raises has its exception stashed, and the
    others are still called."""
    for receiver in receivers:
        try:
            receiver(value)
        except BaseException as error:  # noqa: B902 - re-raised from the binding call
            _stash(error)


def _op_done(cell: Any, nav: Any, op: int, outcome: int, ctx: Optional[int]) -> None:
    """An op ended: its Operation records the outcome and calls its done callbacks."""
    try:
        operation = _ops.pop(ctx, None)
        if operation is not None:
            operation._block = None
            callbacks = operation._complete(OUTCOMES[outcome])
            if callbacks:
                _deliver(callbacks, operation)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _run_block(cell: Any, nav: Any, ctx: Optional[int]) -> None:
    """A ``run`` op's turn came: calls its block."""
    try:
        operation = _ops.get(ctx)
        block = operation._block if operation is not None else None
        if block is not None:
            block()
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_action(cell: Any, nav: Any, event_p: Any, ctx: Optional[int]) -> None:
    """An action event, for the action listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        listeners = navigator._listeners["action"] if navigator is not None else None
        if not listeners:
            return
        event = event_p.contents
        screen = navigator._known_screen  # type: ignore[union-attr]
        action = _new(ActionEvent)
        fields = action.__dict__
        fields["state"] = ACTIONS[event.state]
        fields["appearing"] = screen(event.appearing) if event.appearing else None
        fields["disappearing"] = tuple(screen(event.disappearing[i]) for i in range(event.disappearing_count))
        fields["animated"] = event.animated
        _deliver(listeners, action)
        if action.state is _IDLE:  # the op's last event: its released screens are done with
            navigator._released.clear()  # type: ignore[union-attr]
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_appearance(
    cell: Any, nav: Any, phase: int, screen_id: int, obj: Any, reason: int, animated: bool, ctx: Optional[int]
) -> None:
    """A show or hide: the screen's own hook first, then the listeners of the phase. The event is
    built only if one of them is there to receive it."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        screen = navigator._screens.get(screen_id) or navigator._screen(screen_id)
        receivers: Sequence[Callable[[Any], Any]] = navigator._listeners[_PHASE_KINDS[phase]]
        hooks = screen._hooks
        if hooks is not None and hooks[phase] is not None:  # the screen's own hook goes first
            receivers = (hooks[phase], *receivers)
        if receivers:
            event = _new(AppearanceEvent)
            fields = event.__dict__
            fields["phase"] = PHASES[phase]
            fields["screen"] = screen
            fields["reason"] = REASONS[reason]
            fields["animated"] = animated
            for receiver in receivers:  # _deliver, inline: 4 of a cycle's 7 callbacks come here
                try:
                    receiver(event)
                except BaseException as error:  # noqa: B902
                    _stash(error)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_progress(cell: Any, nav: Any, transition: int, progress: float, ctx: Optional[int]) -> None:
    """The interactive transition's progress, for the progress listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is not None:
            navigator._emit("progress", ProgressEvent(transition, progress))
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_bar(cell: Any, nav: Any, shown: bool, animated: bool, ctx: Optional[int]) -> None:
    """The navigation bar was shown or hidden, for the bar listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is not None:
            navigator._emit("bar", BarEvent(bool(shown), bool(animated)))
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_payload(cell: Any, nav: Any, screen_id: int, obj: Any, payload: bytes, ctx: Optional[int]) -> None:
    """A payload for a screen: its ``receive_payload`` hook first, then the listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        screen = navigator._screen(screen_id)
        text = Payload(payload.decode("utf-8"))
        hooks = screen._hooks
        hook = hooks[_PAYLOAD_HOOK] if hooks is not None else None
        if hook is not None:
            _deliver((hook,), text)
        navigator._emit("payload", PayloadEvent(screen, text))
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_release(cell: Any, nav: Any, screen_id: int, obj: Any, route: bytes, ctx: Optional[int]) -> None:
    """The binding's own callback: lets go of the screen's object, then tells the listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        screen = navigator._screens.get(screen_id) or Screen(screen_id, route.decode("utf-8"), None)
        held = screen.object
        navigator._forget_screen(screen)
        if navigator._listeners["action"]:  # its op's action events still name it
            navigator._released[screen_id] = screen
        listeners = navigator._listeners["release"]
        if listeners:
            event = _new(ReleaseEvent)
            fields = event.__dict__
            fields["screen"] = screen
            fields["object"] = held
            _deliver(listeners, event)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_detach(cell: Any, nav: Any, screen_id: int, obj: Any, route: bytes, ctx: Optional[int]) -> None:
    """A retained screen left the stack (SPEC §17): the binding keeps its Screen and object."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        listeners = navigator._listeners["detach"]
        if listeners:
            event = _new(DetachEvent)
            event.__dict__["screen"] = navigator._screens.get(screen_id) or navigator.screen(screen_id)
            _deliver(listeners, event)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_child(cell: Any, nav: Any, screen_id: int, child: Any, ctx: Optional[int]) -> None:
    """navcore made a navigator under this one (restore_tree): its object, then the handler."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        made = type(navigator)._wrap_made(child, navigator)
        handler = navigator._child_handler
        if handler is not None:
            handler(navigator, navigator._screen(screen_id) if screen_id else None, made)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_done(cell: Any, nav: Any, op: int, outcome: int, ctx: Optional[int]) -> None:
    """An op ended, for the done listeners (the op's own Operation hears it from _op_done)."""
    try:
        navigator = _live.get(ctx, _gone)()
        listeners = navigator._listeners["done"] if navigator is not None else None
        if listeners:
            event = _new(DoneEvent)
            fields = event.__dict__
            fields["op"] = OPS[op]
            fields["outcome"] = OUTCOMES[outcome]
            _deliver(listeners, event)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_wakeup(cell: Any, nav: Any, ctx: Optional[int]) -> None:
    """Host dispatch: ops wait, for the wakeup listeners."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is not None:
            navigator._emit("wakeup", WakeupEvent())
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_transition(cell: Any, nav: Any, transition_p: Any, ctx: Optional[int]) -> None:
    """A transition for the animator; one that raises (or is gone) has it ended at once."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is None:
            return
        t = transition_p.contents
        transition = Transition(
            t.id,
            STYLES[t.style],
            navigator._screen_of(t.from_navigator, t.from_),  # a dismiss's is a modal's
            navigator._screen_of(t.to_navigator, t.to),  # a present's is a modal's
            bool(t.interactive),
            navigator,
        )
        animator = navigator._animator
        try:
            if animator is None:  # removed while C was calling it: nobody would finish
                raise _AnimatorGone()
            animator(transition)
        except BaseException as error:  # noqa: B902
            navigator._end_quietly(transition)
            if not isinstance(error, _AnimatorGone):
                raise
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


class _AnimatorGone(Exception):
    pass


def _on_veto_impl(
    cell: Any, nav: Any, screen_id: int, obj: Any, by_gesture: bool, decision: int, ctx: Optional[int]
) -> None:
    """The pop veto (registered deferrable): a veto taking three arguments also gets the
    Decision, and may answer LATER. Its answer goes to ``cell[1]``; a veto that raises refuses."""
    answer = VetoAnswer.REFUSE.code
    try:
        navigator = _live.get(ctx, _gone)()
        entry = navigator._veto_entry if navigator is not None else None
        if navigator is None or entry is None:
            answer = VetoAnswer.ALLOW.code
            return
        veto, takes_decision = entry
        screen = navigator._screen(screen_id)
        gesture = bool(by_gesture)
        if takes_decision:
            given = veto(screen, gesture, Decision(decision, screen, gesture, navigator))
        else:
            given = veto(screen, gesture)
        answer = _veto_answer(given, takes_decision)
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[1] = answer  # the answer, then "it ran": see _guard.py
        cell[0] = 1


def _veto_answer(answer: Any, takes_decision: bool) -> int:
    """A veto's answer for C: a VetoAnswer member (LATER) as is, anything else by its truth."""
    if isinstance(answer, VetoAnswer):
        if answer is VetoAnswer.LATER and not takes_decision:
            raise TypeError("a veto that answers LATER takes the decision: veto(screen, by_gesture, decision)")
        return answer.code
    return VetoAnswer.ALLOW.code if answer else VetoAnswer.REFUSE.code


def _takes_decision(veto: Callable[..., Any]) -> bool:
    """Whether a veto takes a third positional argument, the Decision."""
    try:
        parameters = list(inspect.signature(veto).parameters.values())
    except (TypeError, ValueError):
        return False
    if any(p.kind is p.VAR_POSITIONAL for p in parameters):
        return True
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in parameters) >= 3


#: The registrations of one item each (a route's factory, a screen's result listener): their
#: ctx -> the token of their navigator. The navigator keeps the item itself (``_items``): held
#: here, an item that refers to its navigator would keep it from ever being collected.
_owners: Dict[Optional[int], int] = {}


def _owner(ctx: Optional[int]) -> "Optional[Navigator]":
    """The navigator of an item's ctx, or None once it is gone."""
    return _live.get(_owners.get(ctx), _gone)()


def _on_result(cell: Any, nav: Any, screen_id: int, obj: Any, result: Optional[bytes], ctx: Optional[int]) -> None:
    """A screen's result, right before its release, for its result listener."""
    try:
        navigator = _owner(ctx)
        entry = navigator._items.get(ctx) if navigator is not None else None
        if entry is not None:
            screen, listener = entry
            listener(ResultEvent(screen, None if result is None else result.decode("utf-8")))
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _item_destroyed(cell: Any, ctx: Optional[int]) -> None:
    """C let go of an item's registration: a route unregistered, a result listener called,
    replaced or removed, or the navigator destroyed."""
    try:
        navigator = _owner(ctx)
        _owners.pop(ctx, None)
        if navigator is not None:
            navigator._items.pop(ctx, None)
            navigator._registration_ended()
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


def _on_factory_impl(
    cell: Any, out_object: Any, nav: Any, route: bytes, screen_id: int, payload: Optional[bytes], ctx: Optional[int]
) -> None:
    """A route's factory makes a screen's object: ``cell[1]`` is 0, or -1 when it failed."""
    answer = -1
    try:
        navigator = _owner(ctx)
        name = route.decode("utf-8")
        factory = navigator._items.get(ctx) if navigator is not None else None
        if navigator is None or factory is None:
            return
        # The screen is the navigator's that will own it (`nav`): a child's, for a route its
        # family inherits from this navigator (SPEC §16.1); None if it has no object here.
        owner = navigator if nav == navigator._handle.value else _object_of(nav)
        request = RouteRequest(name, screen_id, Payload(payload.decode("utf-8")) if payload is not None else None, owner)
        obj = factory(request)
        (owner if owner is not None else navigator)._adopt(Screen(screen_id, name, obj))
        out_object[0] = None
        answer = 0
    except FactoryFailed:
        pass
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[1] = answer  # the answer, then "it ran": see _guard.py
        cell[0] = 1


def _registration_destroyed(cell: Any, ctx: Optional[int]) -> None:
    """C let go of one of the navigator's registrations (its ctx destructor)."""
    try:
        navigator = _live.get(ctx, _gone)()
        if navigator is not None:
            navigator._registration_ended()
    except BaseException as error:  # noqa: B902
        _stash(error)
    finally:
        cell[0] = 1  # it ran: see _guard.py


_DONE_OP = guarded("op_done", _ffi.DoneFn, _op_done)
_RUN = guarded("run_block", _ffi.RunFn, _run_block)
_DESTROY = guarded("registration_destroyed", _ffi.DestroyFn, _registration_destroyed)
_NO_DESTROY = _ffi.DestroyFn()  # NULL
_FACTORY = guarded("on_factory", _ffi.FactoryFn, _on_factory_impl, -1)
_RESULT = guarded("on_result", _ffi.ResultFn, _on_result)
_ITEM_DESTROY = guarded("item_destroyed", _ffi.DestroyFn, _item_destroyed)

#: kind -> (C function, trampoline, leading arguments after the handle).
_REGISTRATIONS: Dict[str, Tuple[str, Any, Tuple[int, ...]]] = {
    "action": ("navcore_on_action", guarded("on_action", _ffi.ActionFn, _on_action), ()),
    "will_show": ("navcore_on_appearance", None, (Phase.WILL_SHOW.code,)),
    "did_show": ("navcore_on_appearance", None, (Phase.DID_SHOW.code,)),
    "will_hide": ("navcore_on_appearance", None, (Phase.WILL_HIDE.code,)),
    "did_hide": ("navcore_on_appearance", None, (Phase.DID_HIDE.code,)),
    "progress": ("navcore_on_progress", guarded("on_progress", _ffi.ProgressFn, _on_progress), ()),
    "bar": ("navcore_on_bar", guarded("on_bar", _ffi.BarFn, _on_bar), ()),
    "payload": ("navcore_on_payload", guarded("on_payload", _ffi.PayloadFn, _on_payload), ()),
    "release": ("navcore_on_release", guarded("on_release", _ffi.ReleaseFn, _on_release), ()),
    "detach": ("navcore_on_detach", guarded("on_detach", _ffi.ReleaseFn, _on_detach), ()),
    "child": ("navcore_on_child", guarded("on_child", _ffi.ChildFn, _on_child), ()),
    "done": ("navcore_on_done", guarded("on_done", _ffi.DoneFn, _on_done), ()),
    "wakeup": ("navcore_on_wakeup", guarded("on_wakeup", _ffi.WakeupFn, _on_wakeup), ()),
    "animator": ("navcore_on_transition", guarded("on_transition", _ffi.TransitionFn, _on_transition), ()),
    "veto": (
        "navcore_on_pop_veto_deferrable",
        guarded("on_veto", _ffi.DeferrableVetoFn, _on_veto_impl, VetoAnswer.REFUSE.code),
        (),
    ),
}
_APPEARANCE = guarded("on_appearance", _ffi.AppearanceFn, _on_appearance)
for _kind in _PHASE_KINDS:
    _name, _, _lead = _REGISTRATIONS[_kind]
    _REGISTRATIONS[_kind] = (_name, _APPEARANCE, _lead)
