"""The web demo as a user drives it in Chromium: rapid clicks queue, the DOM shows navcore's
stack, the edge swipe finishes and cancels, the browser's Back button is navcore's back, a
vetoed back keeps its page and history entry, the "Discard changes?" dialog answered both ways,
a result, a deep link, the worker's notification, and a reload that restores the stack.

Every test starts on a fresh page (home only) and ends with the fixture's checks: nothing
pending, nothing busy, no op left, the DOM's stack equal to navcore's, no console error.
"""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from .conftest import Page


def test_rapid_clicks_queue_and_land_in_order(page: Page) -> None:
    push = page.button("push")
    ActionChains(page.driver, duration=0).click(push).click(push).click(push).click(push).perform()
    during = page.snapshot()
    assert during["busy"] or during["pending"] > 0, "the clicks ended before a slide: nothing queued"
    state = page.in_step(["home", "page1", "page2", "page3", "page4"])
    log = state["log"]
    # Asked during the first slide, each push waited behind the ones before it...
    for line in ("> push page2: queued behind 1", "> push page3: queued behind 2", "> push page4: queued behind 3"):
        assert line in log, "\n".join(log)
    # ... and they landed one after the other, in order, each with its own slide.
    shown = [line for line in log if line.startswith("did_show page")]
    assert shown == [f"did_show page{n} push animated" for n in range(1, 5)]
    assert [line for line in log if line.startswith("transition")] == [
        "transition push home>page1", "transition push page1>page2", "transition push page2>page3",
        "transition push page3>page4"]
    assert state["barShown"], "the bar shows from depth 3"
    assert page.driver.find_element(By.ID, "bar").get_attribute("class") == "shown"


def test_the_dom_follows_every_kind_of_op(page: Page) -> None:
    page.click("set")
    page.in_step(["home", "inbox", "message", "page1"])
    page.click("inbox")  # recycled: its payload, then a pop back to it
    state = page.in_step(["home", "inbox"])
    assert 'payload inbox {"unread":3}' in state["log"]
    assert "3 unread" in page.driver.find_element(By.CSS_SELECTOR, "#cards .screen.top").text
    page.click("open")  # the deep link: a new home and the link's screens, in one op
    state = page.in_step(["home2", "inbox2", "message2"])
    assert 'payload message2 {"id":42}' in state["log"] and "done open completed" in state["log"]
    assert "message #42" in page.driver.find_element(By.CSS_SELECTOR, "#cards .screen.top").text
    page.click("root")
    page.in_step(["home2"])
    page.click("back")
    assert page.settle()["message"] == "nothing to go back to"


def test_swipe_from_the_edge_finishes_past_half_way(page: Page) -> None:
    for stack in (["home", "page1"], ["home", "page1", "page2"], ["home", "page1", "page2", "page3"]):
        page.click("push")
        page.in_step(stack)
    mark = len(page.snapshot()["log"])
    page.swipe(0.45, release=False)
    held = page.snapshot()
    assert held["held"] and held["busy"], "the gesture follows the held pointer"
    # navcore's stack already shows the pop; the DOM keeps the leaving card over it until the end.
    assert held["stack"] == ["home", "page1", "page2"] and page.dom_stack() == held["stack"]
    leaving = page.driver.find_element(By.CSS_SELECTOR, "#cards .screen.leaving")
    assert leaving.get_attribute("data-name") == "page3"
    assert "translateX(45" in (leaving.get_attribute("style") or "")
    assert "swipe held at 45%" in page.driver.find_element(By.ID, "state-line").text
    page.screenshot("web-demo.png")
    page.let_go()
    page.in_step(["home", "page1", "page2", "page3"])
    page.swipe(0.7)
    state = page.in_step(["home", "page1", "page2"])
    log = state["log"][mark:]
    assert "transition pop page3>page2 interactive" in log
    assert any(line.startswith("progress 0.") and "reports" in line for line in log), log
    assert "> swipe released at 45%: springs back" in log and "done gesture cancelled" in log
    assert "> swipe released at 70%: commits" in log and "done gesture completed" in log
    assert "release page3" in log


def test_swipe_released_early_springs_back_and_is_cancelled(page: Page) -> None:
    page.click("push")
    page.in_step(["home", "page1"])
    mark = len(page.snapshot()["log"])
    page.swipe(0.3)
    state = page.in_step(["home", "page1"])
    log = state["log"][mark:]
    assert "transition pop page1>home interactive" in log
    # SPEC §5: a cancel closes every will_* with its did_*, and releases nothing.
    assert log[log.index("> swipe released at 30%: springs back") + 1:] == [
        "will_hide home cancel animated", "will_show page1 cancel animated", "did_hide home cancel animated",
        "did_show page1 cancel animated", "action pop_cancelled +home -page1 animated", "done gesture cancelled",
        "action idle"]
    assert state["message"] == "swipe cancelled: the screen is restored"
    top = page.driver.find_element(By.CSS_SELECTOR, "#cards .screen.top")
    assert top.get_attribute("data-name") == "page1" and not top.get_attribute("style")


def test_browser_back_is_navcores_back(page: Page) -> None:
    page.click("push")
    page.in_step(["home", "page1"])
    page.click("push")
    page.in_step(["home", "page1", "page2"])
    page.driver.back()
    state = page.in_step(["home", "page1"])
    assert "> back (browser)" in state["log"] and "done back completed" in state["log"]
    page.driver.back()
    page.in_step(["home"])
    # Forward has no navcore op: the page goes back to the stack's entry.
    page.driver.forward()
    state = page.in_step(["home"])
    assert "> browser forward: navcore has no forward; back to the stack's entry" in state["log"]
    # The page's own back goes back in the history (it does not add an entry).
    page.click("push")
    page.in_step(["home", "page3"])
    length = page.driver.execute_script("return history.length")
    page.click("back")
    page.in_step(["home"])
    assert page.driver.execute_script("return history.length") == length


def test_discard_dialog_no_keeps_the_page_and_its_history_entry(page: Page) -> None:
    page.click("compose")
    page.in_step(["home", "compose"])
    page.type_note("draft")
    length = page.driver.execute_script("return history.length")
    page.driver.back()
    asking = page.wait_for("the dialog", lambda state: bool(state["dialogOpen"]))
    assert asking["decisionPending"] and asking["busy"] and asking["historyDepth"] == 0
    assert page.driver.find_element(By.ID, "discard").is_displayed()
    page.screenshot("web-demo-dialog.png")
    page.click("keep", within="#discard")
    state = page.in_step(["home", "compose"])
    assert "done back vetoed" in state["log"]
    assert "> browser back vetoed: its history entry is restored" in state["log"]
    assert page.driver.execute_script("return history.length") == length
    assert page.driver.find_element(By.CSS_SELECTOR, "#cards .screen.top .note").get_attribute("value") == "draft"
    # The swipe cannot wait for a dialog: the veto refuses it at once.
    page.swipe(0.7)
    state = page.in_step(["home", "compose"])
    assert "done gesture vetoed" in state["log"] and state["message"].startswith("! unsaved changes")
    # The page's own Back asks the same dialog; no again.
    page.click("back")
    page.wait_for("the dialog", lambda state: bool(state["dialogOpen"]))
    page.click("keep", within="#discard")
    page.in_step(["home", "compose"])


def test_discard_dialog_yes_discards_and_pops(page: Page) -> None:
    page.click("push")
    page.in_step(["home", "page1"])
    page.click("compose")
    page.in_step(["home", "page1", "compose"])
    page.type_note("draft")
    page.driver.back()
    page.wait_for("the dialog", lambda state: bool(state["dialogOpen"]))
    page.driver.back()  # pressed again while the dialog asks: a second back queues behind the first
    waiting = page.wait_for("the second back", lambda state: state["pending"] == 1)
    assert waiting["busy"] and waiting["decisionPending"] and waiting["historyDepth"] == 0
    page.click("discard", within="#discard")
    state = page.in_step(["home"])
    log = state["log"]
    assert log.count("done back completed") == 2 and "release compose" in log and "release page1" in log
    assert log.index("> dialog: discard") < log.index("release compose") < log.index("release page1")


def test_picker_result_comes_back_to_compose(page: Page) -> None:
    page.click("compose")
    page.in_step(["home", "compose"])
    page.click("choose", within="#cards .screen.top")
    page.in_step(["home", "compose", "picker"])
    page.click("pick-grace", within="#cards .screen.top")
    state = page.in_step(["home", "compose"])
    assert '> compose got the result "grace"' in state["log"]
    assert page.driver.find_element(By.CSS_SELECTOR, "#cards .screen.top .recipient").text == "grace"


def test_worker_notification_is_posted_and_recycled(page: Page) -> None:
    page.click("notify")
    state = page.in_step(["home", "alert"])
    assert 'payload alert {"n":1,"from":"the notifier worker"}' in state["log"]
    page.click("push")
    page.in_step(["home", "alert", "page1"])
    page.click("notify")  # the alert in the stack gets the new payload, and the stack pops back to it
    state = page.in_step(["home", "alert"])
    assert "Notification 2" in page.driver.find_element(By.CSS_SELECTOR, "#cards .screen.top").text


def test_reload_restores_the_stack(page: Page) -> None:
    page.click("push")
    page.in_step(["home", "page1"])
    page.click("inbox")
    page.in_step(["home", "page1", "inbox"])
    page.click("compose")
    page.in_step(["home", "page1", "inbox", "compose"])
    page.type_note("kept")
    page.driver.refresh()
    page.wait_ready()
    state = page.in_step(["home", "page1", "inbox", "compose"])
    assert state["message"] == "restored the saved stack: home > page1 > inbox > compose"
    assert "done open completed" in state["log"]
    note = page.driver.find_element(By.CSS_SELECTOR, "#cards .screen.top .note")
    assert note.get_attribute("value") == "kept", "the unsaved draft came back, still unsaved"
    # Names continue after the restored ones, and the restored entries still go back.
    page.click("push")
    page.in_step(["home", "page1", "inbox", "compose", "page2"])
    page.driver.back()
    page.in_step(["home", "page1", "inbox", "compose"])
    page.driver.back()
    page.wait_for("the dialog", lambda state: bool(state["dialogOpen"]))
    page.click("discard", within="#discard")
    page.in_step(["home", "page1", "inbox"])
