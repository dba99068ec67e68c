"""`import navcore` stays cheap (issue 10: at most 30 ms): it loads the library, but not the
modules only some programs need. asyncio alone cost ~25 ms of every import; subprocess (through
ctypes.util) and pathlib a few ms each. Checked by module, not by time: timings on a shared
machine vary by 2x; docs/performance.md (W8) reports the time."""

from __future__ import annotations

import subprocess
import sys

# Each is imported by navcore only where it is needed: an await, navcore.aio, the system search.
LAZY = ("asyncio", "subprocess", "ctypes.util", "pathlib", "navcore.aio")

# The modules navcore imports: those already there at startup (an editable install's import hook
# brings pathlib) do not count.
PROBE = f"""
import sys
before = set(sys.modules)
import navcore
nav = navcore.Navigator()
nav.push(object())
nav.close()
print(" ".join(name for name in {LAZY!r} if name in sys.modules and name not in before))
import navcore.aio
"""


def test_import_navcore_does_not_import_the_lazy_modules() -> None:
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == []


def test_navcore_aio_is_an_attribute_loaded_on_first_use() -> None:
    code = "import navcore, sys; adapter = navcore.aio; print(adapter.__name__, 'asyncio' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["navcore.aio", "True"]


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    import navcore

    try:
        navcore.no_such_thing  # type: ignore[attr-defined]  # noqa: B018
    except AttributeError as error:
        assert "no_such_thing" in str(error)
    else:
        raise AssertionError("navcore.no_such_thing did not raise")
