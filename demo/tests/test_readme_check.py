"""scripts/check-readme-examples.py refuses what is not the real thing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .conftest import REPO

CHECK = REPO / "scripts" / "check-readme-examples.py"


def check(tmp_path: Path, markdown: str) -> "subprocess.CompletedProcess[str]":
    (tmp_path / "ex.py").write_text("print('hi')\nprint('there')\n")
    (tmp_path / "out").mkdir(exist_ok=True)
    (tmp_path / "out" / "ex.out").write_text("hi\nthere\n")
    readme = tmp_path / "README.md"
    readme.write_text(markdown)
    return subprocess.run(
        [sys.executable, str(CHECK), str(readme), "--root", str(tmp_path), "--outputs", str(tmp_path / "out")],
        capture_output=True, text=True, check=False,
    )


def test_exact_files_excerpts_and_outputs_pass(tmp_path: Path) -> None:
    result = check(tmp_path, (
        "<!-- example: ex.py -->\n```python\nprint('hi')\nprint('there')\n```\n\n"
        "<!-- excerpt: ex.py -->\n```python\nprint('there')\n```\n\n"
        "<!-- output: ex.out -->\n```text\nhi\nthere\n```\n\n```sh\nmake demo\n```\n"
    ))
    assert result.returncode == 0, result.stderr
    assert "3 tagged blocks match" in result.stdout


def test_a_changed_block_fails(tmp_path: Path) -> None:
    result = check(tmp_path, "<!-- example: ex.py -->\n```python\nprint('hi')\n```\n")
    assert result.returncode == 1
    assert "differs from" in result.stderr


def test_a_wrong_output_fails(tmp_path: Path) -> None:
    result = check(tmp_path, "<!-- output: ex.out -->\n```text\nhello\n```\n")
    assert result.returncode == 1


def test_an_untagged_code_block_fails(tmp_path: Path) -> None:
    result = check(tmp_path, "```python\nprint('not a file')\n```\n")
    assert result.returncode == 1
    assert "no <!-- example: PATH --> tag" in result.stderr


def test_the_readme_tags_every_code_block() -> None:
    result = subprocess.run([sys.executable, str(CHECK), str(REPO / "README.md")], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
