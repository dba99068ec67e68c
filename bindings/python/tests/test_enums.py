"""The enums are strings: each member equals its SPEC name, and carries its C value as ``code``."""

from __future__ import annotations

import json

import pytest

import navcore
from navcore import Outcome, Recycle, Status


def test_members_equal_their_spec_names_and_print_as_them() -> None:
    assert Outcome.COMPLETED == "completed" and Outcome.NOT_IN_STACK == "not_in_stack"
    assert str(navcore.Op.POP_TO_ROOT) == "pop_to_root" and f"{navcore.Action.WILL_PUSH}" == "will_push"
    assert {"vetoed": 1}[Outcome.VETOED] == 1 and json.dumps(Outcome.NOOP) == '"noop"'
    assert Outcome.COMPLETED != 0  # a member is no int


def test_code_is_the_c_value_and_int_gives_it() -> None:
    assert Status.NO_SUCH_SCREEN.code == -3 and int(Status.QUEUED) == 1
    assert Outcome(0) is Outcome.COMPLETED and Status(-2) is Status.INVALID_HANDLE


@pytest.mark.parametrize("value", [Recycle.TOP, "top", "TOP", 2])
def test_parse_takes_a_member_a_name_or_a_c_value(value: object) -> None:
    assert Recycle.parse(value) is Recycle.TOP  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["sideways", 7, True])
def test_parse_refuses_anything_else(value: object) -> None:
    with pytest.raises(ValueError):
        Recycle.parse(value)  # type: ignore[arg-type]


def test_every_member_names_what_the_library_names(nav: navcore.Navigator) -> None:
    lib = navcore._ffi.lib()
    for member in Outcome:
        assert lib.navcore_outcome_string(member.code).decode() == member
    for status in Status:
        assert lib.navcore_status_string(status.code).decode() == status


def test_errors_keep_their_status_and_code(nav: navcore.Navigator) -> None:
    with pytest.raises(navcore.NoSuchScreenError) as caught:
        nav.screen(12345)
    assert caught.value.status == "no_such_screen" and caught.value.code == -3
