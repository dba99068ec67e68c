#!/usr/bin/env python3
"""make test's check of navcore's lock in a process with one thread, and of the counter of
atomic instructions that `make bench` reports (bench/atomics.py). It counts instructions, not
time: callgrind runs W1's cycle (create + push + pop, bench/w1) at two lengths, and the
difference gives the atomic instructions executed per cycle in libnavcore.

- The counter: the floor (bench/floor) makes exactly one atomic instruction per cycle, the
  relaxed add of its process-wide screen id; a counter that missed lock-prefixed instructions, or
  misread callgrind's compressed addresses, finds another number.
- The lock: while the process has one thread, navcore's lock is taken and released with plain
  stores (LockPrimitive). With a second thread in the process each of a cycle's lock round trips
  makes two atomic instructions; without it, none. So the cycle alone must make at least
  2 × MIN_ROUND_TRIPS fewer atomic instructions than with a second thread, and the difference is
  even. A lock that used atomics alone (or plain stores with threads) fails.

    scripts/check-atomics.py build/bench

Python standard library only; needs valgrind and objdump.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import atomics  # noqa: E402 - bench/atomics.py

LENGTHS = (500, 2_500)
# A cycle takes the lock in every call and every event step; 26 round trips today. The bound
# leaves room for the engine to take it less often.
MIN_ROUND_TRIPS = 10


def atomics_per_cycle(program: Path, extra: list[str], directory: Path, library: str) -> float:
    """Atomic instructions per cycle in `library` (a file name: libnavcore.so.1.1.0, or the
    program itself), from callgrind at two lengths."""
    counts = []
    for n in LENGTHS:
        out = directory / f"{program.name}.{'-'.join(extra) or 'alone'}.{n}.out"
        command = ["valgrind", "--tool=callgrind", "--dump-instr=yes", f"--callgrind-out-file={out}",
                   str(program), str(n), "1", "0"] + extra
        proc = subprocess.run(command, capture_output=True, text=True)
        if proc.returncode != 0:
            sys.exit(f"check-atomics: {' '.join(command)} failed (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
        executed = atomics.count(out)
        counts.append(sum(n for name, n in executed.items() if name.startswith(library)))
    return (counts[1] - counts[0]) / (LENGTHS[1] - LENGTHS[0])


def main() -> int:
    if len(sys.argv) != 2:
        sys.exit("usage: check-atomics.py BENCH_DIR")
    bench = Path(sys.argv[1])
    failed = []
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        floor = atomics_per_cycle(bench / "floor", [], directory, "floor")
        alone = atomics_per_cycle(bench / "w1", [], directory, "libnavcore")
        threaded = atomics_per_cycle(bench / "w1", ["w1", "threaded"], directory, "libnavcore")
    print(f"check-atomics: atomic instructions per cycle: the floor {floor:g}; navcore with one thread {alone:g}, "
          f"with a second thread {threaded:g}")
    if floor != 1:
        failed.append(f"the floor makes {floor:g} atomic instructions per cycle, not 1: the counter is wrong")
    lock = threaded - alone
    if lock < 2 * MIN_ROUND_TRIPS or lock % 2:
        failed.append(f"navcore with one thread makes {lock:g} fewer atomic instructions per cycle than with two, not "
                      f"an even number of at least {2 * MIN_ROUND_TRIPS}: its lock is not free of atomics alone")
    for failure in failed:
        print(f"check-atomics: FAILED: {failure}")
    if not failed:
        print(f"check-atomics: passed: the lock's {lock / 2:g} round trips per cycle take no atomic instruction alone")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
