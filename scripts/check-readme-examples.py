#!/usr/bin/env python3
"""Checks that the code and output shown in a Markdown file are the real thing.

A fenced block is tagged by an HTML comment on the line right before it:

    <!-- example: PATH -->   the block is the whole file PATH (relative to the repository)
    <!-- excerpt: PATH -->   the block's lines appear, in one piece, in the file PATH
    <!-- output: NAME -->    the block is what an example printed: the file OUTPUTS/NAME

Every fenced block whose language is python, swift, c or javascript must be tagged `example` or
`excerpt`: code shown without a file behind it cannot be run, so it is refused. `make examples`
runs the files and writes their outputs to OUTPUTS before calling this.

    check-readme-examples.py README.md [--outputs build/examples]
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

CODE_LANGUAGES = {"python", "swift", "c", "javascript"}
TAG = re.compile(r"^<!--\s*(?P<kind>example|excerpt|output):\s*(?P<target>\S+)\s*-->\s*$")
FENCE = re.compile(r"^(?P<fence>```+|~~~+)(?P<info>[^`]*)$")


@dataclass
class Block:
    """A fenced block of the Markdown file."""

    line: int
    language: str
    text: str
    kind: Optional[str]
    target: Optional[str]


def blocks(markdown: str) -> List[Block]:
    """The fenced blocks, each with the tag of the line before it, if any."""
    found: List[Block] = []
    lines = markdown.split("\n")
    index = 0
    while index < len(lines):
        match = FENCE.match(lines[index])
        if not match:
            index += 1
            continue
        fence = match["fence"]
        start = index
        index += 1
        body: List[str] = []
        while index < len(lines) and not lines[index].startswith(fence):
            body.append(lines[index])
            index += 1
        tag = TAG.match(lines[start - 1]) if start > 0 else None
        found.append(
            Block(
                line=start + 1,
                language=match["info"].strip().split(" ")[0].lower(),
                text="\n".join(body) + "\n",
                kind=tag["kind"] if tag else None,
                target=tag["target"] if tag else None,
            )
        )
        index += 1
    return found


def diff(expected: str, actual: str, expected_name: str, actual_name: str) -> str:
    return "".join(
        difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True), expected_name, actual_name, n=2
        )
    )


def check(readme: Path, root: Path, outputs: Optional[Path]) -> List[str]:
    """The problems found (empty: all shown code and output is real)."""
    problems: List[str] = []

    def where(block: Block) -> str:
        return f"{readme}:{block.line}"

    for block in blocks(readme.read_text(encoding="utf-8")):
        if block.kind is None:
            if block.language in CODE_LANGUAGES:
                problems.append(f"{where(block)}: a {block.language} block with no <!-- example: PATH --> tag")
            continue
        assert block.target is not None
        if block.kind == "output":
            if outputs is None:
                continue
            path = outputs / block.target
        else:
            path = root / block.target
        if not path.is_file():
            problems.append(f"{where(block)}: {path} does not exist")
            continue
        content = path.read_text(encoding="utf-8")
        if block.kind in ("example", "output") and block.text != content:
            problems.append(
                f"{where(block)}: the block differs from {path} (- file, + README):\n"
                + diff(content, block.text, str(path), str(readme))
            )
        elif block.kind == "excerpt" and block.text not in content:
            problems.append(f"{where(block)}: the block is not an excerpt of {path}")
    return problems


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("markdown", type=Path, nargs="+")
    parser.add_argument("--outputs", type=Path, help="where the examples' outputs are (for output tags)")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    args = parser.parse_args(argv)
    failed = False
    for readme in args.markdown:
        problems = check(readme, args.root, args.outputs)
        tagged = [b for b in blocks(readme.read_text(encoding="utf-8")) if b.kind]
        if problems:
            failed = True
            print("\n".join(problems), file=sys.stderr)
        else:
            kinds = ", ".join(f"{b.kind} {b.target}" for b in tagged)
            print(f"{readme}: {len(tagged)} tagged blocks match ({kinds})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
