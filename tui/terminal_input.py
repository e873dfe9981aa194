"""The tutor reads the terminal itself, in raw mode, through tui/input_filter.py, and hands
Textual a pipe as ``sys.__stdin__``. When the tutor ends, unread input is discarded and the
terminal's modes restored; SIGTSTP and SIGCONT hand them to the shell and back."""

from __future__ import annotations

import errno
import os
import select
import signal
import sys
import termios
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import Any

from tui.input_filter import IN_BAND_RESIZE, SYNCHRONIZED_OUTPUT, InputFilter

READ_SIZE = 4096
"""Bytes read from the terminal at most at a time (as Textual's driver reads)."""
SYNC_QUERY = "\x1b[?2026$p"
"""Does the terminal support synchronized output? (DECRQM 2026, as Textual's driver asks a tty.)"""

_LFLAG, _IFLAG, _CC = 3, 0, 6  # indices into termios.tcgetattr's list
KEY_SIGNALS = (signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP)
"""What ctrl+c, ctrl+\\ and ctrl+z send: ignored while the tutor closes, its modes back."""


def raw_modes(modes: list[Any]) -> list[Any]:
    """``modes`` (from ``termios.tcgetattr``) with the changes Textual's driver makes."""
    changed = list(modes)
    signals = 0 if os.environ.get("TEXTUAL_ALLOW_SIGNALS") else termios.ISIG
    lflag = termios.ECHO | termios.ICANON | termios.IEXTEN | signals
    iflag = termios.IXON | termios.IXOFF | termios.ICRNL | termios.INLCR | termios.IGNCR
    changed[_LFLAG] &= ~lflag
    changed[_IFLAG] &= ~iflag
    control = list(changed[_CC])
    control[termios.VMIN] = 1
    control[termios.VTIME] = 0
    changed[_CC] = control
    return changed


def terminal_size(fd: int) -> tuple[int, int] | None:
    """The terminal's size in cells (width, height) as the kernel knows it, or None."""
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        return None
    return (size.columns, size.lines) if size.columns and size.lines else None


class InputRelay:
    """Reads the terminal ``fd``, filters, writes into a pipe; :attr:`reader` is its far end."""

    stop_wait = 2.0
    """Seconds :meth:`stop` waits for the thread to end before leaving the pipes to it."""

    def __init__(
        self, fd: int, escape_delay: float, failed: Callable[[], object] | None = None
    ) -> None:
        self.fd = fd
        self.saved: list[Any] | None = None
        """The terminal's modes before raw mode (set by :func:`relayed_input`)."""
        self.failed = failed
        """Called in the relay's thread, inside the ``except`` block, when the relay fails."""
        self.filter = InputFilter(escape_delay, partial(terminal_size, fd))
        read_end, self._write_end = os.pipe()
        self.reader = open(read_end, encoding="utf-8", errors="replace")  # noqa: SIM115
        self._wake, self._waker = os.pipe()
        self.terminal_gone = False
        """True once the terminal hung up (reads ended with EOF or EIO)."""
        self._thread = threading.Thread(target=self._run, name="queens-tutor-input", daemon=True)
        self._close_when_done = False
        """stop() gave up waiting for the thread: the thread closes the pipes as it ends."""

    def start(self) -> None:
        self._thread.start()

    def suspend(self) -> None:
        """The process is about to stop (SIGTSTP): the shell gets the modes it had."""
        if self.saved is not None and not self.terminal_gone:
            _set_modes(self.fd, self.saved)

    def resume(self) -> None:
        """The process goes on (SIGCONT): raw mode again, and Textual asks about mode 2048."""
        if self.saved is not None and not self.terminal_gone:
            _set_modes(self.fd, raw_modes(self.saved))
            self.filter.expect(IN_BAND_RESIZE, time.monotonic())

    def stop(self) -> None:
        """Stop reading and close the pipes, once the thread has ended (by the thread itself
        when it takes longer than :attr:`stop_wait`)."""
        os.write(self._waker, b"\0")
        self.reader.close()
        if self._thread.is_alive():
            self._thread.join(timeout=self.stop_wait)
        if self._thread.is_alive():
            self._close_when_done = True
            return
        self._close()

    def _close(self) -> None:
        for fd in (self._write_end, self._wake, self._waker):
            os.close(fd)

    def _run(self) -> None:
        try:
            self._relay()
        except BrokenPipeError:
            pass  # stop() closed the pipe: the app has ended and reads nothing more
        except Exception:
            if self.failed is None:
                raise
            self.failed()
        finally:
            if self._close_when_done:
                self._close()

    def _relay(self) -> None:
        fd, filter_ = self.fd, self.filter
        while True:
            deadline = filter_.deadline
            wait = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            ready, _, _ = select.select([fd, self._wake], [], [], wait)
            now = time.monotonic()
            if self._wake in ready:
                return
            if not ready:
                self._send(filter_.flush(now))
                continue
            try:
                data = os.read(fd, READ_SIZE)
            except OSError as error:
                if error.errno != errno.EIO:
                    raise
                data = b""  # EIO: the terminal hung up
            if not data:
                self.terminal_gone = True
                return
            self._send(filter_.feed(data, now))

    def _send(self, text: str) -> None:
        data = text.encode("utf-8")
        while data:
            written = os.write(self._write_end, data)
            data = data[written:]


@contextmanager
def relayed_input(
    escape_delay: float, failed: Callable[[], object] | None = None, exiting: bool = False
) -> Iterator[InputRelay | None]:
    """While the block runs, Textual reads the terminal through an :class:`InputRelay`; yields
    it, or None when standard input is not a terminal. ``exiting``: the process ends after the
    block, so the signal keys are ignored once the terminal's modes are back."""
    terminal = sys.__stdin__
    try:
        fd = terminal.fileno() if terminal is not None else -1
        saved = termios.tcgetattr(fd)
    except (OSError, ValueError, termios.error):
        yield None
        return
    termios.tcsetattr(fd, termios.TCSANOW, raw_modes(saved))
    relay = InputRelay(fd, escape_delay, failed)
    relay.saved = saved
    try:
        now = time.monotonic()
        relay.filter.expect(SYNCHRONIZED_OUTPUT, now)  # asked here
        relay.filter.expect(IN_BAND_RESIZE, now)  # asked by Textual's driver as it starts
        out = sys.__stderr__
        if out is not None and os.environ.get("TERM_PROGRAM", "") != "Apple_Terminal":
            out.write(SYNC_QUERY)  # not Apple's Terminal, which prints it
            out.flush()
        relay.start()
        sys.__stdin__ = relay.reader  # type: ignore[misc]  # what Textual's driver reads
        yield relay
    finally:
        sys.__stdin__ = terminal  # type: ignore[misc]
        relay.stop()
        if exiting:
            for signum in KEY_SIGNALS:
                signal.signal(signum, signal.SIG_IGN)
        if not relay.terminal_gone:
            _set_modes(fd, saved, flush=True)


def _set_modes(fd: int, modes: list[Any], flush: bool = False) -> None:
    """Set the terminal's modes; with ``flush``, first discard input not read."""
    try:
        if flush:
            termios.tcflush(fd, termios.TCIFLUSH)
        termios.tcsetattr(fd, termios.TCSANOW, modes)
    except termios.error as error:
        if error.args[0] not in (errno.EIO, errno.ENXIO, errno.EBADF, errno.ENOTTY):
            raise  # else the terminal hung up: nothing to restore
