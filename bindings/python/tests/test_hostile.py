"""What hostile use of the Python binding broke, as regression tests (docs/reliability.md,
*Hostile hosts (Python)*):

1. a navigator dropped without close() is torn down at a safe point, never inside the GC;
2. an exception raised at the very entry of a C-facing trampoline (a signal handler's, injected
   here with sys.setprofile) neither wedges the navigator nor leaves an op without outcome;
3. action events of released screens carry the screens that were pushed, and keep nothing;
4. the route-name cache is bounded in bytes.
"""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import tracemalloc
from ctypes import CFUNCTYPE, byref, c_bool, c_void_p, cast
from typing import Any, Callable, Iterator, List

import pytest

import navcore
from navcore import Action, Outcome, _ffi, _guard, _navigator, _text, _trampolines


class View:
    pass


# -- 1. dropped navigators ----------------------------------------------------------------------

DEADLOCK_REPRO = """
import gc, threading, navcore

# The cyclic GC may run at any allocation; here it runs at the one Operation.wait() makes while
# it holds the module-wide lock (the first repro reached it by chance, with default thresholds).
make_event = threading.Event
threading.Event = lambda: (gc.collect(), make_event())[1]

main = navcore.Navigator("host")

def drop():
    nav = navcore.Navigator("host")
    nav.on("wakeup", lambda e: nav)   # a cycle through the navigator, as navcore.aio makes
    nav.push(object())                # queued: destroying it aborts the op (a completion)

for _ in range(20):
    drop()
    main.push(object()).wait(0)
main.close()
print("ok")
"""


def test_a_dropped_navigator_is_not_destroyed_inside_the_gc() -> None:
    """The first repro: the finalizer ran navcore_navigator_destroy inside Operation.wait(),
    whose lock the aborted op's completion took again: the process hung."""
    result = subprocess.run(
        [sys.executable, "-c", DEADLOCK_REPRO], capture_output=True, text=True, timeout=30
    )
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr[-2000:]


def _is_destroyed(handle: int) -> bool:
    busy = c_bool()
    return _ffi.lib().navcore_is_busy(byref(busy), handle) == navcore.Status.INVALID_HANDLE.code


def test_a_navigator_dropped_while_idle_is_destroyed_without_another_call() -> None:
    nav = navcore.Navigator()
    nav.on("done", lambda e: nav)  # a cycle: only the cyclic GC frees it
    nav.push(View())
    handle = nav._handle.value
    del nav
    gc.collect()
    assert _navigator._reaped(timeout=10)  # the reaper thread destroyed it; nobody called in
    assert _is_destroyed(handle)


def test_dropped_navigators_ops_end_aborted_off_the_collecting_thread() -> None:
    nav = navcore.Navigator("host")
    nav.on("wakeup", lambda e: nav)
    waiting = nav.push(View())
    threads: List[Any] = []
    waiting.add_done_callback(lambda op: threads.append(__import__("threading").current_thread()))
    del nav
    gc.collect()
    assert _navigator._reaped(timeout=10)
    assert waiting.outcome is Outcome.ABORTED
    assert threads and threads[0] is not __import__("threading").main_thread()


# -- 2. exceptions at trampoline entry ----------------------------------------------------------


class Injected(BaseException):
    """What a signal handler raises (KeyboardInterrupt is one)."""


@pytest.fixture
def inject() -> Iterator[Callable[..., List[BaseException]]]:
    """``inject(trampoline)`` arms a profiler that raises Injected on the trampoline's next call,
    before its first instruction, as a signal handler can; ``inject(trampoline, "return")`` on
    its next return instead, after its ``finally`` set "ran" (a second signal in its ``except``
    or ``finally``). Returns the list of what ctypes reported instead of raising
    (sys.unraisablehook)."""
    reported: List[BaseException] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda args: reported.append(args.exc_value)

    def arm(trampoline: Callable[..., Any], when: str = "call") -> List[BaseException]:
        code = trampoline.__code__

        def profiler(frame: Any, event: str, arg: Any) -> None:
            if event == when and frame.f_code is code:
                sys.setprofile(None)
                raise Injected(code.co_name)

        sys.setprofile(profiler)
        return reported

    yield arm
    sys.setprofile(None)
    sys.unraisablehook = previous


def _interrupted(reported: List[BaseException], name: str) -> None:
    """The injection happened (ctypes reported it: it cannot reach Python code)."""
    assert [str(e) for e in reported if isinstance(e, Injected)] == [name]


def test_interrupted_op_completion_still_ends_the_op(nav: navcore.Navigator, inject: Any) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(View())  # a first screen: never animated
    op = nav.push(View())  # waits for its transition: it ends after its call, in its completion
    reported = inject(_trampolines._op_done)
    transitions[0].finish()
    _interrupted(reported, "_op_done")
    assert op.outcome is Outcome.COMPLETED


def test_interrupted_animator_still_plays_the_transition(nav: navcore.Navigator, inject: Any) -> None:
    transitions: List[navcore.Transition] = []
    nav.animator = transitions.append
    nav.push(View())
    reported = inject(_trampolines._on_transition)
    op = nav.push(View())
    _interrupted(reported, "_on_transition")
    assert len(transitions) == 1 and nav.busy
    transitions[0].finish()
    assert op.outcome is Outcome.COMPLETED and not nav.busy
    assert nav.push(View(), animated=False).outcome is Outcome.COMPLETED  # nothing stuck behind it


def test_interrupted_run_block_still_runs(nav: navcore.Navigator, inject: Any) -> None:
    ran: List[int] = []
    reported = inject(_trampolines._run_block)
    op = nav.run(lambda: ran.append(1))
    _interrupted(reported, "_run_block")
    assert ran == [1] and op.outcome is Outcome.COMPLETED


def test_interrupted_factory_still_makes_the_screen(nav: navcore.Navigator, inject: Any) -> None:
    nav.register_route("detail", lambda request: View())
    reported = inject(_trampolines._on_factory_impl)
    op = nav.show("detail")
    _interrupted(reported, "_on_factory_impl")
    assert op.outcome is Outcome.COMPLETED and isinstance(nav.top.object, View)  # type: ignore[union-attr]


def test_interrupted_veto_still_answers(nav: navcore.Navigator, inject: Any) -> None:
    nav.set_stack([View(), View()])
    nav.veto = lambda screen, by_gesture: False
    reported = inject(_trampolines._on_veto_impl)
    op = nav.back()
    _interrupted(reported, "_on_veto_impl")
    assert op.outcome is Outcome.VETOED and len(nav.stack) == 2


def test_interrupted_release_still_lets_go(nav: navcore.Navigator, inject: Any) -> None:
    released: List[navcore.Screen] = []
    nav.on("release", lambda e: released.append(e.screen))
    nav.push(View())
    nav.push(View())
    top = nav.top
    reported = inject(_trampolines._on_release)
    nav.pop(animated=False)
    _interrupted(reported, "_on_release")
    assert released == [top] and top.released and top.object is None  # type: ignore[union-attr]
    assert top.id not in nav._screens  # type: ignore[union-attr]


def test_interrupted_registration_destructor_still_lets_go_at_close(inject: Any) -> None:
    nav = navcore.Navigator()
    nav.on("done", lambda e: None)
    nav.push(View())
    reported = inject(_trampolines._registration_destroyed)
    nav.close()
    _interrupted(reported, "_registration_destroyed")
    assert nav._registrations == 0 and not nav._screens and not nav._listeners["done"]
    assert nav._token not in _trampolines._live


def test_interrupted_result_listener_still_hears_the_result(nav: navcore.Navigator, inject: Any) -> None:
    nav.push(View())
    pending = nav.push_for_result(View())
    reported = inject(_trampolines._on_result)
    nav.pop(result=[42])
    _interrupted(reported, "_on_result")
    assert pending.done() and pending.value() == [42]
    assert not nav._items and not _trampolines._owners  # its registration let go after the call


def test_interrupted_item_destructor_still_lets_go(nav: navcore.Navigator, inject: Any) -> None:
    nav.register_route("detail", lambda request: View())
    reported = inject(_trampolines._item_destroyed)
    nav.unregister_route("detail")
    _interrupted(reported, "_item_destroyed")
    assert not nav._items and not _trampolines._owners


def test_interrupted_deferrable_veto_still_answers_later(nav: navcore.Navigator, inject: Any) -> None:
    nav.set_stack([View(), View()])
    decisions: List[navcore.Decision] = []
    nav.veto = lambda screen, by_gesture, decision: decisions.append(decision) or navcore.LATER
    reported = inject(_trampolines._on_veto_impl)
    op = nav.back()
    _interrupted(reported, "_on_veto_impl")
    assert len(decisions) == 1 and op.outcome is None and nav.busy
    decisions[0].allow()
    assert op.outcome is Outcome.COMPLETED and len(nav.stack) == 1


VETOES = [
    (lambda screen, by_gesture, decision: True, 1, Outcome.COMPLETED),
    (lambda screen, by_gesture, decision: False, 2, Outcome.VETOED),
    (lambda screen, by_gesture, decision: navcore.LATER, 2, None),
]


@pytest.mark.parametrize("veto,depth,outcome", VETOES, ids=["allow", "refuse", "later"])
def test_interrupted_veto_after_it_ran_keeps_its_answer(
    nav: navcore.Navigator, inject: Any, veto: Any, depth: int, outcome: Any
) -> None:
    """An exception escaping the veto's trampoline after it ran leaves ctypes' return slot
    unwritten: the guard answers from the cell, never from that slot."""
    nav.set_stack([View(), View()])
    nav.veto = veto
    reported = inject(_trampolines._on_veto_impl, "return")
    op = nav.back()
    _interrupted(reported, "_on_veto_impl")
    assert op.outcome is outcome and len(nav.stack) == depth and nav.busy is (outcome is None)


def test_interrupted_factory_after_it_ran_keeps_its_screen(nav: navcore.Navigator, inject: Any) -> None:
    nav.register_route("detail", lambda request: View())
    reported = inject(_trampolines._on_factory_impl, "return")
    op = nav.show("detail")
    _interrupted(reported, "_on_factory_impl")
    assert op.outcome is Outcome.COMPLETED and isinstance(nav.top.object, View)  # type: ignore[union-attr]


def test_the_c_guard_sits_beside_the_library() -> None:
    """The binding's C entry guard (make python-guard; bundled in the wheel) is the one in use:
    the Python guard costs a second ctypes call and callback per callback."""
    assert _guard.guard_library is not None, "libnavcore_pyguard.so was not found: `make python-guard`"
    assert os.path.dirname(_guard.guard_library._name) == os.path.dirname(_ffi.library_path())


def test_c_guard_calls_again_until_the_trampoline_has_run(nav: navcore.Navigator) -> None:
    """The C guard calls a trampoline again while it has not run (a profiler is disabled by the
    exception it raises, so here the op completion's target fails by itself): twice, then it
    runs, once; and a target that never runs is given up after 8 tries (no hang)."""
    target = c_void_p.in_dll(_guard.guard_library, "navcore_pyguard_op_done_target")
    saved = target.value
    calls = [0]
    failing = [2]

    def flaky(cell: Any, *arguments: Any) -> None:
        calls[0] += 1
        if failing[0]:
            failing[0] -= 1
            raise Injected("at entry")
        _trampolines._op_done(cell, *arguments)

    closure = CFUNCTYPE(None, _guard.CellPointer, *_ffi.DoneFn._argtypes_)(flaky)
    reported: List[BaseException] = []
    previous = sys.unraisablehook
    sys.unraisablehook = lambda args: reported.append(args.exc_value)
    target.value = cast(closure, c_void_p).value
    host = navcore.Navigator(dispatch=navcore.Dispatch.HOST)  # its ops end in a drain, in their completion
    try:
        op = host.push(View())
        host.drain()
        assert calls == [3] and len(reported) == 2 and op.outcome is Outcome.COMPLETED
        failing[0] = 100
        calls[0] = 0
        never = host.push(View())
        host.drain()
        assert calls == [8] and never.outcome is None
        for token in [t for t, o in _trampolines._ops.items() if o is never]:  # it never will
            del _trampolines._ops[token]
    finally:
        target.value = saved
        sys.unraisablehook = previous
        host.close()


def test_the_python_guard_keeps_the_promise() -> None:
    """Without the C guard (NAVCORE_PYGUARD=none: a navcore library without it beside), the
    Python guard runs every trampoline interrupted at its entry: this file's tests of it."""
    environment = dict(os.environ, NAVCORE_PYGUARD="none")
    check = "from navcore import _guard, _trampolines; assert _guard.guard_library is None"
    subprocess.run([sys.executable, "-c", check], env=environment, check=True, timeout=60)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", __file__, "-k", "test_interrupted"],
        env=environment, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert " passed" in result.stdout and "failed" not in result.stdout


LISTENER_KINDS = [
    ("action", "_on_action", lambda nav: nav.push(View())),
    ("did_show", "_on_appearance", lambda nav: nav.push(View())),
    ("done", "_on_done", lambda nav: nav.push(View())),
    ("bar", "_on_bar", lambda nav: (nav.set_bar_threshold(1), nav.push(View()))),
    ("payload", "_on_payload", lambda nav: nav.show("r", payload="p")),
    ("progress", "_on_progress", lambda nav: nav.update_transition(0.5)),
    ("wakeup", "_on_wakeup", lambda nav: nav.push(View())),
]


def _hear(kind: str, trigger: Callable[[navcore.Navigator], Any], arm: Callable[[], Any]) -> List[Any]:
    """What a ``kind`` listener hears from ``trigger(nav)``, ``arm()`` called just before it; the
    navigator must then be idle with nothing queued."""
    nav = navcore.Navigator("host" if kind == "wakeup" else "inline")
    try:
        nav.register_route("r", lambda request: View())
        transitions: List[navcore.Transition] = []
        if kind == "progress":
            nav.animator = transitions.append
            nav.set_stack([View(), View()], animated=False)
            nav.gesture()
        heard: List[Any] = []
        nav.on(kind, heard.append)
        arm()
        trigger(nav)
        sys.setprofile(None)
        for transition in transitions:
            transition.cancel()
        nav.drain()
        assert not nav.busy and nav.pending == 0
        return heard
    finally:
        nav.close()


@pytest.mark.parametrize("kind,trampoline,trigger", LISTENER_KINDS, ids=[k[0] for k in LISTENER_KINDS])
def test_interrupted_listener_trampoline_still_delivers(kind: str, trampoline: str, trigger: Any, inject: Any) -> None:
    expected = _hear(kind, trigger, lambda: None)
    armed: List[List[BaseException]] = []
    heard = _hear(kind, trigger, lambda: armed.append(inject(getattr(_trampolines, trampoline))))
    _interrupted(armed[0], trampoline)
    assert expected and len(heard) == len(expected), f"{kind}: heard {heard}, expected {expected}"


# -- 3. action events of released screens -------------------------------------------------------


def test_completed_events_carry_the_pushed_screen_and_keep_nothing(nav: navcore.Navigator) -> None:
    events: List[navcore.ActionEvent] = []
    nav.on("action", events.append)
    nav.push(View())
    for _ in range(200):
        screen = nav.create_screen("detail", View())
        nav.push(screen)
        events.clear()
        nav.pop()
        completed = [e for e in events if e.state is Action.POP_COMPLETED]
        assert completed and completed[0].disappearing == (screen,)
        assert completed[0].disappearing[0] is screen and screen.route == "detail"
    assert len(nav._screens) == 1  # only the root: no Screen made up for a released id


def test_action_listener_memory_is_bounded_over_many_cycles(nav: navcore.Navigator) -> None:
    nav.on("action", lambda e: None)
    nav.push(View())

    def cycles(n: int) -> None:
        for _ in range(n):
            nav.push(View())
            nav.pop()

    cycles(2_000)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        cycles(5_000)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < 50_000, f"{grown} bytes kept over 5,000 push/pop cycles"


# -- 4. the route-name cache ----------------------------------------------------------------------


def test_route_cache_is_bounded_in_bytes() -> None:
    _text._route_texts.clear()
    with navcore.Navigator() as nav:
        for i in range(30):
            nav.create_screen(f"{i:02}" + "r" * 10_000_000)
    kept = sum(len(route) + len(text) for route, text in _text._route_texts.items())
    assert kept <= _text._ROUTE_TEXTS_BYTES
    assert _text._ROUTE_TEXTS_BYTES <= 1 << 20
