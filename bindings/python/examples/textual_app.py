"""navcore driving a Textual app (``pip install navcore[textual]``; run: python textual_app.py).

navcore owns the stack and Textual shows it (navcore.textual): screens slide in and out, escape
is navcore's back, a form with unsaved text asks before it goes (the deferred veto answered by a
confirm dialog), a colour picker returns its choice (dismiss(result) -> push_screen's callback),
a worker thread posts a route that lands on Textual's thread, and ctrl+left / ctrl+right play
the interactive back gesture halfway and cancel / finish it.

Keys on the home screen: m message, f form, c colour picker, w post from a worker thread,
escape back, q quit.
"""

from __future__ import annotations

import threading
from typing import Any, List

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Input, Label

import navcore
from navcore.textual import Navigation, NavScreen, slide


class Page(NavScreen):
    """A screen with a title and a line of text; counts its unmounts (the tests check that each
    page is removed once)."""

    unmounted: List["Page"] = []

    def __init__(self, title: str, text: str = "") -> None:
        super().__init__()
        self.heading = title
        self.text = text

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label(self.heading, id="heading")
        yield Label(self.text, id="text")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.heading

    def on_unmount(self) -> None:
        Page.unmounted.append(self)

    def receive_payload(self, payload: navcore.Payload) -> None:
        """A route's payload (the worker's message): shown on Textual's thread."""
        self.text = payload.json()["text"]
        self.shown_on = threading.get_ident()
        if self.is_mounted:
            self.query_one("#text", Label).update(self.text)


class Home(Page):
    BINDINGS = [
        Binding("f", "form", "Form"),
        Binding("c", "colour", "Colour"),
    ]

    def __init__(self) -> None:
        super().__init__("Home", "m message · f form · c colour · w worker · q quit")

    def action_form(self) -> None:
        assert self.navigation is not None
        self.navigation.navigator.push(Form())

    def action_colour(self) -> None:
        assert self.navigation is not None
        self.navigation.push_screen(ColourPicker(), self.chosen)

    def chosen(self, colour: Any) -> None:
        """The picker's dismiss(result), through navcore's push_for_result."""
        self.text = f"picked {colour}"
        self.query_one("#text", Label).update(self.text)

class Form(Page):
    """A form that asks before it goes while its input holds text."""

    def __init__(self) -> None:
        super().__init__("Form", "type, then escape")

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Input(placeholder="unsaved text")

    def should_pop(self, by_gesture: bool) -> Any:
        return "Discard your changes?" if self.query_one(Input).value else True


class ColourPicker(Page):
    BINDINGS = [Binding("r", "pick('red')", "Red"), Binding("t", "pick('teal')", "Teal")]

    def __init__(self) -> None:
        super().__init__("Colour", "r red · t teal")

    def action_pick(self, colour: str) -> None:
        self.dismiss({"colour": colour})


class NavcoreApp(App[None]):
    """The example app: its navigation is made on mount, with the home screen and a route."""

    BINDINGS = [
        Binding("q", "quit", "Quit"),
        Binding("m", "message", "Message"),
        Binding("w", "worker", "Worker post"),
        Binding("ctrl+left", "gesture(False)", "Swipe, cancel"),
        Binding("ctrl+right", "gesture(True)", "Swipe back"),
    ]

    def __init__(self, slide_time: float = 0.2) -> None:
        super().__init__()
        self.slide_time = slide_time

    def on_mount(self) -> None:
        self.navigation = Navigation(self, transition=slide(self.slide_time))
        self.navigation.navigator.register_route("inbox", lambda request: Page("Inbox"))
        self.navigation.navigator.push(Home())

    def action_message(self) -> None:
        """Another message, from any screen."""
        self.navigation.navigator.push(Page("Message", "Hello from navcore"))

    def action_worker(self) -> None:
        """A worker thread posts the inbox route: it runs on Textual's thread."""
        navigator = self.navigation.navigator
        threading.Thread(
            target=lambda: navigator.post("inbox", payload={"text": "posted by a worker"}, animated=True,
                                          remove_current=False),
            name="worker",
        ).start()

    def action_gesture(self, commit: bool) -> None:
        """Half a swipe back, then let go: finished (commit) or cancelled."""
        if self.navigation.navigator.can_go_back:
            self.navigation.begin_gesture()
            self.navigation.update_gesture(0.5)
            self.navigation.end_gesture(commit)

    def on_unmount(self) -> None:
        self.navigation.close()


if __name__ == "__main__":
    NavcoreApp().run()
