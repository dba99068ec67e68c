"""The command line: the non-terminal fallback, script errors, the help."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from .conftest import REPO, parse_frames, run_demo


def test_without_a_terminal_the_showcase_plays(navcore_env_ok: None) -> None:
    result = run_demo()  # stdout is a pipe, as in CI
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("navdemo: stdout is not a terminal")
    frames = parse_frames(result.stdout)
    assert [f.number for f in frames] == list(range(len(frames)))
    assert any("delivered on thread MainThread" in f.text for f in frames)
    assert any("swipe cancelled: the screen is restored" == f.message for f in frames)
    # The picker's result, the dialog, and a restore.
    assert any(f.message == "the picker's result came back to compose: to grace" for f in frames)
    assert any("Discard changes? y/n" in f.text for f in frames)
    assert any(f.message.startswith("! unsaved changes: back refused") for f in frames)
    last = frames[-1]
    assert last.label == "restart"
    assert last.message == "restored the saved tree: home: home > page1 > page2 > page3 > page4 > compose"
    # The tabs and the sheet.
    assert any(f.front == "search" and f.stack == "search > page5" for f in frames)
    assert any(f.message == "the sheet's result came back: filter unread" for f in frames)
    assert "note: [draft] *unsaved*" in last.text and "to: grace" in last.text


def test_keys_without_frames_print_the_last_screen(navcore_env_ok: None) -> None:
    result = run_demo("--keys", "p p settle", "--size", "100x30")
    assert result.returncode == 0, result.stderr
    frames = parse_frames(result.stdout)
    assert [(f.number, f.label) for f in frames] == [(3, "settle")]
    assert len(frames[0].rows) == 30
    assert frames[0].stack == "home > page1 > page2"


def test_quit_ends_the_script(navcore_env_ok: None) -> None:
    result = run_demo("--keys", "p q p p", "--frames")
    assert result.returncode == 0, result.stderr
    assert [f.label for f in parse_frames(result.stdout)] == ["start", "p", "q"]


@pytest.mark.parametrize("script", ["jump", "p*0", "type:", "tick*x2"])
def test_an_unknown_token_is_refused(navcore_env_ok: None, script: str) -> None:
    result = run_demo("--keys", script)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("navdemo: ")


def test_help_documents_keys_and_script_syntax(navcore_env_ok: None) -> None:
    result = run_demo("--help")
    assert result.returncode == 0
    for text in ("s (hold)", "type:TEXT", "settle", "TOKEN*N", "release", "restart", "--fresh", "--state",
                 "Discard changes?", "XDG_STATE_HOME", "re-tap", "modal sheet", "open with focus"):
        assert text in result.stdout


def test_make_demo_without_a_terminal(navcore_env_ok: None) -> None:
    """`make demo` in CI (stdout not a terminal): builds what it needs, then the showcase."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE") and k != "MFLAGS"}
    result = subprocess.run(
        ["make", "--no-print-directory", "demo"],
        cwd=REPO, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=900,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "navdemo: stdout is not a terminal" in result.stdout
    assert "delivered on thread MainThread" in result.stdout
    assert "restored the saved tree" in result.stdout


def test_demo_readme_commands_are_real() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert "make demo" in readme and "--keys" in readme and "--frames" in readme


def test_a_refused_swipe_is_asked_once_per_press(navcore_env_ok: None) -> None:
    """Holding s on a vetoed screen asks the veto once, not once per key repeat."""
    result = run_demo("--keys", "3 settle type:x s*5 release s", "--frames", "--size", "80x40")
    assert result.returncode == 0, result.stderr
    frames = parse_frames(result.stdout)
    held, again = frames[-3], frames[-1]
    assert held.label == "s*5"
    assert held.log.count("should_pop compose gesture no") == 1
    assert held.message.startswith("! unsaved changes: swipe refused by the veto")
    assert frames[-2].message == held.message  # letting go keeps the message
    assert again.log.count("should_pop compose gesture no") == 2  # a new press asks again


def test_a_picker_dismissed_with_back_gives_no_result(navcore_env_ok: None) -> None:
    """b on the picker pops it with no result: compose hears None and keeps its recipient."""
    result = run_demo("--keys", "3 settle c settle b settle", "--frames", "--size", "80x40")
    assert result.returncode == 0, result.stderr
    last = parse_frames(result.stdout)[-1]
    assert last.stack == "home > compose"
    assert last.message == "no recipient chosen: compose keeps nobody"
    assert last.log.index("> compose got the result -") + 1 == last.log.index("home: release picker")
    assert "to: (nobody yet)" in last.text


def test_the_dialog_holds_other_keys_and_queues_other_ops(navcore_env_ok: None) -> None:
    """While the decision is pending, keys only say the dialog waits; an op asked by name
    queues behind the waiting back; y lets the back go on, then the queued op runs."""
    result = run_demo("--keys", "3 settle type:x b p push y settle", "--frames", "--size", "80x40")
    assert result.returncode == 0, result.stderr
    frames = parse_frames(result.stdout)
    held, queued, decided = frames[-4], frames[-3], frames[-1]
    assert held.label == "p"
    assert held.message == "the dialog waits: y discards the changes, n keeps editing"
    assert held.stack == "home > compose"
    assert queued.label == "push"
    assert "> push page1: queued behind 1" in queued.log
    assert "pending: 1" in queued.state
    assert decided.stack == "home > page1"
    assert "done back completed" in decided.log and "home: done push completed" in decided.log
