"""Progress lines on stderr for long commands, shown only when stderr is a terminal."""

from __future__ import annotations

import sys
import time

from lessons.i18n import _, number
from tui.cli.streams import write_trusted


class StatusLine:
    """A one-line status on stderr, rewritten in place at most every ``interval`` seconds,
    silent when stderr is not a terminal; as a context manager, cleared on the way out."""

    def __init__(self, label: str, interval: float = 0.25) -> None:
        self.label = label
        self.interval = interval
        self.enabled = sys.stderr.isatty()
        self._last = 0.0
        self._shown = False

    def update(self, text: str) -> None:
        """Show ``label: text`` if the last update is old enough."""
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < self.interval:
            return
        self._last = now
        write_trusted(f"\r\x1b[2K{self.label}: {text}")
        sys.stderr.flush()
        self._shown = True

    def count(self, done: int, total: int | None = None, unit: str = "") -> None:
        """Show a count, with the total and a percentage when it is known; ``unit`` is an
        English word marked for the catalogs (N_), shown translated."""
        fields = {"done": number(done), "unit": _(unit) if unit else ""}
        if total:
            text = _("{done} of {total} {unit} ({percent}%)").format(
                total=number(total), percent=100 * done // total, **fields
            )
        else:
            text = _("{done} {unit}").format(**fields)
        self.update(text.rstrip(" "))

    def clear(self) -> None:
        """Take the line away."""
        if self._shown:
            write_trusted("\r\x1b[2K")
            sys.stderr.flush()
            self._shown = False

    def __enter__(self) -> StatusLine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.clear()
