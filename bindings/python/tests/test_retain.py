"""Retain (SPEC §17) through the Python binding: ``nav.retain``, ``Screen.retained`` and the
``"detach"`` event."""

from __future__ import annotations

from typing import Any, List

import pytest

import navcore


class View:
    pass


def test_a_retained_screen_is_detached_and_stays_live(nav: navcore.Navigator) -> None:
    nav.push(nav.create_screen("home", View()), animated=False)
    view = View()
    card = nav.create_screen("card", view)
    nav.push(card, animated=False)
    nav.set_result_text(card, "kept")
    assert card.retained is False
    nav.retain(card)
    assert card.retained is True
    heard: List[Any] = []
    nav.on("detach", heard.append)
    nav.on("release", heard.append)
    nav.pop(animated=False)
    assert [(type(e).__name__, e.screen) for e in heard] == [("DetachEvent", card)]
    assert not card.released and card.object is view
    assert card.result_text == "kept"
    nav.push(card, animated=False)  # pushed again
    nav.retain(card, on=False)
    nav.pop(animated=False)
    assert [type(e).__name__ for e in heard] == ["DetachEvent", "ReleaseEvent"]
    assert card.released
    with pytest.raises(navcore.NoSuchScreenError):
        nav.retain(card)
    with pytest.raises(navcore.NoSuchScreenError):
        card.retained


def test_retain_inside_the_result_listener_is_a_state_error(nav: navcore.Navigator) -> None:
    nav.push(nav.create_screen("home", View()), animated=False)
    card = nav.create_screen("card", View())
    nav.push(card, animated=False)
    raised: List[BaseException] = []

    def listener(event: Any) -> None:
        try:
            nav.retain(card)
        except navcore.StateError as error:
            raised.append(error)

    nav.on_result(card, listener)
    nav.pop(animated=False)
    assert len(raised) == 1 and card.released
