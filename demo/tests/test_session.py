"""The recorded session: ``python -m navdemo --keys @session.keys --frames``, frame by frame.

Each test reads what the screen shows after the steps of session.keys (their numbers are in
its comments). ``test_recording_is_unchanged`` compares the whole recording with
session.frames; after an intended change, rewrite it with ``NAVDEMO_UPDATE=1 make test-demo``
and review the diff.
"""

from __future__ import annotations

import os
import re
from typing import Dict, List

import pytest

from .conftest import TESTS, Frame, frames_by_number, parse_frames, run_demo

SCRIPT = TESTS / "session.keys"
GOLDEN = TESTS / "session.frames"
PAGES = "home > page1 > page2 > page3 > page4"


@pytest.fixture(scope="module")
def recording(navcore_env_ok: None) -> str:
    result = run_demo("--keys", f"@{SCRIPT}", "--frames")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return result.stdout


@pytest.fixture(scope="module")
def frames(recording: str) -> Dict[int, Frame]:
    parsed = parse_frames(recording)
    assert [f.number for f in parsed] == list(range(len(parsed)))
    return frames_by_number(parsed)


def pending(frame: Frame) -> int:
    match = re.search(r"pending: ([0-9]+)", frame.state)
    assert match, frame.state
    return int(match[1])


def test_every_frame_is_a_full_screen(frames: Dict[int, Frame]) -> None:
    for frame in frames.values():
        assert len(frame.rows) == 24, frame.number
        assert all(len(row) <= 80 for row in frame.rows), frame.number
        assert frame.rows[-1].startswith("p:push b:back s:swipe")


def test_rapid_pushes_queue_then_land_in_order(frames: Dict[int, Frame]) -> None:
    hammered = frames[1]
    assert hammered.label == "p*4"
    # page1 runs; page2..page4 wait in navcore's queue, visibly.
    assert hammered.stack == "home > page1"
    assert pending(hammered) == 3
    assert "state: did_push" in hammered.state
    assert hammered.ops_panel[:5] == [
        "ops: 3 waiting",
        "> push page1",
        ". push page2",
        ". push page3",
        ". push page4",
    ]
    assert "> push page4: queued behind 3" in hammered.log
    # One whole transition (12 frames) per step: each lands, then the next starts, in order.
    expected = [
        ("home > page1 > page2", 2),
        ("home > page1 > page2 > page3", 1),
        (PAGES, 0),
    ]
    for number, (stack, waiting) in zip((2, 3, 4), expected):
        frame = frames[number]
        assert frame.label == "tick*12"
        assert (frame.stack, pending(frame)) == (stack, waiting), frame.text
        assert frame.ops_panel[1] == f"> push page{number}"
    landed = frames[5]
    assert landed.stack == PAGES
    assert "state: idle  pending: 0" in landed.state
    assert landed.ops_panel == ["ops: 0 waiting"]
    assert "| Page 4" in landed.text


def test_the_bar_appears_at_the_threshold(frames: Dict[int, Frame]) -> None:
    shallow, deep = frames[1], frames[2]
    assert "bar: hidden (depth 2, threshold 3)" in shallow.state
    assert "(no bar below depth 3)" in shallow.bar_row
    assert "[< Back]" not in shallow.bar_row
    assert "bar: shown (depth 3, threshold 3)" in deep.state
    assert deep.bar_row.startswith("|[< Back]===")
    assert " Page 2 " in deep.bar_row
    assert "bar shown animated" in deep.log
    # Popping to the root hides it again.
    root = frames[29]
    assert root.stack == "home"
    assert "bar: hidden (depth 1, threshold 3)" in root.state
    assert "(no bar below depth 3)" in root.bar_row


def _without_counters(rows: List[str]) -> List[str]:
    """Rows with the did_show counters blanked (the restored screen was shown once more)."""
    return [re.sub(r"hooks: will_show [0-9]+, did_show [0-9]+", "hooks: N", row) for row in rows]


def test_a_cancelled_swipe_restores_the_screen(frames: Dict[int, Frame]) -> None:
    before, held, released, restored = frames[5], frames[6], frames[7], frames[8]
    assert held.label == "swipe*6"
    # navcore already shows the pop; the host drags page4 off by 30%.
    assert held.stack == "home > page1 > page2 > page3"
    assert "state: did_pop" in held.state
    assert "swipe 30%" in held.state
    assert "transition pop page4>page3 interactive" in held.log
    assert "progress 0.05..0.30 (6 reports)" in held.log
    assert held.ops_panel[1] == "> gesture"
    assert "> swipe released at 30%: springs back" in released.log
    # Let go before half way: cancelled, and the screen is exactly as before.
    assert restored.stack == PAGES
    assert "state: idle  pending: 0" in restored.state
    assert restored.message == "swipe cancelled: the screen is restored"
    assert _without_counters(restored.device) == _without_counters(before.device)
    # will_show page4 cancel, did_show page4 cancel: the hooks stay balanced.
    assert "hooks: will_show 2, did_show 2" in restored.text
    for line in ("action pop_cancelled +page3 -page4 animated", "done gesture cancelled", "action idle"):
        assert line in restored.log
    assert not any(line.startswith("release") for line in restored.log)
    # The cancel key does the same.
    assert "> swipe cancelled at 20%" in frames[10].log
    assert frames[11].stack == PAGES
    assert _without_counters(frames[11].device) == _without_counters(before.device)


def test_unsaved_changes_veto_back_and_swipe(frames: Dict[int, Frame]) -> None:
    typed, back, swipe, saved = frames[14], frames[15], frames[16], frames[17]
    assert typed.label == "type:draft"
    assert "note: [draft] *unsaved*" in typed.text
    assert back.message == "! unsaved changes: back refused by the veto. w save, d discard"
    assert back.stack == PAGES + " > compose"
    assert back.log[-2:] == ["should_pop compose button no", "done back vetoed"]
    assert swipe.message == "! unsaved changes: swipe refused by the veto. w save, d discard"
    assert swipe.stack == PAGES + " > compose"
    assert swipe.log[-2:] == ["should_pop compose gesture no", "done gesture vetoed"]
    assert "note: [draft] saved" in saved.text
    assert saved.message == "saved: back and swipe are allowed again"
    # Saved, back is allowed (21: back from the alert; 23: back from compose).
    assert "should_pop compose button yes" in frames[22].log
    assert frames[23].stack == PAGES


def test_a_notification_from_the_worker_thread_lands_on_the_ui_thread(frames: Dict[int, Frame]) -> None:
    posted, landed = frames[18], frames[19]
    assert posted.label == "notify"
    assert posted.message == "notification 1: posted on thread navdemo-worker, delivered on MainThread"
    assert 'payload alert {"n":1,"from":"navdemo-worker"}' in posted.log
    assert "transition push compose>alert" in posted.log
    assert landed.stack == PAGES + " > compose > alert"
    assert "| Notification 1" in landed.text
    assert "posted on thread navdemo-worker" in landed.text
    assert "delivered on thread MainThread" in landed.text
    assert "done show completed" in landed.log


def test_routes_with_payloads_and_a_canned_set(frames: Dict[int, Frame]) -> None:
    assert 'payload message {"id":42}' in frames[24].log
    assert "message #42" in frames[25].text
    assert frames[26].stack == "home > inbox > message2 > page5"
    assert "transition push message>page5" in frames[26].log
    assert "done set completed" in frames[27].log
    assert "done pop_to_root completed" in frames[29].log


def test_recording_is_unchanged(recording: str) -> None:
    if os.environ.get("NAVDEMO_UPDATE"):
        GOLDEN.write_text(recording, encoding="utf-8")
    assert recording == GOLDEN.read_text(encoding="utf-8"), (
        "the recorded session changed; if intended: NAVDEMO_UPDATE=1 make test-demo, then review"
        " the diff of demo/tests/session.frames"
    )
