#!/usr/bin/env python3
"""make test's check that a teardown costs time in proportion to the ops it aborts and the
screens it releases, not to the ops left queued (SPEC §16.8's last bullet). It counts
instructions, not time: callgrind counts the instructions of one `leave` of a member with no
op of its own left queued (bench/teardown_cost's measured_leave), while 1,000 ops wait on
another member of the family, and while 100,000 do; it fails when the second costs more than
LIMIT times the first. A teardown that scans the queue costs about 100 times as much.

    scripts/check-teardown-cost.py build/bench/teardown_cost

Python standard library only; needs valgrind.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

FEW = 1_000
MANY = 100_000
LIMIT = 1.25  # instructions of the leave with MANY ops waiting over those with FEW


def leave_instructions(program: str, waiting: int, directory: Path) -> int:
    """callgrind's count of the instructions of the measured leave with `waiting` ops queued."""
    out = directory / f"leave.{waiting}.out"
    command = ["valgrind", "--tool=callgrind", "--toggle-collect=measured_leave", f"--callgrind-out-file={out}",
               program, str(waiting)]
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"check-teardown-cost: {' '.join(command)} failed (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    for line in out.read_text().splitlines():
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    sys.exit(f"check-teardown-cost: no instruction count in {out}")


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit("usage: check-teardown-cost.py TEARDOWN_COST_PROGRAM")
    with tempfile.TemporaryDirectory() as directory:
        few, many = (leave_instructions(sys.argv[1], waiting, Path(directory)) for waiting in (FEW, MANY))
    ratio = many / few
    verdict = "passed" if ratio <= LIMIT else "FAILED"
    print(f"check-teardown-cost: {verdict}: a leave with {FEW:,} ops waiting on another member costs {few:,} Ir, "
          f"with {MANY:,} waiting {many:,} Ir: {ratio:.2f}x (limit {LIMIT}x)")
    return 0 if ratio <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
