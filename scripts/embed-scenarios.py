#!/usr/bin/env python3
"""Writes the C file of the scenario texts the firmware runs (embedded/mcu/scenario_texts.h):
each scenario file's path and bytes, in the order the Linux C runner reads them.

    embed-scenarios.py OUT.c FILE.nav|DIR ...

The arguments are the runner's (bindings/c/scenario/navcore_scenario.c): a file as given, a
directory as its *.nav files sorted by name (byte order, as strcmp sorts), so that the
firmware's report names the same paths in the same order. Standard library only.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List


def scenario_files(arguments: List[str]) -> List[str]:
    files: List[str] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            names = sorted((entry.name for entry in path.iterdir() if entry.name.endswith(".nav")),
                           key=lambda name: name.encode())
            files.extend(f"{argument}/{name}" for name in names)
        else:
            files.append(argument)
    return files


def c_string(data: bytes) -> str:
    """data as C string literals, one a line: printable ASCII as itself (`?` escaped, against
    trigraphs), other bytes in octal, a line break after each LF."""
    pieces = ['"']
    for byte in data:
        char = chr(byte)
        if char in '"\\?':
            pieces.append("\\" + char)
        elif byte == 0x0A:
            pieces.append('\\n"\n     "')
        elif 0x20 <= byte < 0x7F:
            pieces.append(char)
        else:
            pieces.append(f"\\{byte:03o}")
    pieces.append('"')
    return "".join(pieces)


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    out, arguments = Path(sys.argv[1]), sys.argv[2:]
    entries = []
    for path in scenario_files(arguments):
        data = Path(path).read_bytes()
        entries.append(f"    {{{c_string(path.encode())},\n     {c_string(data)},\n     {len(data)}}},")
    out.write_text(
        "/* Written by scripts/embed-scenarios.py: the scenario files the firmware runs. */\n"
        '#include "scenario_texts.h"\n\n'
        "const scenario_text scenario_texts[] = {\n" + "\n".join(entries) + "\n};\n\n"
        f"const size_t scenario_text_count = {len(entries)};\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
