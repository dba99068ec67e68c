"""`import navcore` stays cheap (a budget of 30 ms). It loads the C library, and the rest
of the API on first use (PEP 562); the modules only some programs need (asyncio alone cost ~25 ms
of every import; subprocess through ctypes.util, pathlib) are not imported even by the first
navigator. Checked by module, not by time: timings on a shared machine vary by 2x; W8 of
docs/performance.md reports the time."""

from __future__ import annotations

import subprocess
import sys
from typing import List

import navcore

# Not imported by `import navcore` alone.
LAZY_AT_IMPORT = ("navcore._navigator", "navcore._events", "navcore._enums", "dataclasses", "typing", "enum")
# Not imported by a navigator's first push either: an await, navcore.aio, the system search, the
# mirror, the Textual integration (and Textual itself).
LAZY_ALWAYS = ("asyncio", "subprocess", "ctypes.util", "pathlib", "navcore.aio", "navcore.mirror", "navcore.textual", "textual")

# Modules already there at startup (an editable install's import hook brings pathlib) do not count.
PROBE = f"""
import sys
before = set(sys.modules)

def imported(names):
    return ",".join(name for name in names if name in sys.modules and name not in before) or "-"

import navcore
print(imported({LAZY_AT_IMPORT!r} + {LAZY_ALWAYS!r}))
nav = navcore.Navigator()
nav.push(object())
nav.close()
print(imported({LAZY_ALWAYS!r}))
"""


def run(code: str) -> List[str]:
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.split()


def test_import_navcore_loads_the_library_and_not_the_rest() -> None:
    at_import, after_first_push = run(PROBE)
    assert at_import == "-"
    assert after_first_push == "-"


def test_navcore_aio_is_an_attribute_loaded_on_first_use() -> None:
    code = "import navcore, sys; adapter = navcore.aio; print(adapter.__name__, 'asyncio' in sys.modules)"
    assert run(code) == ["navcore.aio", "True"]


def test_every_public_name_resolves_and_is_listed() -> None:
    for name in navcore.__all__:
        assert getattr(navcore, name) is not None, name
    assert set(navcore.__all__) <= set(dir(navcore))
    assert navcore.Navigator is navcore._navigator.Navigator


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    try:
        navcore.no_such_thing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "no_such_thing" in str(error)
    else:
        raise AssertionError("navcore.no_such_thing did not raise")
