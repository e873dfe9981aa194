"""How far the terminal is behind: the bytes written to it and not read yet, as the kernel
counts them (a pseudo-terminal's output queue, a pipe's buffer); 0 where it cannot be told."""

from __future__ import annotations

import contextlib
import os
import pty
import tempfile
import tty

from tui.terminal_output import BEHIND, behind, unread_output


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
