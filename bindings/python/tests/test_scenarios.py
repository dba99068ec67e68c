"""Every shared and project scenario through the Python runner, and the runner's output contract."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from navcore import scenario

from .conftest import PACKAGE_DIR, SHARED, scenario_files

FILES = scenario_files()


def test_the_shared_scenarios_are_there() -> None:
    shared = [f for f in FILES if str(f).startswith(str(SHARED))]
    assert len(shared) >= 15, f"no shared scenarios under {SHARED} (set NAVCORE_SHARED)"


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.parent.name}/{p.name}" for p in FILES])
def test_scenario(path: Path) -> None:
    _, failures = scenario.run_file(str(path))
    assert failures == [], "\n".join(failures)


def run_cli(*arguments: str) -> "subprocess.CompletedProcess[str]":
    env = dict(os.environ, PYTHONPATH=str(PACKAGE_DIR))
    return subprocess.run(
        [sys.executable, "-m", "navcore.scenario", *arguments], capture_output=True, text=True, env=env, timeout=120
    )


def test_cli_passes_the_directories() -> None:
    directories = sorted({str(path.parent) for path in FILES})
    result = run_cli(*directories)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == f"{len(FILES)} passed, 0 failed"
    assert all(line.startswith("PASS ") for line in lines[:-1])


def test_cli_reports_failures_with_a_trace_diff(tmp_path: Path) -> None:
    bad = tmp_path / "bad.nav"
    bad.write_text(
        "# wrong on purpose\n"
        "push A\n"
        "expect stack B\n"
        "frobnicate\n"
        "expect trace\n"
        "  action will_push +A instant\n"
        "  action did_push +X instant\n"
        "end\n"
    )
    result = run_cli(str(bad), str(FILES[0]))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"FAIL {bad}"
    assert lines[1] == "  line 3: expect stack B: saw 'A'"
    assert lines[2] == "  line 4: unknown command 'frobnicate'"
    assert lines[3] == "  line 5: the trace differs (- expected, + seen):"
    # "  " under the file, "    " under the failure, then the diff's own prefix.
    assert lines[4] == "        action will_push +A instant"
    assert "      + action did_push +A instant" in lines and "      - action did_push +X instant" in lines
    assert lines[-2] == f"PASS {FILES[0]}"
    assert lines[-1] == "1 passed, 1 failed"


def test_cli_usage() -> None:
    assert run_cli().returncode == 2
    assert run_cli("--help").returncode == 0


def test_diff_and_two_decimals() -> None:
    assert scenario.diff(["a", "b", "c"], ["a", "c", "d"]) == ["  a", "- b", "  c", "+ d"]
    assert scenario.two_decimals(0.333) == "0.33"
    assert scenario.two_decimals(0.125) == "0.13"
    assert scenario.two_decimals(1.0) == "1.00"
    assert scenario.two_decimals(0.0) == "0.00"


def test_parse_errors() -> None:
    with pytest.raises(scenario.ScenarioError):
        scenario.parse("expect trace\n  x\n")
    steps = scenario.parse("# c\n\n  push  A \nexpect trace\n  a\n\n  b\nend\n")
    assert steps[0].words == ["push", "A"] and steps[1].trace == ["a", "b"]
