"""The loader, the version, and the one table of C signatures against navcore.h."""

from __future__ import annotations

import ctypes
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, Optional

import pytest

import navcore
from navcore import _ffi

from .conftest import HEADER, PACKAGE_DIR, REPO

BUILT = REPO / "build" / "lib" / "libnavcore.so.1"


# Imports navcore._ffi as `ffi` without running navcore/__init__.py (which loads the library),
# so that a test can change the search before `import navcore`.
PRELUDE = f"""
import sys, types
sys.modules["navcore"] = types.ModuleType("navcore")
sys.modules["navcore"].__path__ = [{str(PACKAGE_DIR / "navcore")!r}]
import navcore._ffi as ffi
del sys.modules["navcore"]
"""


def run_python(code: str, env: Optional[Dict[str, str]] = None, cwd: Optional[Path] = None) -> "subprocess.CompletedProcess[str]":
    environment = {k: v for k, v in os.environ.items() if k != "NAVCORE_LIBRARY"}
    environment["PYTHONPATH"] = str(PACKAGE_DIR)
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", PRELUDE + textwrap.dedent(code)],
        env=environment,
        cwd=str(cwd or PACKAGE_DIR),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_version_comes_from_one_place_and_matches_the_library() -> None:
    header_version = re.search(r'#define NAVCORE_VERSION_STRING "([^"]+)"', HEADER.read_text()).group(1)  # type: ignore[union-attr]
    assert navcore.__version__ == header_version == navcore.library_version()
    pyproject = (PACKAGE_DIR / "pyproject.toml").read_text()
    assert 'version = { attr = "navcore._version.__version__" }' in pyproject


def test_the_table_declares_every_function_of_the_header() -> None:
    declared = set(re.findall(r"^\s*NAVCORE_API\s+(?:const\s+)?\w+\s*\*?\s*(navcore_\w+)\s*\(", HEADER.read_text(), re.M))
    assert declared == set(_ffi.SIGNATURES)
    library = _ffi.lib()
    for name, (restype, argtypes) in _ffi.SIGNATURES.items():
        function = getattr(library, name)
        assert function.restype is restype and function.argtypes == argtypes


def _keeps_the_gil(function: Any) -> bool:
    """Whether a ctypes function is a PyDLL's, called with the GIL held (FUNCFLAG_PYTHONAPI)."""
    return bool(function._flags_ & ctypes._FUNCFLAG_PYTHONAPI)  # type: ignore[attr-defined]


def test_every_function_keeps_the_gil_while_none_may_wait() -> None:
    assert _ffi.WAITING == frozenset()  # every function of navcore.h says `@waits never`
    library = _ffi.lib()
    assert all(_keeps_the_gil(getattr(library, name)) for name in _ffi.SIGNATURES)


def test_a_function_that_may_wait_is_called_with_the_gil_released(monkeypatch: pytest.MonkeyPatch) -> None:
    """No function waits today, so WAITING is empty and the path that releases the GIL is
    never taken by the real table: a function listed as waiting (here one that does not) must
    come from a CDLL of the same library, declared as the others, and the others keep the GIL."""
    waiting = "navcore_version_number"
    monkeypatch.setattr(_ffi, "WAITING", frozenset({waiting}))
    target = _ffi.library_path()
    library = ctypes.PyDLL(target)
    _ffi._declare(library, target)
    function = getattr(library, waiting)
    assert not _keeps_the_gil(function)
    restype, argtypes = _ffi.SIGNATURES[waiting]
    assert function.restype is restype and function.argtypes == argtypes
    assert function() == _ffi.lib().navcore_version_number()
    others = [name for name in _ffi.SIGNATURES if name != waiting]
    assert others and all(_keeps_the_gil(getattr(library, name)) for name in others)


def test_enum_names_are_the_library_names() -> None:
    library = _ffi.lib()
    for enum, function in (
        (navcore.Status, library.navcore_status_string),
        (navcore.Outcome, library.navcore_outcome_string),
        (navcore.Op, library.navcore_op_string),
        (navcore.Action, library.navcore_action_string),
        (navcore.Reason, library.navcore_reason_string),
    ):
        for member in enum:
            assert function(int(member)).decode() == str(member)


def test_environment_variable_comes_first() -> None:
    result = run_python(
        "import navcore; print(navcore.library_path())",
        env={"NAVCORE_LIBRARY": str(BUILT.resolve())},
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(BUILT.resolve())


def test_a_bad_environment_variable_warns_and_falls_back() -> None:
    result = run_python(
        "import warnings, navcore; warnings.simplefilter('always'); print(navcore.library_path())",
        env={"NAVCORE_LIBRARY": "/nonexistent/libnavcore.so.1"},
    )
    assert result.returncode == 0, result.stderr
    assert "NAVCORE_LIBRARY=/nonexistent/libnavcore.so.1" in result.stderr
    assert result.stdout.strip().endswith("libnavcore.so.1")


def test_bundled_library_comes_before_the_built_tree(tmp_path: Path) -> None:
    bundled = tmp_path / "libnavcore.so.1"
    bundled.write_bytes(BUILT.read_bytes())
    result = run_python(
        f"""
        ffi.bundled_dir = lambda: {str(tmp_path)!r}
        import navcore; print(navcore.library_path())
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(bundled)


def test_built_tree_then_system() -> None:
    result = run_python(
        """
        ffi.bundled_dir = lambda: "/nonexistent"
        import navcore; print(navcore.library_path())
        """
    )
    assert result.stdout.strip() in (str(BUILT), str(REPO / "build" / "lib" / "libnavcore.so"))
    result = run_python(
        f"""
        import ctypes.util
        ffi.built_tree_dir = lambda: None
        ffi.bundled_dir = lambda: "/nonexistent"
        ctypes.util.find_library = lambda name: {str(BUILT)!r}
        import navcore; print(navcore.library_path())
        """
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(BUILT)


def test_failure_names_every_place() -> None:
    result = run_python(
        """
        import ctypes.util
        ffi.built_tree_dir = lambda: None
        ffi.bundled_dir = lambda: "/nonexistent"
        ctypes.util.find_library = lambda name: None
        try:
            import navcore
        except ImportError as error:
            print(type(error).__name__); print(error)
        """,
        env={"NAVCORE_LIBRARY": "/nonexistent/lib.so"},
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("LibraryNotFound")
    for place in ("$NAVCORE_LIBRARY -> /nonexistent/lib.so", "bundled in the package", "built tree", "system"):
        assert place in out


def test_wrong_major_version_is_refused() -> None:
    result = run_python(
        """
        ffi.MAJOR = 2
        ffi._file_names = lambda: ["libnavcore.so.1"]
        try:
            ffi.load()
        except ImportError as error:
            print(error)
        """
    )
    assert f"has version {navcore.__version__}, this binding needs 2.x" in result.stdout, result.stderr


def test_import_fails_without_a_library() -> None:
    result = run_python(
        """
        import ctypes.util
        ffi.built_tree_dir = lambda: None
        ffi.bundled_dir = lambda: "/nonexistent"
        ctypes.util.find_library = lambda name: None
        import navcore
        """
    )
    assert result.returncode != 0 and "LibraryNotFound" in result.stderr
    assert "cannot load a navcore 1.x library" in result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF exports")
def test_library_exports_nothing_the_table_lacks() -> None:
    nm = subprocess.run(["nm", "-D", "--defined-only", str(BUILT)], capture_output=True, text=True)
    if nm.returncode != 0:
        pytest.skip("nm is not available")
    exported = {line.split()[-1] for line in nm.stdout.splitlines() if " T navcore_" in line}
    assert exported == set(_ffi.SIGNATURES)
