"""Drive the installed ``queens-tutor`` in a real terminal: a private tmux server per session."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.serve.server import wait_until

TIMEOUT = 30.0
"""Seconds to wait for the screen to show what a test expects (2 shared cores: be generous)."""


def tutor_command() -> str:
    """The ``queens-tutor`` installed beside the Python running the tests (its environment's
    ``bin``, whatever ``PATH`` holds); ``QUEENS_TUTOR_COMMAND`` names another one (CI runs the
    smoke tests on an install with the lowest Textual that pyproject.toml allows)."""
    override = os.environ.get("QUEENS_TUTOR_COMMAND")
    if override:
        return override
    beside = Path(sys.executable).parent / "queens-tutor"
    if not os.access(beside, os.X_OK):
        pytest.fail(f"queens-tutor is not installed beside {sys.executable} (pip install -e .)")
    return str(beside)


class Tmux:
    """One detached tmux session running one command, on its own server socket."""

    def __init__(
        self, command: str, width: int = 80, height: int = 24, env: dict[str, str] | None = None
    ) -> None:
        if shutil.which("tmux") is None:
            pytest.skip("tmux is not installed")
        self.socket = f"queens-tutor-test-{uuid.uuid4().hex[:12]}"
        self.target = "tutor"
        assignments = " ".join(f"{k}={shlex.quote(v)}" for k, v in (env or {}).items())
        # A shell runs the command and stays: it reports the exit status itself, and the
        # terminal's state can still be read after the command has ended.
        script = f"env {assignments} {command}; echo [exit status $?]; exec sleep 600"
        self.tmux(
            "-f", "/dev/null", "new-session", "-d", "-s", self.target,
            "-x", str(width), "-y", str(height), f"exec sh -c {shlex.quote(script)}",
        )  # fmt: skip

    def tmux(self, *args: str) -> str:
        result = subprocess.run(
            ["tmux", "-L", self.socket, *args],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=True,
            env={**os.environ, "TMUX": ""},
        )
        return result.stdout

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.target)

    def info(self, fmt: str) -> str:
        return self.tmux("display-message", "-p", "-t", self.target, fmt).strip()

    def keys(self, *keys: str, then: str | Callable[[str], bool] | None = None) -> str:
        """Send ``keys`` (tmux key names); the screen once it shows ``then`` (if given)."""
        self.tmux("send-keys", "-t", self.target, *keys)
        return self.wait_for(then) if then is not None else ""

    def enter(self, typed: str, then: str | Callable[[str], bool] | None = None) -> str:
        """Type ``typed`` as it is, then Enter; the screen once it shows ``then`` (if given)."""
        if typed:
            self.keys("-l", typed)
        self.keys("Enter")
        return self.wait_for(then) if then is not None else ""

    def raw(self, data: bytes) -> None:
        """Write ``data`` to the command's terminal in one piece, as it is: loaded into a tmux
        buffer and pasted without bracketed-paste markers (no ``-p``) and with no LF replaced
        (``-r``). ``send-keys -H`` writes the same bytes, but parsing one argument per byte
        cost tmux 7 s of CPU per 100,000 bytes."""
        subprocess.run(
            ["tmux", "-L", self.socket, "load-buffer", "-b", "raw", "-", ";",
             "paste-buffer", "-d", "-r", "-b", "raw", "-t", self.target],
            input=data, capture_output=True, timeout=TIMEOUT, check=True,
            env={**os.environ, "TMUX": ""},
        )  # fmt: skip

    def alive(self) -> bool:
        """Whether this session's tmux server still runs."""
        result = subprocess.run(
            ["tmux", "-L", self.socket, "has-session"],
            capture_output=True,
            timeout=TIMEOUT,
            env={**os.environ, "TMUX": ""},
        )
        return result.returncode == 0

    def wait_for(
        self, what: str | Callable[[str], bool], timeout: float = TIMEOUT, still: float = 0.1
    ) -> str:
        """Poll the screen until it contains ``what`` (or ``what(screen)`` holds) and is still
        (the same text twice, ``still`` seconds apart)."""
        check = (lambda s: what in s) if isinstance(what, str) else what
        deadline = time.monotonic() + timeout
        while True:
            screen = self.screen()
            if check(screen):
                # Return a whole frame: the same text twice, a moment apart.
                time.sleep(still)
                again = self.screen()
                if again == screen:
                    return screen
                continue
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what!r}; the screen:\n{screen}")
            time.sleep(0.05)

    def quit(self) -> None:
        """Press q: the command ends with exit status 0."""
        self.keys("q")
        assert (status := self.wait_exit()) == 0, f"exit status {status}"

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        """Wait for the command to end; its exit status, as the shell reported it."""
        screen = self.wait_for(lambda s: re.search(r"\[exit status \d+\]", s) is not None, timeout)
        found = re.search(r"\[exit status (\d+)\]", screen)
        assert found is not None
        return int(found.group(1))

    def app_pid(self) -> int:
        """The command's process: the one child of the pane's shell (waited for)."""
        shell = int(self.info("#{pane_pid}"))
        listed = Path(f"/proc/{shell}/task/{shell}/children")
        children = wait_until(lambda: listed.read_text().split(), "no command started", TIMEOUT)
        assert len(children) == 1, children
        return int(children[0])

    def _cpu_of(self, pid: int) -> float:
        """:func:`cpu_seconds` of the command; a test failure showing the screen once it has
        ended (the tutor quit or crashed while it was waited for)."""
        try:
            return cpu_seconds(pid)
        except FileNotFoundError:
            raise AssertionError(f"process {pid} ended; the screen:\n{self.screen()}") from None

    def wait_idle(self, pid: int, quiet: float = 0.5, timeout: float = 600.0) -> None:
        """Wait until process ``pid`` has used (almost) no CPU for ``quiet`` seconds and none of
        its threads waits for a core: it has read and handled all the input it was sent (a
        condition, not a fixed sleep; on a busy machine a process that waits for a core uses
        no CPU either)."""
        deadline = time.monotonic() + timeout
        before = self._cpu_of(pid)
        while True:
            time.sleep(quiet)
            now = self._cpu_of(pid)
            if now - before < quiet / 10 and not runnable(pid):
                return
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"process {pid} still busy after {timeout} s; the screen:\n{self.screen()}"
                )
            before = now

    @property
    def socket_path(self) -> Path:
        """Where tmux keeps this server's socket (``-L``: in its folder of the user's sockets)."""
        folder = Path(os.environ.get("TMUX_TMPDIR") or "/tmp") / f"tmux-{os.getuid()}"
        return folder / self.socket

    def __enter__(self) -> Tmux:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        subprocess.run(
            ["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=TIMEOUT
        )
        # The server leaves its socket file behind: a run would leave one a session in /tmp.
        self.socket_path.unlink(missing_ok=True)


def runnable(pid: int) -> bool:
    """Whether a thread of process ``pid`` is running or waiting for a core (state R)."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            state = (task / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue  # the thread ended meanwhile
        if state == "R":
            return True
    return False


def cpu_seconds(pid: int) -> float:
    """The CPU time (user and system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def b_row(screen: str) -> list[int]:
    """The ``b[i]`` row of the state table on a captured screen; [] while it is not there (a
    notice over it: a test waiting for a row goes on waiting)."""
    line = next((line for line in screen.splitlines() if "b[i]" in line), None)
    if line is None:
        return []
    cells = [cell.strip() for cell in line.replace("│", "|").split("|")]
    if "b[i]" not in cells[:-1]:
        return []  # the row's label or its values under a notice
    values = cells[cells.index("b[i]") + 1].split()
    if not all(value.lstrip("-").isdigit() for value in values):
        return []
    return [int(value) for value in values]


def narration(screen: str) -> str:
    """The text of the "what happened" pane, its lines joined with single spaces."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if "what happened" in line)
    body = []
    for line in lines[start + 1 :]:
        if not line.startswith(("│", "|")):
            break
        body.append(line.strip().strip("│|").strip())
    return " ".join(" ".join(body).split())
