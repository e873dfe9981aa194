"""Run ``queens-tutor serve`` on a loopback port for a test, and find its session processes."""

from __future__ import annotations

import asyncio
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

START_TIMEOUT = 20.0
ANSI = re.compile(r"\x1b\[[0-9;?$]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07")


def plain(terminal_output: str) -> str:
    """Terminal output without its escape sequences: the text a person reads."""
    return ANSI.sub("", terminal_output)


def _failure(what: object) -> str:
    return str(what() if callable(what) else what)


def wait_until(
    check: Callable[[], T | None], what: object = "", timeout: float = 15.0, every: float = 0.05
) -> T:
    """Poll ``check()`` until it is true; its value. At ``timeout`` seconds, fail saying
    ``what`` (or ``what()``: the state that was waited on)."""
    deadline = time.monotonic() + timeout
    while not (found := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout} s: {_failure(what)}")
        time.sleep(every)
    return found


async def until(
    check: Callable[[], T | None], what: object = "", timeout: float = 15.0, every: float = 0.05
) -> T:
    """:func:`wait_until` in a coroutine: it looks from a thread, the event loop runs on."""
    return await asyncio.to_thread(wait_until, check, what, timeout, every)


PROXY_SECRET = "test-proxy-secret-5f0c9a1e7b3d"
"""The secret the tests' proxy (or a test playing it) adds in X-Proxy-Secret."""


def secret_file(folder: Path) -> Path:
    """A private file holding :data:`PROXY_SECRET`, for ``--proxy-secret-file``."""
    path = folder / "proxy-secret"
    path.write_text(PROXY_SECRET + "\n")
    path.chmod(0o600)
    return path


def listening(
    process: subprocess.Popen[Any], port: int, unix: Path | None = None, timeout: float = 20.0
) -> bool:
    """Wait until ``process`` accepts connections on loopback ``port`` (or the socket file
    ``unix``); False if it ended first or ``timeout`` passed."""
    deadline = time.monotonic() + timeout
    while process.poll() is None and time.monotonic() < deadline:
        try:
            if unix is None:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
            else:
                with socket.socket(socket.AF_UNIX) as probe:
                    probe.connect(str(unix))
            return True
        except OSError:
            time.sleep(0.05)
    return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Served:
    process: subprocess.Popen[str]
    port: int
    scratch: Path
    """The server's temporary folder (its TMPDIR), which holds its output."""
    unix_socket: Path | None = None
    """The socket file it listens on (``--unix-socket``), or None: the port."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def home(self) -> Path:
        """The server's own directory, which holds the session directories."""
        found = list(self.scratch.glob("queens-tutor-serve-*"))
        assert len(found) == 1, found
        return found[0]

    def output(self) -> str:
        """What the server wrote on its standard output so far."""
        return (self.scratch / "stdout").read_text(errors="replace")

    def log(self) -> str:
        """What the server wrote on its standard error so far (its log)."""
        return (self.scratch / "stderr").read_text(errors="replace")

    def wait_log(self, words: str, timeout: float = 15.0) -> str:
        """Wait until the log has a line with ``words``; that line."""
        found = wait_until(
            lambda: [line for line in self.log().splitlines() if words in line],
            lambda: f"no {words!r} in the log: {self.log()[-2000:]!r}",
            timeout,
        )
        return found[0]

    def wait_output(self, words: str, timeout: float = 60.0) -> str:
        """Wait until the standard output has ``words`` (its start lines are printed once the
        application starts, after the socket is bound: a client may connect before); all of
        it."""
        wait_until(
            lambda: words in self.output(),
            lambda: f"no {words!r} on stdout: {self.output()[-2000:]!r}",
            timeout,
        )
        return self.output()

    def sessions(self) -> list[int]:
        """The ids of the server's session processes (its children running a tab's tutor)."""
        return session_processes(self.process.pid)

    def wait_sessions(self, count: int, timeout: float = 30.0) -> list[int]:
        """Wait until exactly ``count`` session processes run; their ids."""

        def found() -> tuple[list[int]] | None:
            sessions = self.sessions()
            return (sessions,) if len(sessions) == count else None

        said = lambda: f"{len(self.sessions())} session processes, not {count}"  # noqa: E731
        return wait_until(found, said, timeout, 0.1)[0]

    def stop(self, timeout: float = 30.0, signum: int = signal.SIGTERM) -> int:
        """SIGTERM (as a service manager stops it), or ``signum``; returns its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signum)
        return self.process.wait(timeout)


def session_processes(server_pid: int) -> list[int]:
    """Live processes started as sessions of the server ``server_pid`` (its id is on their
    command line), wherever they are now: an orphan is found too."""
    marker = [b"--server-pid", str(server_pid).encode()]
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state = stat.rsplit(")", 1)[1].split()[0]
        at = argv.index(marker[0]) if marker[0] in argv else -1
        if at >= 0 and argv[at : at + 2] == marker and state != "Z":
            found.append(int(entry.name))
    return found


def limits(max_files: int | None, nohup: bool) -> Callable[[], None]:
    """For ``preexec_fn``: at most ``max_files`` open files, and SIGHUP ignored (as ``nohup``
    starts a program) when ``nohup``, else not (even if the tests run under nohup)."""

    def limit() -> None:
        if max_files is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (max_files, max_files))
        signal.signal(signal.SIGHUP, signal.SIG_IGN if nohup else signal.SIG_DFL)

    return limit


def server_environment(scratch: Path, extra: dict[str, str]) -> dict[str, str]:
    """The test server's environment: this one's, with its data, settings and temporary
    files in ``scratch`` and English messages (whatever the developer's own saved language or
    locale: a module's server starts before the per-test environment applies), then
    ``extra``."""
    own = {name: value for name, value in os.environ.items() if name != "LC_ALL"}
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        own[variable] = str(scratch / variable.lower())
    return {**own, "PYTHONUNBUFFERED": "1", "TMPDIR": str(scratch), "LC_MESSAGES": "C", **extra}


@contextmanager
def serving(
    *args: str,
    env: dict[str, str] | None = None,
    max_files: int | None = None,
    nohup: bool = False,
    unix_socket: Path | None = None,
    port: int | None = None,
    cwd: Path | None = None,
) -> Iterator[Served]:
    """``queens-tutor serve`` on a free loopback port (or ``port``, or the socket file
    ``unix_socket``), with ``env`` added to its environment, at most ``max_files`` open files,
    and SIGHUP ignored if ``nohup``; SIGTERM when done, and its files removed. Started in
    ``cwd`` by its installed command, as a user starts it (else ``python -m tui`` here)."""
    port = port or free_port()
    where = ["--port", str(port)] if unix_socket is None else ["--unix-socket", str(unix_socket)]
    # The server's own temporary folder: what a server killed with SIGKILL cannot clean up
    # stays in it, and it goes with the test.
    scratch = Path(tempfile.mkdtemp(prefix="queens-tutor-test-serve-"))
    with (scratch / "stdout").open("w") as out, (scratch / "stderr").open("w") as err:
        command = [str(Path(sys.executable).with_name("queens-tutor"))] if cwd else []
        process = subprocess.Popen(
            [*(command or [sys.executable, "-m", "tui"]), "serve", *where, *args],
            cwd=cwd,
            stdout=out,
            stderr=err,
            text=True,
            env=server_environment(scratch, env or {}),
            preexec_fn=limits(max_files, nohup),
        )
    served = Served(process, port, scratch, unix_socket)
    try:
        if not listening(process, port, unix_socket, START_TIMEOUT):
            raise AssertionError(f"the server did not start: {served.output()} {served.log()}")
        yield served
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(scratch, ignore_errors=True)
