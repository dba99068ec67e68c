"""The other threads' side: the wakeup that rouses the UI loop, and the notification worker.

navcore runs in host dispatch mode: an op asked on any thread only enqueues, and navcore calls
the wakeup listener (on the asking thread). ``Waker`` turns that into a flag plus a byte in a
pipe, so the curses loop's ``select`` returns at once; the loop then calls ``drain()`` on the UI
thread, where every callback of the op runs.
"""

from __future__ import annotations

import os
import threading
from typing import Callable, Optional

import navcore

WORKER_NAME = "navdemo-worker"


class Waker:
    """A thread-safe "drain me" flag with a pipe to wake a ``select`` loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._set = False
        self._read, self._write = os.pipe()
        os.set_blocking(self._read, False)
        os.set_blocking(self._write, False)

    def fileno(self) -> int:
        """The pipe end to ``select`` on."""
        return self._read

    def set(self, _event: object = None) -> None:
        """navcore's wakeup listener: mark and wake (callable from any thread)."""
        with self._lock:
            if self._set:
                return
            self._set = True
        try:
            os.write(self._write, b"!")
        except (BlockingIOError, OSError):  # full or closed pipe: the flag is enough
            pass

    def take(self) -> bool:
        """Clears the flag; True if it was set."""
        with self._lock:
            was_set, self._set = self._set, False
        try:
            while os.read(self._read, 64):
                pass
        except (BlockingIOError, OSError):
            pass
        return was_set

    def close(self) -> None:
        """Closes the pipe."""
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass


class NotificationWorker(threading.Thread):
    """A background thread that posts the ``alert`` route every ``interval`` seconds (None:
    only when asked with ``post_now``). It only calls ``post``: navcore queues the show, and the
    UI thread's drain runs it."""

    def __init__(
        self,
        navigator: navcore.Navigator,
        interval: Optional[float],
        on_post: Callable[[int, navcore.Operation], None],
    ) -> None:
        super().__init__(name=WORKER_NAME, daemon=True)
        self._nav = navigator
        self.interval = interval
        self._on_post = on_post
        self._wake = threading.Event()
        self._stopping = False
        self._requested = 0
        self._posted = threading.Condition()
        self.count = 0

    def run(self) -> None:
        while True:
            woken = self._wake.wait(self.interval)
            self._wake.clear()
            if self._stopping:
                return
            with self._posted:
                asked = self._requested > self.count
            if asked or not woken:  # asked by post_now, or the interval elapsed
                self._post()

    def _post(self) -> None:
        number = self.count + 1
        payload = {"n": number, "from": threading.current_thread().name}
        try:
            op = self._nav.post("alert", payload=payload, remove_current=False, animated=True)
        except navcore.NavcoreError:  # the navigator was closed under us: nothing to post to
            return
        with self._posted:
            self.count = number
            self._on_post(number, op)
            self._posted.notify_all()

    def post_now(self, timeout: float = 5.0) -> bool:
        """Asks the worker to post at once and waits until it has (from the UI thread: the post
        only enqueues, so this cannot wait for itself)."""
        with self._posted:
            target = self.count + 1
            self._requested = target
            self._wake.set()
            return self._posted.wait_for(lambda: self.count >= target or self._stopping, timeout)

    def set_interval(self, interval: Optional[float]) -> None:
        """Posts every ``interval`` seconds from now on (None: only on ``post_now``)."""
        self.interval = interval
        self._wake.set()  # wait again, with the new interval

    def stop(self) -> None:
        """Ends the thread."""
        self._stopping = True
        self._wake.set()
        with self._posted:
            self._posted.notify_all()
        if self.is_alive() and threading.current_thread() is not self:
            self.join(2.0)
