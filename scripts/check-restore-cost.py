#!/usr/bin/env python3
"""make test's check that restoring a saved document costs time in proportion to its size
(SPEC §14, and §16.10's saved tree; docs/performance.md, W10). It counts instructions, not time:
callgrind counts the instructions of one restore (bench/w10's measured_restore) of a 1 MB
document made of nothing but `\\u000a` escapes, and of one 16 times smaller, and fails when the
larger one costs more than LIMIT times as many instructions per byte; the same for the
document as a saved tree (navcore_restore_tree). A linear reader costs the same per byte at
both sizes (the ratio is 1.00); a reader whose cost grows with the size of a string (as it did
when every escape copied the string decoded so far) fails by far.

    scripts/check-restore-cost.py build/bench/w10

Python standard library only; needs valgrind.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

SMALL = 64 * 1024
LARGE = 16 * SMALL
LIMIT = 1.25  # instructions per byte at 1 MB over those at 64 KB


def restore_instructions(program: str, size: int, directory: Path, tree: bool) -> int:
    """callgrind's count of the instructions of one restore of an all-escapes document: a saved
    stack (navcore_restore), or with `tree` the same stack as a saved tree (navcore_restore_tree)."""
    out = directory / f"restore.{size}.{'tree' if tree else 'stack'}.out"
    command = ["valgrind", "--tool=callgrind", "--toggle-collect=measured_restore", f"--callgrind-out-file={out}",
               program, "escapes", str(size), "1"] + (["tree"] if tree else [])
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"check-restore-cost: {' '.join(command)} failed (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    for line in out.read_text().splitlines():
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    sys.exit(f"check-restore-cost: no instruction count in {out}")


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit("usage: check-restore-cost.py W10_PROGRAM")
    failed = False
    for tree, what in ((False, "restore"), (True, "restore_tree")):
        with tempfile.TemporaryDirectory() as directory:
            small, large = (restore_instructions(sys.argv[1], size, Path(directory), tree) for size in (SMALL, LARGE))
        per_byte_small, per_byte_large = small / SMALL, large / LARGE
        ratio = per_byte_large / per_byte_small
        verdict = "passed" if ratio <= LIMIT else "FAILED"
        failed = failed or ratio > LIMIT
        print(f"check-restore-cost: {verdict}: {what} of all-escapes documents, {per_byte_small:,.1f} Ir/byte at "
              f"{SMALL // 1024} KB, {per_byte_large:,.1f} Ir/byte at {LARGE // 1024} KB: {ratio:.2f}x (limit {LIMIT}x)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
