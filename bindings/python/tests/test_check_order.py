"""SPEC §2: a call checks its navigator before its arguments. Text that C cannot carry (a NUL,
a lone surrogate) is refused by the binding itself, before any C call: on a closed navigator it
must still be InvalidHandleError, as C and the other fronts report, and InvalidError only on a
live one."""

from __future__ import annotations

from typing import Any, Callable, List, Tuple

import pytest

import navcore
from navcore import InvalidError, InvalidHandleError

NUL = "a\x00b"
SURROGATE = "a\ud800b"

#: Each call that takes text, given a navigator, a live screen of it and the bad text.
CALLS: List[Tuple[str, Callable[[navcore.Navigator, Any, str], Any]]] = [
    ("create_screen", lambda nav, screen, text: nav.create_screen(text)),
    ("set_result_text", lambda nav, screen, text: nav.set_result_text(screen, text)),
    ("set_saved_state", lambda nav, screen, text: nav.set_saved_state(screen, text)),
    ("open route", lambda nav, screen, text: nav.open([text])),
    ("open state", lambda nav, screen, text: nav.open([("home", text)])),
    ("restore", lambda nav, screen, text: nav.restore(text)),
    ("pop result_text", lambda nav, screen, text: nav.pop(result_text=text)),
    ("show route", lambda nav, screen, text: nav.show(text)),
    ("show payload", lambda nav, screen, text: nav.show("home", payload=text)),
    ("register_route", lambda nav, screen, text: nav.register_route(text, lambda request: object())),
    ("unregister_route", lambda nav, screen, text: nav.unregister_route(text)),
]


@pytest.mark.parametrize("text", [NUL, SURROGATE], ids=["nul", "surrogate"])
@pytest.mark.parametrize("name,call", CALLS, ids=[name for name, _ in CALLS])
def test_bad_text_is_invalid_on_a_live_navigator(name: str, call: Callable[..., Any], text: str) -> None:
    nav = navcore.Navigator()
    try:
        screen = nav.create_screen("home")
        with pytest.raises(InvalidError) as raised:
            call(nav, screen, text)
        assert not isinstance(raised.value, InvalidHandleError)
    finally:
        nav.close()


@pytest.mark.parametrize("text", [NUL, SURROGATE], ids=["nul", "surrogate"])
@pytest.mark.parametrize("name,call", CALLS, ids=[name for name, _ in CALLS])
def test_bad_text_on_a_closed_navigator_is_invalid_handle(name: str, call: Callable[..., Any], text: str) -> None:
    nav = navcore.Navigator()
    screen = nav.create_screen("home")
    nav.close()
    with pytest.raises(InvalidHandleError):
        call(nav, screen, text)
