"""Programs in pseudo-terminals: keys written, output read as it comes and stamped with
``time.perf_counter()`` when ``os.read`` returns it; the start-up and key-to-frame measures
the terminal benchmarks share."""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import pty
import re
import select
import signal
import statistics
import struct
import sys
import termios
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from benchmarks.harness import ROOT, p95, proc_kib
from benchmarks.harness import visible_text as visible_text  # read here by the e2e tests

FLOOR = [sys.executable, str(ROOT / "benchmarks" / "floor_app.py")]
"""The minimal Textual app every terminal figure is a ratio to."""
WARM_UP = 5
"""Keys played before the measured ones (first-use costs)."""
Programs = list[tuple[str, list[str], str]]
"""(name, command line, the label its screen counts with: ``tick`` or ``count``)."""


@dataclass(frozen=True, slots=True)
class Burst:
    """Output read after a point in time, until the program had been quiet for a while."""

    started: float
    first: float | None
    """When the first byte was read; None when nothing came."""
    last: float | None
    data: bytes
    longest_gap: float
    """The longest pause between two reads inside the burst."""

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
    """``argv`` run on a fresh pseudo-terminal of ``columns`` x ``rows`` as its controlling tty;
    with ``sample_cpu``, :attr:`cpu_at_last_read` is its CPU time at each read with output."""

    def __init__(
        self,
        argv: Sequence[str],
        env: dict[str, str],
        columns: int = 80,
        rows: int = 24,
        sample_cpu: bool = False,
    ) -> None:
        self.sample_cpu = sample_cpu
        self.cpu_at_last_read: float | None = None
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # the child: size the terminal before the program can ask for it
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
                os.execvpe(argv[0], list(argv), env)
            finally:
                os._exit(127)
        self.pid = pid
        self.fd = fd
        self.status: int | None = None
        self.transcript = bytearray()

    def read(self, timeout: float) -> tuple[bytes, float] | None:
        """One read, waiting at most ``timeout`` s: the bytes and their stamp, or None."""
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
        """Read until no byte has come for ``idle`` seconds after at least one did (or
        ``timeout``); ``since`` is the start of the measure (default: now)."""
        started = time.perf_counter() if since is None else since
        deadline = time.perf_counter() + timeout
        data = bytearray()
        first = last = None
        gap = 0.0
        while (now := time.perf_counter()) < deadline:
            wait = deadline - now if last is None else min(idle - (now - last), deadline - now)
            got = self.read(wait)
            if got is None:
                if last is not None or not self.alive():
                    break
                continue
            chunk, stamp = got
            gap = max(gap, stamp - last) if last is not None else gap
            first = stamp if first is None else first
            last = stamp
            data += chunk
        return Burst(started, first, last, bytes(data), gap)

    def wait_for(self, found: Callable[[str], bool], idle: float, timeout: float = 60.0) -> Burst:
        """Read bursts until the text read so far satisfies ``found`` and the program is
        quiet; everything read, as one burst from the program's start."""
        data = bytearray()
        last = None
        gap = 0.0
        deadline = time.perf_counter() + timeout
        while (left := deadline - time.perf_counter()) > 0:
            got = self.burst(idle, timeout=left)
            if got.last is not None:
                data += got.data
                last = got.last
                gap = max(gap, got.longest_gap)
            if found(visible_text(data)) and last is not None:
                return Burst(self.started, None, last, bytes(data), gap)
            if not self.alive():
                raise RuntimeError(f"program ended; its output: {visible_text(data)[-300:]!r}")
        raise TimeoutError(f"no matching output; last seen: {visible_text(data)[-300:]!r}")

    def watch_for(self, found: Callable[[str], bool], timeout: float = 60.0) -> str:
        """Read until the text of the last 8 KiB read satisfies ``found`` (busy output need
        not pause); that text."""
        deadline = time.perf_counter() + timeout
        tail = b""
        while time.perf_counter() < deadline:
            got = self.read(deadline - time.perf_counter())
            if got is None:
                if not self.alive():
                    break
                continue
            tail = (tail + got[0])[-8192:]
            if found(text := visible_text(tail)):
                return text
        raise TimeoutError(f"no matching output; last seen: {visible_text(tail)[-300:]!r}")

    def write(self, key: bytes) -> float:
        """Write ``key``; perf_counter() just after."""
        os.write(self.fd, key)
        return time.perf_counter()

    def cpu_seconds(self) -> float:
        """CPU seconds of all the program's living threads (the scheduler's nanoseconds)."""
        total = 0
        for task in glob.glob(f"/proc/{self.pid}/task/*/schedstat"):
            with contextlib.suppress(OSError), open(task) as stats:
                total += int(stats.read().split()[0])
        return total / 1e9

    def main_thread_cpu_seconds(self) -> float:
        """CPU seconds of the main thread, where Textual handles a key and draws its frame."""
        with open(f"/proc/{self.pid}/task/{self.pid}/schedstat") as stats:
            return int(stats.read().split()[0]) / 1e9

    def rss_kib(self) -> int:
        return proc_kib(self.pid, "VmRSS")

    def alive(self) -> bool:
        if self.status is not None:
            return False
        pid, status = os.waitpid(self.pid, os.WNOHANG)
        if pid == 0:
            return True
        self.status = os.waitstatus_to_exitcode(status)
        return False

    def quit(self, key: bytes = b"q", grace: float = 10.0) -> int:
        """Press ``key`` and wait for the exit, then SIGTERM, then SIGKILL; the exit status."""
        if self.alive():
            with contextlib.suppress(OSError):
                self.write(key)
        for sig in (None, signal.SIGTERM, signal.SIGKILL):
            if sig is not None and self.alive():
                os.kill(self.pid, sig)
            deadline = time.perf_counter() + grace
            while self.alive() and time.perf_counter() < deadline:
                self.read(0.05)  # keep draining: a full pty buffer would block its writes
            if not self.alive():
                break
        os.close(self.fd)
        assert self.status is not None
        return self.status


# -- the terminal benchmarks' measures ----------------------------------------------------------


def environment(root: Path = ROOT) -> dict[str, str]:
    """A terminal's environment for a program running ``root``'s code, compiled (xterm, no
    colour or size overrides)."""
    removed = {"NO_COLOR", "TEXTUAL_THEME", "PYTHONDONTWRITEBYTECODE", "COLUMNS", "LINES"}
    env = {k: v for k, v in os.environ.items() if k not in removed}
    env["TERM"] = "xterm-256color"
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
    return env


def tutor(*args: str) -> list[str]:
    """The installed ``queens-tutor`` beside this Python (not a version manager's shim)."""
    script = Path(sys.executable).parent / "queens-tutor"
    if not script.exists():
        raise SystemExit("queens-tutor is not installed next to this Python (pip install -e .)")
    return [str(script), *args]


def last_number(label: str, text: str) -> int | None:
    """The last ``label N`` in the text (``tick 17``), None when there is none."""
    found = re.findall(rf"{label} ([\d,]+)\b", text)
    return int(found[-1].replace(",", "")) if found else None


def shows(label: str, at_least: int) -> Callable[[str], bool]:
    def check(text: str) -> bool:
        number = last_number(label, text)
        return number is not None and number >= at_least

    return check


def start(
    argv: list[str], label: str, idle: float, size: tuple[int, int] = (80, 24)
) -> tuple[PtyProgram, float]:
    """``argv`` once its first frame is complete, and the seconds it took; its CPU time to
    that frame's last byte (all threads) is its :attr:`~PtyProgram.cpu_at_last_read`."""
    program = PtyProgram(argv, environment(), *size, sample_cpu=True)
    try:
        last = program.wait_for(shows(label, 0), idle).last
    except BaseException:
        program.quit()
        raise
    program.sample_cpu = False  # the keys' reads stay cheap
    assert last is not None
    return program, last - program.started


def stop(program: PtyProgram, name: str) -> None:
    """Quit ``program``; an exit status other than 0 fails the run."""
    if (status := program.quit()) != 0:
        raise RuntimeError(f"{name} exited with status {status}")


def startups(
    programs: Programs, idle: float, runs: int, size: tuple[int, int] = (80, 24)
) -> dict[str, tuple[float, float]]:
    """Each program's median seconds to its first frame's last byte, and median CPU seconds
    to it; the programs take turns, one start each per round."""
    times: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in programs}
    for _ in range(runs):
        for name, argv, label in programs:
            program, took = start(argv, label, idle, size)
            times[name].append((took, program.cpu_at_last_read or 0.0))
            stop(program, name)
    return {
        name: (statistics.median(t for t, _ in pairs), statistics.median(c for _, c in pairs))
        for name, pairs in times.items()
    }


def press(program: PtyProgram, key: bytes, label: str, expect: int, idle: float) -> Burst:
    """One key and the frame(s) it causes; the screen must then show ``label expect``."""
    burst = program.burst(idle, since=program.write(key))
    if (shown := last_number(label, burst.text)) != expect:
        raise RuntimeError(f"after the key the screen shows {label} {shown}, expected {expect}")
    return burst


def latencies(
    programs: Programs, keys: int, idle: float, size: tuple[int, int] = (80, 24)
) -> dict[str, dict[str, float]]:
    """Key-to-frame of ``space`` for each program (seconds): median, p95, the longest pause
    inside a frame, bytes a key and the median CPU of its main thread a key. The programs run
    side by side and take turns, one key each per round, only one working at a time."""
    running = []
    try:
        for name, argv, label in programs:
            running.append((name, start(argv, label, idle, size)[0], label))
        seen: dict[str, list[tuple[float, float, float, int]]] = {n: [] for n, _, _ in running}
        for count in range(1, WARM_UP + keys + 1):
            for name, program, label in running:
                before = program.main_thread_cpu_seconds()
                burst = press(program, b" ", label, count, idle)
                cpu = program.main_thread_cpu_seconds() - before
                if count > WARM_UP:
                    seen[name].append((burst.latency, burst.longest_gap, cpu, len(burst.data)))
    finally:
        statuses = {name: program.quit() for name, program, _ in running}
    if failed := {name: status for name, status in statuses.items() if status != 0}:
        raise RuntimeError(f"exit statuses other than 0: {failed}")
    return {
        name: {
            "median": statistics.median(row[0] for row in rows),
            "p95": p95([row[0] for row in rows]),
            "gap": max(row[1] for row in rows),
            "cpu": statistics.median(row[2] for row in rows),
            "bytes": sum(row[3] for row in rows) / keys,
        }
        for name, rows in seen.items()
    }
