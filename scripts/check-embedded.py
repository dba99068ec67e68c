#!/usr/bin/env python3
"""The embedded core (docs/architecture.md, "The embedded core"): the engine and the C front
built as Embedded Swift for targets without an operating system, their sizes, and what they
need from the program that embeds them.

    check-embedded.py [--toolchain BIN] [--work DIR] [--allowed FILE] [TARGET ...]

For each target (default: wasm32-unknown-none-wasm and armv7em-none-none-eabi, whose embedded
standard libraries ship with the toolchain), in parallel:

1. compiles Sources/NavCoreEngine as the module NavCoreEngine, then Sources/NavCoreC as NavCoreC
   (its C header, include/navcore.h, as the module CNavCore), each to one object file, with
   `-enable-experimental-feature Embedded -D NAVCORE_SINGLE_THREADED -Osize` (and `Extern`,
   for the clock the embedder provides: `navcore_platform_monotonic_ns`), each function in a
   section of its own, so that the linker can keep one copy of each and drop the rest;
2. links both into one image that keeps the navcore_* functions and drops the rest
   (`--gc-sections`): a .wasm by wasm-ld, an ELF file by ld.lld; undefined symbols are left
   undefined (imports of the .wasm);
3. prints the text, data and bss bytes of each object and of the image (llvm-objdump's section
   types: read-only data counts as data). An object holds its own copies of the generic and
   inlinable code it specialises, so the image, where the linker keeps one, is the real size;
4. checks the symbols the two objects leave undefined against FILE (default
   embedded/undefined-symbols.txt): every one must be listed there, with what it is for. A
   symbol missing from the list fails, naming the target and the object that needs it;
5. for WebAssembly, runs the smoke test (embedded/smoke: a C program over the C interface, and
   platform.c, the clock and printing over WASI; the rest of what the list says an embedder
   provides is the embedded runtime's, embedded/runtime) in wasmkit, the toolchain's
   WebAssembly runtime: linked without an undefined symbol left, it must print
   "embedded smoke: ok".

Standard library only, plus the toolchain's swiftc, clang, wasm-ld, ld.lld, llvm-nm,
llvm-objdump and wasmkit.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Set, Tuple

ROOT = Path(__file__).resolve().parent.parent
TARGETS = ["wasm32-unknown-none-wasm", "armv7em-none-none-eabi"]
SWIFT_FLAGS = [
    "-enable-experimental-feature", "Embedded",
    "-enable-experimental-feature", "Extern",
    "-D", "NAVCORE_SINGLE_THREADED",
    "-wmo", "-parse-as-library", "-Osize", "-package-name", "navcore", "-Xfrontend", "-function-sections",
]
MODULES = [("NavCoreEngine", "Sources/NavCoreEngine"), ("NavCoreC", "Sources/NavCoreC")]
SMOKE = ROOT / "embedded" / "smoke"
RUNTIME = ROOT / "embedded" / "runtime"


class CheckError(Exception):
    pass


@dataclass
class Build:
    """One target's objects, image and the symbols they leave undefined."""

    target: str
    sizes: List[Tuple[str, Tuple[int, int, int]]] = field(default_factory=list)
    # symbol -> the objects that need it
    undefined: Dict[str, List[str]] = field(default_factory=dict)
    smoke: str = ""
    seconds: float = 0.0


def run(command: List[str], what: str) -> str:
    proc = subprocess.run(command, capture_output=True, text=True)
    if proc.returncode != 0:
        raise CheckError(f"{what} failed (exit {proc.returncode}):\n  {' '.join(command)}\n{proc.stdout}{proc.stderr}")
    return proc.stdout


def section_sizes(tools: Path, path: Path) -> Tuple[int, int, int]:
    """Text, data and bss bytes of an object or image, by llvm-objdump's section types."""
    sizes = {"TEXT": 0, "DATA": 0, "BSS": 0}
    for line in run([str(tools / "llvm-objdump"), "-h", str(path)], f"llvm-objdump -h {path.name}").splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[0].isdigit() and fields[-1] in sizes:
            sizes[fields[-1]] += int(fields[2], 16)
    return sizes["TEXT"], sizes["DATA"], sizes["BSS"]


def symbols(tools: Path, path: Path, undefined: bool) -> Set[str]:
    flag = "--undefined-only" if undefined else "--defined-only"
    out = run([str(tools / "llvm-nm"), flag, str(path)], f"llvm-nm {path.name}")
    return {line.split()[-1] for line in out.splitlines() if line.strip()}


def compile_modules(tools: Path, out: Path, target: str, flags: List[str] = SWIFT_FLAGS) -> List[Path]:
    """Compiles MODULES for `target` into a fresh directory `out`: one object file each."""
    if out.exists():
        shutil.rmtree(out)
    (out / "include").mkdir(parents=True)
    # The header as the module CNavCore, as SwiftPM makes it for the CNavCore target.
    (out / "include" / "module.modulemap").write_text(
        f'module CNavCore {{\n    header "{ROOT / "include" / "navcore.h"}"\n    export *\n}}\n')
    swiftc = [str(tools / "swiftc"), "-target", target, *flags, "-I", str(out / "include"), "-I", str(out)]
    objects: List[Path] = []
    for module, directory in MODULES:
        sources = sorted(str(p) for p in (ROOT / directory).rglob("*.swift"))
        obj = out / f"{module}.o"
        run(swiftc + ["-module-name", module, "-emit-module", "-emit-module-path", str(out / f"{module}.swiftmodule"),
                      "-c", *sources, "-o", str(obj)], f"{target}: swiftc {module}")
        objects.append(obj)
    return objects


def build(tools: Path, work: Path, target: str) -> Build:
    start = time.monotonic()
    out = work / target
    objects = compile_modules(tools, out, target)

    exports = sorted(s for s in symbols(tools, objects[-1], undefined=False) if s.startswith("navcore_"))
    if target.startswith("wasm"):
        image = out / "navcore.wasm"
        run([str(tools / "wasm-ld"), "--no-entry", "--gc-sections", "--allow-undefined",
             *(f"--export={name}" for name in exports), "-o", str(image), *map(str, objects)], f"{target}: wasm-ld")
    else:
        image = out / "navcore.elf"
        run([str(tools / "ld.lld"), "--gc-sections", "--unresolved-symbols=ignore-all", "-e", "0",
             *(arg for name in exports for arg in ("-u", name)), "-o", str(image), *map(str, objects)],
            f"{target}: ld.lld")

    result = Build(target)
    result.sizes = [(path.name, section_sizes(tools, path)) for path in (*objects, image)]
    defined: Set[str] = set()
    for obj in objects:
        defined |= symbols(tools, obj, undefined=False)
    for obj in objects:
        for symbol in sorted(symbols(tools, obj, undefined=True) - defined):
            result.undefined.setdefault(symbol, []).append(obj.name)
    if target.startswith("wasm"):
        result.smoke = smoke_test(tools, out, target, objects)
    result.seconds = time.monotonic() - start
    return result


def smoke_test(tools: Path, out: Path, target: str, objects: List[Path]) -> str:
    """Links the smoke test with the core, its platform, the embedded runtime and the Unicode
    tables, and runs it."""
    linked: List[str] = []
    for source in [SMOKE / "smoke.c", SMOKE / "platform.c", *sorted(RUNTIME.glob("*.c"))]:
        obj = out / f"{source.parent.name}-{source.stem}.o"
        run([str(tools / "clang"), "--target=wasm32-unknown-unknown", "-O2", "-ffreestanding", "-fno-builtin",
             "-nostdlib", "-Wall", "-Wextra", "-Werror", "-I", str(ROOT / "include"), "-c", str(source),
             "-o", str(obj)], f"{target}: clang {source.name}")
        linked.append(str(obj))
    tables = tools.parent / "lib" / "swift" / "embedded" / target / "libswiftUnicodeDataTables.a"
    program = out / "smoke.wasm"
    # A deep stack: the test nests 511 calls into one navigator.
    run([str(tools / "wasm-ld"), "--entry=_start", "-z", "stack-size=4194304", "-o", str(program), *linked,
         *map(str, objects), str(tables)], f"{target}: wasm-ld smoke.wasm")
    proc = subprocess.run([str(tools / "wasmkit"), "run", "--stack-size", str(64 << 20), str(program)],
                          capture_output=True, text=True)
    output = (proc.stdout + proc.stderr).strip().splitlines()
    if proc.returncode != 0 or not output or output[-1] != "embedded smoke: ok":
        raise CheckError(f"{target}: the smoke test failed (exit {proc.returncode}):\n" + "\n".join(output[-20:]))
    return output[-1]


def read_allowed(path: Path) -> Dict[str, str]:
    """The allow-list: one symbol per line, then what it is for; `#` starts a comment line."""
    allowed: Dict[str, str] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        symbol, _, why = line.strip().partition(" ")
        if not why.strip():
            raise CheckError(f"{path}:{number}: {symbol} says nothing of what it is for")
        if symbol in allowed:
            raise CheckError(f"{path}:{number}: {symbol} is listed twice")
        allowed[symbol] = why.strip()
    return allowed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_tools = Path(shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc").resolve().parent
    parser.add_argument("--toolchain", type=Path, default=default_tools, help="the toolchain's bin directory")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "embedded")
    parser.add_argument("--allowed", type=Path, default=ROOT / "embedded" / "undefined-symbols.txt")
    parser.add_argument("targets", nargs="*", default=TARGETS)
    args = parser.parse_args()
    listed = args.allowed.resolve().relative_to(ROOT) if args.allowed.resolve().is_relative_to(ROOT) else args.allowed
    try:
        allowed = read_allowed(args.allowed)
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(args.targets)) as pool:
            builds = list(pool.map(lambda target: build(args.toolchain, args.work, target), args.targets))
    except CheckError as error:
        print(f"embedded: {error}", file=sys.stderr)
        return 1

    for result in builds:
        print(f"embedded: {result.target} ({result.seconds:.0f} s)")
        print(f"  {'':24} {'text':>9} {'data':>9} {'bss':>9}")
        for name, (text, data, bss) in result.sizes:
            print(f"  {name:24} {text:9,} {data:9,} {bss:9,}")
        if result.smoke:
            print(f"  wasmkit: {result.smoke}")

    unlisted = [(result.target, symbol, objects) for result in builds
                for symbol, objects in sorted(result.undefined.items()) if symbol not in allowed]
    for target, symbol, objects in unlisted:
        needs = "need" if len(objects) > 1 else "needs"
        print(f"embedded: {target}: {' and '.join(objects)} {needs} {symbol}, which {listed} "
              f"does not list. The embedded core needs it from the program that embeds it: remove the use, or list "
              f"the symbol there with what it is for and who provides it.", file=sys.stderr)
    if unlisted:
        return 1
    needed = set().union(*(result.undefined for result in builds))
    unused = sorted(set(allowed) - needed)
    if unused and set(args.targets) == set(TARGETS):
        print(f"embedded: note: listed but needed by no target now: {', '.join(unused)}")
    print(f"embedded: the undefined symbols of {', '.join(args.targets)} are all in "
          f"{listed} ({len(needed)} of {len(allowed)} listed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
