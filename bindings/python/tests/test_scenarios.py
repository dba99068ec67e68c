"""Every specification and project scenario through the Python runner, and the runner's output
contract."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from navcore import scenario

from .conftest import PACKAGE_DIR, SPEC, planned_scenarios, scenario_files

FILES = scenario_files()


def test_the_specification_scenarios_are_there() -> None:
    spec = [f for f in FILES if str(f).startswith(str(SPEC / "scenarios"))]
    assert len(spec) >= 21, f"the repository's copy of the specification has no scenarios under {SPEC}"


def test_every_listed_planned_scenario_exists() -> None:
    missing = [str(path) for path in planned_scenarios() if not path.is_file()]
    assert missing == [], "Tests/planned-scenarios.txt names files that spec/scenarios-planned lacks"


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
    directories = sorted({str(path.parent) for path in FILES if "scenarios-planned" not in str(path)})
    result = run_cli(*directories, *[str(path) for path in planned_scenarios()])
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


def test_a_failing_screen_check_names_its_screen(tmp_path: Path) -> None:
    bad = tmp_path / "bad.nav"
    bad.write_text("push A\nset_result A r\nset_saved A s\nexpect result_of A x\nexpect saved_of A y\n")
    _, failures = scenario.run_file(str(bad))
    assert failures == ["line 4: expect result_of A x: saw 'r'", "line 5: expect saved_of A y: saw 's'"]


def test_cli_usage() -> None:
    assert run_cli().returncode == 2
    assert run_cli("--help").returncode == 0


def test_diff() -> None:
    assert scenario.diff(["a", "b", "c"], ["a", "c", "d"]) == ["  a", "- b", "  c", "+ d"]


@pytest.mark.parametrize(
    "value, text",
    [
        (0.0, "0.00"), (-0.0, "0.00"), (1.0, "1.00"), (0.5, "0.50"), (0.333, "0.33"),
        # exact ties in binary: away from zero
        (0.125, "0.13"), (0.375, "0.38"), (0.625, "0.63"), (0.875, "0.88"),
        # decimal ties that the double stores below (…4999…) or above (…5000…1) the tie
        (0.015, "0.01"), (0.045, "0.04"), (0.005, "0.01"), (0.995, "0.99"), (0.565, "0.56"),
        (0.994999, "0.99"), (0.999999, "1.00"), (0.0049999, "0.00"),
    ],
)
def test_two_decimals_rounds_the_exact_value_ties_away_from_zero(value: float, text: str) -> None:
    # The same table as Tests/NavCoreTests/TraceFormatTests.swift.
    assert scenario.two_decimals(value) == text


def test_parse_errors() -> None:
    with pytest.raises(scenario.ScenarioError, match="line 1: `expect trace` has no `end`"):
        scenario.parse(b"expect trace\n  x\n")
    steps = scenario.parse(b"# c\n\n  push  A \nexpect\ttrace\n  a\tb\n\n  b  c\nend\n")
    assert steps[0].words == ["push", "A"] and steps[1].trace == ["a b", "b c"]


@pytest.mark.parametrize(
    "data, message",
    [
        (b"push A\r\n", "line 1: character U+000D (only spaces and tabs separate words)"),
        ("push A\n\u3000push B\n".encode(), "line 2: character U+3000 (only spaces and tabs separate words)"),
        ("# a\u00a0comment\n".encode(), "line 1: character U+00A0 (only spaces and tabs separate words)"),
        (b"push A\x00\n", "line 1: character U+0000 (only spaces and tabs separate words)"),
        (b"push A\x0b\n", "line 1: character U+000B (only spaces and tabs separate words)"),
        (b"\n\npush \xc0\xaf\n", "line 3: the line is not UTF-8"),
        (b"push \xed\xa0\x80\n", "line 1: the line is not UTF-8"),
    ],
)
def test_only_spaces_and_tabs_separate_words(data: bytes, message: str) -> None:
    with pytest.raises(scenario.ScenarioError) as error:
        scenario.parse(data)
    assert str(error.value) == message


def test_words_with_a_grammar() -> None:
    assert scenario.words(" \tpush\t \tA  instant ") == ["push", "A", "instant"]
    assert [scenario.progress_value(w) for w in ["0.125", "-1", "1", "1.50"]] == [0.125, -1.0, 1.0, 1.5]
    assert [scenario.progress_value(w) for w in ["1e-3", ".5", "1.", "+0.5", "inf", "0x1p-1", "1_0", "\u0661"]] == [None] * 8
    assert [scenario.decimal_value(w) for w in ["0", "-1", "0.5", "-0.000001"]] == [0.0, -1.0, 0.5, -0.000001]
    assert [scenario.decimal_value(w) for w in ["nan", "1e-3", ".5", "1.", "+0.5", "inf", "-", ""]] == [None] * 8
    assert scenario.whole_number_value("2147483647") == 2147483647
    assert [scenario.whole_number_value(w) for w in ["2147483648", "-1", "+2", "1.5", "\u0661"]] == [None] * 5
    assert [scenario.set_route(w) for w in ["A", "A#2", "#y", "#4", "A#x", "A#2#3", "y#"]] == [
        "A", "A", "#y", "", "A#x", "A#2", "y#"
    ]
