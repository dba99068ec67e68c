"""The two setuptools commands of navcore's wheel; everything else is in pyproject.toml.

The build backend (build_backend/navcore_build.py) sets NAVCORE_BUNDLE to the C library to
bundle and NAVCORE_BUNDLE_AS to its name in the package (``libnavcore.so.MAJOR``, the name the
loader looks for), and NAVCORE_BUNDLE_GUARD to the binding's C entry guard, if there is one. ``build_py`` then copies it into the wheel's ``navcore/_lib/`` (never into
the source tree), and ``bdist_wheel`` tags the wheel ``py3-none-<platform>``: any Python 3
(ctypes, no extension module), but this platform's library.
"""

import os
import shutil
from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py


class BundlingBuildPy(build_py):
    """build_py, plus the library named by NAVCORE_BUNDLE (and the guard named by
    NAVCORE_BUNDLE_GUARD) under navcore/_lib/."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "navcore" / "_lib"
        shutil.rmtree(target, ignore_errors=True)  # a library left by an earlier build
        library = os.environ.get("NAVCORE_BUNDLE")
        if library:
            target.mkdir(parents=True)
            guard = os.environ.get("NAVCORE_BUNDLE_GUARD")
            for source, name in ((library, os.environ["NAVCORE_BUNDLE_AS"]), (guard, "libnavcore_pyguard.so")):
                if source:
                    bundled = target / name
                    shutil.copyfile(source, bundled)
                    os.chmod(bundled, 0o755)


class PlatformWheel(bdist_wheel):
    """A wheel for any Python 3 on this platform: it carries a native library."""

    def get_tag(self):  # type: ignore[no-untyped-def]
        return "py3", "none", super().get_tag()[2]


class NativeDistribution(Distribution):
    """A distribution with a native part: its files go to platlib (the wheel's root), where
    auditwheel and installers expect a shared library."""

    def has_ext_modules(self) -> bool:
        return True


setup(distclass=NativeDistribution, cmdclass={"build_py": BundlingBuildPy, "bdist_wheel": PlatformWheel})
