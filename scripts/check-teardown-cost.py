#!/usr/bin/env python3
"""make test's check that a teardown costs time in proportion to the ops it aborts and the
screens it releases (SPEC §16.8's last bullet). It counts instructions, not time, with
callgrind, of bench/teardown_cost's measured_teardown, twice:

- not in proportion to the ops left queued: one `leave` of a member with no op of its own left
  queued, while 1,000 ops wait on another member of the family, and while 100,000 do; it fails
  when the second costs more than LIMIT times the first (a teardown that scans the queue costs
  about 100 times as much);
- in proportion to the children torn down: a screen hosting 500 children released, and one
  hosting 5,000; it fails when a child costs more than LIMIT times as much in the second (a
  teardown that unlinks each child from the list of those left costs about 10 times as much).

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
FEW_CHILDREN = 500
MANY_CHILDREN = 5_000
LIMIT = 1.25  # instructions with MANY over those with FEW (per child for the children)


def instructions(program: str, arguments: list, directory: Path) -> int:
    """callgrind's count of the instructions of the measured call of `program arguments`."""
    out = directory / f"teardown.{'.'.join(arguments)}.out"
    command = ["valgrind", "--tool=callgrind", "--toggle-collect=measured_teardown", f"--callgrind-out-file={out}",
               program, *arguments]
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
    program = sys.argv[1]
    with tempfile.TemporaryDirectory() as directory:
        few, many = (instructions(program, [str(waiting)], Path(directory)) for waiting in (FEW, MANY))
        small, large = (instructions(program, ["children", str(count)], Path(directory))
                        for count in (FEW_CHILDREN, MANY_CHILDREN))
    queued = many / few
    per_child = (large / MANY_CHILDREN) / (small / FEW_CHILDREN)
    failed = 0
    for ratio, line in ((queued, f"a leave with {FEW:,} ops waiting on another member costs {few:,} Ir, "
                                 f"with {MANY:,} waiting {many:,} Ir"),
                        (per_child, f"releasing a screen with {FEW_CHILDREN:,} children costs {small // FEW_CHILDREN:,} "
                                    f"Ir per child, with {MANY_CHILDREN:,} {large // MANY_CHILDREN:,}")):
        verdict = "passed" if ratio <= LIMIT else "FAILED"
        failed += ratio > LIMIT
        print(f"check-teardown-cost: {verdict}: {line}: {ratio:.2f}x (limit {LIMIT}x)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
