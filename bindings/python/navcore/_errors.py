"""Exceptions: one class per error status of navcore.h, all NavcoreError."""

from __future__ import annotations

from typing import Dict, Type

from ._enums import Status


class NavcoreError(Exception):
    """A navcore call failed; each error status has its subclass.

    Args:
        message: the library's explanation.
        status: the Status, when not the subclass's own.

    Attributes:
        status (Status): the error status.
        code (int): its C value (negative).
        message (str): the library's explanation (navcore_last_error_message, read right after the
            failing call).
    """

    status: Status = Status.INTERNAL

    def __init__(self, message: str = "", status: "Status | None" = None) -> None:
        if status is not None:
            self.status = status
        self.message = message
        super().__init__(f"{self.status}: {message}" if message else str(self.status))

    @property
    def code(self) -> int:
        """The C status code (negative)."""
        return self.status.code


class InvalidError(NavcoreError, ValueError):
    """A bad argument: out of range, unknown enum value, invalid text."""

    status = Status.INVALID


class InvalidHandleError(NavcoreError):
    """The navigator was destroyed (closed)."""

    status = Status.INVALID_HANDLE


class NoSuchScreenError(NavcoreError, LookupError):
    """The screen is dead (released), unknown, or another navigator's."""

    status = Status.NO_SUCH_SCREEN


class BusyError(NavcoreError):
    """The gesture was refused: an op runs or waits."""

    status = Status.BUSY


class StateError(NavcoreError):
    """Not now: no such transition, hidden, screen in the stack…"""

    status = Status.STATE


class ExistsError(NavcoreError):
    """The route is already registered."""

    status = Status.EXISTS


class NoMemoryError(NavcoreError, MemoryError):
    """The library ran out of memory."""

    status = Status.NO_MEMORY


class InternalError(NavcoreError):
    """A bug in navcore."""

    status = Status.INTERNAL


_BY_STATUS: Dict[int, Type[NavcoreError]] = {
    cls.status.code: cls
    for cls in (
        InvalidError,
        InvalidHandleError,
        NoSuchScreenError,
        BusyError,
        StateError,
        ExistsError,
        NoMemoryError,
        InternalError,
    )
}


def error_for(status: int, message: str) -> NavcoreError:
    """The exception for an error status."""
    cls = _BY_STATUS.get(status)
    if cls is None:
        return NavcoreError(f"unknown status {status}: {message}")
    return cls(message)


class FactoryFailed(Exception):
    """Raised by a route factory to fail its ``show`` quietly (outcome ``factory_failed``).

    Any other exception also fails the show, and is re-raised from the binding call that ran
    the show (see the module docs on callbacks that raise)."""
