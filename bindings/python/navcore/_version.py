"""The binding's version: the one place it is written (pyproject.toml reads it from here).

It equals the C library's NAVCORE_VERSION_STRING for the release it was written against; the
loader requires a library with the same major version and at least this minor version.
"""

__version__ = "1.1.0"
