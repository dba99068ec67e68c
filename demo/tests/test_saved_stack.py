"""q saves the stack; the next start restores it (--fresh does not); where the file lives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from navdemo import links, statefile

from .conftest import parse_frames, run_demo


def test_q_saves_navcores_document_and_the_next_start_restores_it(navcore_env_ok: None, tmp_path: Path) -> None:
    state = tmp_path / "deep" / "stack.json"
    first = run_demo("--keys", "p 3 settle type:hi c settle q", "--state", str(state))
    assert first.returncode == 0, first.stderr
    assert parse_frames(first.stdout)[-1].message.startswith("saved home > page1 > compose > picker:")
    # navcore's saved document, exactly (SPEC §14), each card's state as its saved state.
    document = state.read_text(encoding="utf-8")
    assert json.loads(document) == {"navcore": 1, "stack": [
        {"route": "home", "state": '{"name":"home"}'},
        {"route": "page", "state": '{"name":"page1"}'},
        {"route": "compose", "state": '{"name":"compose","saved":"","text":"hi","to":null}'},
        {"route": "picker", "state": '{"name":"picker","selected":0}'},
    ]}
    assert " " not in document

    again = run_demo("--keys", "settle", "--state", str(state))
    restored = parse_frames(again.stdout)[-1]
    assert restored.stack == "home > page1 > compose > picker"
    assert restored.message == "restored the saved stack: home > page1 > compose > picker"
    # The restored picker still chooses; nobody waits for its result any more (a listener is
    # not saved), so the pop only pops. The restored draft is still unsaved.
    chosen = parse_frames(run_demo("--keys", "down enter settle", "--state", str(state)).stdout)[-1]
    assert chosen.stack == "home > page1 > compose"
    assert "note: [hi] *unsaved*" in chosen.text
    # A restored page keeps its name, and new pages number after it.
    pushed = parse_frames(run_demo("--keys", "b settle p settle", "--state", str(state)).stdout)[-1]
    assert pushed.stack == "home > page1 > compose > page2"


def test_fresh_starts_clean_and_keeps_the_file(navcore_env_ok: None, tmp_path: Path) -> None:
    state = tmp_path / "stack.json"
    assert run_demo("--keys", "p p settle q", "--state", str(state)).returncode == 0
    saved = state.read_text(encoding="utf-8")
    fresh = parse_frames(run_demo("--keys", "settle", "--state", str(state), "--fresh").stdout)[-1]
    assert fresh.stack == "home"
    assert state.read_text(encoding="utf-8") == saved


def test_a_refused_document_starts_fresh(navcore_env_ok: None, tmp_path: Path) -> None:
    state = tmp_path / "stack.json"
    state.write_text('{"navcore":2,"stack":[]}', encoding="utf-8")
    frame = parse_frames(run_demo("--keys", "settle", "--state", str(state)).stdout)[-1]
    assert frame.stack == "home"
    assert frame.message.startswith("! the saved stack was refused")


def test_a_route_gone_from_the_document_starts_fresh(navcore_env_ok: None, tmp_path: Path) -> None:
    state = tmp_path / "stack.json"
    state.write_text('{"navcore":1,"stack":[{"route":"home","state":null},{"route":"gone","state":null}]}',
                     encoding="utf-8")
    frame = parse_frames(run_demo("--keys", "settle", "--state", str(state)).stdout)[-1]
    assert frame.stack == "home"
    assert frame.message == "! the saved stack could not be opened (unknown_route): starting fresh"


def test_scripts_leave_the_users_saved_stack_alone(navcore_env_ok: None, state_home: Path) -> None:
    saved = state_home / "navcore-demo" / "stack.json"
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.write_text("not touched", encoding="utf-8")
    result = run_demo("--keys", "p settle restart q")
    assert result.returncode == 0, result.stderr
    assert parse_frames(result.stdout)[-1].stack == "home > page1"
    assert saved.read_text(encoding="utf-8") == "not touched"


def test_the_state_file_follows_xdg_state_home() -> None:
    assert statefile.default_path({"XDG_STATE_HOME": "/s"}) == Path("/s/navcore-demo/stack.json")
    home_state = Path.home() / ".local" / "state" / "navcore-demo" / "stack.json"
    assert statefile.default_path({}) == home_state
    assert statefile.default_path({"XDG_STATE_HOME": "relative"}) == home_state  # the spec: absolute only


def test_a_deep_link_is_routes_and_the_last_ones_payload() -> None:
    assert links.entries("inbox/message?id=42") == [("inbox", None), ("message", {"id": 42})]
    assert links.entries("/compose?to=ada&n=3") == [("compose", {"to": "ada", "n": 3})]
    assert links.entries("inbox") == [("inbox", None)]
    with pytest.raises(ValueError, match="names no route"):
        links.entries("?id=1")


def test_a_stack_that_cannot_be_written_is_said_and_quits(navcore_env_ok: None, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    result = run_demo("--keys", "p settle q", "--state", str(blocker / "stack.json"), "--frames")
    assert result.returncode == 0, result.stderr
    first, last = parse_frames(result.stdout)[0], parse_frames(result.stdout)[-1]
    assert first.message.startswith("! the saved stack could not be read (")
    assert first.stack == "home"
    assert last.label == "q"
    assert last.message.startswith("! the stack was not saved: ")
