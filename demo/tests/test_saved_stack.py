"""q saves the tree (every tab, the sheet); the next start restores it (--fresh does not); where the
file lives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict

import pytest
from navdemo import links, statefile

from .conftest import parse_frames, run_demo


def state(**fields: object) -> str:
    """A card's saved state as the demo writes it (compact JSON)."""
    return json.dumps(fields, separators=(",", ":"))


def tab(*entries: Dict[str, object]) -> Dict[str, object]:
    return {"stack": list(entries)}


def test_q_saves_navcores_tree_and_the_next_start_restores_it(navcore_env_ok: None, tmp_path: Path) -> None:
    state_file = tmp_path / "deep" / "stack.json"
    first = run_demo("--keys", "p 3 settle type:hi c settle q", "--state", str(state_file))
    assert first.returncode == 0, first.stderr
    assert parse_frames(first.stdout)[-1].message.startswith("saved the tree, in front home: home > page1 > compose > picker:")
    # navcore's saved tree, exactly (SPEC §16.10): the root's frame, its three tabs (Home
    # active), each card's state as its screen's saved state.
    document = state_file.read_text(encoding="utf-8")
    assert json.loads(document) == {"navcore": 2, "stack": [{
        "route": "tabs", "state": state(name="tabs"), "active": 0, "children": [
            tab({"route": "home", "state": state(name="home")},
                {"route": "page", "state": state(name="page1")},
                {"route": "compose", "state": state(name="compose", saved="", text="hi", to=None)},
                {"route": "picker", "state": state(name="picker", selected=0)}),
            tab({"route": "search", "state": state(name="search")}),
            tab({"route": "me", "state": state(name="me")}),
        ]}]}
    assert " " not in document

    again = run_demo("--keys", "settle", "--state", str(state_file))
    restored = parse_frames(again.stdout)[-1]
    assert (restored.front, restored.stack) == ("home", "home > page1 > compose > picker")
    assert restored.message == "restored the saved tree: home: home > page1 > compose > picker"
    # The restored picker still chooses; nobody waits for its result any more (a listener is
    # not saved), so the pop only pops. The restored draft is still unsaved.
    chosen = parse_frames(run_demo("--keys", "down enter settle", "--state", str(state_file)).stdout)[-1]
    assert chosen.stack == "home > page1 > compose"
    assert "note: [hi] *unsaved*" in chosen.text
    # A restored page keeps its name, and new pages number after it.
    pushed = parse_frames(run_demo("--keys", "b settle p settle", "--state", str(state_file)).stdout)[-1]
    assert pushed.stack == "home > page1 > compose > page2"


def test_the_active_tab_and_the_sheet_come_back(navcore_env_ok: None, tmp_path: Path) -> None:
    state_file = tmp_path / "stack.json"
    assert run_demo("--keys", "/ p settle f settle down q", "--state", str(state_file)).returncode == 0
    tree = json.loads(state_file.read_text(encoding="utf-8"))
    assert tree["stack"][0]["active"] == 1
    assert tree["modal"] == {"stack": [{"route": "sheet", "state": state(name="sheet", selected=1)}],
                             "covers": True, "dismiss_on_back": True}
    frames = parse_frames(run_demo("--keys", "settle b settle", "--state", str(state_file), "--frames").stdout)
    restored, dismissed = frames[1], frames[-1]
    assert (restored.front, restored.stack) == ("sheet", "sheet")
    assert "# > unread" in restored.text  # the sheet's highlight, from its saved state
    assert restored.tab_bar.startswith("+- h Home --[/ Search]--")
    # Restored by navcore (its on_child named it): back dismisses it, Search's page is under it.
    assert (dismissed.front, dismissed.stack) == ("search", "search > page1")


def test_a_stack_saved_by_the_single_stack_demo_starts_fresh(navcore_env_ok: None, tmp_path: Path) -> None:
    state_file = tmp_path / "stack.json"
    state_file.write_text('{"navcore":1,"stack":[{"route":"home","state":null},{"route":"page","state":null}]}',
                          encoding="utf-8")
    frame = parse_frames(run_demo("--keys", "settle", "--state", str(state_file)).stdout)[-1]
    assert (frame.front, frame.stack) == ("home", "home")
    assert frame.message == "! the saved tree is not the demo's tabs: starting fresh"


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
    assert frame.message.startswith("! the saved tree was refused")


def test_a_route_gone_from_the_document_starts_fresh(navcore_env_ok: None, tmp_path: Path) -> None:
    state = tmp_path / "stack.json"
    state.write_text('{"navcore":2,"stack":[{"route":"tabs","state":null,"active":0,"children":['
                     '{"stack":[{"route":"home","state":null},{"route":"gone","state":null}]}]}]}', encoding="utf-8")
    frame = parse_frames(run_demo("--keys", "settle", "--state", str(state)).stdout)[-1]
    assert frame.stack == "home"
    assert frame.message == "! the saved tree could not be opened (unknown_route): starting fresh"


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
    assert last.message.startswith("! the tree was not saved: ")
