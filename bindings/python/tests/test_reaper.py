"""The reaper thread (_navigator.py, "Dropped navigators") where it cannot run.

1. a thread that cannot start (thread limit, interpreter shutdown) makes Navigator() raise and
   leaves nothing behind; the next Navigator() starts the reaper, and dropped navigators are
   destroyed;
2. a sub-interpreter (legacy, isolated, or made by the C API) refuses Navigator() with an
   exception that says why, starts no thread, queues nothing, and can end: the host process
   goes on.

Each runs in a fresh interpreter, in a subprocess: the reaper is started once per process (this
one's runs already), and a sub-interpreter that cannot end aborts the whole process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from typing import Any, List

import pytest

import navcore


def _run(script: str) -> List[Any]:
    """Runs ``script`` in a fresh interpreter and returns the JSON documents it prints, one a
    line. A hang (a ``_reaped()`` that never returns) or an abort fails the test."""
    environment = dict(os.environ, NAVCORE_LIBRARY=navcore.library_path())
    result = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
    return [json.loads(line) for line in result.stdout.splitlines()]


# -- 1. a reaper thread that cannot start -------------------------------------------------------

# threading.Thread.start raises once, as it does at the thread limit ("can't start new thread").
FAILING_START = """
import gc, json, threading
from ctypes import byref, c_bool
import navcore
from navcore import _ffi, _navigator, _trampolines

start = threading.Thread.start

def fail_once(thread):
    threading.Thread.start = start
    raise RuntimeError("can't start new thread")

threading.Thread.start = fail_once

def destroyed(handle):
    busy = c_bool()
    return _ffi.lib().navcore_is_busy(byref(busy), handle) == navcore.Status.INVALID_HANDLE.code

class View:
    pass
"""


def test_a_reaper_that_cannot_start_fails_navigator_and_leaves_no_handle() -> None:
    (found,) = _run(FAILING_START + textwrap.dedent("""
    try:
        navcore.Navigator()
        raised = None
    except RuntimeError as error:
        raised = str(error)
    gc.collect()
    print(json.dumps({"raised": raised, "queued": _navigator._dropped.qsize(), "live": len(_trampolines._live)}))
    """))
    assert found["raised"] is not None and "can't start new thread" in found["raised"], found
    assert found["queued"] == 0 and found["live"] == 0, found  # no handle was made, none waits


def test_after_a_failed_start_the_next_navigator_starts_the_reaper() -> None:
    (found,) = _run(FAILING_START + textwrap.dedent("""
    try:
        navcore.Navigator()
    except RuntimeError:
        pass
    nav = navcore.Navigator()
    nav.on("done", lambda event: nav)  # a cycle: only the cyclic GC frees it
    nav.push(View())
    handle = nav._handle.value
    del nav
    gc.collect()
    reaped = _navigator._reaped()  # no timeout: returns once the reaper destroyed it
    print(json.dumps({"reaped": reaped, "destroyed": destroyed(handle), "live": len(_trampolines._live)}))
    """))
    assert found == {"reaped": True, "destroyed": True, "live": 0}


def test_reaped_raises_when_the_reaper_cannot_start_and_works_after() -> None:
    (found,) = _run(FAILING_START + textwrap.dedent("""
    try:
        _navigator._reaped()
        raised = False
    except RuntimeError:
        raised = True
    print(json.dumps({"raised": raised, "then": _navigator._reaped(timeout=10)}))
    """))
    assert found == {"raised": True, "then": True}


# -- 2. sub-interpreters ------------------------------------------------------------------------

# What runs in the sub-interpreter: Navigator() and _reaped() are refused; it then has one
# thread, nothing queued for a reaper, no navigator, and it left the C guard (process-global) to
# the main interpreter.
IN_SUB_INTERPRETER = """
import gc, json, threading
import navcore
from navcore import _guard, _navigator, _trampolines
try:
    navcore.Navigator()
    refused = None
except RuntimeError as error:
    refused = str(error)
try:
    _navigator._reaped()
    reaped_refused = False
except RuntimeError:
    reaped_refused = True
gc.collect()
print(json.dumps({
    "refused": refused,
    "reaped_refused": reaped_refused,
    "threads": threading.active_count(),
    "queued": _navigator._dropped.qsize(),
    "live": len(_trampolines._live),
    "c_guard": _guard.guard_library is not None,
}), flush=True)
"""

# How the host makes a sub-interpreter, runs CODE in it and ends it, by kind.
SUB_INTERPRETERS = {
    "legacy": "import _xxsubinterpreters as interpreters\n"
    "interpreter = interpreters.create(isolated=False)\n"
    "interpreters.run_string(interpreter, CODE)\n"
    "interpreters.destroy(interpreter)\n",
    "isolated": "import _xxsubinterpreters as interpreters\n"
    "interpreter = interpreters.create(isolated=True)\n"
    "interpreters.run_string(interpreter, CODE)\n"
    "interpreters.destroy(interpreter)\n",
    "c_api": "import _testcapi\n"  # Py_NewInterpreter, then Py_EndInterpreter
    "assert _testcapi.run_in_subinterp(CODE) == 0\n",
}


@pytest.mark.parametrize("kind", sorted(SUB_INTERPRETERS))
def test_a_sub_interpreter_refuses_navigator_and_can_end(kind: str) -> None:
    script = f"import json\nCODE = {IN_SUB_INTERPRETER!r}\n{SUB_INTERPRETERS[kind]}"
    in_sub, host = _run(script + 'print(json.dumps({"ended": True}))\n')
    refused = in_sub.pop("refused")
    assert refused is not None and "sub-interpreter" in refused and "main interpreter" in refused, refused
    assert in_sub == {"reaped_refused": True, "threads": 1, "queued": 0, "live": 0, "c_guard": False}
    assert host == {"ended": True}  # the sub-interpreter ended, and the host went on
