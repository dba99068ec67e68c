"""The enums of navcore.h. Each member's ``str()`` is the spec's name (``"not_in_stack"``,
``"pop_to_root"``, ``"will_push"``), the same text as the library's ``navcore_*_string``."""

from __future__ import annotations

import enum
from typing import Tuple, Type, TypeVar


class _Named(enum.IntEnum):
    """An int enum whose str() is the lower-case spec name."""

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, value: "int | str | _Named") -> "_Named":
        """A member from itself, its value, or its spec name (``"host"``, ``"pop_to"``)."""
        if isinstance(value, str):
            try:
                return cls[value.upper()]
            except KeyError:
                raise ValueError(f"{value!r} is not a {cls.__name__}") from None
        return cls(value)


class Status(_Named):
    """The status of a call (SPEC §10). Errors are raised as NavcoreError subclasses."""

    OK = 0
    QUEUED = 1
    INVALID = -1
    INVALID_HANDLE = -2
    NO_SUCH_SCREEN = -3
    BUSY = -4
    STATE = -5
    EXISTS = -6
    NO_MEMORY = -7
    INTERNAL = -8


class Outcome(_Named):
    """How an accepted op ended (SPEC §2)."""

    COMPLETED = 0
    NOOP = 1
    CANCELLED = 2
    VETOED = 3
    DUPLICATE = 4
    NOT_IN_STACK = 5
    INVALID = 6
    UNKNOWN_ROUTE = 7
    FACTORY_FAILED = 8
    ABORTED = 9


class Op(_Named):
    """The kinds of op."""

    PUSH = 0
    POP = 1
    POP_TO = 2
    POP_TO_ROOT = 3
    SET = 4
    BACK = 5
    GESTURE = 6
    RUN = 7
    VISIBLE = 8
    SHOW = 9
    OPEN = 10


class Action(_Named):
    """The action state machine (SPEC §4)."""

    IDLE = 0
    WILL_PUSH = 1
    DID_PUSH = 2
    PUSH_COMPLETED = 3
    WILL_POP = 4
    DID_POP = 5
    POP_COMPLETED = 6
    WILL_SET = 7
    DID_SET = 8
    SET_COMPLETED = 9
    POP_CANCELLED = 10


class Phase(_Named):
    """Which appearance event."""

    WILL_SHOW = 0
    DID_SHOW = 1
    WILL_HIDE = 2
    DID_HIDE = 3


class Reason(_Named):
    """Why a screen shows or hides."""

    PUSH = 0
    POP = 1
    SET = 2
    CANCEL = 3
    APPEAR = 4
    DISAPPEAR = 5


class Style(_Named):
    """The animation a transition asks for."""

    PUSH = 0
    POP = 1


class Dispatch(_Named):
    """How a navigator runs its queue (SPEC §9)."""

    INLINE = 0
    HOST = 1


# ---------------------------------------------------------------------------------------------
# Members by C value, for the binding's hot paths
# ---------------------------------------------------------------------------------------------

_E = TypeVar("_E", bound=_Named)


def by_value(cls: Type[_E]) -> Tuple[_E, ...]:
    """The members of an enum whose values are 0, 1, …, n-1, indexed by value.

    ``PHASES[phase]`` is a tuple index; ``Phase(phase)`` goes through ``EnumType.__call__`` and
    ``Enum.__new__``, about fifty times the cost, and the callbacks convert several C values per
    event. Not for values that may be negative (a tuple index would wrap around)."""
    members = tuple(cls)
    if [member.value for member in members] != list(range(len(members))):
        raise TypeError(f"{cls.__name__}'s values are not 0..{len(members) - 1}")
    return members


ACTIONS = by_value(Action)
OUTCOMES = by_value(Outcome)
OPS = by_value(Op)
PHASES = by_value(Phase)
REASONS = by_value(Reason)
STYLES = by_value(Style)
#: The statuses of an accepted op (``ok``, ``queued``), by value; errors are negative.
ACCEPTED = (Status.OK, Status.QUEUED)
