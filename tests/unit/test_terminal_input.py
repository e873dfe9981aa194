"""Tui/terminal_input.py on a pseudo-terminal: the relay hands on what the filter lets through,
puts the terminal in raw mode and back, flushes what was not read, and survives a hang-up; and
tui/terminal_output.py: how far the terminal is behind (the bytes written to it and not read
yet, as the kernel counts them; 0 where it cannot be told)."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import sys
import tempfile
import termios
import time
import tty
from collections.abc import Iterator

import pytest

from tests.serve.server import wait_until
from tui.input_filter import LONE_ESCAPE
from tui.terminal_input import InputRelay, raw_modes, relayed_input
from tui.terminal_output import BEHIND, behind, unread_output

WAIT = 10.0
"""Seconds to wait for the relay's output at most (a shared machine can be slow)."""


@pytest.fixture
def terminal() -> Iterator[tuple[int, int]]:
    """A pseudo-terminal: (the side a terminal emulator writes to, the tutor's side)."""
    master, slave = pty.openpty()
    yield master, slave
    for fd in (master, slave):
        with contextlib.suppress(OSError):  # the master is closed already after a hang-up
            os.close(fd)


def _raw(slave: int) -> int:
    """``slave`` in raw mode, as relayed_input sets it (InputRelay alone does not)."""
    termios.tcsetattr(slave, termios.TCSANOW, raw_modes(termios.tcgetattr(slave)))
    return slave


def _read_until(fd: int, expected: str) -> str:
    """What comes out of ``fd`` until it ends with ``expected`` (or WAIT seconds pass)."""
    got = b""
    deadline = time.monotonic() + WAIT
    while not got.decode("utf-8", "replace").endswith(expected) and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            got += os.read(fd, 4096)
    return got.decode("utf-8", "replace")


def test_raw_modes_are_textuals() -> None:
    modes = [termios.ICRNL | termios.IXON | termios.BRKINT, 0, 0, 0xFFFF, 0, 0, [b"\x00"] * 32]
    changed = raw_modes(modes)
    for flag in (termios.ECHO, termios.ICANON, termios.IEXTEN, termios.ISIG):
        assert not changed[3] & flag
    assert not changed[0] & (termios.ICRNL | termios.IXON)
    assert changed[0] & termios.BRKINT  # the rest is left as it was
    assert changed[6][termios.VMIN] == 1 and changed[6][termios.VTIME] == 0
    assert modes[3] == 0xFFFF  # a copy: the saved modes are not changed


def test_the_relay_hands_on_what_textual_can_read(terminal: tuple[int, int]) -> None:
    master, slave = terminal
    relay = InputRelay(_raw(slave), escape_delay=0.05)
    relay.start()
    try:
        os.write(master, b"\xe9a\x1b[99999999999999999999~b\x1b[1114112uc")
        assert _read_until(relay.reader.fileno(), "c") == "\ufffdabc"
        os.write(master, b"\x1b")  # Escape alone: after the delay, as ESC[27u
        assert _read_until(relay.reader.fileno(), LONE_ESCAPE) == LONE_ESCAPE
        os.write(master, b"\x1b[200~\x1b\x11\x1b[201~")
        assert _read_until(relay.reader.fileno(), "\x1b[201~") == "\x1b[200~\u241b\u2411\x1b[201~"
    finally:
        relay.stop()
    assert not relay.terminal_gone


def test_a_hang_up_ends_the_reading_quietly(terminal: tuple[int, int]) -> None:
    master, slave = terminal
    relay = InputRelay(slave, escape_delay=0.05)
    relay.start()
    os.close(master)  # the terminal goes away: reads fail with EIO
    wait_until(lambda: relay.terminal_gone, "the relay did not see the terminal go", WAIT, 0.01)
    relay.stop()


def test_a_failure_of_the_relay_is_reported_not_swallowed(terminal: tuple[int, int]) -> None:
    master, slave = terminal
    reported: list[BaseException | None] = []
    relay = InputRelay(_raw(slave), 0.05, failed=lambda: reported.append(sys.exc_info()[1]))
    relay.filter.feed = None  # type: ignore[assignment,method-assign]  # a bug in the relay
    relay.start()
    os.write(master, b"x")
    wait_until(lambda: reported, "no failure reported", WAIT, 0.01)
    relay.stop()
    assert isinstance(reported[0], TypeError)


def test_relayed_input_sets_raw_mode_and_puts_it_back(
    terminal: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    master, slave = terminal
    stdin = open(slave, closefd=False)  # noqa: SIM115
    monkeypatch.setattr(sys, "__stdin__", stdin)
    before = termios.tcgetattr(slave)
    assert before[3] & termios.ISIG
    with relayed_input(0.05) as relay:
        assert relay is not None
        assert sys.__stdin__ is relay.reader  # what Textual's driver reads
        modes = termios.tcgetattr(slave)
        assert not modes[3] & (termios.ISIG | termios.ECHO | termios.ICANON)
        assert not modes[0] & termios.IXON
        os.write(master, b"k")
        assert _read_until(relay.reader.fileno(), "k") == "k"
    assert sys.__stdin__ is stdin
    assert termios.tcgetattr(slave) == before


def test_what_nobody_read_is_not_left_for_the_shell(
    terminal: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    master, slave = terminal
    monkeypatch.setattr(sys, "__stdin__", open(slave, closefd=False))  # noqa: SIM115
    # The relay does not read (as when keys arrive after it stopped, while the tutor closes):
    # what was typed is discarded when the terminal is given back, not run by the shell.
    monkeypatch.setattr(InputRelay, "start", lambda self: None)
    with relayed_input(0.05):
        os.write(master, b"touch x\r")
        ready, _, _ = select.select([slave], [], [], WAIT)
        assert ready  # typed, waiting to be read
    ready, _, _ = select.select([slave], [], [], 0.2)
    assert not ready


def test_a_relay_still_busy_when_the_tutor_quits_fails_nowhere(
    terminal: tuple[int, int], monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """A relay still busy when stop() gives up closes its own pipes when done, not under it."""
    import threading
    from pathlib import Path

    master, slave = terminal
    relay = InputRelay(_raw(slave), 0.05)
    relay.stop_wait = 0.05
    busy, released = threading.Event(), threading.Event()
    real_feed = relay.filter.feed

    def slow_feed(data: bytes, now: float) -> str:
        busy.set()
        assert released.wait(WAIT)  # still handling the keys when stop() gives up
        return real_feed(data, now)

    monkeypatch.setattr(relay.filter, "feed", slow_feed)
    failures: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: failures.append(args.exc_value))
    relay.start()
    os.write(master, b"q\x1c\x1c")
    assert busy.wait(WAIT)
    relay.stop()  # gives up waiting: the thread is in the middle of the keys
    assert relay._thread.is_alive()
    other = Path(str(tmp_path)) / "another-file"
    with other.open("wb") as opened:  # a file opened now may get a closed pipe's number
        released.set()
        relay._thread.join(WAIT)
        assert not relay._thread.is_alive()
        opened.flush()
    assert other.read_bytes() == b""  # nothing of the keys written into it
    assert failures == []


def test_a_pipe_that_is_not_read_is_behind() -> None:
    read, write = os.pipe()
    try:
        assert unread_output(write) == 0 and not behind(write)
        os.write(write, b"x" * (BEHIND + 10))
        assert unread_output(write) == BEHIND + 10 and behind(write)
        os.read(read, BEHIND)
        assert unread_output(write) == 10 and not behind(write)
    finally:
        os.close(read)
        os.close(write)


def test_a_terminal_whose_other_end_does_not_read_is_behind() -> None:
    # A pseudo-terminal hands what is written to its master at once: behind only once the
    # master's buffer is full (sshd not reading, the link full), which select sees.
    master, slave = pty.openpty()
    tty.setraw(slave)
    try:
        os.set_blocking(slave, False)
        assert not behind(slave)

        def fill() -> bool:
            with contextlib.suppress(BlockingIOError):
                while True:
                    os.write(slave, b"y" * 4096)
            return behind(slave)

        # The kernel moves a pseudo-terminal's output to the master's side on its own time:
        # just after a write was refused, a little room may come back. Filled again, it is
        # behind (a few tries; nothing reads the master meanwhile).
        assert any(fill() for _ in range(20))
        os.set_blocking(master, False)
        with contextlib.suppress(BlockingIOError):
            while True:
                os.read(master, 65536)  # the terminal reads it all
        assert not behind(slave)
    finally:
        os.close(master)
        os.close(slave)


def test_a_file_or_a_closed_descriptor_is_never_behind() -> None:
    with tempfile.TemporaryFile() as file:
        file.write(b"z" * (BEHIND * 2))
        assert unread_output(file.fileno()) == 0
    read, write = os.pipe()
    os.close(read)
    os.close(write)
    assert unread_output(write) == 0
