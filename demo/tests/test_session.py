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
        assert "c:pick o:link" in frame.rows[-1]


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
    assert landed.ops_panel == ["ops: 0 waiting", "back: home pops"]
    assert "| Page 4" in landed.text


def test_the_bar_appears_at_the_threshold(frames: Dict[int, Frame]) -> None:
    shallow, deep = frames[1], frames[2]
    assert "bar: hidden (depth 2, threshold 3)" in shallow.state
    assert "(no bar below depth 3)" in shallow.bar_row
    assert "[< Back]" not in shallow.bar_row
    assert "bar: shown (depth 3, threshold 3)" in deep.state
    assert deep.bar_row.startswith("|[< Back]===")
    assert " Page 2 " in deep.bar_row
    assert "home: bar shown animated" in deep.log
    # Popping to the root hides it again.
    root = frames[35]
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
    assert "home: transition pop page4>page3 interactive" in held.log
    assert "home: progress 0.05..0.30 (6 reports)" in held.log
    assert held.ops_panel[1] == "> gesture"
    assert "> swipe released at 30%: springs back" in released.log
    # Let go before half way: cancelled, and the screen is exactly as before.
    assert restored.stack == PAGES
    assert "state: idle  pending: 0" in restored.state
    assert restored.message == "swipe cancelled: the screen is restored"
    assert _without_counters(restored.device) == _without_counters(before.device)
    # will_show page4 cancel, did_show page4 cancel: the hooks stay balanced.
    assert "hooks: will_show 2, did_show 2" in restored.text
    # The gesture was asked of the root (its done has no prefix) and reached the Home tab.
    for line in ("home: action pop_cancelled +page3 -page4 animated", "done gesture cancelled", "home: action idle"):
        assert line in restored.log
    assert not any(line.startswith("home: release") for line in restored.log)
    # The cancel key does the same.
    assert "> swipe cancelled at 20%" in frames[10].log
    assert frames[11].stack == PAGES
    assert _without_counters(frames[11].device) == _without_counters(before.device)


def test_unsaved_changes_ask_a_dialog_for_back_and_veto_the_swipe(frames: Dict[int, Frame]) -> None:
    typed, back, kept, swipe, saved = frames[14], frames[15], frames[16], frames[17], frames[23]
    assert typed.label == "type:draft"
    assert "note: [draft] *unsaved*" in typed.text
    # The veto answers later: the back waits (busy, the ops panel runs it) while the dialog asks.
    assert back.log[-1] == "should_pop compose button later: the dialog asks"
    assert "| |  Discard changes? y/n" in back.text
    assert "y discard   n keep editing" in back.text
    assert "decision pending" in back.state
    assert back.ops_panel[1] == "> back"
    assert back.stack == PAGES + " > compose"
    # n: the decision is no, the back ends vetoed, the dialog is gone and the draft stays.
    assert kept.label == "n"
    assert kept.log[-2:] == ["> dialog: keep editing", "done back vetoed"]
    assert kept.message == "! unsaved changes: back refused by the veto. w save, d discard"
    assert "Discard changes?" not in kept.text and "decision pending" not in kept.state
    assert "note: [draft] *unsaved*" in kept.text
    assert kept.stack == PAGES + " > compose"
    # A finger cannot wait for a dialog: the swipe is refused at once.
    assert swipe.message == "! unsaved changes: swipe refused by the veto. w save, d discard"
    assert swipe.stack == PAGES + " > compose"
    assert swipe.log[-2:] == ["should_pop compose gesture no", "done gesture vetoed"]
    assert "note: [draft] saved" in saved.text
    assert saved.message == "saved: back and swipe are allowed again"
    # Saved, back is allowed (27: back from the alert; 29: back from compose).
    assert "should_pop compose button yes" in frames[28].log
    assert frames[29].stack == PAGES


def test_the_dialog_discards_and_the_back_goes_on(frames: Dict[int, Frame]) -> None:
    asked, discarded, popped = frames[39], frames[40], frames[41]
    assert asked.stack == "home > compose2"
    assert "Discard changes? y/n" in asked.text and "compose2 has an unsaved note" in asked.text
    assert discarded.label == "y"
    assert discarded.log[0] == "> dialog: discard"
    assert "home: transition pop compose2>home" in discarded.log
    assert discarded.message == "changes discarded: back goes on"
    assert "Discard changes?" not in discarded.text
    assert popped.stack == "home"
    assert popped.log[-3:] == ["home: action pop_completed +home -compose2 animated", "done back completed",
                               "home: action idle"]


def test_a_picker_pushed_for_a_result_gives_its_choice_back(frames: Dict[int, Frame]) -> None:
    pushed, shown, moved, chosen, back = frames[18], frames[19], frames[20], frames[21], frames[22]
    assert pushed.label == "c"
    assert pushed.stack == PAGES + " > compose > picker"
    assert pushed.ops_panel[1] == "> push picker (result)"
    assert "to: (nobody yet)  c choose" in pushed.text  # compose, under the picker sliding in
    assert "| > ada" in shown.text and "|   grace" in shown.text
    assert "| > grace" in moved.text
    assert chosen.label == "enter"
    assert chosen.ops_panel[1] == '> pop result "grace"'
    assert "home: transition pop picker>compose" in chosen.log
    # The result arrives right before the picker's release, and compose shows it.
    assert back.stack == PAGES + " > compose"
    assert back.log.index('> compose got the result "grace"') + 1 == back.log.index("home: release picker")
    assert back.message == "the picker's result came back to compose: to grace"
    assert "to: grace  c choose" in back.text


def test_a_notification_from_the_worker_thread_lands_on_the_ui_thread(frames: Dict[int, Frame]) -> None:
    posted, landed = frames[24], frames[25]
    assert posted.label == "notify"
    assert posted.message == "notification 1: posted on thread navdemo-worker, delivered on MainThread"
    assert 'home: payload alert {"n":1,"from":"navdemo-worker"}' in posted.log
    assert "home: transition push compose>alert" in posted.log
    assert landed.stack == PAGES + " > compose > alert"
    assert "| Notification 1" in landed.text
    assert "posted on thread navdemo-worker" in landed.text
    assert "delivered on thread MainThread" in landed.text
    assert "home: done show completed" in landed.log


def test_routes_with_payloads_and_a_canned_set(frames: Dict[int, Frame]) -> None:
    assert 'home: payload message {"id":42}' in frames[30].log
    assert "message #42" in frames[31].text
    assert frames[32].stack == "home > inbox > message2 > page5"
    assert "home: transition push message>page5" in frames[32].log
    assert "home: done set completed" in frames[33].log
    assert "home: done pop_to_root completed" in frames[35].log


def test_a_deep_link_opens_a_whole_stack_in_one_op(frames: Dict[int, Frame]) -> None:
    opening, opened = frames[42], frames[43]
    assert opening.label == "o"
    # One op: the new screens replace the stack, with set events in push style.
    assert opening.stack == "home2 > inbox2 > message3"
    assert opening.ops_panel[1] == "> open deep link"
    assert opening.message == "opening inbox/message?id=42 in the Home tab: one op builds the stack"
    assert "home: transition push home>message3" in opening.log
    assert opened.message == "opened the link inbox/message?id=42 in the Home tab, in front"
    assert "message #42" in opened.text
    assert opened.log[-4:] == ["home: release home", "home: action set_completed +message3 -home animated",
                               "home: done open completed", "home: action idle"]


def test_quit_saves_and_the_next_start_restores(frames: Dict[int, Frame]) -> None:
    before, after = frames[45], frames[46]
    assert after.label == "restart"
    assert before.stack == "home2 > inbox2 > message3 > page6"
    # A new app (its hooks counted from zero) with new screens of the same routes and names.
    assert (after.front, after.stack) == ("home", before.stack)
    assert after.message == "restored the saved tree: home: home2 > inbox2 > message3 > page6"
    assert "state: idle  pending: 0" in after.state
    # One open of the root: its frame set, each tab navigator made (on_child), Home's top shown.
    assert after.log[-6:] == ["home: will_show page6 appear instant", "did_show tabs set instant",
                              "home: did_show page6 appear instant", "action set_completed +tabs instant",
                              "done open completed", "action idle"]
    assert "hooks: will_show 1, did_show 1" in after.text


def test_each_tab_keeps_its_own_stack(frames: Dict[int, Frame]) -> None:
    search, pushed, home, again = frames[47], frames[49], frames[50], frames[51]
    assert search.label == "/"
    assert (search.front, search.stack) == ("search", "search")
    assert search.tab_bar.startswith("+- h Home --[/ Search]-- m Me --")
    assert search.log[-5:] == [  # activate: instant, the old tab's top hidden, the new one's shown
        "home: will_hide page6 disappear instant", "search: will_show search appear instant",
        "home: did_hide page6 disappear instant", "search: did_show search appear instant",
        "search: done activate completed"]
    assert (pushed.front, pushed.stack) == ("search", "search > page7")
    assert "search: transition push search>page7" in frames[48].log
    # Home's stack is as the restart left it; Search's page is still there when it comes back.
    assert (home.front, home.stack) == ("home", frames[46].stack)
    assert home.tab_bar.startswith("+-[h Home]-- / Search -- m Me --")
    assert (again.front, again.stack) == ("search", "search > page7")
    assert "search: will_show page7 appear instant" in again.log


def test_the_selected_tab_again_pops_it_to_its_root(frames: Dict[int, Frame]) -> None:
    retap, popped = frames[52], frames[53]
    assert retap.label == "/" and retap.ops_panel[1] == "> retap search"
    assert retap.message == "Search again: its stack pops to its root"
    assert "search: transition pop page7>search" in retap.log
    assert popped.stack == "search"
    assert popped.log[-3:] == ["search: action pop_completed +search -page7 animated",
                               "search: done activate completed", "search: action idle"]


def test_back_is_routed_to_the_stack_in_front(frames: Dict[int, Frame]) -> None:
    # On a tab's root, back has nothing to pop: it never switches tabs.
    root = frames[54]
    assert root.back_line == "back: nothing"
    assert root.log[-1] == "done back noop" and root.message == "nothing to go back to"
    assert root.front == "search"
    # On a page, it reaches the tab's stack: the panel says which navigator it reaches.
    assert frames[49].back_line == "back: search pops"
    assert frames[15].log[-3:] == ["home: action idle", "> back", "should_pop compose button later: the dialog asks"]


def test_the_sheet_covers_the_tabs_and_back_pops_it_then_dismisses_it(frames: Dict[int, Frame]) -> None:
    rising, up, pushed, popped, dismissing, gone = (frames[n] for n in (55, 56, 58, 60, 61, 62))
    assert rising.label == "f" and rising.ops_panel[1] == "> present sheet"
    assert "slide present 0%" in rising.state
    # Presented by the root, over everything (covers): the tab's top is hidden.
    assert rising.log[-3:] == ["search: will_hide search disappear animated", "sheet: will_show sheet present animated",
                               "transition present tabs>sheet"]
    assert (up.front, up.stack) == ("sheet", "sheet")
    assert "| ### sheet, 1 screen ###" in up.text and "# > all" in up.text
    assert up.back_line == "back: sheet dismisses"
    assert up.log[-1] == "done present completed"
    # A page pushed on the sheet is popped first by back...
    assert (pushed.stack, pushed.back_line) == ("sheet > page8", "back: sheet pops")
    assert "### sheet, 2 screens ###" in pushed.text
    assert popped.stack == "sheet" and "sheet: release page8" in popped.log
    # ...then back dismisses the sheet (dismiss_on_back), with no result.
    assert "transition dismiss sheet>tabs" in dismissing.log
    assert "slide dismiss 0%" in dismissing.state
    assert (gone.front, gone.stack) == ("search", "search")
    assert gone.message == "the sheet was dismissed: no filter"
    assert gone.log[-3:] == ["> sheet was dismissed with -", "sheet: release sheet", "done back completed"]
    assert "###" not in gone.text


def test_the_sheet_dismissed_with_a_result(frames: Dict[int, Frame]) -> None:
    chosen, back = frames[66], frames[67]
    assert chosen.label == "enter" and chosen.ops_panel[1] == '> dismiss "unread"'
    assert chosen.message == 'the root dismisses the sheet with the result "unread"'
    assert back.message == "the sheet's result came back: filter unread"
    # The result reaches the sheet's first screen's listener right before its release.
    assert back.log[-3:] == ['> sheet2 was dismissed with "unread"', "sheet: release sheet2", "done dismiss completed"]


def test_a_deep_link_opens_in_its_tab_and_brings_it_to_the_front(frames: Dict[int, Frame]) -> None:
    covered, opening, opened = frames[71], frames[72], frames[73]
    assert (covered.front, covered.stack) == ("sheet", "sheet3")
    assert opening.label == "o"
    # One op: Home's stack built, Home activated, the sheet dismissed; Search keeps its page.
    assert (opened.front, opened.stack) == ("home", "home3 > inbox3 > message4")
    assert opened.tab_bar.startswith("+-[h Home]--")
    assert "###" not in opened.text
    assert opened.message == "opened the link inbox/message?id=42 in the Home tab, in front"
    assert "home: done open completed" in opened.log


def test_quit_saves_the_tree_and_the_next_start_restores_every_tab(frames: Dict[int, Frame]) -> None:
    before, after, search = frames[73], frames[74], frames[75]
    assert after.label == "restart"
    assert (after.front, after.stack) == ("home", before.stack)
    assert after.message == f"restored the saved tree: home: {before.stack}"
    assert (search.front, search.stack) == ("search", "search > page9")


def test_recording_is_unchanged(recording: str) -> None:
    if os.environ.get("NAVDEMO_UPDATE"):
        GOLDEN.write_text(recording, encoding="utf-8")
    assert recording == GOLDEN.read_text(encoding="utf-8"), (
        "the recorded session changed; if intended: NAVDEMO_UPDATE=1 make test-demo, then review"
        " the diff of demo/tests/session.frames"
    )
