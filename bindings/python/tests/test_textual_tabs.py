"""navcore.textual's families with Textual's own Pilot: ``Tabs`` (each tab a child navigator
shown as a Textual mode) and ``present_screen`` (a modal navigator shown as a ModalScreen).
Switching tabs keeps each tab's stack, the selected tab again pops it to its root, escape goes
to the active tab's stack only, a modal covers the tabs and escape dismisses it with the
result its callback gets, and the modal is a wall (a back never pops a tab under it)."""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, List

import pytest
from textual.app import App
from textual.binding import Binding
from textual.pilot import Pilot

import navcore
from navcore.textual import NavModalScreen, NavScreen, Tabs


class Page(NavScreen):
    """A tab's screen, named by its heading."""

    def __init__(self, heading: str) -> None:
        super().__init__()
        self.heading = heading


class Sheet(NavModalScreen):
    """A modal's first screen: ``t`` dismisses it with a result."""

    BINDINGS = [Binding("t", "choose", "Teal")]

    def __init__(self, heading: str = "Sheet") -> None:
        super().__init__()
        self.heading = heading

    def action_choose(self) -> None:
        self.dismiss({"colour": "teal"})


class TabsApp(App[None]):
    """Two tabs, Inbox and Search, switched by 1 and 2 (the tab bar's keys)."""

    BINDINGS = [Binding("1", "tab('inbox')", "Inbox"), Binding("2", "tab('search')", "Search")]

    def on_mount(self) -> None:
        self.tabs = Tabs(self, {"inbox": lambda: Page("Inbox"), "search": lambda: Page("Search")}, animated=False)

    def action_tab(self, name: str) -> None:
        self.tabs.activate(name)

    def on_unmount(self) -> None:
        self.tabs.close()


class Harness:
    def __init__(self, app: TabsApp, pilot: Pilot[None]) -> None:
        self.app = app
        self.pilot = pilot
        self.tabs = app.tabs

    async def settle(self) -> None:
        """Until the family is idle with nothing queued and Textual has caught up."""
        for _ in range(200):
            await self.pilot.pause()
            if not self.tabs.root.busy and not self.tabs.root.pending:
                await self.pilot.pause()
                return
        raise AssertionError("navcore never settled")

    async def press(self, *keys: str) -> None:
        await self.pilot.press(*keys)
        await self.settle()

    def tab(self, name: str) -> navcore.Navigator:
        return self.tabs.navigations[name].navigator

    def shown(self, mode: str) -> List[str]:
        """The headings of a mode's Textual stack (the tab's screens over its empty base)."""
        return [screen.heading for screen in self.app.get_screen_stack(mode) if isinstance(screen, (Page, Sheet))]

    def stack(self, name: str) -> List[str]:
        return [screen.object.heading for screen in self.tab(name).stack]

    def push(self, name: str, heading: str) -> None:
        self.tab(name).push(Page(heading))


def run(scenario: Callable[[Harness], Awaitable[None]]) -> None:
    async def main() -> None:
        app = TabsApp()
        async with app.run_test(size=(60, 20)) as pilot:
            harness = Harness(app, pilot)
            await harness.settle()
            await scenario(harness)

    asyncio.run(main())


def test_each_tab_is_a_mode_whose_stack_is_its_navigators() -> None:
    async def scenario(h: Harness) -> None:
        assert h.app.current_mode == "inbox" and h.tabs.active == "inbox"
        assert h.shown("inbox") == h.stack("inbox") == ["Inbox"]
        h.push("inbox", "Message")
        await h.settle()
        assert h.shown("inbox") == h.stack("inbox") == ["Inbox", "Message"]
        assert h.app.screen.heading == "Message"

    run(scenario)


def test_switching_tabs_keeps_each_tabs_stack() -> None:
    async def scenario(h: Harness) -> None:
        h.push("inbox", "Message")
        await h.settle()
        await h.press("2")
        assert h.app.current_mode == "search" and h.tabs.active == "search"
        assert h.app.screen.heading == "Search"
        h.push("search", "Results")
        h.push("inbox", "Reply")  # an inactive tab: navcore runs it at once, hidden
        await h.settle()
        assert h.stack("inbox") == ["Inbox", "Message", "Reply"]
        await h.press("1")
        assert h.app.current_mode == "inbox"
        assert h.shown("inbox") == h.stack("inbox") == ["Inbox", "Message", "Reply"]
        await h.press("2")
        assert h.shown("search") == h.stack("search") == ["Search", "Results"]

    run(scenario)


def test_the_selected_tab_again_pops_it_to_its_root() -> None:
    async def scenario(h: Harness) -> None:
        for heading in ("A", "B"):
            h.push("inbox", heading)
        await h.settle()
        pushed = [screen.object for screen in h.tab("inbox").stack[1:]]
        await h.press("1")
        assert h.app.current_mode == "inbox"
        assert h.shown("inbox") == h.stack("inbox") == ["Inbox"]
        assert not any(page.is_attached for page in pushed), "the popped screens are removed"

    run(scenario)


def test_escape_goes_back_in_the_active_tabs_stack_only() -> None:
    async def scenario(h: Harness) -> None:
        h.push("inbox", "Message")
        h.push("search", "Results")
        await h.settle()
        await h.press("escape")
        assert h.stack("inbox") == ["Inbox"] and h.stack("search") == ["Search", "Results"]
        assert h.shown("inbox") == ["Inbox"]
        await h.press("escape")  # the tab's root: back goes nowhere, it never switches tabs
        assert h.stack("inbox") == ["Inbox"] and h.app.current_mode == "inbox"

    run(scenario)


def test_a_modal_covers_the_tabs_and_escape_dismisses_it() -> None:
    async def scenario(h: Harness) -> None:
        results: List[Any] = []
        sheet = Sheet()
        h.tabs.present_screen(sheet, results.append)
        await h.settle()
        modal = h.tabs.root.modal
        assert modal is not None and h.app.screen is sheet
        assert not h.tab("inbox").on_screen, "covered"
        await h.press("2")  # the app's tab key does not reach the app under a modal
        assert h.tabs.active == "inbox" and h.app.screen is sheet
        await h.press("escape")
        assert h.tabs.root.modal is None and modal.closed
        assert h.app.screen.heading == "Inbox" and h.tab("inbox").on_screen
        assert results == [None] and not sheet.is_attached

    run(scenario)


def test_a_modals_dismiss_reaches_the_callback_with_its_result() -> None:
    async def scenario(h: Harness) -> None:
        results: List[Any] = []
        sheet = Sheet()
        h.tabs.present_screen(sheet, results.append)
        await h.settle()
        await h.press("t")
        assert results == [{"colour": "teal"}]
        assert h.tabs.root.modal is None and h.app.screen.heading == "Inbox"
        assert h.tabs.modals == []

    run(scenario)


def test_the_modal_is_a_wall() -> None:
    """A sticky modal (dismiss_on_back off) with one screen: escape pops nothing under it; a
    screen pushed on a modal is popped first, then the modal is dismissed."""

    async def scenario(h: Harness) -> None:
        h.push("inbox", "Message")
        await h.settle()
        sticky = Sheet("Terms")
        h.tabs.present_screen(sticky, dismiss_on_back=False)
        await h.settle()
        await h.press("escape")
        assert h.tabs.root.modal is not None and h.app.screen is sticky
        assert h.stack("inbox") == ["Inbox", "Message"], "the back never reached the tab under the modal"
        h.push("inbox", "Under")  # a change under the modal reaches Textual once it has gone
        await h.settle()
        assert h.shown("inbox")[-1] == "Terms"
        await h.press("t")
        assert h.shown("inbox") == h.stack("inbox") == ["Inbox", "Message", "Under"]

        sheet = Sheet()
        h.tabs.present_screen(sheet)
        await h.settle()
        modal = h.tabs.root.modal
        assert modal is not None
        modal.push(Page("Detail"))
        await h.settle()
        assert h.shown("inbox")[-2:] == ["Sheet", "Detail"]
        await h.press("escape")
        assert [s.object.heading for s in modal.stack] == ["Sheet"] and h.app.screen is sheet
        await h.press("escape")
        assert h.tabs.root.modal is None and h.stack("inbox") == ["Inbox", "Message", "Under"]
        assert h.shown("inbox") == ["Inbox", "Message", "Under"]

    run(scenario)


def test_close_takes_every_tabs_screens_out_of_the_app() -> None:
    async def scenario(h: Harness) -> None:
        h.push("search", "Results")
        h.push("inbox", "Message")
        await h.settle()
        pages = [screen.object for name in ("inbox", "search") for screen in h.tab(name).stack]
        h.tabs.close()
        for _ in range(5):
            await h.pilot.pause()
        assert h.tabs.root.closed and all(h.tab(name).closed for name in ("inbox", "search"))
        assert not any(isinstance(screen, Page) for screen in h.app.screen_stack)
        with pytest.raises(KeyError):
            h.app.get_screen_stack("search")  # the inactive tab's mode went with its screens
        assert not any(page.is_attached for page in pages)

    run(scenario)
