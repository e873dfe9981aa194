"""``count``'s long runs: the progress bar of jobs with the time left, and SIGTERM raised."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from lessons.i18n import ngettext, number
from solver.counting.estimate import duration
from tui.cli.status_line import StatusLine

WIDTH = 20


class Terminated(BaseException):
    """SIGTERM arrived (a BaseException, as KeyboardInterrupt is)."""


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` (in the main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        raise Terminated

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


class JobsBar:
    """A progress bar of jobs done, with the time left; remembers how far the count got."""

    def __init__(self, label: str, estimate: float | None = None, total: int = 0) -> None:
        self.status = StatusLine(label)
        self.estimate = estimate
        self.started = time.monotonic()
        self.done = 0
        self.total = total

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if not self.status.enabled or not total:
            return
        filled = WIDTH * done // total
        bar = "#" * filled + "-" * (WIDTH - filled)
        left = self.time_left()
        fields = {"bar": bar, "done": number(done), "total": number(total)}
        if left is not None and done < total:
            text = ngettext(
                "[{bar}] {done} of {total} job, about {time} left",
                "[{bar}] {done} of {total} jobs, about {time} left",
                total,
            ).format(time=duration(left), **fields)
        else:
            text = ngettext(
                "[{bar}] {done} of {total} job", "[{bar}] {done} of {total} jobs", total
            ).format(**fields)
        self.status.update(text)

    def time_left(self) -> float | None:
        """The estimate less the time spent until a job is done; then the time a job so far."""
        spent = time.monotonic() - self.started
        if self.done:
            return spent / self.done * (self.total - self.done)
        return max(self.estimate - spent, 0.0) if self.estimate is not None else None

    def __enter__(self) -> JobsBar:
        self.status.__enter__()
        self.__call__(0, self.total)
        return self

    def __exit__(self, *exc: object) -> None:
        self.status.clear()
