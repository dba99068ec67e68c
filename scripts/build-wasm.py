#!/usr/bin/env python3
"""navcore.wasm: the engine and the C interface for JavaScript (docs/js.md), one WebAssembly
module with everything it needs inside but what JavaScript provides.

    build-wasm.py [--toolchain BIN] [--out DIR]

1. compiles Sources/NavCoreEngine and Sources/NavCoreC as Embedded Swift for
   wasm32-unknown-none-wasm, as `make embedded` does (scripts/check-embedded.py);
2. compiles the embedded runtime (embedded/runtime: the allocator, the memory and string
   functions, the hash seed, the stack protector, __multi3) and the module's platform and
   callback trampolines (bindings/js/wasm) with the toolchain's clang;
3. links them, with link-time optimisation, and the toolchain's Unicode tables: no entry point,
   unused code dropped, the stack first (an overflow traps instead of overwriting data),
   exporting the C interface (every function include/navcore.h declares), the trampolines'
   table (navcore_js_*), the allocator's malloc, free and counters, and the memory;
4. optimises it for size with binaryen's wasm-opt -Oz into DIR/navcore-names.wasm (default
   build/wasm; with its function names, for the size breakdown of `make bench`) and strips the
   names into DIR/navcore.wasm;
5. fails unless its imports are exactly those bindings/js/wasm/imports.txt lists;
6. prints the module's size, gzipped size, and its code and data.

(mk/wasm.mk copies the JavaScript binding beside it, so that DIR is what a web server serves.)
Standard library only, plus the toolchain's swiftc, clang and wasm-ld, and wasm-opt.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import shutil
import sys
from pathlib import Path
from typing import Dict, List

import generate
import wasm_module

ROOT = Path(__file__).resolve().parent.parent
TARGET = "wasm32-unknown-none-wasm"
JS = ROOT / "bindings" / "js"
C_SOURCES = sorted((ROOT / "embedded" / "runtime").glob("*.c")) + sorted((JS / "wasm").glob("*.c"))
C_FLAGS = ["--target=wasm32-unknown-unknown", "-Oz", "-flto", "-ffreestanding", "-nostdlib", "-std=c11", "-Wall",
           "-Wextra", "-Werror", "-I", str(ROOT / "include")]
# Link-time optimisation across the two Swift modules (and the C files): the linker sees the
# whole program, so it keeps one copy of each specialisation and inlines across the modules;
# 13% smaller than linking the modules' objects.
LTO_FLAGS = ["-lto=llvm-full"]
# binaryen's size optimiser on the linked module: a further 16%. The features are those the
# toolchain's clang and swiftc enable for wasm32 (its target_features section).
WASM_OPT_FEATURES = ["--enable-bulk-memory", "--enable-sign-ext", "--enable-mutable-globals",
                     "--enable-nontrapping-float-to-int", "--enable-multivalue", "--enable-reference-types"]
# The stack: nested calls between JavaScript and the engine (a callback that asks, finishes or
# drains) each take a few hundred bytes of it.
STACK_BYTES = 1 << 20
# What JavaScript reaches besides the navcore_* functions of the C interface.
EXTRA_EXPORTS = ["malloc", "free", "navcore_runtime_live_bytes", "navcore_runtime_heap_bytes",
                 "navcore_js_callback", "navcore_js_callback_name"]
GOAL_BYTES = 150 * 1024


def load_embedded():
    """scripts/check-embedded.py as a module: its compile step and its helpers."""
    spec = importlib.util.spec_from_file_location("check_embedded", ROOT / "scripts" / "check-embedded.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def c_interface() -> List[str]:
    """Every function include/navcore.h declares (scripts/generate.py reads the prototypes)."""
    prototypes, _ = generate.functions(generate.HEADER.read_text())
    return [function.name for function in prototypes]


def read_imports(path: Path) -> Dict[str, str]:
    """The import list: one `module.name` per line, then what it is for; `#` starts a comment."""
    listed: Dict[str, str] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, _, why = line.strip().partition(" ")
        if not why.strip():
            raise SystemExit(f"build-wasm: {path}:{number}: {name} says nothing of what it is for")
        listed[name] = why.strip()
    return listed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    default_tools = Path(shutil.which("swiftc") or "/opt/swift/usr/bin/swiftc").resolve().parent
    parser.add_argument("--toolchain", type=Path, default=default_tools, help="the toolchain's bin directory")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "wasm")
    args = parser.parse_args()
    tools: Path = args.toolchain
    out: Path = args.out
    wasm_opt = shutil.which("wasm-opt")
    if wasm_opt is None:
        print("build-wasm: wasm-opt (Debian's binaryen) is missing: `make wasm` installs it", file=sys.stderr)
        return 1
    embedded = load_embedded()
    work = out / "obj"
    try:
        objects = embedded.compile_modules(tools, work, TARGET, embedded.SWIFT_FLAGS + LTO_FLAGS)
        c_objects: List[Path] = []
        for source in C_SOURCES:
            obj = work / f"{source.parent.name}-{source.stem}.o"
            embedded.run([str(tools / "clang"), *C_FLAGS, "-c", str(source), "-o", str(obj)], f"clang {source.name}")
            c_objects.append(obj)
        exports = c_interface()
        tables = tools.parent / "lib" / "swift" / "embedded" / TARGET / "libswiftUnicodeDataTables.a"
        link = [str(tools / "wasm-ld"), "--no-entry", "--gc-sections", "--stack-first", "-z", f"stack-size={STACK_BYTES}",
                "--export-memory", *(f"--export={name}" for name in exports + EXTRA_EXPORTS),
                *map(str, objects + c_objects), str(tables)]
        out.mkdir(parents=True, exist_ok=True)
        image, named, linked = out / "navcore.wasm", out / "navcore-names.wasm", work / "linked.wasm"
        embedded.run(link + ["-o", str(linked)], "wasm-ld")
        embedded.run([wasm_opt, "-Oz", "-g", *WASM_OPT_FEATURES, str(linked), "-o", str(named)], "wasm-opt -Oz")
        embedded.run([wasm_opt, "--strip-debug", "--strip-producers", *WASM_OPT_FEATURES, str(named), "-o", str(image)],
                     "wasm-opt --strip-debug")
    except embedded.CheckError as error:
        print(f"build-wasm: {error}", file=sys.stderr)
        return 1

    module = wasm_module.read(image)
    listed = read_imports(JS / "wasm" / "imports.txt")
    imported = {f"{owner}.{name}" for owner, name, _ in module.imports}
    unlisted, gone = sorted(imported - set(listed)), sorted(set(listed) - imported)
    for name in unlisted:
        print(f"build-wasm: navcore.wasm imports {name}, which bindings/js/wasm/imports.txt does not list: provide "
              f"it inside the module (embedded/runtime, bindings/js/wasm), or list it with what it is for and "
              f"give it from bindings/js/lib/library.js", file=sys.stderr)
    for name in gone:
        print(f"build-wasm: bindings/js/wasm/imports.txt lists {name}, which navcore.wasm no longer imports",
              file=sys.stderr)
    if unlisted or gone:
        return 1

    compressed = len(gzip.compress(image.read_bytes(), 9))
    sections = dict(module.sections)
    verdict = "within" if module.size <= GOAL_BYTES else "over"
    print(f"build-wasm: {image.relative_to(ROOT) if image.is_relative_to(ROOT) else image}: {module.size:,} bytes "
          f"({verdict} the goal of {GOAL_BYTES:,}), {compressed:,} gzipped; code {sections.get('code', 0):,}, "
          f"data {sections.get('data', 0):,}; {len(module.exports)} exports; imports "
          f"{', '.join(sorted(imported))} (all in imports.txt)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
