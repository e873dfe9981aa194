"""The commands' stdout and stderr: every control character written is shown as a visible
symbol, and a failed write raises :class:`OutputFailed` (one line, status :data:`OUTPUT_ERROR`;
a closed pipe: no line, status 141)."""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from lessons.i18n import _
from lessons.safe_text import visible
from tui.plain.choice import is_tty

OUTPUT_ERROR = 74
"""Exit status when the output cannot be written (EX_IOERR of sysexits.h)."""
BROKEN_PIPE = 128 + signal.SIGPIPE


class OutputFailed(Exception):
    """Writing to stdout or stderr failed; ``reason`` says why."""

    def __init__(self, name: str, reason: str, code: int = 0) -> None:
        super().__init__(_("cannot write to {name}: {reason}").format(name=name, reason=reason))
        self.name = name
        self.code = code


class SafeStream:
    """A text stream that makes control characters visible and reports failed writes."""

    def __init__(self, stream: TextIO | None, name: str) -> None:
        self.stream = stream
        self.name = name

    def _fail(self, error: OSError | None) -> OutputFailed:
        if error is None:
            return OutputFailed(self.name, _("it is closed"), errno.EBADF)
        return OutputFailed(self.name, error.strerror or str(error), error.errno or 0)

    def write(self, text: str) -> int:
        return self.write_trusted(visible(text, keep_newlines=True))

    def write_trusted(self, text: str) -> int:
        """Write ``text`` as it is: only for the program's own escape sequences."""
        if self.stream is None:
            raise self._fail(None)
        try:
            try:
                return self.stream.write(text)
            except UnicodeEncodeError:  # letters the encoding lacks are written as "?"
                encoding = getattr(self.stream, "encoding", None) or "ascii"
                return self.stream.write(text.encode(encoding, "replace").decode(encoding))
        except (OSError, ValueError) as error:
            raise self._fail(error if isinstance(error, OSError) else None) from None

    def flush(self) -> None:
        if self.stream is None:
            return
        try:
            self.stream.flush()
        except ValueError:  # closed: nothing left to write
            return
        except OSError as error:
            raise self._fail(error) from None

    def isatty(self) -> bool:
        return is_tty(self.stream)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def write_trusted(text: str) -> None:
    """Write the program's own escape sequences (the status line) to stderr, unfiltered."""
    stream = sys.stderr
    if isinstance(stream, SafeStream):
        stream.write_trusted(text)
    else:
        stream.write(text)


def _silence(stream: TextIO | None) -> None:
    """Point a failed stream's descriptor at /dev/null (a quiet flush at exit)."""
    if stream is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)


def report(failure: OutputFailed, originals: tuple[TextIO | None, TextIO | None]) -> int:
    """Say once on stderr (if it can be written) that the output failed; the exit status."""
    out, err = originals
    if failure.code == errno.EPIPE and failure.name == "stdout":
        _silence(out)
        return BROKEN_PIPE
    _silence(out if failure.name == "stdout" else err)
    if failure.name == "stdout" and err is not None:
        with contextlib.suppress(OSError, ValueError):
            err.write(f"queens-tutor: {visible(str(failure))}\n")
            err.flush()
    return OUTPUT_ERROR


@contextlib.contextmanager
def safe_streams() -> Iterator[tuple[TextIO | None, TextIO | None]]:
    """Wrap stdout and stderr in :class:`SafeStream` for the block; the originals are yielded."""
    out, err = sys.stdout, sys.stderr
    if isinstance(out, SafeStream) or isinstance(err, SafeStream):
        yield out, err  # already wrapped
        return
    sys.stdout = SafeStream(out, "stdout")
    sys.stderr = SafeStream(err, "stderr")
    try:
        yield out, err
    finally:
        sys.stdout, sys.stderr = out, err
