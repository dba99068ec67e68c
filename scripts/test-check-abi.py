#!/usr/bin/env python3
"""The ABI guard's own test: scripts/check-abi.py run against deliberately changed copies of
include/navcore.h, each built into a throwaway library (the copy's C twin), and compared with
the committed baseline. Every change the ABI policy forbids must fail with abidiff's report;
every addition it allows must pass.

    test-check-abi.py BASELINE     one line per case; exits 1 if any case ends otherwise
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
CHECK = ROOT / "scripts" / "check-abi.py"
HEADER = ROOT / "include" / "navcore.h"

spec = importlib.util.spec_from_file_location("check_abi", CHECK)
assert spec and spec.loader
sys.path.insert(0, str(CHECK.parent))
check_abi = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_abi)


def edit(pattern: str, replacement: str) -> Callable[[str], str]:
    """A change of the header: `pattern` (a regex, which must match) replaced."""

    def change(header: str) -> str:
        changed, count = re.subn(pattern, replacement, header, flags=re.M)
        if count == 0:
            raise SystemExit(f"test-check-abi: the edit {pattern!r} matches nothing in navcore.h: update the case")
        return changed

    return change


def both(first: Callable[[str], str], second: Callable[[str], str]) -> Callable[[str], str]:
    return lambda header: second(first(header))


def unchanged(header: str) -> str:
    return header


NEW_FUNCTION = r"""\g<0>
/**
 * A function a minor version adds.
 *
 * @param nav the navigator
 * @retval NAVCORE_OK done
 * @retval NAVCORE_ERR_INVALID `nav` is NULL
 * @retval NAVCORE_ERR_INVALID_HANDLE `nav` was destroyed, or never was a navigator{since}
 */
NAVCORE_API int navcore_added(navcore_navigator *nav);
"""
AFTER_LAST_QUERY = r"^NAVCORE_API int navcore_transition_current\(uint64_t \*out_id, navcore_navigator \*nav\);$"
NEW_STRUCT = r"""\g<0>
/** A struct a minor version adds, and the function that takes it. */
typedef struct navcore_added_options {{
    unsigned int version;
    int value;
}} navcore_added_options;
/**
 * A function a minor version adds.
 *
 * @param nav      the navigator.
 * @param options  the options.
 * @retval NAVCORE_OK                  done.
 * @retval NAVCORE_ERR_INVALID         a bad option.
 * @retval NAVCORE_ERR_INVALID_HANDLE  a dead handle.
 * @since 1.{minor}
 */
NAVCORE_API int navcore_added_with(navcore_navigator *nav, const navcore_added_options *options);
"""
#: The header's minor version, and an edit that raises it by one, for a new function of the next one.
MINOR = check_abi.version(HEADER, "MINOR")
NEXT_SINCE = f"\n * @since 1.{MINOR + 1}"
MINOR_RAISED = edit(rf"^#define NAVCORE_VERSION_MINOR {MINOR}$", f"#define NAVCORE_VERSION_MINOR {MINOR + 1}")
#: What check-abi prints for a header that keeps the ABI (whatever it adds already).
KEEPS = "keeps the ABI of"


@dataclass
class Case:
    name: str
    header: Callable[[str], str]  # the header checked
    passes: bool
    shows: str  # what the output must contain
    library: Optional[Callable[[str], str]] = None  # the header the library is built from, if another


CASES = [
    Case("the header as it is", unchanged, True, KEEPS),
    Case("a function removed", edit(r"^NAVCORE_API int navcore_on_done\(.*\n", ""), False,
         "1 Removed function"),
    Case("a function renamed", edit(r"\bnavcore_on_bar\(", "navcore_on_bar_change("), False,
         "[D] 'function int navcore_on_bar("),
    Case("a deprecated name removed", edit(r"^NAVCORE_DEPRECATED\(\"use navcore_on_transition\"\)\n.*\n", ""), False,
         "navcore_set_animator"),
    Case("a parameter's type changed", edit(r"navcore_pop_to\(navcore_navigator \*nav, uint64_t screen",
                                            "navcore_pop_to(navcore_navigator *nav, uint32_t screen"), False,
         "1 Changed"),
    Case("a return type changed", edit(r"^NAVCORE_API int navcore_top\(", "NAVCORE_API long navcore_top("), False,
         "return type changed"),
    Case("a callback type given another parameter",
         edit(r"navcore_bar_fn\)\(navcore_navigator \*nav, bool shown, bool animated, void \*ctx\)",
              "navcore_bar_fn)(navcore_navigator *nav, bool shown, bool animated, int depth, void *ctx)"), False,
         "navcore_bar_fn"),
    Case("two fields of navcore_transition swapped",
         both(edit(r"^    uint64_t from;     /\* the old top \*/$", "    uint64_t SWAP;"),
              both(edit(r"^    uint64_t to;       /\* the new top \*/$", "    uint64_t from;"),
                   edit(r"^    uint64_t SWAP;$", "    uint64_t to;"))), False,
         "offset changed"),
    Case("a hook of navcore_screen_hooks given another parameter",
         edit(r"void \(\*payload\)\(navcore_navigator \*nav, uint64_t screen, void \*object, const char \*payload, void \*ctx\);",
              "void (*payload)(navcore_navigator *nav, uint64_t screen, void *object, const char *payload, size_t length, void *ctx);"),
         False, "navcore_screen_hooks"),
    Case("a navigator parameter made a void *", edit(r"navcore_top\(uint64_t \*out_screen, navcore_navigator \*nav\)",
                                                     "navcore_top(uint64_t *out_screen, void *nav)"), False, "navcore_top"),
    Case("a field inserted inside navcore_show_options",
         edit(r"^    bool animated;        /\* default false \*/$", "\\g<0>\n    int inserted;"), False,
         "data member insertion"),
    Case("a field appended to navcore_route_entry (not an appendable struct)",
         edit(r"^    const char \*state;$", "\\g<0>\n    int appended;"), False, "navcore_route_entry"),
    Case("an enum value changed", edit(r'X\(NAVCORE_OUTCOME_VETOED, 3, "vetoed"\)', 'X(NAVCORE_OUTCOME_VETOED, 30, "vetoed")'),
         False, "from value '3' to '30'"),
    Case("an enum member removed", edit(r'^    X\(NAVCORE_STYLE_POP, 1, "pop"\)[ \\]*\n', ""), False, "enumerator deletion"),
    Case("a function added, since the next minor version, which the header raises",
         both(MINOR_RAISED, edit(AFTER_LAST_QUERY, NEW_FUNCTION.format(since=NEXT_SINCE))), True,
         "navcore_added, "),
    Case("a struct added with a function that takes it, since the next minor version",
         both(MINOR_RAISED, edit(AFTER_LAST_QUERY, NEW_STRUCT.format(minor=MINOR + 1))), True,
         "navcore_added_with, "),
    Case("a function added without its @since tag",
         both(MINOR_RAISED, edit(AFTER_LAST_QUERY, NEW_FUNCTION.format(since=""))), False, "needs an `@since 1.N` tag"),
    Case("a function added, since 1.0",
         both(MINOR_RAISED, edit(AFTER_LAST_QUERY, NEW_FUNCTION.format(since="\n * @since 1.0"))), False,
         "needs an `@since 1.N` tag"),
    Case("a function of the baseline said to be added since 1.1",
         edit(r"(@since 1\.)0(\n \*/\nNAVCORE_API int navcore_on_done\()", r"\g<1>1\2"), False,
         "navcore_on_done: in the 1.0 baseline, so its doc comment says `@since 1.0`"),
    Case("a function added, since the next minor version, which the header does not raise",
         edit(AFTER_LAST_QUERY, NEW_FUNCTION.format(since=NEXT_SINCE)), False, f"the header says 1.{MINOR}"),
    Case("a field appended to navcore_show_options",
         edit(r"^    const char \*payload;  /\* UTF-8 text delivered to the screen, or NULL \(default\) \*/$",
              "\\g<0>\n    int appended;"), True, KEEPS),
    Case("a field appended to navcore_transition, into its padding",
         edit(r"^    bool interactive;  /\* the back gesture: may be cancelled \*/$", "\\g<0>\n    bool appended;"), True, KEEPS),
    Case("a field appended to navcore_action_event",
         edit(r"^    void \*const \*disappearing_objects;.*$", "\\g<0>\n    int appended;"), True, KEEPS),
    Case("an enum member appended",
         edit(r'^    X\(NAVCORE_OP_LEAVE, 15, "leave"\)( /\*.*\*/)?$', '    X(NAVCORE_OP_LEAVE, 15, "leave") \\\\\n    X(NAVCORE_OP_NEXT, 16, "next")'),
         True, KEEPS),
    Case("the library lacks a function of the header", unchanged, False, "only in the header: ['navcore_on_done']",
         library=edit(r"^NAVCORE_API int navcore_on_done\(.*\n", "")),
]


def run_case(case: Case, baseline: Path, scratch: Path) -> bool:
    original = HEADER.read_text()
    checked = scratch / "checked"
    checked.mkdir()
    (checked / "navcore.h").write_text(case.header(original))
    built = scratch / "built"
    built.mkdir()
    (built / "navcore.h").write_text((case.library or case.header)(original))
    library = check_abi.build_twin(built / "navcore.h", built)
    result = subprocess.run([sys.executable, str(CHECK), "--include", str(checked), "--work", str(scratch / "work"),
                             "check", str(baseline), str(library)], capture_output=True, text=True)
    output = result.stdout + result.stderr
    passed = result.returncode == 0
    ok = passed == case.passes and case.shows in output
    verdict = "passes" if passed else "fails"
    reason = next((line for line in output.splitlines() if line.startswith("check-abi:")), "")
    print(f"{'ok  ' if ok else 'FAIL'} {case.name}: {verdict}, as it must" if ok else
          f"FAIL {case.name}: {verdict} (must {'pass' if case.passes else 'fail'} showing {case.shows!r})")
    print(f"       {reason[:150]}")
    if not ok:
        print(output)
    return ok


def main() -> None:
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    baseline = Path(sys.argv[1]).resolve()
    for tool in ("gcc", "abidw", "abidiff"):
        if not shutil.which(tool):
            raise SystemExit(f"test-check-abi: {tool} is missing (`make setup` installs abigail-tools)")
    failures = 0
    for case in CASES:
        with tempfile.TemporaryDirectory() as scratch:
            failures += not run_case(case, baseline, Path(scratch))
    print(f"test-check-abi: {len(CASES) - failures} of {len(CASES)} cases as the ABI policy says")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
