#!/usr/bin/env python3
"""make bench's driver: runs every workload of docs/performance.md several times, takes the
medians, counts instructions with callgrind for W1, W5 and W6 (W1 and W6 with their floors), W9's
GTK page changes (under Xvfb) and W10, profiles W9's Textual page changes, measures W10's peak
memory, reads W12's sizes from the firmware of `make mcu` (its linker maps, and one run of each
image under QEMU) and navcore.wasm's size and what it is made of, computes the ratios and the
target verdicts, prints the table and writes build/bench.json.

It builds nothing: `make bench` (mk/bench.mk) builds the library, navcore-bench, the C programs,
the venv, the firmware and navcore.wasm first. Python standard library only (and
scripts/wasm_module.py).

    bench/run.py                 the full benchmark (5 rounds; all workloads interleaved per round)
    bench/run.py --smoke         each workload once at a tiny size; checks that each ran and that
                                 its checks held (W3's FIFO order and count, W4's arrivals), no
                                 timing verdict; writes build/bench-smoke.json
    bench/run.py --runs 3 --only W1,W5 --no-callgrind

Exit status: 0 when every workload ran and every check inside the workloads held. A missed
performance target is reported, never an error (targets are checked by this report, not by a
test).
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import wasm_module  # noqa: E402 - after the path it lives in

import atomics  # noqa: E402 - bench/atomics.py, beside this file

BIN = ROOT / "build" / "bench"
LIBRARY = ROOT / "build" / "lib" / "libnavcore.so.1"
SWIFT_BENCH = ROOT / ".build" / "release" / "navcore-bench"
VENV_PYTHON = ROOT / "build" / "venv" / "bin" / "python"
WASM = ROOT / "build" / "wasm" / "navcore.wasm"
WASM_NAMES = ROOT / "build" / "wasm" / "navcore-names.wasm"
CALLGRIND_DIR = BIN / "callgrind"
# W12: the firmware images of `make mcu` and the board they run on (mk/mcu.mk's MCU_QEMU).
MCU_DIR = ROOT / "build" / "mcu"
MCU_QEMU = ["qemu-system-arm", "-M", "mps2-an386", "-nographic", "-monitor", "none", "-serial", "none",
            "-semihosting-config", "enable=on,target=native", "-kernel"]
# W12's navigator: its usual listeners and a stack of this many screens.
MCU_STACK_DEPTH = 8

# W9: navcore's share of a toolkit's page change, and the ways each program changes pages.
W9_GTK_WAYS = ("stack", "navcore", "leaflet")
W9_TEXTUAL_WAYS = ("textual", "navcore")
W9_TEXTUAL = ROOT / "bench" / "python" / "w9_textual.py"
# The GTK program runs under Xvfb as `make test-gtk` runs GTK (mk/gtk.mk's GTK_RUN_ENV): the cairo
# renderer, no accessibility bus.
XVFB = ["xvfb-run", "-a", "env", "GSK_RENDERER=cairo", "GTK_A11Y=none", "NO_AT_BRIDGE=1"]
# What W9 reports per figure: each way's median over the program's batches.
W9_FIGURES = ("ns_per_cycle", "cpu_ns_per_cycle", "wall_ns_per_cycle")

# Sizes: full run / smoke run.
FULL = {
    "w1_cycles": 100_000,
    "floor_cycles": 1_000_000,
    "w2_depth": 100_000,
    "w2_cycles": 100_000,
    "w3_ops": 1_000_000,
    "w4_per_thread": 250_000,
    "w4_threads": 4,
    "w5_cycles": 50_000,
    "w6_cycles": 20_000,
    "w6_floor_cycles": 100_000,
    "w7": [(10, 10_000), (1_000, 100), (100_000, 2)],
    "cg_w1": (2_000, 12_000),
    "cg_w5": (1_000, 6_000),
    "cg_w6": (1_000, 3_000),
    "cg_w7": [(10, 1_000), (1_000, 10), (100_000, 1)],
    "cg_w2_cycles": 5_000,
    "cg_w3_ops": 100_000,
    "w8_processes": 10,
    "w10_sizes": [1 << 10, 1 << 20, 10 << 20],
    "w10_timed_bytes": 10 << 20,  # each timed run restores its document until this many bytes
    "w10_peak_bytes": 100 << 20,
    "w9_gtk": (10, 7),  # cycles per batch, measured batches (after warm-up batches of each way)
    "w9_textual": (50, 5),
    "cg_w9_gtk": 20,
    "cg_w9_gtk_ways": W9_GTK_WAYS,
    "w11_cycles": 100_000,
    "w11_reps": 10_000,  # attach (+ leave) and present + dismiss, each
    "cg_w11": (2_000, 12_000),
    "cg_w11_reps": 2_000,
}
SMOKE = {
    "w1_cycles": 2_000,
    "floor_cycles": 2_000,
    "w2_depth": 1_000,
    "w2_cycles": 1_000,
    "w3_ops": 10_000,
    "w4_per_thread": 2_000,
    "w4_threads": 4,
    "w5_cycles": 1_000,
    "w6_cycles": 300,
    "w6_floor_cycles": 1_000,
    "w7": [(10, 10), (100, 2)],
    "cg_w1": (50, 150),
    "cg_w5": (50, 150),
    "cg_w6": (20, 60),
    "cg_w7": [(10, 10), (100, 2)],
    "cg_w2_cycles": 50,
    "cg_w3_ops": 1_000,
    "w8_processes": 1,
    "w10_sizes": [1 << 10, 16 << 10, 64 << 10],
    "w10_timed_bytes": 64 << 10,
    "w10_peak_bytes": 1 << 20,
    "w9_gtk": (2, 1),
    "w9_textual": (2, 1),
    "cg_w9_gtk": 2,
    "cg_w9_gtk_ways": ("navcore",),  # that the count of measured_batch works; the others are the same
    "w11_cycles": 2_000,
    "w11_reps": 100,
    "cg_w11": (50, 150),
    "cg_w11_reps": 50,
}

# W10's documents (bench/w10.c): a state of plain text, of nothing but escapes, and a mix.
W10_KINDS = ("plain", "escapes", "mixed")

# The targets and why each was set: docs/decisions/0001-performance-targets.md.
TARGETS = {
    "W1": 3.0,  # ≤ 3× its floor
    "W6": 2.0,  # ≤ 2× its floor, in time and in instructions
    "W2": 1.2,  # within 1.2× of W1
    "W3": 128.0,  # bytes per pending op
    "W7": 1.5,  # flat within 1.5× across N
    "W1.Ir": 6000.0,  # instructions per cycle
    "W5": 1.5,  # ≤ 1.5× W1 in instructions
    "W10.Ir": 1.5,  # restore: instructions per byte flat within 1.5× from 1 KB to 10 MB, per kind
    "W10.peak": 2.0,  # restore: peak extra memory ≤ 2× the document (100 MB)
    "W12.flash": 256.0,  # the core's flash on a Cortex-M4, KB
    "W12.ram": 2048.0,  # a navigator with its listeners and MCU_STACK_DEPTH screens, heap bytes
    "wasm": 150 * 1024,  # navcore.wasm's bytes, uncompressed (docs/js.md, "Size")
    "W9": 5.0,  # navcore's share of a toolkit's push + pop, percent (GTK: instructions; Textual: time)
    "W11": 1.2,  # a back routed five navigators deep within 1.2× W1, in instructions
}

# Functions whose calls per op the callgrind summary counts (atomics, locks, allocation).
COUNTED_CALLS = {
    "swift_retain": "swift_retain",
    "swift_release": "swift_release",
    "swift_bridgeObjectRetain": "swift_bridgeObjectRetain",
    "swift_bridgeObjectRelease": "swift_bridgeObjectRelease",
    "swift_allocObject": "swift_allocObject",
    "malloc": "malloc",
    "free": "free",
    "pthread_mutex_lock": "pthread_mutex_lock",
    "pthread_mutex_unlock": "pthread_mutex_unlock",
    "swift_beginAccess": "swift_beginAccess",
    "swift_getTypeByMangledNameInContext": "swift_getTypeByMangledNameInContext2",
}


class BenchError(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# Running programs
# ---------------------------------------------------------------------------------------------


def env() -> Dict[str, str]:
    e = dict(os.environ)
    e["NAVCORE_LIBRARY"] = str(LIBRARY)
    e["PYTHONHASHSEED"] = "0"  # W6's instruction counts do not move with the string hashes
    # Compiled modules, as an installed package has them: W8 times `import navcore`.
    e.pop("PYTHONDONTWRITEBYTECODE", None)
    return e


def run_json(argv: List[str], what: str, timeout: float = 300) -> Dict[str, Any]:
    """Runs a workload program; returns the JSON object of its last stdout line."""
    try:
        proc = subprocess.run(argv, cwd=ROOT, env=env(), capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BenchError(f"{what}: timed out after {timeout:.0f} s: {' '.join(argv)}")
    lines = [line for line in proc.stdout.splitlines() if line.strip().startswith("{")]
    if not lines:
        raise BenchError(
            f"{what}: no result (exit {proc.returncode}): {' '.join(argv)}\n{proc.stdout}{proc.stderr}"
        )
    result = json.loads(lines[-1])
    if proc.returncode != 0 or not result.get("ok", False):
        raise BenchError(f"{what}: a check failed (exit {proc.returncode}): {' '.join(argv)}\n{proc.stderr}")
    return result


def need(path: Path, hint: str) -> str:
    if not path.exists():
        raise BenchError(f"{path.relative_to(ROOT)} is missing: {hint}")
    return str(path)


def c_program(name: str) -> str:
    return need(BIN / name, "run `make bench` (or `make bench-smoke`), which builds the C programs")


def python() -> str:
    return need(VENV_PYTHON, "run `make python-venv`")


def swift_bench() -> str:
    return need(SWIFT_BENCH, "run `swift build -c release --product navcore-bench`")


# ---------------------------------------------------------------------------------------------
# callgrind: instructions per op from the difference of two run lengths
# ---------------------------------------------------------------------------------------------


def parse_callgrind(path: Path) -> Tuple[int, Dict[str, int], Dict[str, int], Dict[Tuple[str, str], int]]:
    """(total Ir, self Ir by function, calls by callee, calls by (caller, callee)) of a callgrind
    output file."""
    names: Dict[str, str] = {}
    self_ir: Dict[str, int] = defaultdict(int)
    calls: Dict[str, int] = defaultdict(int)
    pairs: Dict[Tuple[str, str], int] = defaultdict(int)
    total = 0
    current = "?"
    callee = "?"
    after_calls = False
    cost_column = 1  # after the positions: `line`, or `instr line` with --dump-instr=yes

    def resolve(spec: str) -> str:
        spec = spec.strip()
        match = re.match(r"\((\d+)\)(?:\s+(.*))?$", spec)
        if not match:
            return spec
        if match.group(2) is not None:
            names[match.group(1)] = match.group(2)
        return names.get(match.group(1), spec)

    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line or line[0] == "\n":
                continue
            c = line[0]
            if c.isdigit() or c in "+-*":
                if after_calls:  # the inclusive cost of the call just declared
                    after_calls = False
                    continue
                parts = line.split()
                if len(parts) > cost_column:
                    self_ir[current] += int(parts[cost_column])
                continue
            if line.startswith("positions:"):
                cost_column = len(line.split()) - 1
            elif line.startswith("fn="):
                current = resolve(line[3:])
            elif line.startswith("cfn="):
                callee = resolve(line[4:])
            elif line.startswith("calls="):
                count = int(line[6:].split()[0])
                calls[callee] += count
                pairs[(current, callee)] += count
                after_calls = True
            elif line.startswith("summary:") or line.startswith("totals:"):
                total = int(line.split()[1])
    if not total:
        total = sum(self_ir.values())
    return total, self_ir, calls, pairs


def demangle(names: List[str]) -> Dict[str, str]:
    tool = shutil.which("swift-demangle")
    if not tool or not names:
        return {n: n for n in names}
    try:
        out = subprocess.run(
            [tool, "--simplified", "--compact"], input="\n".join(names) + "\n", capture_output=True, text=True,
            timeout=60,
        ).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        return {n: n for n in names}
    return {n: (d or n) for n, d in zip(names, out)} if len(out) == len(names) else {n: n for n in names}


def callgrind(name: str, argv_for: Any, lengths: Tuple[int, int], count_atomics: bool = False) -> Dict[str, Any]:
    """Runs argv_for(n) under callgrind for both lengths; per-op figures from the difference. With
    `count_atomics`, also the atomic instructions per op in each object (bench/atomics.py)."""
    if not shutil.which("valgrind"):
        raise BenchError("valgrind is missing: `make setup` installs it")
    CALLGRIND_DIR.mkdir(parents=True, exist_ok=True)
    results = []
    executed_atomics = []
    for n in lengths:
        out = CALLGRIND_DIR / f"{name}.{n}.out"
        argv = (["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
                + (["--dump-instr=yes"] if count_atomics else []) + argv_for(n))
        proc = subprocess.run(argv, cwd=ROOT, env=env(), capture_output=True, text=True, timeout=900)
        if proc.returncode != 0:
            raise BenchError(f"callgrind {name} {n}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
        results.append(parse_callgrind(out))
        if count_atomics:
            executed_atomics.append(atomics.count(out))
    (total_a, self_a, calls_a, pairs_a), (total_b, self_b, calls_b, pairs_b) = results
    delta = lengths[1] - lengths[0]
    per_fn = {fn: (self_b.get(fn, 0) - self_a.get(fn, 0)) / delta for fn in set(self_a) | set(self_b)}
    top = sorted(((ir, fn) for fn, ir in per_fn.items() if ir > 0), reverse=True)[:25]
    # Who makes the atomic operations: the callers of retain, release and the mutex.
    callers: Dict[str, List[Tuple[float, str]]] = {}
    for label in ("swift_retain", "swift_release", "pthread_mutex_lock"):
        rows = [((n - pairs_a.get(k, 0)) / delta, k[0]) for k, n in pairs_b.items() if k[1].split("@")[0] == label]
        callers[label] = sorted((r for r in rows if r[0] >= 0.5), reverse=True)[:12]
    readable = demangle([fn for _, fn in top] + [fn for rows in callers.values() for _, fn in rows])
    ir_per_op = (total_b - total_a) / delta
    counted = {}
    for label, symbol in COUNTED_CALLS.items():
        n = sum(calls_b[fn] - calls_a.get(fn, 0) for fn in calls_b if fn.split("@")[0] == symbol or fn == symbol)
        if n:
            counted[label] = round(n / delta, 2)
    atomics_per_op = {}
    if executed_atomics:
        short, long = executed_atomics
        for obj in set(short) | set(long):
            per_op = (long.get(obj, 0) - short.get(obj, 0)) / delta
            if round(per_op, 1):
                atomics_per_op[obj] = round(per_op, 1)
    return {
        "lengths": list(lengths),
        "ir_per_op": round(ir_per_op, 1),
        "atomics_per_op": atomics_per_op,
        "files": [str((CALLGRIND_DIR / f"{name}.{n}.out").relative_to(ROOT)) for n in lengths],
        "top_functions": [
            {"function": readable.get(fn, fn), "ir_per_op": round(ir, 1), "share": round(ir / ir_per_op, 4) if ir_per_op else 0}
            for ir, fn in top
        ],
        "calls_per_op": counted,
        "callers_per_op": {
            label: [{"caller": readable.get(fn, fn), "calls": round(n, 1)} for n, fn in rows]
            for label, rows in callers.items()
        },
    }


def callgrind_toggled(name: str, function: str, argv: List[str], wrapper: Optional[List[str]] = None) -> int:
    """Instructions executed inside `function` alone (--toggle-collect), for one run of argv (run
    by `wrapper`, e.g. xvfb-run, when given)."""
    if not shutil.which("valgrind"):
        raise BenchError("valgrind is missing: `make setup` installs it")
    CALLGRIND_DIR.mkdir(parents=True, exist_ok=True)
    out = CALLGRIND_DIR / f"{name}.out"
    command = (wrapper or []) + ["valgrind", "--tool=callgrind", f"--toggle-collect={function}",
                                 f"--callgrind-out-file={out}"] + argv
    proc = subprocess.run(command, cwd=ROOT, env=env(), capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise BenchError(f"callgrind {name}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
    return parse_callgrind(out)[0]


def callgrind_w2(sizes: Dict[str, Any]) -> Dict[str, float]:
    """Instructions per cycle inside the loop's cycle() (setup excluded) at depth 1 and at W2's
    depth: whether the instruction count grows with the depth."""
    cycles = sizes["cg_w2_cycles"]
    result = {}
    for depth in (1, sizes["w2_depth"]):
        total = callgrind_toggled(f"w2.depth{depth}", "cycle", [c_program("w1"), str(cycles), str(depth), "0"])
        result[str(depth)] = round(total / cycles, 1)
    return result


def w10_reps(size: int, total: int) -> int:
    """Restores per run, so that a run restores about `total` bytes (at least once)."""
    return max(1, total // size)


def callgrind_w10(sizes: Dict[str, Any]) -> Dict[str, Dict[str, float]]:
    """Instructions per byte of the document of W10's restores alone (--toggle-collect on
    measured_restore: the document's making, the warm-up restore and the checks are not
    counted), for each kind and size. Sizes under 64 KB restore 10 times (the count is exact
    either way; 10 restores show that a restore's cost does not depend on the ones before)."""
    result: Dict[str, Dict[str, float]] = {}
    for kind in W10_KINDS:
        result[kind] = {}
        for size in sizes["w10_sizes"]:
            reps = 10 if size < 64 << 10 else 1
            total = callgrind_toggled(f"w10.{kind}.{size}", "measured_restore",
                                      [c_program("w10"), kind, str(size), str(reps)])
            result[kind][str(size)] = round(total / (size * reps), 2)
    return result


def w10_peaks(sizes: Dict[str, Any]) -> Dict[str, Dict[str, Any]]:
    """W10's peak extra memory: one restore of a document of w10_peak_bytes per kind (the
    program's peak RSS during the restore minus its RSS before, over the document's size)."""
    size = str(sizes["w10_peak_bytes"])
    return {kind: run_json([c_program("w10"), kind, size, "1"], f"W10 peak {kind}", timeout=600) for kind in W10_KINDS}


# ---------------------------------------------------------------------------------------------
# W12: the microcontroller (make mcu's firmware under QEMU)
# ---------------------------------------------------------------------------------------------


def mcu_sections(map_path: Path) -> Dict[str, Dict[str, int]]:
    """Flash and static RAM bytes of a firmware image by where they come from, from its GNU ld
    map: `navcore` (libnavcore.a's NavCoreEngine.o and NavCoreC.o), `unicode` (the rest of
    libnavcore.a: the toolchain's Unicode tables) and `rest` (newlib, libgcc, the firmware's own
    code, fill). Flash holds the code, read-only data and .data's initial values; RAM .data and
    .bss. An input section counts up to where the next one starts: merged strings (SHF_MERGE)
    keep their input sizes in the map but share bytes in the image."""
    flash_sections = {".text", ".ARM.extab", ".ARM.exidx", ".swift_modhash", ".data"}
    ram_sections = {".data", ".bss"}
    lines = map_path.read_text().splitlines()
    # output section -> (its end, [(address, size, part)])
    placed: Dict[str, Tuple[int, List[Tuple[int, int, str]]]] = {}
    output = ""
    pending = ""  # an input section whose name filled its line

    def part_of(origin: str) -> str:
        if "libnavcore.a(" not in origin:
            return "rest"
        return "navcore" if re.search(r"\(NavCore(Engine|C)\.o\)$", origin) else "unicode"

    for line in lines[lines.index("Linker script and memory map") + 1:]:
        fields = line.split()
        is_hex = [f.startswith("0x") for f in fields]
        if line and not line[0].isspace():
            output, pending = fields[0], ""
            if output in flash_sections | ram_sections and len(fields) >= 3 and is_hex[1] and is_hex[2]:
                placed[output] = (int(fields[1], 16) + int(fields[2], 16), [])
            continue
        if output not in placed:
            continue
        if line.startswith(" ") and not line.startswith("  ") and fields and not fields[0].startswith("*("):
            if len(fields) >= 3 and is_hex[1] and is_hex[2]:  # name address size [file]; *fill* has no file
                placed[output][1].append((int(fields[1], 16), int(fields[2], 16), part_of(" ".join(fields[3:]))))
            else:
                pending = fields[0]
        elif pending and len(fields) >= 3 and is_hex[0] and is_hex[1]:
            placed[output][1].append((int(fields[0], 16), int(fields[1], 16), part_of(" ".join(fields[2:]))))
            pending = ""

    sizes = {part: {"flash": 0, "ram": 0} for part in ("navcore", "unicode", "rest")}
    for name, (end, sections) in placed.items():
        sections.sort()
        for index, (address, size, part) in enumerate(sections):
            limit = sections[index + 1][0] if index + 1 < len(sections) else end
            size = max(0, min(size, limit - address))
            for kind, kinds in (("flash", flash_sections), ("ram", ram_sections)):
                if name in kinds:
                    sizes[part][kind] += size
    return sizes


def mcu_run(image: Path, what: str) -> Tuple[str, str]:
    """Runs a firmware image under QEMU; its stdout and stderr. A non-zero exit fails W12."""
    need(image, "run `make mcu`")
    try:
        proc = subprocess.run(MCU_QEMU + [str(image)], cwd=ROOT, capture_output=True, text=True, timeout=300,
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BenchError(f"{what}: {error}")
    if proc.returncode != 0:
        raise BenchError(f"{what}: exit {proc.returncode}\n{proc.stdout[-2000:]}{proc.stderr}")
    return proc.stdout, proc.stderr


def mcu_figures() -> Dict[str, Any]:
    """W12: the core's flash and static RAM as linked into each firmware image, the heap of a
    navigator, its listeners, screens and routes (the memory probe), the stack both images used,
    and the scenarios the firmware passed."""
    report, errors = mcu_run(MCU_DIR / "navcore-scenarios.elf", "W12 scenarios")
    totals = re.search(r"^(\d+) passed, (\d+) failed$", report.splitlines()[-1] if report else "")
    usage = re.search(r"stack used (\d+) of (\d+) bytes, heap grown to (\d+) bytes", errors)
    if not totals or not usage:
        raise BenchError(f"W12 scenarios: no totals or no memory line\n{report[-500:]}{errors}")
    probe_out, _ = mcu_run(MCU_DIR / "navcore-memory.elf", "W12 memory probe")
    probe = {key: int(value) for key, value in (line.split() for line in probe_out.splitlines() if line.strip())}
    images = {name: mcu_sections(MCU_DIR / f"navcore-{name}.elf.map") for name in ("scenarios", "memory")}
    navigator = probe["navigator"] + probe["listeners"] + MCU_STACK_DEPTH * probe["screen"]
    return {
        "board": "QEMU mps2-an386 (Cortex-M4)",
        "flash": {name: {part: parts[part]["flash"] for part in parts} for name, parts in images.items()},
        "static_ram": {name: {part: parts[part]["ram"] for part in parts} for name, parts in images.items()},
        "heap": {key: probe[key] for key in ("navigator", "listeners", "screen", "route")},
        "navigator_with_screens": {"screens": MCU_STACK_DEPTH, "bytes": navigator},
        "stack_used": {"scenarios": int(usage.group(1)), "memory": probe["stack_used"], "size": int(usage.group(2))},
        "scenario_heap_grown_to": int(usage.group(3)),
        "scenarios": {"passed": int(totals.group(1)), "failed": int(totals.group(2))},
    }


def callgrind_w7(op: str, plan: List[Tuple[int, int]]) -> Dict[str, float]:
    """Instructions per screen touched of the W7 op alone (--toggle-collect: the setup and the
    cleanup use the other op, so they are not counted), for each N."""
    function = "navcore_pop_to_root" if op == "pop_to_root" else "navcore_set_stack"
    per_screen: Dict[str, float] = {}
    for n, reps in plan:
        total = callgrind_toggled(f"w7.{op}.{n}", function, [c_program("w7"), op, str(n), str(reps)])
        touched = (n - 1 if op == "pop_to_root" else n) * reps
        per_screen[str(n)] = round(total / touched, 1)
    return per_screen


def callgrind_w11(sizes: Dict[str, Any]) -> Dict[str, Any]:
    """W11: the back cycle's instructions from the difference of two run lengths (as W1's), and
    the instructions of one attach and of one present + dismiss (--toggle-collect of w11.c's
    measured_attach / measured_present_dismiss: the children's setup and leave are not counted)."""
    reps = sizes["cg_w11_reps"]
    figures: Dict[str, Any] = {"back": callgrind("w11", lambda n: [c_program("w11"), "back", str(n), "0"], sizes["cg_w11"])}
    for op, function in (("attach", "measured_attach"), ("present", "measured_present_dismiss")):
        total = callgrind_toggled(f"w11.{op}", function, [c_program("w11"), op, str(reps)])
        figures[op] = round(total / reps, 1)
    return figures


def callgrind_objects(path: Path) -> Dict[str, int]:
    """Self Ir by the ELF object (library or program, by file name) the functions belong to, from
    a callgrind output file."""
    names: Dict[str, str] = {}
    by_object: Dict[str, int] = defaultdict(int)
    current = "?"
    after_calls = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("ob=") or line.startswith("cob="):  # either may name an object first
                spec = line.split("=", 1)[1].strip()
                match = re.match(r"\((\d+)\)(?:\s+(.*))?$", spec)
                if match and match.group(2) is not None:
                    names[match.group(1)] = Path(match.group(2)).name
                if line.startswith("ob="):
                    current = names.get(match.group(1), "?") if match else Path(spec).name
            elif line.startswith("calls="):
                after_calls = True
            elif line[:1].isdigit() or line[:1] in "+-*":
                if after_calls:  # the inclusive cost of the call just declared
                    after_calls = False
                    continue
                parts = line.split()
                if len(parts) > 1:
                    by_object[current] += int(parts[1])
    return dict(by_object)


def callgrind_w9(sizes: Dict[str, Any]) -> Dict[str, Any]:
    """W9's instructions per cycle in GTK: each way's measured batch alone (--toggle-collect on
    measured_batch, under Xvfb), and navcore's extra over GtkStack alone by library. (Not in
    Textual: its timers run by the clock, and under callgrind's 50x slowdown they tick 50x more
    often per cycle, so its counts would measure the timers, and move with the load.)"""
    cycles = sizes["cg_w9_gtk"]
    gtk: Dict[str, float] = {}
    objects: Dict[str, Dict[str, int]] = {}
    for way in sizes["cg_w9_gtk_ways"]:
        name = f"w9_gtk.{way}"
        total = callgrind_toggled(name, "measured_batch", [c_program("w9_gtk"), str(cycles), "1", way], XVFB)
        if not total:
            raise BenchError(f"callgrind {name}: nothing counted in measured_batch (renamed, or inlined?)")
        gtk[way] = round(total / cycles, 1)
        objects[way] = callgrind_objects(CALLGRIND_DIR / f"{name}.out")
    result: Dict[str, Any] = {"gtk": gtk}
    if "stack" in objects:
        extra = {ob: (objects["navcore"].get(ob, 0) - objects["stack"].get(ob, 0)) / cycles
                 for ob in set(objects["navcore"]) | set(objects["stack"])}
        largest_first = sorted(extra.items(), key=lambda kv: -abs(kv[1]))
        result["gtk_extra_by_object"] = {ob: round(ir, 1) for ob, ir in largest_first if abs(ir) >= 100}
    return result


# ---------------------------------------------------------------------------------------------
# The workloads: each is (key, how to run it once)
# ---------------------------------------------------------------------------------------------


def workload_runs(sizes: Dict[str, Any]) -> List[Tuple[str, Callable[[], List[str]]]]:
    """Each timed workload's key and how to make its command line (made only for the selected
    ones, so that --only needs only their programs)."""
    runs: List[Tuple[str, Callable[[], List[str]]]] = [
        ("W1", lambda: [c_program("w1"), str(sizes["w1_cycles"]), "1"]),
        ("W1.floor", lambda: [c_program("floor"), str(sizes["floor_cycles"]), "1"]),
        ("W1.floor_locked", lambda: [c_program("floor_locked"), str(sizes["floor_cycles"]), "1"]),
        ("W1.threaded", lambda: [c_program("w1"), str(sizes["w1_cycles"]), "1", str(sizes["w1_cycles"] // 10), "w1",
                                 "threaded"]),
        ("W1.floor_locked.threaded", lambda: [c_program("floor_locked"), str(sizes["floor_cycles"]), "1",
                                              str(sizes["floor_cycles"] // 10), "w1", "threaded"]),
        ("W2", lambda: [c_program("w1"), str(sizes["w2_cycles"]), str(sizes["w2_depth"])]),
        ("W2.floor", lambda: [c_program("floor"), str(sizes["floor_cycles"]), str(sizes["w2_depth"])]),
        ("W3", lambda: [c_program("w3"), str(sizes["w3_ops"])]),
        ("W4", lambda: [c_program("w4"), str(sizes["w4_per_thread"]), str(sizes["w4_threads"])]),
        ("W5", lambda: [swift_bench(), str(sizes["w5_cycles"]), "1"]),
        ("W6", lambda: [python(), str(ROOT / "bench" / "python" / "w6.py"), str(sizes["w6_cycles"])]),
        # navcore's own share of W6: W6's C registrations and completions, driven from C
        # Threaded, as navcore runs in a Python process (the binding's reaper is a thread).
        ("W6.engine", lambda: [c_program("w1"), str(sizes["w1_cycles"]), "1", str(sizes["w1_cycles"] // 10), "w6",
                               "threaded"]),
        (
            "W6.floor",
            lambda: [
                python(),
                str(ROOT / "bench" / "python" / "floor.py"),
                c_program("libpyfloor.so"),
                str(sizes["w6_floor_cycles"]),
            ],
        ),
    ]
    for op in ("pop_to_root", "set"):
        for n, reps in sizes["w7"]:
            runs.append((f"W7.{op}.{n}", lambda op=op, n=n, reps=reps: [c_program("w7"), op, str(n), str(reps)]))
    w8 = str(ROOT / "bench" / "python" / "w8.py")
    runs += [
        ("W8.c", lambda: [c_program("w8"), str(LIBRARY), "navcore"]),
        ("W8.c.floor", lambda: [c_program("w8"), c_program("libw8trivial.so"), "trivial"]),
        ("W8.python", lambda: [python(), w8]),
        ("W8.python.floor", lambda: [python(), w8, "--trivial", c_program("libw8trivial.so")]),
    ]
    gtk_cycles, gtk_batches = sizes["w9_gtk"]
    textual_cycles, textual_batches = sizes["w9_textual"]
    runs += [
        ("W9.gtk", lambda: XVFB + [c_program("w9_gtk"), str(gtk_cycles), str(gtk_batches)]),
        ("W9.textual", lambda: [python(), str(W9_TEXTUAL), str(textual_cycles), str(textual_batches)]),
    ]
    for kind in W10_KINDS:
        for size in sizes["w10_sizes"]:
            reps = w10_reps(size, sizes["w10_timed_bytes"])
            runs.append((f"W10.{kind}.{size}",
                         lambda kind=kind, size=size, reps=reps: [c_program("w10"), kind, str(size), str(reps)]))
    runs += [
        ("W11", lambda: [c_program("w11"), "back", str(sizes["w11_cycles"])]),
        ("W11.attach", lambda: [c_program("w11"), "attach", str(sizes["w11_reps"])]),
        ("W11.present", lambda: [c_program("w11"), "present", str(sizes["w11_reps"])]),
    ]
    return runs


def cold_starts(argv: List[str], key: str, processes: int) -> List[Dict[str, Any]]:
    """W8: the program started `processes` times; each result gets its process's wall time from
    spawn to exit (ns_process)."""
    results = []
    for _ in range(processes):
        started = time.perf_counter_ns()
        result = run_json(argv, key)
        result["ns_process"] = time.perf_counter_ns() - started
        results.append(result)
    return results


def library_sizes() -> Dict[str, int]:
    """The shipped library's size in bytes (stripped), its split debug file, the library before
    stripping, and the release tarball and wheel when `make dist` / `make wheel` made them."""
    shipped = LIBRARY.resolve()
    sizes = {"stripped": shipped.stat().st_size}
    candidates = {
        "debug_file": shipped.parent / ".debug" / f"{shipped.name}.debug",
        "unstripped": ROOT / ".build" / "shiplib" / "release" / "libnavcore.so",
    }
    for name, path in candidates.items():
        if path.exists():
            sizes[name] = path.stat().st_size
    for name, pattern in (("tarball", "navcore-*.tar.gz"), ("wheel", "navcore-*.whl")):
        found = sorted((ROOT / "build" / "dist").glob(pattern))
        if found:
            sizes[name] = found[-1].stat().st_size
    return sizes


def wasm_size() -> Dict[str, Any]:
    """navcore.wasm (`make wasm`): its bytes, gzipped bytes, code and data, and what its code is
    made of (by the function names of navcore-names.wasm, the same module with its names)."""
    if not WASM.exists():
        raise BenchError(f"{WASM} is missing: `make wasm` builds it")
    module = wasm_module.read(WASM)
    sections = dict(module.sections)
    size = {"bytes": module.size, "gzip_bytes": len(gzip.compress(WASM.read_bytes(), 9)),
            "code_bytes": sections.get("code", 0), "data_bytes": sections.get("data", 0)}
    if WASM_NAMES.exists():
        demangler = shutil.which("swift-demangle")
        size["breakdown"] = [{"part": part, "bytes": total, "functions": count} for part, total, count in
                             wasm_module.breakdown(wasm_module.read(WASM_NAMES), Path(demangler) if demangler else None)]
    return size


def metric(key: str, result: Dict[str, Any]) -> float:
    if key.startswith("W9."):
        return float(result["ns_per_cycle"]["navcore"])
    if key.startswith("W8."):
        return float(result["ns_process"])
    if key == "W4":
        return float(result["ops_per_s"])
    if key.startswith("W7."):
        return float(result["ns_per_screen"])
    if key.startswith("W10."):
        return float(result["ns_per_byte"])
    return float(result["ns_per_op"])


# ---------------------------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------------------------


def machine() -> Dict[str, Any]:
    info: Dict[str, Any] = {
        "platform": platform.platform(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
    }
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
        model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.M)
        mhz = re.search(r"^cpu MHz\s*:\s*(.*)$", cpuinfo, re.M)
        info["cpu"] = model.group(1).strip() if model else "?"
        if mhz:
            info["cpu_mhz"] = float(mhz.group(1))
        mem = re.search(r"^MemTotal:\s*(\d+)", Path("/proc/meminfo").read_text(), re.M)
        if mem:
            info["memory_gb"] = round(int(mem.group(1)) / 1024 / 1024, 1)
        info["load_average_at_start"] = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        pass
    for key, argv in (("swift", ["swift", "--version"]), ("cc", ["gcc", "--version"]), ("valgrind", ["valgrind", "--version"])):
        try:
            out = subprocess.run(argv, capture_output=True, text=True, timeout=60)
            info[key] = (out.stdout or out.stderr).splitlines()[0].strip()
        except (OSError, subprocess.SubprocessError, IndexError):
            info[key] = "?"
    return info


def git_state() -> Dict[str, Any]:
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "Sources/NavCoreEngine", "Sources/NavCore", "Sources/NavCoreC", "include"],
            cwd=ROOT, capture_output=True, text=True,
        ).stdout.strip()
        return {"commit": commit, "engine_sources_modified": bool(dirty)}
    except OSError:
        return {}


def fmt(value: Optional[float], digits: int = 0) -> str:
    if value is None:
        return "-"
    if abs(value) >= 100 or digits == 0:
        return f"{value:,.0f}"
    return f"{value:,.{digits}f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="each workload once, tiny sizes, no verdicts")
    parser.add_argument("--runs", type=int, default=None, help="rounds (default 5; 1 with --smoke)")
    parser.add_argument("--only", default="", help="comma-separated workload prefixes, e.g. W1,W5")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    parser.add_argument("--json", default=None, help="where to write the results")
    parser.add_argument("--markdown", metavar="JSON", default=None,
                        help="print the results of a previous run (e.g. build/bench.json) as the markdown table "
                             "of docs/performance.md, and run nothing")
    args = parser.parse_args()
    if args.markdown:
        print_markdown(json.loads(Path(args.markdown).read_text()))
        return 0

    sizes = SMOKE if args.smoke else FULL
    rounds = args.runs or (1 if args.smoke else 5)
    out_path = Path(args.json) if args.json else ROOT / "build" / ("bench-smoke.json" if args.smoke else "bench.json")
    only = [p.strip() for p in args.only.split(",") if p.strip()]
    started = time.time()

    def selected(key: str) -> bool:
        return not only or any(key == p or key.startswith(p + ".") for p in only)

    try:
        runs = [(key, command()) for key, command in workload_runs(sizes) if selected(key)]
        samples: Dict[str, List[float]] = defaultdict(list)
        last: Dict[str, Dict[str, Any]] = {}
        every: Dict[str, List[Dict[str, Any]]] = defaultdict(list)
        print(f"bench: {len(runs)} workload runs x {rounds} round(s){' (smoke)' if args.smoke else ''}", flush=True)
        for r in range(rounds):
            for key, argv in runs:
                results = cold_starts(argv, key, sizes["w8_processes"]) if key.startswith("W8.") else [run_json(argv, key)]
                for result in results:
                    samples[key].append(metric(key, result))
                    last[key] = result
                    every[key].append(result)
            print(f"bench: round {r + 1}/{rounds} done ({time.time() - started:.0f} s)", flush=True)

        cg: Dict[str, Dict[str, Any]] = {}
        if not args.no_callgrind:
            if selected("W1"):
                cg["W1"] = callgrind("w1", lambda n: [c_program("w1"), str(n), "1", "0"], sizes["cg_w1"], count_atomics=True)
                cg["W1.threaded"] = callgrind(
                    "w1_threaded", lambda n: [c_program("w1"), str(n), "1", "0", "w1", "threaded"], sizes["cg_w1"],
                    count_atomics=True)
                cg["W1.floor"] = callgrind("floor", lambda n: [c_program("floor"), str(n), "1", "0"], sizes["cg_w1"])
            if selected("W2"):
                cg["W2"] = callgrind_w2(sizes)
            if selected("W3"):
                ops = sizes["cg_w3_ops"]
                cg["W3"] = {
                    "ask_ir_per_op": round(callgrind_toggled("w3.ask", "navcore_run", [c_program("w3"), str(ops)]) / ops, 1),
                    "drain_ir_per_op": round(
                        callgrind_toggled("w3.drain", "navcore_transition_finish", [c_program("w3"), str(ops)]) / ops, 1),
                }
            if selected("W5"):
                cg["W5"] = callgrind("w5", lambda n: [swift_bench(), str(n), "1", "0"], sizes["cg_w5"], count_atomics=True)
            if selected("W6"):
                warmup = str(sizes["cg_w6"][0] // 5)  # the same in both lengths: it cancels out
                w6, floor = str(ROOT / "bench" / "python" / "w6.py"), str(ROOT / "bench" / "python" / "floor.py")
                cg["W6"] = callgrind("w6", lambda n: [python(), w6, str(n), warmup], sizes["cg_w6"])
                cg["W6.floor"] = callgrind(
                    "w6_floor", lambda n: [python(), floor, c_program("libpyfloor.so"), str(n), warmup], sizes["cg_w6"])
                cg["W6.engine"] = callgrind(
                    "w6_engine", lambda n: [c_program("w1"), str(n), "1", warmup, "w6", "threaded"], sizes["cg_w6"],
                    count_atomics=True)
            if selected("W7"):
                for op in ("pop_to_root", "set"):
                    cg[f"W7.{op}"] = callgrind_w7(op, sizes["cg_w7"])
            if selected("W9"):
                cg["W9"] = callgrind_w9(sizes)
            if selected("W10"):
                cg["W10"] = callgrind_w10(sizes)
            if selected("W11"):
                cg["W11"] = callgrind_w11(sizes)
            print(f"bench: callgrind done ({time.time() - started:.0f} s)", flush=True)
        w9_profile = (run_json([python(), str(W9_TEXTUAL), str(sizes["w9_textual"][0]), "--profile",
                                str(sizes["w9_textual"][1])], "W9 Textual profile") if selected("W9.textual") else {})
        peaks = w10_peaks(sizes) if selected("W10") else {}
        mcu = mcu_figures() if selected("W12") else {}
        wasm = wasm_size() if selected("wasm") else None
    except BenchError as error:
        print(f"bench: FAILED: {error}", file=sys.stderr)
        return 1

    med = {key: statistics.median(values) for key, values in samples.items()}

    def ratio(a: str, b: str) -> Optional[float]:
        return med[a] / med[b] if a in med and b in med and med[b] else None

    workloads: Dict[str, Any] = {}
    targets: List[Dict[str, Any]] = []

    def entry(key: str, description: str, unit: str, **extra: Any) -> Dict[str, Any]:
        data = {"description": description, "unit": unit, "median": round(med[key], 2),
                "samples": [round(v, 2) for v in samples[key]], "result": last[key]}
        data.update(extra)
        return data

    def target(name: str, text: str, value: Optional[float], limit: float) -> None:
        if value is None:
            return
        targets.append({"workload": name, "target": text, "value": round(value, 3), "limit": limit,
                        "met": value <= limit})

    if "W1" in med:
        w1 = entry("W1", "C ABI, inline, no animator, listeners for action/show/hide/done: create + push + pop "
                   "at depth 1", "ns per cycle")
        if "W1.floor" in med:
            w1["floor"] = {"median": round(med["W1.floor"], 2), "samples": [round(v, 2) for v in samples["W1.floor"]]}
            w1["ratio"] = round(ratio("W1", "W1.floor"), 3)
            target("W1", "W1 <= 3x its floor (time)", ratio("W1", "W1.floor"), TARGETS["W1"])
        if "W1.floor_locked" in med:
            w1["floor_locked"] = {"median": round(med["W1.floor_locked"], 2),
                                  "samples": [round(v, 2) for v in samples["W1.floor_locked"]]}
            w1["ratio_to_locked_floor"] = round(ratio("W1", "W1.floor_locked"), 3)
        if "W1.threaded" in med and "W1.floor_locked.threaded" in med:
            w1["threaded"] = {
                "median": round(med["W1.threaded"], 2), "samples": [round(v, 2) for v in samples["W1.threaded"]],
                "floor_locked": {"median": round(med["W1.floor_locked.threaded"], 2),
                                 "samples": [round(v, 2) for v in samples["W1.floor_locked.threaded"]]},
                "ratio_to_locked_floor": round(ratio("W1.threaded", "W1.floor_locked.threaded"), 3)}
        if "W1.threaded" in cg:
            w1.setdefault("threaded", {})["callgrind"] = cg["W1.threaded"]
        if "W1" in cg:
            w1["callgrind"] = cg["W1"]
            if "W1.floor" in cg:
                w1["floor_callgrind"] = cg["W1.floor"]
                w1["callgrind_ratio"] = round(cg["W1"]["ir_per_op"] / cg["W1.floor"]["ir_per_op"], 3)
            target("W1.Ir", "W1 <= 6,000 Ir per cycle", cg["W1"]["ir_per_op"], TARGETS["W1.Ir"])
        workloads["W1"] = w1
    if "W2" in med:
        w2 = entry("W2", f"W1 at depth {sizes['w2_depth']:,}", "ns per cycle")
        if "W1" in med:
            w2["ratio_to_W1"] = round(ratio("W2", "W1"), 3)
            target("W2", "W2 within 1.2x of W1", ratio("W2", "W1"), TARGETS["W2"])
        if "W2.floor" in med:
            w2["floor"] = {"median": round(med["W2.floor"], 2), "samples": [round(v, 2) for v in samples["W2.floor"]]}
            w2["ratio"] = round(ratio("W2", "W2.floor"), 3)
        if "W2" in cg:
            ir = cg["W2"]
            w2["callgrind_ir_per_cycle_by_depth"] = ir
            w2["callgrind_ratio_to_depth_1"] = round(ir[str(sizes["w2_depth"])] / ir["1"], 3)
        workloads["W2"] = w2
    if "W3" in med:
        def w3_median(field: str) -> float:
            return round(statistics.median(float(r[field]) for r in every["W3"]), 2)

        bytes_per_op = w3_median("bytes_per_pending_op")
        w3 = entry("W3", f"{sizes['w3_ops']:,} run ops asked during one transition, one finish drains them",
                   "ns per op (ask + drain)", ask_ns_per_op=w3_median("ask_ns_per_op"),
                   drain_ns_per_op=w3_median("drain_ns_per_op"), bytes_per_pending_op=bytes_per_op,
                   bytes_per_pending_op_samples=[float(r["bytes_per_pending_op"]) for r in every["W3"]])
        if "W3" in cg:
            w3["callgrind"] = cg["W3"]
        workloads["W3"] = w3
        target("W3", "W3 <= 128 bytes per pending op", bytes_per_op, TARGETS["W3"])
    if "W4" in med:
        workloads["W4"] = entry(
            "W4", f"{sizes['w4_threads']} threads x {sizes['w4_per_thread']:,} posted shows, host dispatch, one "
            "draining host thread", "ops per second", all_arrived=all(bool(r["all_arrived"]) for r in every["W4"]))
    if "W5" in med:
        w5 = entry("W5", "W1 through the Swift API (Navigator, a delegate)", "ns per cycle")
        if "W1.floor" in med:
            w5["ratio_to_C_floor"] = round(ratio("W5", "W1.floor"), 3)
        if "W1" in med:
            w5["ratio_to_W1"] = round(ratio("W5", "W1"), 3)
        if "W5" in cg:
            w5["callgrind"] = cg["W5"]
            if "W1.floor" in cg:
                w5["callgrind_ratio_to_C_floor"] = round(cg["W5"]["ir_per_op"] / cg["W1.floor"]["ir_per_op"], 3)
            if "W1" in cg:
                w5["callgrind_ratio_to_W1"] = round(cg["W5"]["ir_per_op"] / cg["W1"]["ir_per_op"], 3)
                target("W5", "W5 <= 1.5x W1 (Ir)", w5["callgrind_ratio_to_W1"], TARGETS["W5"])
        workloads["W5"] = w5
    if "W6" in med:
        w6 = entry("W6", "W1 through the Python binding, listeners for will_show and did_show", "ns per cycle")
        if "W6.floor" in med:
            w6["floor"] = {"median": round(med["W6.floor"], 2), "samples": [round(v, 2) for v in samples["W6.floor"]]}
            w6["ratio"] = round(ratio("W6", "W6.floor"), 3)
            target("W6", "W6 <= 2x its floor (time)", ratio("W6", "W6.floor"), TARGETS["W6"])
        if "W6.engine" in med:
            w6["engine_from_c"] = {"median": round(med["W6.engine"], 2),
                                   "samples": [round(v, 2) for v in samples["W6.engine"]]}
            if "W6.floor" in med:
                w6["binding_overhead"] = round(med["W6"] - med["W6.engine"] - med["W6.floor"], 2)
        if "W6" in cg:
            w6["callgrind"] = cg["W6"]
            w6["floor_callgrind"] = cg["W6.floor"]
            w6["engine_callgrind"] = cg["W6.engine"]
            w6["callgrind_ratio"] = round(cg["W6"]["ir_per_op"] / cg["W6.floor"]["ir_per_op"], 3)
            w6["binding_ir_per_op"] = round(
                cg["W6"]["ir_per_op"] - cg["W6.floor"]["ir_per_op"] - cg["W6.engine"]["ir_per_op"], 1)
            target("W6.Ir", "W6 <= 2x its floor (Ir)", w6["callgrind_ratio"], TARGETS["W6"])
        workloads["W6"] = w6
    for op in ("pop_to_root", "set"):
        keys = [f"W7.{op}.{n}" for n, _ in sizes["w7"] if f"W7.{op}.{n}" in med]
        if not keys:
            continue
        per_n = {k.split(".")[-1]: round(med[k], 2) for k in keys}
        flatness = max(med[k] for k in keys) / min(med[k] for k in keys)
        workloads[f"W7.{op}"] = {
            "description": f"{op} touching N screens", "unit": "ns per screen touched", "by_n": per_n,
            "samples": {k.split(".")[-1]: [round(v, 2) for v in samples[k]] for k in keys},
            "ns_per_op": {k.split(".")[-1]: last[k]["ns_per_op"] for k in keys},
            "max_over_min": round(flatness, 3),
        }
        if f"W7.{op}" in cg:
            ir = cg[f"W7.{op}"]
            workloads[f"W7.{op}"]["callgrind_ir_per_screen"] = ir
            workloads[f"W7.{op}"]["callgrind_max_over_min"] = round(max(ir.values()) / min(ir.values()), 3)
        target(f"W7.{op}", f"W7 {op} flat within 1.5x across N", flatness, TARGETS["W7"])

    for toolkit, ways, description in (
            ("gtk", W9_GTK_WAYS, "GTK 4 under Xvfb: GtkStack alone, navcore + libnavcore-gtk4's mirror on a GtkStack, "
             "AdwLeaflet alone"),
            ("textual", W9_TEXTUAL_WAYS, "headless Textual: push_screen / pop_screen alone, navcore.textual")):
        key = f"W9.{toolkit}"
        if key not in med:
            continue
        alone = ways[0]
        by = {name: {way: round(statistics.median(float(r[name][way]) for r in every[key]), 0) for way in ways}
              for name in W9_FIGURES}

        def share(figures: Dict[str, float]) -> float:
            """navcore's share of the cycle with navcore, percent: (with - alone) / with."""
            return round(100 * (figures["navcore"] - figures[alone]) / figures["navcore"], 2)

        def paired_share(name: str) -> float:
            """The median of each process's share: both ways of a process ran under the same load."""
            return round(statistics.median(share(r[name]) for r in every[key]), 2)

        w9 = entry(key, f"navcore's share of a push + pop, {description}",
                   "ns per cycle (active: wall time minus the main loop's sleeps)", alone=alone,
                   by_way=by["ns_per_cycle"], cpu_by_way=by["cpu_ns_per_cycle"], wall_by_way=by["wall_ns_per_cycle"],
                   share=paired_share("ns_per_cycle"), cpu_share=paired_share("cpu_ns_per_cycle"),
                   shares=[share(r["ns_per_cycle"]) for r in every[key]])
        if toolkit == "textual":  # Textual has no instruction counts (callgrind_w9)
            target(key, f"W9 {toolkit}: navcore's share of a push + pop <= 5% (time)", w9["share"], TARGETS["W9"])
        ir = cg.get("W9", {}).get(toolkit, {})
        if all(way in ir for way in ways):
            w9["callgrind_ir_per_cycle"] = ir
            w9["callgrind_share"] = share(ir)
            w9["callgrind_extra_by_object"] = cg["W9"][f"{toolkit}_extra_by_object"]
            target(f"{key}.Ir", f"W9 {toolkit}: navcore's share of a push + pop <= 5% (Ir)", w9["callgrind_share"],
                   TARGETS["W9"])
        if toolkit == "textual" and w9_profile:
            w9["profile_ns_per_cycle"] = w9_profile["profile"]
        workloads[key] = w9

    for kind in W10_KINDS:
        keys = [f"W10.{kind}.{size}" for size in sizes["w10_sizes"] if f"W10.{kind}.{size}" in med]
        if not keys:
            continue
        by_size = {k.split(".")[-1]: round(med[k], 3) for k in keys}
        w10: Dict[str, Any] = {
            "description": f"restore of a document whose one state is {kind} text, by document size",
            "unit": "ns per byte of the document", "by_size": by_size,
            "samples": {k.split(".")[-1]: [round(v, 3) for v in samples[k]] for k in keys},
            "max_over_min": round(max(by_size.values()) / min(by_size.values()), 3),
        }
        if "W10" in cg:
            ir = cg["W10"][kind]
            w10["callgrind_ir_per_byte"] = ir
            w10["callgrind_max_over_min"] = round(max(ir.values()) / min(ir.values()), 3)
            target(f"W10.{kind}.Ir", f"W10 {kind}: Ir per byte flat within 1.5x from "
                   f"{sizes['w10_sizes'][0] // 1024} KB to {sizes['w10_sizes'][-1] >> 20} MB",
                   w10["callgrind_max_over_min"], TARGETS["W10.Ir"])
        if kind in peaks:
            w10["peak"] = {"bytes": peaks[kind]["bytes"], "extra_kb": peaks[kind]["peak_extra_kb"],
                           "ratio": peaks[kind]["peak_ratio"], "measured": peaks[kind]["peak_reset"]}
            target(f"W10.{kind}.peak", f"W10 {kind}: peak extra memory <= 2x a "
                   f"{sizes['w10_peak_bytes'] >> 20} MB document", peaks[kind]["peak_ratio"], TARGETS["W10.peak"])
        workloads[f"W10.{kind}"] = w10

    if "W11" in med:
        w11 = entry("W11", "a back asked of a root, routed to the deepest of five navigators attached in a chain "
                    "(create + push on the deepest, back of the root), W1's listeners", "ns per cycle")
        for op in ("attach", "present"):
            if f"W11.{op}" in med:
                w11[f"{op}_ns_per_op"] = round(med[f"W11.{op}"], 2)
        if "W1" in med:
            w11["ratio_to_W1"] = round(ratio("W11", "W1"), 3)
        if "W11" in cg:
            w11["callgrind"] = cg["W11"]["back"]
            w11["callgrind_attach_ir_per_op"] = cg["W11"]["attach"]
            w11["callgrind_present_dismiss_ir_per_op"] = cg["W11"]["present"]
            if "W1" in cg:
                w11["callgrind_ratio_to_W1"] = round(cg["W11"]["back"]["ir_per_op"] / cg["W1"]["ir_per_op"], 3)
                target("W11", "W11 <= 1.2x W1 (Ir)", w11["callgrind_ratio_to_W1"], TARGETS["W11"])
        workloads["W11"] = w11

    if mcu:
        core_flash = mcu["flash"]["scenarios"]["navcore"] + mcu["flash"]["scenarios"]["unicode"]
        workloads["W12"] = dict(mcu, description="the core on a Cortex-M4 (make mcu's firmware under QEMU): flash, "
                                "RAM, the scenarios", unit="bytes", core_flash=core_flash)
        target("W12.flash", "W12 the core's flash <= 256 KB", core_flash / 1024, TARGETS["W12.flash"])
        target("W12.ram", f"W12 a navigator with its listeners and {MCU_STACK_DEPTH} screens <= 2 KB of heap",
               mcu["navigator_with_screens"]["bytes"], TARGETS["W12.ram"])

    if "W8.c" in med:
        def in_process(key: str, field: str = "ns_in_process") -> float:
            return round(statistics.median(float(r[field]) for r in every[key]), 0)

        def best(key: str, field: str) -> float:
            """The fastest process: on a loaded machine, the closest to what the work costs."""
            return round(min(float(r[field]) for r in every[key]), 0)

        w8: Dict[str, Any] = {"description": "cold start: a new process dlopens navcore (C) or imports it "
                              "(Python), creates a navigator, pushes a first screen, destroys it",
                              "unit": "ns per process (spawn to exit)", "library_bytes": library_sizes()}
        for way in ("c", "python"):
            key = f"W8.{way}"
            if key not in med:
                continue
            data = {"median": round(med[key], 0), "samples": [round(v, 0) for v in samples[key]],
                    "in_process": in_process(key)}
            inside = "dlopen" if way == "c" else "import"
            data[inside] = in_process(key, f"ns_{inside}")
            data[f"best_{inside}"] = best(key, f"ns_{inside}")
            data["best"] = best(key, "ns_process")
            if f"{key}.floor" in med:
                data["floor"] = {"median": round(med[f"{key}.floor"], 0), "in_process": in_process(f"{key}.floor")}
                data["ratio"] = round(ratio(key, f"{key}.floor"), 3)
            w8[way] = data
        workloads["W8"] = w8

    if wasm is not None:
        target("wasm", "navcore.wasm <= 150 KB (bytes, uncompressed)", wasm["bytes"], TARGETS["wasm"])

    report = {
        "mode": "smoke" if args.smoke else "full",
        "rounds": rounds,
        "statistic": "median over rounds; each round runs every workload once, interleaved",
        "machine": machine(),
        "git": git_state(),
        "elapsed_s": round(time.time() - started, 1),
        "workloads": workloads,
        "wasm": wasm,
        "targets": [] if args.smoke else targets,
    }
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out_path.write_text(json.dumps(report, indent=2) + "\n")

    print_table(report, sizes, args.smoke)
    print(f"bench: wrote {out_path.relative_to(ROOT) if out_path.is_relative_to(ROOT) else out_path} "
          f"in {report['elapsed_s']:.0f} s")
    return 0


def atomics_row(cg: Dict[str, Any]) -> str:
    """A cycle's atomic instructions by object (bench/atomics.py: each costs several ns, tens of
    ordinary instructions, so they explain time where Ir do not), when they were counted, and its
    calls to retain and release (some on objects that need no atomic: a nil, an immortal one)."""
    calls = cg.get("calls_per_op", {})
    counted = cg.get("atomics_per_op", {})
    retains = f"{calls.get('swift_retain', 0):g} + {calls.get('swift_release', 0):g} retain + release calls"
    if not counted:
        return retains
    by_object = ", ".join(f"{obj.split('.so')[0]} {n:g}" for obj, n in sorted(counted.items(), key=lambda item: -item[1]))
    return f"{sum(counted.values()):g} atomic instructions ({by_object}); {retains}"


def size_name(size: int) -> str:
    """1 KB, 64 KB, 1 MB, 100 MB."""
    return f"{size >> 20} MB" if size >= 1 << 20 else f"{size >> 10} KB"


def w9_ways(figures: Dict[str, float], ways: Tuple[str, ...], scale: float = 1.0) -> str:
    """W9's figures of each way, in the order of `ways`, divided by `scale`."""
    return " / ".join(fmt(figures[way] / scale) for way in ways)


def w9_extra(d: Dict[str, Any]) -> List[str]:
    """Where navcore's way spends more than the toolkit alone, per cycle: in GTK callgrind's extra
    instructions by library; in Textual the extra time by part of the program under cProfile, and
    navcore's own part of the cycle."""
    lines = []
    if "callgrind_extra_by_object" in d:
        by_library = list(d["callgrind_extra_by_object"].items())[:6]
        lines.append(", ".join(f"{re.sub(r'[.]so([.][0-9.]+)?$', '', ob)} {ir:+,.0f}" for ob, ir in by_library) + " Ir")
    if "profile_ns_per_cycle" in d:
        alone, with_navcore = (d["profile_ns_per_cycle"][way] for way in W9_TEXTUAL_WAYS)
        parts = sorted(set(alone) | set(with_navcore), key=lambda p: -abs(with_navcore.get(p, 0) - alone.get(p, 0)))
        lines.append(", ".join(f"{p} {(with_navcore.get(p, 0) - alone.get(p, 0)) / 1000:+,.0f} µs" for p in parts) +
                     " (cProfile)")
        own = with_navcore.get("navcore", 0) - alone.get("navcore", 0)
        total = sum(with_navcore.values())
        lines.append(f"navcore's own code (its Python and the C calls it makes): {own / 1000:,.0f} µs of the cycle's "
                     f"{total / 1000:,.0f} µs under cProfile ({100 * own / total:.1f} %)")
    return lines


def w9_table_rows(w: Dict[str, Any]) -> List[Tuple[str, str, str, str, str]]:
    """W9's rows of the printed table."""
    rows = []
    for key, label, ways in (("W9.gtk", "W9 GTK push+pop: GtkStack / navcore / AdwLeaflet", W9_GTK_WAYS),
                             ("W9.textual", "W9 Textual push+pop: Textual / navcore", W9_TEXTUAL_WAYS)):
        if key not in w:
            continue
        d = w[key]
        rows.append((label, w9_ways(d["by_way"], ways, 1000), "us/cycle", "", f"share {d['share']:.1f}%"))
        rows.append(("   CPU time of the UI thread", w9_ways(d["cpu_by_way"], ways, 1000), "us/cycle", "",
                     f"share {d['cpu_share']:.1f}%"))
        rows.append(("   wall time with the waits (frames, idle)", w9_ways(d["wall_by_way"], ways, 1e6), "ms/cycle", "",
                     ""))
        if "callgrind_ir_per_cycle" in d:
            rows.append(("   callgrind", w9_ways(d["callgrind_ir_per_cycle"], ways), "Ir/cycle", "",
                         f"share {d['callgrind_share']:.1f}%"))
        for line in w9_extra(d):
            rows.append(("   navcore's way minus the toolkit's", line, "per cycle", "", ""))
    return rows


def w9_markdown_rows(w: Dict[str, Any], verdicts: Dict[str, Any]) -> List[Tuple[str, str, str, str, str]]:
    """W9's rows of docs/performance.md's table."""

    def verdict(key: str) -> str:
        t = verdicts.get(key)
        return "" if not t else ("met" if t["met"] else "**missed**")

    rows = []
    for key, label, alone in (("W9.gtk", "W9 GTK 4 (Xvfb), push + pop of a page: two frames", "GtkStack alone"),
                              ("W9.textual", "W9 Textual (headless), push + pop of a screen", "Textual alone")):
        if key not in w:
            continue
        d = w[key]
        way = d["alone"]
        ir = d.get("callgrind_ir_per_cycle", {})

        def instructions(of: str) -> str:
            return f"; {fmt(ir[of])} Ir" if of in ir else ""

        rows.append((label, f"{fmt(d['by_way']['navcore'] / 1000)} µs/cycle; "
                     f"{fmt(d['cpu_by_way']['navcore'] / 1000)} µs CPU{instructions('navcore')}",
                     f"{alone}: {fmt(d['by_way'][way] / 1000)} µs; {fmt(d['cpu_by_way'][way] / 1000)} µs CPU"
                     f"{instructions(way)}",
                     f"navcore's share {d['share']:.1f} % time, {d['cpu_share']:.1f} % CPU" +
                     (f", {d['callgrind_share']:.1f} % Ir" if "callgrind_share" in d else ""),
                     ", ".join(f"{verdict(judged)} {measure}" for judged, measure in ((key, "time"), (key + ".Ir", "Ir"))
                               if judged in verdicts) + " (≤ 5 %)"))
        if "leaflet" in d["by_way"]:
            rows.append(("  AdwLeaflet alone, the same page changes",
                         f"{fmt(d['by_way']['leaflet'] / 1000)} µs/cycle; {fmt(d['cpu_by_way']['leaflet'] / 1000)} µs "
                         f"CPU{instructions('leaflet')}", "", "", "informative"))
        for line in w9_extra(d):
            rows.append(("  navcore's way minus the toolkit's, per cycle", line, "", "", "informative"))
    return rows


def print_table(report: Dict[str, Any], sizes: Dict[str, Any], smoke: bool) -> None:
    w = report["workloads"]
    rows: List[Tuple[str, str, str, str, str]] = []  # workload, value, unit, floor, ratio

    if "W1" in w:
        d = w["W1"]
        rows.append(("W1 C ABI create+push+pop, depth 1", fmt(d["median"]), "ns/cycle",
                     fmt(d.get("floor", {}).get("median")), f"{d['ratio']:.1f}x" if "ratio" in d else "-"))
        if "floor_locked" in d:
            rows.append(("   vs floor with a mutex (informative)", "", "", fmt(d["floor_locked"]["median"]),
                         f"{d['ratio_to_locked_floor']:.1f}x"))
        threaded = d.get("threaded", {})
        if "median" in threaded:
            rows.append(("   with a second thread (informative)", fmt(threaded["median"]), "ns/cycle",
                         fmt(threaded["floor_locked"]["median"]), f"{threaded['ratio_to_locked_floor']:.1f}x"))
        if "callgrind" in threaded:
            rows.append(("   with a second thread: atomics", atomics_row(threaded["callgrind"]), "per cycle", "", ""))
        if "callgrind" in d:
            rows.append(("   callgrind", fmt(d["callgrind"]["ir_per_op"]), "Ir/cycle",
                         fmt(d.get("floor_callgrind", {}).get("ir_per_op")),
                         f"{d['callgrind_ratio']:.1f}x" if "callgrind_ratio" in d else "-"))
            rows.append(("   atomics", atomics_row(d["callgrind"]), "per cycle", "", ""))
    if "W2" in w:
        d = w["W2"]
        rows.append((f"W2 same at depth {sizes['w2_depth']:,}", fmt(d["median"]), "ns/cycle",
                     f"W1 {fmt(w['W1']['median'])}" if "W1" in w else "-",
                     f"{d['ratio_to_W1']:.2f}x W1" if "ratio_to_W1" in d else "-"))
        if "callgrind_ir_per_cycle_by_depth" in d:
            ir = d["callgrind_ir_per_cycle_by_depth"]
            rows.append(("   callgrind (inside the cycle, depth 1 / depth N)", " / ".join(fmt(v) for v in ir.values()),
                         "Ir/cycle", "", f"{d['callgrind_ratio_to_depth_1']:.3f}x"))
        if "floor" in d:
            rows.append(("   floor at the same depth (informative)", "", "", fmt(d["floor"]["median"]),
                         f"{d['ratio']:.1f}x"))
    if "W3" in w:
        d = w["W3"]
        rows.append((f"W3 {sizes['w3_ops']:,} ops queued in 1 transition", fmt(d["median"]), "ns/op", "", ""))
        rows.append(("   ask / drain", f"{fmt(d['ask_ns_per_op'])} / {fmt(d['drain_ns_per_op'])}", "ns/op", "", ""))
        if "callgrind" in d:
            rows.append(("   callgrind ask / drain", f"{fmt(d['callgrind']['ask_ir_per_op'])} / "
                         f"{fmt(d['callgrind']['drain_ir_per_op'])}", "Ir/op", "", ""))
        rows.append(("   memory per pending op", fmt(d["bytes_per_pending_op"], 1), "bytes", "", ""))
    if "W4" in w:
        d = w["W4"]
        rows.append((f"W4 {sizes['w4_threads']} threads x {sizes['w4_per_thread']:,} show, host drains",
                     fmt(d["median"]), "ops/s", "", "all arrived" if d["all_arrived"] else "LOST OPS"))
    if "W5" in w:
        d = w["W5"]
        rows.append(("W5 Swift API create+push+pop", fmt(d["median"]), "ns/cycle",
                     fmt(w["W1"]["floor"]["median"]) + " (C)" if "W1" in w and "floor" in w["W1"] else "-",
                     f"{d['ratio_to_C_floor']:.1f}x" if "ratio_to_C_floor" in d else "-"))
        if "callgrind" in d:
            rows.append(("   callgrind", fmt(d["callgrind"]["ir_per_op"]), "Ir/cycle",
                         fmt(w["W1"]["floor_callgrind"]["ir_per_op"]) + " (C)"
                         if "W1" in w and "floor_callgrind" in w["W1"] else "-",
                         f"{d['callgrind_ratio_to_C_floor']:.1f}x" if "callgrind_ratio_to_C_floor" in d else "-"))
            rows.append(("   atomics", atomics_row(d["callgrind"]), "per cycle", "", ""))
    if "W6" in w:
        d = w["W6"]
        rows.append(("W6 Python create+push+pop", fmt(d["median"]), "ns/cycle", fmt(d.get("floor", {}).get("median")),
                     f"{d['ratio']:.1f}x" if "ratio" in d else "-"))
        if "engine_from_c" in d:
            rows.append(("   navcore's share (W6 callbacks, from C)", fmt(d["engine_from_c"]["median"]), "ns/cycle",
                         "", ""))
        if "callgrind" in d:
            rows.append(("   callgrind", fmt(d["callgrind"]["ir_per_op"]), "Ir/cycle",
                         fmt(d["floor_callgrind"]["ir_per_op"]), f"{d['callgrind_ratio']:.1f}x"))
            rows.append(("   callgrind: navcore's share / the binding's", f"{fmt(d['engine_callgrind']['ir_per_op'])} / "
                         f"{fmt(d['binding_ir_per_op'])}", "Ir/cycle", "", ""))
            rows.append(("   navcore's share: atomics", atomics_row(d["engine_callgrind"]), "per cycle", "", ""))
    for op in ("pop_to_root", "set"):
        key = f"W7.{op}"
        if key in w:
            d = w[key]
            ns = " / ".join(fmt(v) for v in d["by_n"].values())
            rows.append((f"W7 {op} N={'/'.join(f'{int(n):,}' for n in d['by_n'])}", ns, "ns/screen", "",
                         f"max/min {d['max_over_min']:.2f}"))
            if "callgrind_ir_per_screen" in d:
                ir = d["callgrind_ir_per_screen"]
                rows.append(("   callgrind", " / ".join(fmt(v) for v in ir.values()), "Ir/screen", "",
                             f"max/min {d['callgrind_max_over_min']:.2f}"))

    rows += w9_table_rows(w)
    for kind in W10_KINDS:
        key = f"W10.{kind}"
        if key in w:
            d = w[key]
            names = "/".join(size_name(int(n)) for n in d["by_size"])
            rows.append((f"W10 restore, {kind}, {names}", " / ".join(fmt(v, 2) for v in d["by_size"].values()),
                         "ns/byte", "", f"max/min {d['max_over_min']:.2f}"))
            if "callgrind_ir_per_byte" in d:
                rows.append(("   callgrind", " / ".join(fmt(v, 1) for v in d["callgrind_ir_per_byte"].values()),
                             "Ir/byte", "", f"max/min {d['callgrind_max_over_min']:.2f}"))
            if "peak" in d:
                rows.append((f"   peak extra memory, {size_name(d['peak']['bytes'])} document",
                             f"{d['peak']['ratio']:.2f}", "x document", "", ""))
    if "W11" in w:
        d = w["W11"]
        rows.append(("W11 back routed 5 navigators deep", fmt(d["median"]), "ns/cycle",
                     f"W1 {fmt(w['W1']['median'])}" if "W1" in w else "-",
                     f"{d['ratio_to_W1']:.2f}x W1" if "ratio_to_W1" in d else "-"))
        if "callgrind" in d:
            rows.append(("   callgrind", fmt(d["callgrind"]["ir_per_op"]), "Ir/cycle",
                         f"W1 {fmt(w['W1']['callgrind']['ir_per_op'])}" if "W1" in w and "callgrind" in w["W1"] else "-",
                         f"{d['callgrind_ratio_to_W1']:.2f}x W1" if "callgrind_ratio_to_W1" in d else "-"))
            rows.append(("   attach / present + dismiss", f"{fmt(d['callgrind_attach_ir_per_op'])} / "
                         f"{fmt(d['callgrind_present_dismiss_ir_per_op'])}", "Ir/op", "", ""))
        if "attach_ns_per_op" in d:
            rows.append(("   attach / present + dismiss", f"{fmt(d['attach_ns_per_op'])} / "
                         f"{fmt(d.get('present_ns_per_op'))}", "ns/op", "", ""))
    if "W12" in w:
        d = w["W12"]
        flash, ram, heap = d["flash"], d["static_ram"], d["heap"]
        rows.append(("W12 Cortex-M4 (QEMU): the core's flash", f"{d['core_flash'] / 1024:,.1f}", "KB", "",
                     f"navcore {flash['scenarios']['navcore'] / 1024:,.1f} + Unicode {flash['scenarios']['unicode'] / 1024:,.1f}"))
        rows.append(("   in the memory probe's firmware",
                     f"{(flash['memory']['navcore'] + flash['memory']['unicode']) / 1024:,.1f}", "KB", "", ""))
        rows.append(("   the core's static RAM (.data + .bss)",
                     fmt(ram["scenarios"]["navcore"] + ram["scenarios"]["unicode"]), "bytes", "", ""))
        rows.append(("   heap: navigator / listeners / screen / route",
                     " / ".join(fmt(heap[k]) for k in ("navigator", "listeners", "screen", "route")), "bytes", "", ""))
        rows.append((f"   a navigator, its listeners, {d['navigator_with_screens']['screens']} screens",
                     fmt(d["navigator_with_screens"]["bytes"]), "bytes", "", ""))
        rows.append(("   stack used: scenarios / memory probe",
                     f"{fmt(d['stack_used']['scenarios'])} / {fmt(d['stack_used']['memory'])}", "bytes", "", ""))
        rows.append(("   scenarios passed on the firmware", f"{d['scenarios']['passed']}",
                     f"of {d['scenarios']['passed'] + d['scenarios']['failed']}", "", ""))
    if "W8" in w:
        d = w["W8"]
        for way, label, inside in (("c", "W8 cold start, C: dlopen + first push", "dlopen"),
                                   ("python", "W8 cold start, Python: import + first push", "import")):
            if way in d:
                e = d[way]
                rows.append((label, fmt(e["median"] / 1000), "us/process", fmt(e["floor"]["median"] / 1000)
                             if "floor" in e else "-", f"{e['ratio']:.1f}x" if "ratio" in e else "-"))
                rows.append((f"   in the process / of it {inside}", f"{fmt(e['in_process'] / 1000)} / "
                             f"{fmt(e[inside] / 1000)}", "us", fmt(e["floor"]["in_process"] / 1000)
                             if "floor" in e else "-", ""))
                rows.append((f"   best process / best {inside}", f"{fmt(e['best'] / 1000)} / "
                             f"{fmt(e['best_' + inside] / 1000)}", "us", "", ""))
        sizes_kb = ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in d["library_bytes"].items())
        rows.append(("   library", sizes_kb, "", "", ""))

    widths = [max(len(r[i]) for r in rows + [("workload", "median", "unit", "floor", "ratio")]) for i in range(5)]
    header = ("workload", "median", "unit", "floor", "ratio")
    line = "  ".join(h.ljust(widths[i]) if i in (0, 2) else h.rjust(widths[i]) for i, h in enumerate(header))
    print()
    if smoke:
        print("(smoke run: tiny sizes, one round; the numbers only show that each workload ran)")
    print(line)
    print("-" * len(line))
    for r in rows:
        print("  ".join(c.ljust(widths[i]) if i in (0, 2) else c.rjust(widths[i]) for i, c in enumerate(r)))
    print()
    wasm = report.get("wasm")
    if wasm:
        print(f"navcore.wasm: {wasm['bytes']:,} bytes ({wasm['gzip_bytes']:,} gzipped): code {wasm['code_bytes']:,}, "
              f"data {wasm['data_bytes']:,}; the goal is {TARGETS['wasm']:,} bytes")
        for part in wasm.get("breakdown", []):
            count = f" ({part['functions']} functions)" if part["functions"] else ""
            print(f"  {part['bytes']:9,}  {part['part']}{count}")
        print()
    if report["targets"]:
        print("targets:")
        for t in report["targets"]:
            print(f"  {'met   ' if t['met'] else 'MISSED'}  {t['target']}: {t['value']:.2f} (limit {t['limit']})")
        print()
    for key in ("W1", "W5"):
        cgd = w.get(key, {}).get("callgrind")
        if not cgd or smoke:
            continue
        calls = ", ".join(f"{k} {v:g}" for k, v in cgd["calls_per_op"].items())
        print(f"{key} callgrind, {fmt(cgd['ir_per_op'])} Ir/cycle; calls per cycle: {calls}")
        for f in cgd["top_functions"][:8]:
            print(f"  {f['share'] * 100:5.1f}%  {f['ir_per_op']:8,.0f}  {f['function'][:110]}")
        for label, rows in cgd.get("callers_per_op", {}).items():
            listed = ", ".join(f"{r['caller'][:48]} {r['calls']:g}" for r in rows[:5])
            print(f"  {label} per cycle from: {listed}")
        print()
    m = report["machine"]
    print(f"machine: {m.get('cpu', '?')}, {m.get('cores')} cores, {m.get('memory_gb', '?')} GB, "
          f"load {m.get('load_average_at_start')}; {m.get('swift', '')}")


def print_markdown(report: Dict[str, Any]) -> None:
    """The results table of docs/performance.md, from a bench.json."""
    w = report["workloads"]
    verdicts = {t["workload"]: t for t in report.get("targets", [])}

    def verdict(name: str) -> str:
        t = verdicts.get(name)
        if not t:
            return ""
        return f"{'met' if t['met'] else '**missed**'} (≤ {t['limit']:g})"

    rows = []
    if "W1" in w:
        d = w["W1"]
        cg = d.get("callgrind", {}).get("ir_per_op")
        fcg = d.get("floor_callgrind", {}).get("ir_per_op")
        rows.append(("W1 C ABI, create + push + pop, depth 1", f"{fmt(d['median'])} ns/cycle; {fmt(cg)} Ir",
                     f"{fmt(d.get('floor', {}).get('median'))} ns; {fmt(fcg)} Ir",
                     f"{d.get('ratio', 0):.1f}× time, {d.get('callgrind_ratio', 0):.1f}× Ir", verdict("W1")))
        if "callgrind" in d:
            rows.append(("  atomics per cycle", atomics_row(d["callgrind"]), "", "", "informative"))
        if "floor_locked" in d:
            rows.append(("  (floor with a mutex per call and per callback)", "", f"{fmt(d['floor_locked']['median'])} ns",
                         f"{d['ratio_to_locked_floor']:.1f}×", "informative"))
        threaded = d.get("threaded", {})
        if "median" in threaded:
            cg_threaded = threaded.get("callgrind", {})
            rows.append(("  the same with a second thread in the process (vs the floor with a mutex, threaded)",
                         f"{fmt(threaded['median'])} ns/cycle" + (f"; {fmt(cg_threaded['ir_per_op'])} Ir" if cg_threaded else ""),
                         f"{fmt(threaded['floor_locked']['median'])} ns", f"{threaded['ratio_to_locked_floor']:.1f}×",
                         "informative"))
        if "callgrind" in threaded:
            rows.append(("  atomics per cycle with a second thread", atomics_row(threaded["callgrind"]), "", "", "informative"))
    if "W2" in w:
        d = w["W2"]
        ir = d.get("callgrind_ir_per_cycle_by_depth", {})
        rows.append(("W2 the same at depth 100,000", f"{fmt(d['median'])} ns/cycle; {' / '.join(fmt(v) for v in ir.values())} Ir "
                     "(depth 1 / 100,000)", f"W1: {fmt(w['W1']['median'])} ns" if "W1" in w else "",
                     f"{d.get('ratio_to_W1', 0):.2f}× W1 time, {d.get('callgrind_ratio_to_depth_1', 0):.3f}× Ir",
                     verdict("W2")))
    if "W3" in w:
        d = w["W3"]
        cg = d.get("callgrind", {})
        rows.append(("W3 1,000,000 ops queued during one transition", f"{fmt(d['median'])} ns/op (ask {fmt(d['ask_ns_per_op'])}"
                     f" + drain {fmt(d['drain_ns_per_op'])}); {fmt(cg.get('ask_ir_per_op'))} + "
                     f"{fmt(cg.get('drain_ir_per_op'))} Ir", "", "", ""))
        rows.append(("  memory per pending op", f"{d['bytes_per_pending_op']:.1f} bytes", "", "", verdict("W3")))
    if "W4" in w:
        d = w["W4"]
        rows.append(("W4 4 threads × 250,000 show, host dispatch", f"{fmt(d['median'])} ops/s",
                     "", "all arrived" if d["all_arrived"] else "**ops lost**", "check"))
    if "W5" in w:
        d = w["W5"]
        cg = d.get("callgrind", {}).get("ir_per_op")
        rows.append(("W5 Swift API, create + push + pop", f"{fmt(d['median'])} ns/cycle; {fmt(cg)} Ir",
                     "W1's floor", f"{d.get('ratio_to_C_floor', 0):.0f}× time, {d.get('callgrind_ratio_to_C_floor', 0):.0f}× Ir; "
                     f"{d.get('ratio_to_W1', 0):.1f}× W1 time, {d.get('callgrind_ratio_to_W1', 0):.1f}× W1 Ir",
                     verdict("W5")))
        if "callgrind" in d:
            rows.append(("  atomics per cycle", atomics_row(d["callgrind"]), "", "", "informative"))
    if "W6" in w:
        d = w["W6"]
        cg = d.get("callgrind", {}).get("ir_per_op")
        fcg = d.get("floor_callgrind", {}).get("ir_per_op")
        rows.append(("W6 Python binding, create + push + pop", f"{fmt(d['median'])} ns/cycle; {fmt(cg)} Ir",
                     f"{fmt(d.get('floor', {}).get('median'))} ns; {fmt(fcg)} Ir",
                     f"{d.get('ratio', 0):.1f}× time, {d.get('callgrind_ratio', 0):.1f}× Ir", verdict("W6")))
        if "engine_from_c" in d:
            ecg = d.get("engine_callgrind", {}).get("ir_per_op")
            rows.append(("  navcore's share (W6's registrations, from C)",
                         f"{fmt(d['engine_from_c']['median'])} ns/cycle; {fmt(ecg)} Ir", "", "", "informative"))
            if "engine_callgrind" in d:
                rows.append(("  navcore's share: atomics per cycle", atomics_row(d["engine_callgrind"]), "", "", "informative"))
    for op in ("pop_to_root", "set"):
        key = f"W7.{op}"
        if key in w:
            d = w[key]
            ns = " / ".join(fmt(v) for v in d["by_n"].values())
            ir = " / ".join(fmt(v) for v in d.get("callgrind_ir_per_screen", {}).values())
            rows.append((f"W7 {op}, N = 10 / 1,000 / 100,000", f"{ns} ns/screen; {ir} Ir/screen", "",
                         f"max/min {d['max_over_min']:.2f} time, {d.get('callgrind_max_over_min', 0):.2f} Ir",
                         verdict(key)))
    rows += w9_markdown_rows(w, verdicts)
    for kind in W10_KINDS:
        key = f"W10.{kind}"
        if key in w:
            d = w[key]
            names = " / ".join(size_name(int(n)) for n in d["by_size"])
            ns = " / ".join(fmt(v, 2) for v in d["by_size"].values())
            ir = " / ".join(fmt(v, 1) for v in d.get("callgrind_ir_per_byte", {}).values())
            rows.append((f"W10 restore, {kind} state, {names}", f"{ns} ns/byte; {ir} Ir/byte", "",
                         f"max/min {d['max_over_min']:.2f} time, {d.get('callgrind_max_over_min', 0):.2f} Ir",
                         verdict(f"{key}.Ir")))
            if "peak" in d:
                rows.append((f"  peak extra memory, {size_name(d['peak']['bytes'])} document",
                             f"{d['peak']['ratio']:.2f}× the document", "", "", verdict(f"{key}.peak")))
    if "W11" in w:
        d = w["W11"]
        cg = d.get("callgrind", {}).get("ir_per_op")
        w1cg = w.get("W1", {}).get("callgrind", {}).get("ir_per_op")
        rows.append(("W11 a back routed five navigators deep (create + push on the deepest, back of the root)",
                     f"{fmt(d['median'])} ns/cycle; {fmt(cg)} Ir",
                     f"W1: {fmt(w['W1']['median'])} ns; {fmt(w1cg)} Ir" if "W1" in w else "",
                     f"{d.get('ratio_to_W1', 0):.2f}× time, {d.get('callgrind_ratio_to_W1', 0):.2f}× Ir", verdict("W11")))
        rows.append(("  attach; present + dismiss", f"{fmt(d.get('attach_ns_per_op'))} ns, "
                     f"{fmt(d.get('callgrind_attach_ir_per_op'))} Ir; {fmt(d.get('present_ns_per_op'))} ns, "
                     f"{fmt(d.get('callgrind_present_dismiss_ir_per_op'))} Ir", "", "", "informative"))
    if "W12" in w:
        d = w["W12"]
        flash, heap = d["flash"], d["heap"]
        rows.append(("W12 Cortex-M4 (QEMU mps2-an386): the core's flash",
                     f"{d['core_flash'] / 1024:,.1f} KB (navcore {flash['scenarios']['navcore'] / 1024:,.1f} KB + "
                     f"Unicode tables {flash['scenarios']['unicode'] / 1024:,.1f} KB); "
                     f"{(flash['memory']['navcore'] + flash['memory']['unicode']) / 1024:,.1f} KB in the memory probe",
                     "", "", verdict("W12.flash")))
        ram = d["static_ram"]["scenarios"]
        rows.append(("  its static RAM (.data + .bss)", f"{fmt(ram['navcore'] + ram['unicode'])} bytes", "", "", ""))
        rows.append((f"  heap: a navigator with its listeners and {d['navigator_with_screens']['screens']} screens",
                     f"{fmt(d['navigator_with_screens']['bytes'])} bytes (navigator {fmt(heap['navigator'])}, "
                     f"listeners {fmt(heap['listeners'])}, each screen {fmt(heap['screen'])}; each route "
                     f"{fmt(heap['route'])})", "", "", verdict("W12.ram")))
        rows.append(("  stack used: the scenarios / the memory probe",
                     f"{fmt(d['stack_used']['scenarios'])} / {fmt(d['stack_used']['memory'])} bytes", "", "", ""))
        rows.append(("  scenarios passed on the firmware",
                     f"{d['scenarios']['passed']} of {d['scenarios']['passed'] + d['scenarios']['failed']}", "", "",
                     "check"))
    if "W8" in w:
        d = w["W8"]
        for way, label, inside in (("c", "W8 cold start, C: new process, dlopen + create + first push + destroy",
                                    "dlopen"),
                                   ("python", "W8 cold start, Python: new interpreter, import navcore + create + "
                                    "first push + close", "import")):
            if way in d:
                e = d[way]
                floor = e.get("floor", {})
                rows.append((label, f"{fmt(e['median'] / 1000)} µs/process; in it {fmt(e['in_process'] / 1000)} µs, "
                             f"of which {inside} {fmt(e[inside] / 1000)} µs (best: {fmt(e['best'] / 1000)} µs, "
                             f"{inside} {fmt(e['best_' + inside] / 1000)} µs)",
                             f"{fmt(floor.get('median', 0) / 1000)} µs; in it {fmt(floor.get('in_process', 0) / 1000)} µs",
                             f"{e.get('ratio', 0):.1f}×", "no target"))
        sizes_mb = ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in d["library_bytes"].items())
        rows.append(("  library size", sizes_mb, "", "", ""))
    wasm = report.get("wasm")
    if wasm:
        rows.append(("navcore.wasm size (docs/js.md)", f"{wasm['bytes']:,} bytes, {wasm['gzip_bytes']:,} gzipped", "", "",
                     verdict("wasm")))
    print("| workload | navcore | floor | ratio | target |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    sys.exit(main())
