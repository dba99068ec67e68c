"""What a type checker knows of a user's code: mypy --strict sees ``nav.on``'s event per kind,
``Screen[T]``'s object, an Operation's Outcome, and a Textual app's use of ``navcore.textual``
with no error to ignore (`make typecheck-python` checks the package itself)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path
from typing import List


USER_CODE = '''
import navcore

class Home:
    title = "home"

nav = navcore.Navigator()
home = nav.create_screen("home", Home())
reveal_type(home)
reveal_type(home.object.title)

@nav.on("action")
def on_action(event: navcore.ActionEvent) -> None:
    reveal_type(event.state)

def on_show(event: navcore.AppearanceEvent) -> None:
    reveal_type(event.reason)

reveal_type(nav.on("will_show", on_show))
reveal_type(nav.on("done"))

@nav.on("release")
def on_release(event: navcore.ActionEvent) -> None:
    pass

nav.on("bar", on_action)
reveal_type(nav.push(Home(), route="home").result())
reveal_type(navcore.Outcome.COMPLETED.code)
'''


def mypy(*arguments: str) -> List[str]:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir=/dev/null", *arguments],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode in (0, 1) and result.stdout, result.stderr  # mypy ran (the test extra)
    return result.stdout.splitlines()


def test_a_users_code_is_typed_per_event_kind_and_screen_object(tmp_path: Path) -> None:
    source = tmp_path / "user.py"
    source.write_text(textwrap.dedent(USER_CODE))
    lines = [line.split(": ", 1)[1] for line in mypy(str(source)) if ": " in line]
    assert 'note: Revealed type is "navcore._events.Screen[user.Home]"' in lines
    assert 'note: Revealed type is "str"' in lines  # home.object.title
    assert 'note: Revealed type is "navcore._enums.Action"' in lines
    assert 'note: Revealed type is "navcore._enums.Reason"' in lines
    assert 'note: Revealed type is "def (navcore._events.AppearanceEvent) -> Any"' in lines
    assert any("def (navcore._events.DoneEvent) -> Any" in line for line in lines), lines
    assert 'note: Revealed type is "navcore._enums.Outcome"' in lines  # push(...).result()
    assert 'note: Revealed type is "int"' in lines
    errors = [line for line in lines if line.startswith("error")]
    assert len(errors) == 2 and all("overload" in line or "incompatible type" in line for line in errors), errors


TEXTUAL_USER_CODE = '''
from typing import Any, Optional

from textual.app import App

import navcore
from navcore.textual import Navigation, NavScreen


class Picker(NavScreen):
    ESCAPE_TO_BACK = False


class Mail(App[None]):
    def on_mount(self) -> None:
        self.navigation = Navigation(self)
        self.navigation.push_screen(Picker(), self.chosen, route="picker")
        decision: Optional[navcore.Decision] = self.navigation.pending_decision

    def chosen(self, colour: Any) -> None:
        pass

    def on_nav_screen_back_asked(self, message: NavScreen.BackAsked) -> None:
        reveal_type(message.operation)
'''


def test_the_textual_adapter_types_a_users_app_without_ignores(tmp_path: Path) -> None:
    source = tmp_path / "mail.py"
    source.write_text(textwrap.dedent(TEXTUAL_USER_CODE))
    lines = [line.split(": ", 1)[1] for line in mypy(str(source)) if ": " in line]
    assert [line for line in lines if line.startswith("error")] == []
    assert 'note: Revealed type is "navcore._operation.Operation"' in lines
