#!/usr/bin/env python3
"""Writes the Python API reference, HTML, with pdoc (`make docs-python`; docs/python.md).

    python-reference.py OUTPUT_DIRECTORY

The public modules (navcore, navcore.aio, navcore.mirror, navcore.textual: what their `__all__`
names), their Google-style docstrings rendered (Args, Returns, Raises, Attributes). It fails on
any warning pdoc gives about navcore's own API: a docstring or an annotation it cannot read.

pdoc also reads the members that NavScreen and ConfirmScreen inherit from Textual's Screen, and
warns about Textual's own annotations that it cannot evaluate (names Textual imports only for
type checkers). Those are Textual's, not navcore's: they are counted, not failed on. A warning
is navcore's when the member it names was defined in navcore (pdoc's `taken_from`), or when it
names none.

scripts/pdoc/module.html.jinja2 is pdoc's module page with the members that classes inherit from
navcore's private bases shown (Operation's futures protocol, the enums' parse). Needs build/venv's
Python (pdoc, textual: the docs and test extras) and the library (NAVCORE_LIBRARY).
"""

from __future__ import annotations

import re
import sys
import warnings
from pathlib import Path
from typing import List, Optional

import pdoc
import pdoc.doc
import pdoc.render

import navcore

MODULES = ("navcore", "navcore.aio", "navcore.mirror", "navcore.textual")
TEMPLATES = Path(__file__).resolve().parent / "pdoc"


def defined_in(qualified: str) -> Optional[str]:
    """The module that defines the member `qualified` (module.Class.member) names, as pdoc takes
    it; None if pdoc cannot find it."""
    parts = qualified.split(".")
    for split in range(len(parts) - 1, 0, -1):
        module_name, member = ".".join(parts[:split]), ".".join(parts[split:])
        try:
            module = pdoc.doc.Module.from_name(module_name)
        except (ImportError, RuntimeError):
            continue
        found = module.get(member)
        return found.taken_from[0] if found is not None else None
    return None


def is_navcores(message: str) -> bool:
    named = re.search(r" for ([\w.]+?)(?::|\.? |$)", message)
    if named is None:
        return True
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        module = defined_in(named.group(1))
    return module is None or module.split(".")[0] == "navcore"


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    output = Path(sys.argv[1])
    # navcore imports its names on first use (PEP 562), and pdoc reads a module's __dict__: every
    # name of __all__ is imported first, so that none depends on what pdoc happened to evaluate.
    for name in navcore.__all__:
        getattr(navcore, name)
    pdoc.render.configure(docformat="google", footer_text="navcore", template_directory=TEMPLATES)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*MODULES, output_directory=output)
    messages = list(dict.fromkeys(str(warning.message) for warning in caught))
    ours: List[str] = [message for message in messages if is_navcores(message)]
    for message in ours:
        print(f"python-reference: pdoc: {message}", file=sys.stderr)
    if ours:
        sys.exit(f"python-reference: {len(ours)} pdoc warnings about navcore's API (above)")
    pages = sorted(str(path.relative_to(output)) for path in output.rglob("*.html"))
    print(f"python-reference: {output}/index.html: {len(pages)} pages ({', '.join(pages)}), 0 warnings about "
          f"navcore's API ({len(messages)} about members inherited from Textual)")


if __name__ == "__main__":
    main()
