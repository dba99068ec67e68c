"""navcore's PEP 517 build backend: setuptools', plus the C library bundled into every wheel.

``pip install ./bindings/python`` (and ``make wheel``) reach ``build_wheel`` here. It finds the
self-contained ``libnavcore.so.MAJOR`` to bundle, in this order, and hands its path to setup.py
(``NAVCORE_BUNDLE``), whose commands copy it into the wheel's ``navcore/_lib/`` and tag the wheel
for this platform:

1. ``$NAVCORE_WHEEL_LIBRARY``: a library built elsewhere (``make wheel`` passes ``make lib``'s);
2. inside a navcore checkout with ``swift`` on PATH: ``make lib`` in the checkout, then its
   ``build/lib`` (so a fresh checkout builds the library itself);
3. inside a checkout without Swift: a library that ``make lib`` built there before.

Without any of them the build fails with a message that says what to do. Beside the library goes
the binding's C entry guard, ``libnavcore_pyguard.so`` (``NAVCORE_BUNDLE_GUARD``): the one next
to the library, built first by ``make python-guard`` when that is the checkout's ``build/lib``.
Without a C compiler the wheel goes without it, and the binding uses its slower Python guard. Editable installs
(``pip install -e``) bundle nothing: they load the checkout's ``build/lib``. Every other hook is
setuptools' own.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Optional

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F401,F403  (the hooks this module does not change)

#: The variable naming a prebuilt library to bundle.
LIBRARY_ENV = "NAVCORE_WHEEL_LIBRARY"
#: The variables through which setup.py learns which file to bundle, and under which name.
BUNDLE_ENV = "NAVCORE_BUNDLE"

_PACKAGE_ROOT = Path(__file__).resolve().parent.parent
#: The binding's C entry guard (navcore/_guard.py), bundled beside the library.
GUARD_FILE = "libnavcore_pyguard.so"


class NoLibraryError(RuntimeError):
    """There is no navcore C library to put into the wheel."""


def _major() -> str:
    text = (_PACKAGE_ROOT / "navcore" / "_version.py").read_text()
    match = re.search(r'__version__ = "(\d+)\.', text)
    if match is None:
        raise NoLibraryError("navcore/_version.py has no __version__")
    return match.group(1)


def _checkout() -> Optional[Path]:
    """The navcore checkout this package sits in (bindings/python), if it does."""
    root = _PACKAGE_ROOT.parent.parent
    if (root / "Package.swift").is_file() and (root / "include" / "navcore.h").is_file():
        return root
    return None


def library() -> Path:
    """The library to bundle (see the module's docstring for the order)."""
    prebuilt = os.environ.get(LIBRARY_ENV)
    if prebuilt:
        if not Path(prebuilt).is_file():
            raise NoLibraryError(f"{LIBRARY_ENV}={prebuilt} is not a file")
        return Path(prebuilt)
    root = _checkout()
    built = root / "build" / "lib" / f"libnavcore.so.{_major()}" if root else None
    if root is not None and shutil.which("swift"):
        print(f"navcore: building the C library with `make lib` in {root}", file=sys.stderr)
        # make's output goes to stderr: pip shows it when the build fails, or with -v
        subprocess.run(["make", "-C", str(root), "lib"], check=True, stdout=sys.stderr)
    if built is not None and built.is_file():
        return built.resolve()
    raise NoLibraryError(
        "navcore: no C library to bundle into the wheel, and no Swift toolchain to build one.\n"
        "Do one of these:\n"
        "  - install a prebuilt wheel instead: `make wheel` on a machine with Swift writes\n"
        "    build/dist/navcore-*.whl; `pip install` that file here;\n"
        f"  - set {LIBRARY_ENV}=/path/to/libnavcore.so.{_major()} (from `make lib` or the release\n"
        "    tarball of `make dist`) and run pip again;\n"
        "  - install Swift 6.2 or later (https://www.swift.org/install/) and install from a\n"
        "    navcore checkout: the build runs `make lib` itself."
    )


def guard(library_path: Path) -> Optional[Path]:
    """The C entry guard to bundle: the file beside the library (see the module's docstring)."""
    root = _checkout()
    if root is not None and library_path.resolve().parent == (root / "build" / "lib").resolve():
        # not checked: without a C compiler the wheel has the Python guard
        subprocess.run(["make", "-C", str(root), "python-guard"], stdout=sys.stderr)
    candidate = library_path.resolve().parent / GUARD_FILE
    if candidate.is_file():
        return candidate
    print(f"navcore: no {GUARD_FILE} beside {library_path}: the wheel uses the Python guard", file=sys.stderr)
    return None


def build_wheel(
    wheel_directory: str,
    config_settings: Optional[Dict[str, Any]] = None,
    metadata_directory: Optional[str] = None,
) -> str:
    """setuptools' wheel, with the C library inside and a platform tag."""
    bundled = library()
    os.environ[BUNDLE_ENV] = str(bundled)
    os.environ[BUNDLE_ENV + "_AS"] = f"libnavcore.so.{_major()}"
    guard_path = guard(bundled)
    if guard_path is not None:
        os.environ[BUNDLE_ENV + "_GUARD"] = str(guard_path)
    try:
        return str(_setuptools.build_wheel(wheel_directory, config_settings, metadata_directory))
    finally:
        for name in (BUNDLE_ENV, BUNDLE_ENV + "_AS", BUNDLE_ENV + "_GUARD"):
            os.environ.pop(name, None)
