"""Counts the atomic instructions a program executed, from a callgrind output file written with
`--dump-instr=yes`: every lock-prefixed instruction and every `xchg` with a memory operand
(which the processor locks without a prefix), in each object the program ran.

Why: on this project's machines an atomic read-modify-write costs several nanoseconds, tens of
ordinary instructions, so the count explains time where callgrind's instruction count does not.
Counting calls to `swift_retain` or `pthread_mutex_lock` misses navcore's own lock, whose atomic
word is taken inline, and counts retains of objects that need no atomic (a `nil`, an immortal
object); counting the instructions misses nothing.

The instructions are found by disassembling each object with `objdump` (x86-64). callgrind
gives instruction addresses relative to the object's load address, which are objdump's
addresses. Python standard library only.

    bench/atomics.py OUT_FILE      prints the count per object
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet

# An objdump line: the address, then the instruction (no raw bytes: --no-show-raw-insn).
_INSTRUCTION = re.compile(r"\s+([0-9a-f]+):\s+(\S.*)$")


def is_atomic(instruction: str) -> bool:
    """Whether an instruction as objdump prints it (`lock cmpxchg %rcx,(%rbx)`) is an atomic
    read-modify-write: lock-prefixed, or an `xchg` with a memory operand (`xchg %eax,(%rdi)`);
    `xchg %ax,%ax` is a no-op."""
    if instruction.startswith("lock "):
        return True
    return instruction.startswith("xchg") and "(" in instruction


@lru_cache(maxsize=None)
def atomic_addresses(obj: str) -> FrozenSet[int]:
    """The addresses of the atomic instructions of an object file; empty when objdump cannot
    read it (a file that is gone, a vDSO)."""
    try:
        out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], capture_output=True, text=True,
                             timeout=600).stdout
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    addresses = set()
    for line in out.splitlines():
        match = _INSTRUCTION.match(line)
        if match and is_atomic(match.group(2)):
            addresses.add(int(match.group(1), 16))
    return frozenset(addresses)


def _number(text: str) -> int:
    """A callgrind position: hexadecimal with `0x`, else decimal."""
    return int(text, 16) if text.startswith("0x") else int(text)


def count(path: Path) -> Dict[str, int]:
    """The atomic instructions executed in each object (by file name) of a callgrind output file
    written with `--dump-instr=yes`. Raises ValueError for a file written without it."""
    objects: Dict[str, str] = {}
    current = ""
    address = 0
    positions = 0  # the number of position columns before the cost: 2 (`instr line`) once read
    executed: Dict[str, int] = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            c = line[:1]
            if c.isdigit() or c in "+-*":
                # A cost line, or the call-site line after `calls=`: positions, then Ir. Each
                # position is absolute, relative to the one before (`+n`, `-n`) or the same (`*`).
                if not positions:
                    raise ValueError(f"{path}: written without --dump-instr=yes")
                fields = line.split()
                first = fields[0]
                if first[0] == "+":
                    address += _number(first[1:])
                elif first[0] == "-":
                    address -= _number(first[1:])
                elif first != "*":
                    address = _number(first)
                if len(fields) > positions and address in atomic_addresses(objects.get(current, "")):
                    name = Path(objects.get(current, "?")).name
                    executed[name] = executed.get(name, 0) + int(fields[positions])
            elif line.startswith("positions:"):
                if "instr" not in line.split():
                    raise ValueError(f"{path}: written without --dump-instr=yes")
                positions = len(line.split()) - 1
            elif line.startswith(("ob=", "cob=")):
                match = re.match(r"c?ob=\((\d+)\)(?:\s+(.*))?$", line.strip())
                if match:
                    if match.group(2):
                        objects[match.group(1)] = match.group(2)
                    if line.startswith("ob="):
                        current = match.group(1)
            elif line.startswith("calls="):
                # Costs of the call that follows belong to the caller's object, at its call site.
                continue
    return executed


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: bench/atomics.py CALLGRIND_OUT_FILE")
    for name, n in sorted(count(Path(sys.argv[1])).items(), key=lambda item: -item[1]):
        print(f"{n:>12,} {name}")
