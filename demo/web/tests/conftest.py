"""The web demo in headless Chromium: the demo's server on a free port, one browser for the run,
and a fresh page per test, driven through Selenium as a user drives it.

Selenium is pointed at Debian's chromium and chromedriver (/usr/bin), never at a browser it
would download. Every wait has a deadline, so a broken page fails with its state instead of
hanging. Each test ends with the checks the terminal demo makes: the stack the DOM shows is
navcore's, and nothing is left pending.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement

WEB = Path(__file__).resolve().parent.parent
REPO = WEB.parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
#: Where every run saves its screenshots; with SCREENSHOTS=1 they are copied to docs/images too.
SHOTS = REPO / "build" / "web-demo"
DOC_IMAGES = REPO / "docs" / "images"
#: The longest any one wait may take: a slide is 0.32 s, so this is a broken page, not a slow one.
WAIT_SECONDS = 10.0

Snapshot = Dict[str, Any]


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The demo's server (demo/web/serve.py) on a free port; its URL."""
    process = subprocess.Popen(
        [sys.executable, str(WEB / "serve.py"), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()  # the URL, once it listens (or nothing when it failed)
        if "http://" not in line:
            process.kill()
            _, errors = process.communicate(timeout=5)
            pytest.fail(f"serve.py did not start: {line}{errors}")
        yield line.split()[3]
    finally:
        process.terminate()
        process.wait(timeout=5)


@pytest.fixture(scope="session")
def driver() -> Iterator[webdriver.Chrome]:
    """One headless Chromium for the run."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,900",
                     "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(WAIT_SECONDS)
    browser.set_script_timeout(WAIT_SECONDS)
    try:
        yield browser
    finally:
        browser.quit()


class Page:
    """The demo's page in the browser, and what a test does with it."""

    def __init__(self, driver: webdriver.Chrome, url: str) -> None:
        self.driver = driver
        self.url = url

    # -- reading -----------------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """navcore's state and the page's, read in one call through window.navdemo."""
        state = self.driver.execute_script("return window.navdemo.snapshot()")
        assert isinstance(state, dict), state
        return state

    def dom_stack(self, leaving: bool = False) -> List[str]:
        """The screens the DOM shows as the stack, bottom first, read through Selenium; with
        ``leaving``, also the card a slide is taking away (there is none once settled)."""
        selector = "#cards .screen" if leaving else "#cards .screen:not(.leaving)"
        return [card.get_attribute("data-name") or "?" for card in self.driver.find_elements(By.CSS_SELECTOR, selector)]

    def wait_for(self, what: str, ready: Callable[[Snapshot], bool], timeout: float = WAIT_SECONDS) -> Snapshot:
        """Polls the snapshot until ``ready``; fails with the last snapshot after ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.snapshot()
            if ready(state):
                return state
            if time.monotonic() > deadline:
                log = "\n".join(state.get("log", [])[-40:])
                pytest.fail(f"timed out waiting for {what}: {_brief(state)}\n{log}\n{self.console()}")
            time.sleep(0.02)

    def wait_ready(self) -> Snapshot:
        """Waits until the page has loaded navcore and put its first stack in place."""
        deadline = time.monotonic() + WAIT_SECONDS
        while not self.driver.execute_script("return document.body?.dataset.ready === 'true'"):
            if time.monotonic() > deadline:
                pytest.fail(f"the page did not start:\n{self.console()}")
            time.sleep(0.02)
        return self.settle()

    def settle(self) -> Snapshot:
        """Waits until nothing moves and nothing waits (no slide, no op, history in step)."""
        return self.wait_for("the page to settle", lambda state: bool(state["settled"]))

    def in_step(self, stack: List[str]) -> Snapshot:
        """Settles, then checks that navcore's stack is ``stack``, that the DOM shows the same
        screens in the same order, and that the history entry stands for the stack's depth."""
        state = self.settle()
        assert state["stack"] == stack, _brief(state)
        assert self.dom_stack(leaving=True) == stack
        assert state["historyDepth"] == len(stack) - 1, _brief(state)
        assert state["hash"] == "#/" + "/".join(stack)
        return state

    def log_since(self, mark: int) -> List[str]:
        """The event log's lines after the first ``mark`` (a length read before)."""
        return list(self.snapshot()["log"][mark:])

    def console(self) -> str:
        """The browser console's errors and warnings since the last call."""
        entries = self.driver.get_log("browser")  # type: ignore[no-untyped-call]
        return "\n".join(entry["message"] for entry in entries if entry["level"] in ("SEVERE", "WARNING"))

    # -- acting ------------------------------------------------------------------------------------

    def button(self, command: str, within: str = "#commands") -> WebElement:
        """A button by its data-command, in ``within``."""
        return self.driver.find_element(By.CSS_SELECTOR, f'{within} [data-command="{command}"]')

    def click(self, command: str, within: str = "#commands") -> None:
        self.button(command, within).click()

    def type_note(self, text: str) -> None:
        """Types into the compose screen's note (the top card's)."""
        self.driver.find_element(By.CSS_SELECTOR, "#cards .screen.top .note").send_keys(text)

    def swipe(self, fraction: float, release: bool = True, rest: float = 0.25, steps: int = 8) -> None:
        """Drags from the device's left edge to ``fraction`` of its width with a mouse pointer
        (pointer events), resting ``rest`` seconds there (no flick), then lets go unless
        ``release`` is False (the test lets go later with ``let_go``)."""
        rect = self.driver.execute_script("return document.getElementById('screens').getBoundingClientRect().toJSON()")
        x, y, width = rect["left"] + 4, rect["top"] + rect["height"] / 2, rect["width"]
        actions = self._actions(move_ms=16)
        pointer = actions.pointer_action
        pointer.move_to_location(int(x), int(y))
        pointer.pointer_down()
        for step in range(1, steps + 1):
            pointer.move_to_location(int(x + width * fraction * step / steps), int(y))
        pointer.pause(rest)
        if release:
            pointer.pointer_up()
        actions.perform()

    def let_go(self) -> None:
        """Releases the pointer a swipe holds."""
        actions = self._actions(move_ms=16)
        actions.pointer_action.pointer_up()
        actions.perform()

    def _actions(self, move_ms: int) -> ActionBuilder:
        return ActionBuilder(self.driver, mouse=PointerInput(interaction.POINTER_MOUSE, "mouse"), duration=move_ms)

    def screenshot(self, name: str) -> None:
        """Saves the page as build/web-demo/NAME; with SCREENSHOTS=1, as docs/images/NAME too."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / name
        assert self.driver.save_screenshot(str(path)), f"no screenshot {path}"
        if os.environ.get("SCREENSHOTS") == "1":
            shutil.copyfile(path, DOC_IMAGES / name)


@pytest.fixture
def page(driver: webdriver.Chrome, server: str) -> Iterator[Page]:
    """A fresh page (?fresh: the home screen only); afterwards, nothing may be left pending and
    the DOM must show navcore's stack."""
    driver.get(server + "?fresh")
    opened = Page(driver, server)
    opened.wait_ready()
    yield opened
    state = opened.settle()
    assert state["pending"] == 0 and not state["busy"], _brief(state)
    assert state["ops"] == [] and not state["decisionPending"] and not state["dialogOpen"], _brief(state)
    assert opened.dom_stack(leaving=True) == state["stack"]
    errors = opened.console()
    assert errors == "", errors


def _brief(state: Optional[Snapshot]) -> str:
    """A snapshot without its log, for a failure's message."""
    if state is None:
        return "no window.navdemo"
    return repr({key: value for key, value in state.items() if key != "log"})
