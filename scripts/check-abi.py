#!/usr/bin/env python3
"""The C ABI guard (docs/c-api.md, "How the ABI is guarded"; abi/README.md).

    check-abi.py check BASELINE LIBRARY   fail unless the ABI of include/navcore.h, as LIBRARY
                                          ships it, keeps every part of BASELINE (additions pass)
    check-abi.py write BASELINE           write BASELINE, the ABI of the header as it is now
    --include DIR                         read DIR/navcore.h instead of include/navcore.h
    --work DIR                            keep the twin and its ABI description in DIR

The ABI description is libabigail's (`abidw`): every exported function with its C prototype,
and every type of the header, struct layouts and enum values included. It cannot come from the
shipped library itself: its exports are Swift `@c` functions, whose debug information describes
them in Swift's terms, which libabigail does not read (it finds the ELF symbols and no types).
So the description is made from the library's **C twin**: a shared object compiled from the
header alone (after the header, one empty definition per prototype, so that the compiler checks
each against its declaration; debug information; the library's SONAME and version script). The
header is the C
interface's only definition, and `make check-header` proves the Swift exports agree with it;
this script also requires LIBRARY to export exactly the twin's functions under the same SONAME.

The comparison is `abidiff --no-added-syms --non-reachable-types` with abi/navcore.abignore (the
private layout of navcore_navigator) and, written for the comparison, one suppression per type
the baseline lacks: a type added with the functions that take it (a minor version's struct,
navcore_observer in 1.1) is an addition, which abidiff reports as an added unreachable type once
the added functions are filtered out. Its exit status is a bit set: 1 an error, 2 a usage error,
4 a change, 8 an incompatible change. With added functions filtered out, any change left is one
the ABI policy forbids (a removed or renamed function, a changed prototype, struct layout or
enum value): 4 or 8 fails with abidiff's report. Added enum members are abidiff's "harmless"
changes and pass. Fields appended to the structs the policy lets grow at their end (APPENDABLE)
pass too: they are cut from the current description before the comparison, which then sees
the baseline's fields as they were. (libabigail's own suppression for this,
`has_data_member_inserted_at = end`, would also hide two fields swapped: it rejects deleted
members and a smaller size, not moved ones.) Every function's doc comment says which version
added it (its `@since` tag, scripts/header_doc.py): `@since 1.N` for a function the baseline
lacks, N from 1 to the header's minor version; `@since 1.0` for one the baseline has.

Standard library only, plus gcc, abidw and abidiff (Debian's abigail-tools).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Dict, List, NoReturn, Set

import generate
import header_doc

ROOT = Path(__file__).resolve().parent.parent
# The structs a minor version may append fields to (docs/c-api.md, "ABI policy"): the versioned
# ones the host allocates, whose version says how many bytes the library reads and writes, and
# the ones the library fills and passes by pointer, which hosts never allocate or copy.
APPENDABLE = ("navcore_show_options", "navcore_screen_hooks", "navcore_observer", "navcore_transition",
              "navcore_action_event")
SUPPRESSIONS = ROOT / "abi" / "navcore.abignore"
VERSION_SCRIPT = ROOT / "scripts" / "navcore.map"
ABIDIFF_ERROR, ABIDIFF_USAGE, ABIDIFF_CHANGE, ABIDIFF_INCOMPATIBLE = 1, 2, 4, 8


def fail(message: str) -> NoReturn:
    print(f"check-abi: {message}", file=sys.stderr)
    sys.exit(1)


def run(command: List[str]) -> "subprocess.CompletedProcess[str]":
    return subprocess.run(command, capture_output=True, text=True)


def version(header: Path, part: str) -> int:
    """The header's NAVCORE_VERSION_<part> (MAJOR, MINOR)."""
    match = re.search(rf"^#define NAVCORE_VERSION_{part} (\d+)", header.read_text(), re.M)
    if not match:
        fail(f"{header} defines no NAVCORE_VERSION_{part}")
    return int(match.group(1))


def twin_source(header: Path) -> str:
    """One empty definition per prototype of `header` (compiled after the header, so a
    definition that disagrees with its declaration is an error), and one local variable of each
    enum type, so that the enums, which no prototype names, are in the debug information too."""
    prototypes, _ = generate.functions(header.read_text(), header)
    enums = re.findall(r"typedef\s+enum\s+\w+\s*\{[^}]*\}\s*(navcore_\w+)\s*;", generate.preprocessed(header))
    lines = [f"/* The C twin of {header.name}, written by scripts/check-abi.py. */", '#include "navcore.h"', ""]
    for function in prototypes:
        parameters = ", ".join(f"{c_type} p{i}" for i, c_type in enumerate(function.parameters)) or "void"
        body = "".join(f"(void)p{i}; " for i in range(len(function.parameters)))
        body += "" if function.returns == "void" else "return 0; "
        lines.append(f"NAVCORE_API {function.returns} {function.name}({parameters}) {{ {body}}}")
    lines += ["", "__attribute__((used)) static void enums(void) {"]
    lines += [f"    {enum} e{i} = 0; (void)e{i};" for i, enum in enumerate(enums)]
    lines.append("}")
    return "\n".join(lines) + "\n"


def build_twin(header: Path, work: Path) -> Path:
    """The twin of `header`, with debug information, as work/libnavcore.so.MAJOR."""
    soname = f"libnavcore.so.{version(header, 'MAJOR')}"
    source = work / "twin.c"
    source.write_text(twin_source(header))
    twin = work / soname
    compiled = run(["gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-g", "-O0",
                    "-fPIC", "-shared", "-fvisibility=hidden", f"-I{header.parent}", f"-Wl,-soname,{soname}",
                    f"-Wl,--version-script={VERSION_SCRIPT}", str(source), "-o", str(twin)])
    if compiled.returncode != 0:
        fail(f"the C twin of {header} does not compile:\n{compiled.stderr}")
    return twin


def describe(twin: Path, header: Path, out: Path) -> None:
    """abidw's ABI description of the twin: only the header's types, no paths or locations, no
    architecture (the same description on every 64-bit Linux)."""
    described = run(["abidw", "--no-corpus-path", "--no-comp-dir-path", "--no-show-locs", "--no-architecture",
                     "--type-id-style", "hash", "--headers-dir", str(header.parent), "--drop-private-types",
                     "--load-all-types", "--out-file", str(out), str(twin)])
    if described.returncode != 0:
        fail(f"abidw failed on {twin}:\n{described.stderr}")


def exported_functions(library: Path) -> Set[str]:
    listed = run(["nm", "-D", "--defined-only", str(library)])
    if listed.returncode != 0:
        fail(f"nm cannot read {library}:\n{listed.stderr}")
    return {line.split()[-1] for line in listed.stdout.splitlines() if line.split()[-2:-1] == ["T"]}


def soname_of(library: Path) -> str:
    match = re.search(r"\(SONAME\)\s+Library soname: \[([^\]]+)\]", run(["readelf", "-d", str(library)]).stdout)
    return match.group(1) if match else "(none)"


def described_functions(description: Path) -> Set[str]:
    return set(re.findall(r"<elf-symbol name='(navcore_\w+)' type='func-type'", description.read_text()))


def without_appended_fields(baseline: Path, current: Path, out: Path) -> None:
    """`current` with each APPENDABLE struct cut to the baseline's fields and size: the fields
    after the baseline's count dropped. A struct that only grew at its end then compares equal;
    one whose first fields moved, changed or went compares as it is."""
    def structs(root: ElementTree.Element) -> Dict[str, ElementTree.Element]:
        return {s.get("name", ""): s for s in root.iter("class-decl") if s.get("name") in APPENDABLE and s.get("size-in-bits")}
    frozen = structs(ElementTree.parse(baseline).getroot())
    tree = ElementTree.parse(current)
    for name, struct in structs(tree.getroot()).items():
        if name not in frozen:
            continue
        kept = len(frozen[name].findall("data-member"))
        for member in struct.findall("data-member")[kept:]:
            struct.remove(member)
        if int(struct.get("size-in-bits", "0")) > int(frozen[name].get("size-in-bits", "0")):
            struct.set("size-in-bits", frozen[name].get("size-in-bits", "0"))
    tree.write(out)


def named_types(description: Path) -> Set[str]:
    """The names of the structs, unions, enums and typedefs of an ABI description."""
    root = ElementTree.parse(description).getroot()
    kinds = ("class-decl", "union-decl", "enum-decl", "typedef-decl")
    return {e.get("name", "") for kind in kinds for e in root.iter(kind) if e.get("name", "").startswith("navcore_")}


def with_added_types_suppressed(baseline: Path, current: Path, out: Path) -> None:
    """abi/navcore.abignore, plus a suppression of each navcore_ type `current` has and
    `baseline` lacks: an added type is no change of the frozen ABI."""
    added = sorted(named_types(current) - named_types(baseline))
    text = SUPPRESSIONS.read_text()
    text += "".join(f"\n# added since the baseline\n[suppress_type]\n  name = {name}\n" for name in added)
    out.write_text(text)


def check_since(header: Path, added: List[str], kept: List[str]) -> None:
    """Each function's @since tag names the version that added it: for an `added` one (not in
    the baseline) a minor version after .0, at most the header's; for a `kept` one, .0."""
    text, minor, major = header.read_text(), version(header, "MINOR"), version(header, "MAJOR")

    def since(name: str) -> str:
        try:
            doc = header_doc.function_doc(text, name)
        except header_doc.HeaderError:
            return ""
        return (doc.since or "") if doc else ""

    def minor_of(name: str) -> int:
        match = re.fullmatch(rf"{major}\.(\d+)", since(name))
        return int(match.group(1)) if match else -1

    wrong = [name for name in added if not 1 <= minor_of(name) <= minor]
    if wrong:
        fail(f"{', '.join(wrong)}: not in the baseline, so added after {major}.0: its doc comment needs an "
             f"`@since {major}.N` tag, N the minor version that adds it (the header says {major}.{minor}; "
             f"the first addition after {major}.0 raises NAVCORE_VERSION_MINOR; docs/c-api.md, "
             f"\"Adding a function\")")
    wrong = [name for name in kept if minor_of(name) != 0]
    if wrong:
        fail(f"{', '.join(wrong)}: in the {major}.0 baseline, so its doc comment says `@since {major}.0`")


def check(baseline: Path, library: Path, header: Path, work: Path) -> None:
    if not baseline.exists():
        fail(f"no baseline {baseline} for libnavcore.so.{version(header, 'MAJOR')}: a new SONAME starts a new "
             f"ABI, written once by `make abi-baseline` (abi/README.md)")
    twin = build_twin(header, work)
    if soname_of(library) != twin.name:
        fail(f"{library}'s SONAME is {soname_of(library)}, the header's major version makes it {twin.name}")
    shipped, declared = exported_functions(library), exported_functions(twin)
    if shipped != declared:
        fail(f"{library} and the header differ in their functions: only in the library: "
             f"{sorted(shipped - declared) or 'none'}; only in the header: {sorted(declared - shipped) or 'none'}")
    current = work / f"{twin.name}.abi"
    describe(twin, header, current)
    compared_with = work / f"{twin.name}.compared.abi"
    without_appended_fields(baseline, current, compared_with)
    suppressions = work / "compared.abignore"
    with_added_types_suppressed(baseline, current, suppressions)
    compared = run(["abidiff", "--no-architecture", "--no-added-syms", "--non-reachable-types",
                    "--suppressions", str(suppressions), str(baseline), str(compared_with)])
    if compared.returncode & (ABIDIFF_ERROR | ABIDIFF_USAGE):
        fail(f"abidiff could not compare {baseline} with {compared_with} (exit {compared.returncode}):\n"
             f"{compared.stderr}{compared.stdout}")
    if compared.returncode & (ABIDIFF_CHANGE | ABIDIFF_INCOMPATIBLE):
        kind = "an incompatible change" if compared.returncode & ABIDIFF_INCOMPATIBLE else "a change"
        print(compared.stdout, end="")
        fail(f"abidiff finds {kind} (exit {compared.returncode}) of the ABI frozen in {baseline.name}: "
             f"1.x only adds (docs/c-api.md, \"ABI policy\"). Above, abidiff's report.")
    added = sorted(described_functions(current) - described_functions(baseline))
    check_since(header, added, sorted(described_functions(baseline)))
    print(f"check-abi: {library} keeps the ABI of {baseline.name} ({len(described_functions(baseline))} functions, "
          f"their types, the enums); {len(added)} added since: {', '.join(added) or 'none'}")


def write(baseline: Path, header: Path, work: Path) -> None:
    if baseline.exists():
        fail(f"{baseline} exists: the ABI of {baseline.stem} is frozen. A change of it needs a new SONAME "
             f"(a major version), whose baseline is a new file (abi/README.md)")
    describe(build_twin(header, work), header, baseline)
    print(f"check-abi: wrote {baseline} ({len(described_functions(baseline))} functions)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--include", type=Path, default=ROOT / "include", help="the directory of navcore.h")
    parser.add_argument("--work", type=Path, help="keep the twin and its description here")
    parser.add_argument("action", choices=["check", "write"])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("library", type=Path, nargs="?")
    arguments = parser.parse_args()
    for tool in ("gcc", "abidw", "abidiff", "nm", "readelf"):
        if not shutil.which(tool):
            fail(f"{tool} is missing (`make setup` installs abigail-tools)")
    header = (arguments.include / "navcore.h").resolve()
    with tempfile.TemporaryDirectory() as scratch:
        work = arguments.work or Path(scratch)
        work.mkdir(parents=True, exist_ok=True)
        if arguments.action == "write":
            write(arguments.baseline, header, work)
        elif arguments.library is None:
            parser.error("check needs the LIBRARY")
        else:
            check(arguments.baseline, arguments.library, header, work)


if __name__ == "__main__":
    main()
