"""A program in a pseudo-terminal, for benchmarks: write keys, read its output with timestamps.

Every byte the program writes is read as soon as it arrives and stamped with
``time.perf_counter()`` at the moment ``os.read`` returns it, so "the time of the last byte"
is when the reader saw it, not when a later wait for more output gave up.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import pty
import re
import select
import signal
import struct
import termios
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI: cursor moves, colours, modes
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: titles, colour queries
    r"|\x1b[PX^_][^\x1b]*\x1b\\"  # DCS and other strings
    r"|\x1b[()][0-9A-Za-z]"  # character set choice
    r"|\x1b[^\[\]()PX^_]"  # two-byte escapes
)


def visible_text(data: bytes | bytearray) -> str:
    """The printable text of terminal output, escape sequences removed."""
    return _ESCAPES.sub("", data.decode("utf-8", errors="replace"))


@dataclass(frozen=True, slots=True)
class Burst:
    """Output read after a point in time, until the program had been quiet for a while."""

    started: float
    """perf_counter() when the waiting began (e.g. just after a key was written)."""
    first: float | None
    """perf_counter() when the first byte was read; None when nothing came."""
    last: float | None
    """perf_counter() when the last byte was read; None when nothing came."""
    data: bytes
    longest_gap: float
    """The longest pause between two reads inside the burst (shows the idle gap was enough)."""

    @property
    def latency(self) -> float:
        """Seconds from the start to the last byte (the idle wait that ended it not included)."""
        if self.last is None:
            raise ValueError("no output arrived")
        return self.last - self.started

    @property
    def text(self) -> str:
        return visible_text(self.data)


class PtyProgram:
    """``argv`` run on a fresh pseudo-terminal of ``columns`` x ``rows`` as its controlling tty."""

    def __init__(
        self,
        argv: Sequence[str],
        env: dict[str, str],
        columns: int = 80,
        rows: int = 24,
        sample_cpu: bool = False,
    ) -> None:
        self.sample_cpu = sample_cpu
        """Read the program's CPU time at every read (:attr:`cpu_at_last_read`)."""
        self.cpu_at_last_read: float | None = None
        """The program's CPU seconds (all its threads) just after the last read returned
        output, when :attr:`sample_cpu`; None before."""
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: size the terminal before the program can ask for it
            try:
                size = struct.pack("HHHH", rows, columns, 0, 0)
                fcntl.ioctl(0, termios.TIOCSWINSZ, size)
                os.execvpe(argv[0], list(argv), env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.status: int | None = None
        self.transcript = bytearray()

    # -- output -----------------------------------------------------------------------------

    def _read(self, timeout: float) -> tuple[bytes, float] | None:
        """One read, waiting at most ``timeout`` s; None when nothing came (or the pty closed)."""
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0.0))
        if not ready:
            return None
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the program has closed the terminal
            return None
        stamp = time.perf_counter()
        if not data:
            return None
        if self.sample_cpu:
            self.cpu_at_last_read = self.cpu_seconds()
        self.transcript += data
        return data, stamp

    def burst(self, idle: float, since: float | None = None, timeout: float = 30.0) -> Burst:
        """Read until no byte has come for ``idle`` seconds (after at least one byte came).

        ``since`` is the start of the measurement (default: now). Gives up after ``timeout``.
        """
        started = time.perf_counter() if since is None else since
        deadline = time.perf_counter() + timeout
        data = bytearray()
        first = last = None
        gap = 0.0
        while True:
            now = time.perf_counter()
            if now >= deadline:
                break
            wait = deadline - now if last is None else min(idle - (now - last), deadline - now)
            got = self._read(wait)
            if got is None:
                if last is not None or not self.alive():
                    break
                continue
            chunk, stamp = got
            if last is not None:
                gap = max(gap, stamp - last)
            first = stamp if first is None else first
            last = stamp
            data += chunk
        return Burst(started, first, last, bytes(data), gap)

    def wait_for(
        self, found: Callable[[str], bool], idle: float, timeout: float = 60.0
    ) -> tuple[Burst, float]:
        """Read bursts until the text read so far satisfies ``found`` and the program is quiet.

        Returns everything read as one burst (from the program's start) and the stamp of the
        last byte.
        """
        started = time.perf_counter()
        data = bytearray()
        last = None
        gap = 0.0
        while True:
            left = timeout - (time.perf_counter() - started)
            if left <= 0:
                raise TimeoutError(f"no matching output; last seen: {visible_text(data)[-300:]!r}")
            got = self.burst(idle, timeout=left)
            if got.last is not None:
                data += got.data
                last = got.last
                gap = max(gap, got.longest_gap)
            if found(visible_text(data)) and last is not None:
                return Burst(self.started, None, last, bytes(data), gap), last
            if not self.alive():
                raise RuntimeError(f"program ended; its output: {visible_text(data)[-300:]!r}")

    def watch_for(self, found: Callable[[str], bool], timeout: float = 60.0) -> str:
        """Read until the latest output satisfies ``found`` (busy output need not pause).

        ``found`` sees the text of the last 8 KiB read; returns that text.
        """
        deadline = time.perf_counter() + timeout
        tail = b""
        while time.perf_counter() < deadline:
            got = self._read(deadline - time.perf_counter())
            if got is None:
                if not self.alive():
                    break
                continue
            tail = (tail + got[0])[-8192:]
            text = visible_text(tail)
            if found(text):
                return text
        raise TimeoutError(f"no matching output; last seen: {visible_text(tail)[-300:]!r}")

    def write(self, key: bytes) -> float:
        """Write ``key``; returns perf_counter() just after the write."""
        os.write(self.fd, key)
        return time.perf_counter()

    # -- the process ------------------------------------------------------------------------

    def cpu_seconds(self) -> float:
        """CPU seconds the program has run so far, all its living threads together (the
        scheduler's own nanoseconds: /proc/PID/task/*/schedstat, not the clock ticks of
        /proc/PID/stat)."""
        total = 0
        for task in glob.glob(f"/proc/{self.pid}/task/*/schedstat"):
            with contextlib.suppress(OSError), open(task) as stats:
                total += int(stats.read().split()[0])
        return total / 1e9

    def main_thread_cpu_seconds(self) -> float:
        """CPU seconds the program's main thread has run so far (/proc/PID/task/PID/schedstat):
        where Textual handles a key and draws its frame, without its input and output threads."""
        with open(f"/proc/{self.pid}/task/{self.pid}/schedstat") as stats:
            return int(stats.read().split()[0]) / 1e9

    def rss_kib(self) -> int:
        """Resident memory (VmRSS) in KiB, from /proc."""
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS line")

    def alive(self) -> bool:
        if self.status is not None:
            return False
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == 0:
            return True
        self.status = os.waitstatus_to_exitcode(status)
        return False

    def quit(self, key: bytes = b"q", grace: float = 10.0) -> int:
        """Press ``key`` and wait for the exit; escalate to SIGTERM, then SIGKILL. Exit status."""
        if self.alive():
            with contextlib.suppress(OSError):
                self.write(key)
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig is not None and self.alive():
                os.kill(self.pid, sig)
            deadline = time.perf_counter() + grace
            while self.alive() and time.perf_counter() < deadline:
                self._read(0.05)  # keep draining: a full pty buffer would block its writes
            if not self.alive():
                break
        os.close(self.fd)
        assert self.status is not None
        return self.status
