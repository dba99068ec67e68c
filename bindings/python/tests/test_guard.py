"""The entry guard's safety (navcore/_guard.py, guard/navcore_pyguard.c), as regression tests.

1. the C guard's targets are process-global: a second copy of the binding in the process must
   not take them over, a reload must not free what they point to, and a guard library that is
   stale (no ABI version, another ABI version, a guard missing) is refused with a warning, the
   Python guard used instead;
3. an interrupt raised at a trampoline's entry (the trampoline then run again by the guard) is
   raised from the outermost binding call, as a callback's exception is; other unraisable
   exceptions still reach the hook that was there before.

(Item 2, answers from the cell, is with the other injections in test_hostile.py.) Each runs in
a subprocess: they load libraries, import copies and install hooks for the whole process.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, Optional

import pytest

import navcore
from navcore import _guard

from .conftest import HEADER, PACKAGE_DIR

GUARD_SOURCE = PACKAGE_DIR / "guard" / "navcore_pyguard.c"


def _run(script: str, extra_env: Optional[Dict[str, str]] = None, path: Optional[Path] = None) -> Any:
    """Runs ``script`` in a fresh interpreter (with this one's library; ``path`` first on
    sys.path) and returns the JSON it prints last."""
    environment = dict(os.environ, NAVCORE_LIBRARY=navcore.library_path(), **(extra_env or {}))
    if path is not None:
        environment["PYTHONPATH"] = os.pathsep.join([str(path), environment.get("PYTHONPATH", "")])
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], env=environment, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
    return json.loads(result.stdout.strip().splitlines()[-1])


# -- 1. process-global targets ------------------------------------------------------------------

# The C guard function a pointer of _trampolines leads to, or None (the Python guard's closure).
USES_C_GUARD = """
def uses_c_guard(package, name, pointer):
    library = package._guard.guard_library
    if library is None:
        return False
    guard = getattr(library, "navcore_pyguard_" + name, None)
    address = ctypes.cast(pointer, ctypes.c_void_p).value
    return guard is not None and address == ctypes.cast(guard, ctypes.c_void_p).value
"""

TWO_COPIES = """
import ctypes, json, warnings
import navcore, navcore_twin
""" + USES_C_GUARD + """
class View:
    pass

with warnings.catch_warnings(record=True) as caught:  # the first Navigator loads the binding
    warnings.simplefilter("always")
    first, second = navcore.Navigator(), navcore_twin.Navigator()
outcomes = []
for _ in range(3):
    outcomes += [str(first.push(View()).outcome), str(second.push(View()).outcome)]
print(json.dumps({
    "outcomes": outcomes,
    "stacks": [len(first.stack), len(second.stack)],
    "c_guard": [uses_c_guard(navcore, "op_done", navcore._trampolines._DONE_OP),
                uses_c_guard(navcore_twin, "op_done", navcore_twin._trampolines._DONE_OP)],
    "warnings": [str(w.message) for w in caught if w.category is RuntimeWarning],
}))
"""


def test_a_second_copy_of_the_binding_does_not_take_the_c_guard_over(tmp_path: Path) -> None:
    """Two copies loading the same libnavcore_pyguard.so: the second finds the targets taken and
    uses its Python guard; each copy's ops end in its own tables."""
    shutil.copytree(PACKAGE_DIR / "navcore", tmp_path / "navcore_twin")
    found = _run(TWO_COPIES, path=tmp_path)
    assert found["outcomes"] == ["completed"] * 6 and found["stacks"] == [3, 3], found
    assert found["c_guard"] == [True, False], found
    assert len(found["warnings"]) == 1 and "another copy of the binding" in found["warnings"][0], found


SUB_INTERPRETER_FIRST = """
import ctypes, json, warnings
import _xxsubinterpreters as interpreters
""" + USES_C_GUARD + """
class View:
    pass

interpreter = interpreters.create()  # the binding is loaded there first (Navigator() refused)
interpreters.run_string(interpreter, "import navcore\\ntry: navcore.Navigator()\\nexcept RuntimeError: pass")
interpreters.destroy(interpreter)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import navcore
    nav = navcore.Navigator()
print(json.dumps({
    "outcome": str(nav.push(View()).outcome),
    "c_guard": uses_c_guard(navcore, "op_done", navcore._trampolines._DONE_OP),
    "warnings": [str(w.message) for w in caught if w.category is RuntimeWarning],
}))
"""


def test_a_sub_interpreter_leaves_the_c_guard_to_the_main_interpreter() -> None:
    """A sub-interpreter makes no navigator (test_reaper.py), so its copy of the binding takes no
    target: they would lead to closures of an interpreter that ends, and the main interpreter's
    copy, imported later, would find them taken."""
    found = _run(SUB_INTERPRETER_FIRST)
    assert found == {"outcome": "completed", "c_guard": True, "warnings": []}


RELOAD = """
import gc, importlib, json, navcore
from navcore import _guard

class View:
    pass

navcore.Navigator().close()  # loads the binding: the C guard's targets are set
held = _guard.guard_library
importlib.reload(_guard)
gc.collect()
nav = navcore.Navigator()
outcomes = set()
nav.on("did_show", lambda event: None)
nav.push(View())
for _ in range(200):
    outcomes.add(str(nav.push(View()).outcome))
    outcomes.add(str(nav.pop().outcome))
print(json.dumps({"outcomes": sorted(outcomes), "stack": len(nav.stack), "c_guard": held is not None}))
"""


def test_reloading_the_guard_module_frees_no_closure_c_still_calls() -> None:
    found = _run(RELOAD)
    assert found == {"outcomes": ["completed"], "stack": 1, "c_guard": True}  # no crash, nothing lost


STALE = """
import ctypes, json, warnings
import navcore
""" + USES_C_GUARD + """
class View:
    pass

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    nav = navcore.Navigator("host")
heard = []
nav.on("wakeup", heard.append)
op = nav.push(View())
nav.drain()
print(json.dumps({
    "outcome": str(op.outcome),
    "woken": len(heard),
    "c_guard": {name: uses_c_guard(navcore, name, pointer) for name, pointer in (
        ("op_done", navcore._trampolines._DONE_OP),
        ("on_wakeup", navcore._trampolines._REGISTRATIONS["wakeup"][1]))},
    "warnings": [str(w.message) for w in caught if w.category is RuntimeWarning],
}))
"""

ABI_LINE = re.compile(r"^#define NAVCORE_PYGUARD_ABI \d+$", re.M)
# name -> (how the guard's source is changed, the reason warned, which guards stay C)
STALE_GUARDS = {
    "no_abi": (lambda source: source.replace("EXPORTED const int navcore_pyguard_abi", "const int unversioned"),
               "has no ABI version", {"op_done": False, "on_wakeup": False}),
    "other_abi": (lambda source: ABI_LINE.sub("#define NAVCORE_PYGUARD_ABI 99", source),
                  "has ABI version 99, this binding needs", {"op_done": False, "on_wakeup": False}),
    "no_wakeup_guard": (lambda source: re.sub(r"^VOID_GUARD\(on_wakeup,.*$", "", source, flags=re.M),
                        "has no guard 'on_wakeup'", {"op_done": True, "on_wakeup": False}),
}


@pytest.mark.parametrize("variant", sorted(STALE_GUARDS))
def test_a_stale_guard_library_is_refused_with_a_warning(variant: str, tmp_path: Path) -> None:
    """A guard library built from an older or other source beside this binding: the binding
    warns and uses its Python guard where the C one does not fit (import still works)."""
    change, reason, c_guards = STALE_GUARDS[variant]
    source = GUARD_SOURCE.read_text()
    assert ABI_LINE.search(source) and f"#define NAVCORE_PYGUARD_ABI {_guard.GUARD_ABI}\n" in source
    changed = change(source)
    assert changed != source
    (tmp_path / "guard.c").write_text(changed)
    library = tmp_path / "libnavcore_pyguard.so"
    subprocess.run(
        ["gcc", "-std=c11", "-O2", "-fPIC", "-fvisibility=hidden", "-shared", f"-I{HEADER.parent}",
         str(tmp_path / "guard.c"), "-o", str(library)],
        check=True, timeout=120,
    )
    found = _run(STALE, {_guard.GUARD_ENV: str(library)})
    assert found["outcome"] == "completed" and found["woken"] >= 1, found
    assert found["c_guard"] == c_guards, found
    assert len(found["warnings"]) == 1 and reason in found["warnings"][0], found


# -- 3. interrupts at entry reach the caller ----------------------------------------------------

INTERRUPTED = """
import json, sys
seen = []
sys.unraisablehook = lambda unraisable: seen.append(repr(unraisable.exc_value))
import navcore
from navcore import _trampolines

class View:
    pass

class Leaky:
    def __del__(self):
        raise ValueError("not navcore's")

nav = navcore.Navigator(dispatch=navcore.Dispatch.HOST)  # the push ends in the drain, in its completion
code = _trampolines._op_done.__code__

def profiler(frame, event, arg):
    if event == "call" and frame.f_code is code:
        sys.setprofile(None)
        raise KeyboardInterrupt("at entry")

raised = None
sys.setprofile(profiler)
nav.push(View())
try:
    nav.drain()
except KeyboardInterrupt as error:
    raised = repr(error)
sys.setprofile(None)
Leaky()
print(json.dumps({"raised": raised, "stack": len(nav.stack), "busy": nav.busy,
                  "ops_left": len(_trampolines._ops), "seen": seen}))
"""


@pytest.mark.parametrize("guard", ["c", "python"])
def test_an_interrupt_at_entry_is_raised_from_the_binding_call(guard: str) -> None:
    """Ctrl-C at the op completion's first instruction: the completion still runs (the op ends)
    and the KeyboardInterrupt comes out of the drain that ran it; an unraisable exception that is not the
    binding's still goes to the hook installed before navcore."""
    found = _run(INTERRUPTED, {_guard.GUARD_ENV: "none"} if guard == "python" else {})
    assert found["raised"] == "KeyboardInterrupt('at entry')", found
    assert found["stack"] == 1 and not found["busy"] and found["ops_left"] == 0, found
    assert found["seen"] == ['ValueError("not navcore\'s")'], found
