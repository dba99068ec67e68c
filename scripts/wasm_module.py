"""Reads a WebAssembly module's binary: its sections, imports, exports and the size of each
function's code, with the function's name when the module keeps its name section.

Used by scripts/build-wasm.py (the import check, the sizes `make wasm` prints) and
bench/run.py (navcore.wasm's size against its goal, and what it is made of: `breakdown`).
Standard library only (and the toolchain's swift-demangle for the breakdown's names); the binary
format is WebAssembly 1.0's (https://webassembly.github.io/spec/core/binary/).
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

SECTION_NAMES = {0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory", 6: "global",
                 7: "export", 8: "start", 9: "elem", 10: "code", 11: "data", 12: "datacount"}
IMPORT_KINDS = {0: "function", 1: "table", 2: "memory", 3: "global", 4: "tag"}


class Reader:
    """A cursor over the bytes of a module."""

    def __init__(self, data: bytes, at: int = 0) -> None:
        self.data, self.at = data, at

    def byte(self) -> int:
        value = self.data[self.at]
        self.at += 1
        return value

    def unsigned(self) -> int:
        """An unsigned LEB128 number."""
        result = shift = 0
        while True:
            byte = self.byte()
            result |= (byte & 0x7F) << shift
            shift += 7
            if byte < 0x80:
                return result

    def name(self) -> str:
        length = self.unsigned()
        text = self.data[self.at:self.at + length].decode("utf-8", "replace")
        self.at += length
        return text

    def limits(self) -> None:
        flags = self.unsigned()
        self.unsigned()
        if flags & 1:
            self.unsigned()


@dataclass
class Module:
    """What the checks and the size report need of a module."""

    size: int
    # (section name, bytes): custom sections by their own name
    sections: List[Tuple[str, int]] = field(default_factory=list)
    # (module, name, kind)
    imports: List[Tuple[str, str, str]] = field(default_factory=list)
    exports: List[str] = field(default_factory=list)
    # (name or "function N", bytes of its body), in the order of the code section
    functions: List[Tuple[str, int]] = field(default_factory=list)


def read(path: Path) -> Module:
    data = path.read_bytes()
    if data[:4] != b"\0asm":
        raise ValueError(f"{path} is not a WebAssembly module")
    module = Module(len(data))
    reader = Reader(data, 8)
    imported_functions = 0
    bodies: List[int] = []
    names: Dict[int, str] = {}
    while reader.at < len(data):
        section = reader.byte()
        size = reader.unsigned()
        start, end = reader.at, reader.at + size
        title = SECTION_NAMES.get(section, f"section {section}")
        if section == 0:
            title = Reader(data, start).name()
            if title == "name":
                names = function_names(data, start, end)
        elif section == 2:
            for _ in range(reader.unsigned()):
                owner, name, kind = reader.name(), reader.name(), reader.byte()
                module.imports.append((owner, name, IMPORT_KINDS.get(kind, str(kind))))
                if kind == 0:
                    reader.unsigned()
                    imported_functions += 1
                elif kind == 1:
                    reader.byte()
                    reader.limits()
                elif kind == 2:
                    reader.limits()
                elif kind == 3:
                    reader.byte()
                    reader.byte()
                else:
                    reader.byte()
                    reader.unsigned()
        elif section == 7:
            for _ in range(reader.unsigned()):
                module.exports.append(reader.name())
                reader.byte()
                reader.unsigned()
        elif section == 10:
            for _ in range(reader.unsigned()):
                body_start = reader.at
                length = reader.unsigned()
                reader.at += length
                bodies.append(reader.at - body_start)
        module.sections.append((title, size))
        reader.at = end
    module.functions = [(names.get(imported_functions + index, f"function {imported_functions + index}"), size)
                        for index, size in enumerate(bodies)]
    return module


def function_names(data: bytes, start: int, end: int) -> Dict[int, str]:
    """The function names of a name section (its subsection 1)."""
    reader = Reader(data, start)
    reader.name()
    names: Dict[int, str] = {}
    while reader.at < end:
        kind, size = reader.byte(), reader.unsigned()
        after = reader.at + size
        if kind == 1:
            for _ in range(reader.unsigned()):
                index = reader.unsigned()
                names[index] = reader.name()
        reader.at = after
    return names


# What `breakdown` sorts functions into, by their mangled and demangled names (Embedded Swift
# mangles with `$e`), first match wins.
RUNTIME = {"malloc", "free", "posix_memalign", "memcpy", "memmove", "memset", "memcmp", "strlen", "arc4random_buf",
           "__multi3", "__stack_chk_fail"}
CATEGORIES: List[Tuple[str, Callable[[str, str], bool]]] = [
    ("runtime and trampolines (C)", lambda name, text: name in RUNTIME or name.startswith(("navcore_js", "navcore_runtime",
                                                                                           "navcore_platform"))),
    ("Swift runtime: objects, reference counts", lambda name, text: name.startswith(("swift_", "$es17swift_"))),
    ("Unicode data lookups", lambda name, text: name.startswith("_swift_stdlib_")),
    ("C interface (NavCoreC)", lambda name, text: name.startswith("navcore_") or "8NavCoreC" in name or "NavCoreC." in text),
    ("engine (NavCoreEngine)", lambda name, text: "13NavCoreEngine" in name or "NavCoreEngine." in text),
    ("standard library: number printing", lambda name, text: any(word in text for word in ("Float", "Double", "UInt128"))),
    ("standard library: String and Unicode",
     lambda name, text: any(word in text for word in ("String", "Unicode", "Character", "UTF8", "UTF16", "NFC", "nfc",
                                                       "Normalization", "Boundary", "ASCII"))),
    ("standard library: Dictionary, Set, hashing",
     lambda name, text: any(word in text for word in ("Dictionary", "Set", "Hash"))),
    ("standard library: other", lambda name, text: name.startswith(("$e", "$s"))),
    ("other", lambda name, text: True),
]
# binaryen's prefix of the functions it merged.
MERGED = "byn$mgfn-shared$"


def breakdown(module: Module, demangler: Optional[Path]) -> List[Tuple[str, int, int]]:
    """(category, code bytes, functions) of a module with names (navcore-names.wasm), largest
    first; then the data section, which holds the Unicode tables. Code the linker inlined is
    counted where it was inlined."""
    names = [name[len(MERGED):] if name.startswith(MERGED) else name for name, _ in module.functions]
    texts = names
    if demangler is not None:
        out = subprocess.run([str(demangler), "--compact"], input="\n".join(names) + "\n", capture_output=True,
                             text=True).stdout.splitlines()
        texts = out if len(out) == len(names) else names
    sizes: Dict[str, Tuple[int, int]] = {}
    for (name, size), text in zip(module.functions, texts):
        name = name[len(MERGED):] if name.startswith(MERGED) else name
        category = next(title for title, matches in CATEGORIES if matches(name, text))
        total, count = sizes.get(category, (0, 0))
        sizes[category] = (total + size, count + 1)
    rows = sorted(((title, total, count) for title, (total, count) in sizes.items()), key=lambda row: -row[1])
    data = dict(module.sections).get("data", 0)
    return rows + [("data: the Unicode tables, text and constants", data, 0)]
