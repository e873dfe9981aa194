"""``queens-tutor serve``'s forked sessions (tui/serve/fork*.py): a warm parent that has
imported the tutor forks each tab's session. How fast that is, and how much memory a session
takes, is measured by benchmarks/bench_serve_start.py, not here."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from tests.serve.server import Served, serving, until, wait_until
from tests.serve.tabs import open_tab
from tui.serve.fork import CLIENT, SOCKET_NAME
from tui.serve.session import NICENESS

pytestmark = pytest.mark.integration  # starts real servers and their session processes

SECRET = "QUEENS_TUTOR_TEST_SECRET"
SH = ["/bin/sh", "-c", "exit 7"]
CLIENT_MODULES = {"os", "select", "_socket"}
"""What the client imports itself (the standard modules these import come with them)."""
THE_TUTOR = {"textual", "rich", "tui", "lessons", "solver", "asyncio", "site"}
NOT_IN_THE_CLIENT = THE_TUTOR | {"enum", "signal", "socket"}
"""What the client never imports: the tutor, nor the Python halves of ``signal`` and ``socket``
(their enums would cost every tab memory)."""


def stat_fields(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def alive(pid: int) -> bool:
    try:
        return stat_fields(pid)[0] != "Z"
    except OSError:
        return False


def parent_of(pid: int) -> int:
    try:
        return int(stat_fields(pid)[1])
    except OSError:
        return 0


def warm_parent(served: Served, timeout: float = 30.0) -> int:
    """The id of the server's warm parent, once it listens."""
    deadline = time.monotonic() + timeout
    server = served.process.pid
    while True:
        found = []
        if (served.home / SOCKET_NAME).exists():
            for entry in Path("/proc").iterdir():
                if entry.name.isdigit():
                    try:
                        argv = (entry / "cmdline").read_bytes().split(b"\0")
                    except OSError:
                        continue
                    pid = int(entry.name)
                    # A forked session has its warm parent's command line: not the server's.
                    if b"tui.serve.fork_zygote" in argv and alive(pid) and parent_of(pid) == server:
                        found.append(pid)
        if len(found) == 1:
            return found[0]
        assert time.monotonic() < deadline, f"no warm parent: {found} {served.log()[-2000:]}"
        time.sleep(0.05)


def children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = stat_fields(int(entry.name))
            except OSError:
                continue
            if int(fields[1]) == parent and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def environment(pid: int) -> dict[str, str]:
    data = Path(f"/proc/{pid}/environ").read_bytes().decode("utf-8", "replace")
    return dict(item.split("=", 1) for item in data.split("\0") if "=" in item)


def socket_inodes(pid: int) -> set[str]:
    """The sockets process ``pid`` holds open (``socket:[INODE]``)."""
    found = set()
    for link in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            target = os.readlink(link)
            if target.startswith("socket:"):
                found.add(target)
    return found


def listening_tcp(port: int) -> set[str]:
    """The listening TCP sockets on 127.0.0.1:``port`` (``socket:[INODE]``)."""
    wanted = f"0100007F:{port:04X}"
    rows = [line.split() for line in Path("/proc/net/tcp").read_text().splitlines()[1:]]
    return {f"socket:[{row[9]}]" for row in rows if row[1] == wanted and row[3] == "0A"}


def unix_bound(path: str) -> set[str]:
    """The Unix sockets bound to ``path`` (``socket:[INODE]``)."""
    rows = [line.split() for line in Path("/proc/net/unix").read_text().splitlines()[1:]]
    return {f"socket:[{row[6]}]" for row in rows if len(row) > 7 and row[7] == path}


def wait_gone(*pids: int) -> None:
    wait_until(lambda: not any(map(alive, pids)), lambda: [p for p in pids if alive(p)], 15)


HOSTILE = """import os, pathlib
pathlib.Path(__file__).with_name(f"ran-in-{os.getpid()}").touch()
"""


async def test_a_forked_session_works_with_the_minimal_environment_and_nice_10(
    tmp_path: Path,
) -> None:
    """Also: a ``platform.py`` left in the folder the server starts in is never imported, by
    the server, its warm parent or a session."""
    (tmp_path / "platform.py").write_text(HOSTILE)
    with serving("--keep", "0", env={SECRET: "do not pass on"}, cwd=tmp_path) as served:
        warm = warm_parent(served)
        async with aiohttp.ClientSession() as client:
            tab = await open_tab(client, served, ready=True)
            await tab.press("  ", then="tick 2")
            [session] = children(warm)
            [client_pid] = served.wait_sessions(1)  # the client stands for the session
            assert parent_of(session) == warm
            forked_argv = Path(f"/proc/{session}/cmdline").read_bytes().split(b"\0")
            assert b"tui.serve.fork_zygote" in forked_argv  # forked, not started over
            assert os.getpgid(session) == session  # its own process group
            # The session's environment is its client's (which env -i made minimal), set
            # after the fork: /proc shows the client's, and the warm parent's in the child.
            own = environment(client_pid)
            assert SECRET in environment(served.process.pid)
            assert SECRET not in own and SECRET not in environment(session)
            argv = Path(f"/proc/{client_pid}/cmdline").read_bytes().decode().split("\0")
            home = Path(argv[argv.index("--home") + 1])
            assert float(argv[argv.index("--run-cpu") + 1]) == 60  # the default budget of a run
            assert own["HOME"] == str(home) and home.parent == served.home
            assert own["XDG_STATE_HOME"] == str(home / "state")
            where = home / "state" / "queens-tutor" / "where.json"
            # the session writes where it is in its own home
            await until(where.exists, lambda: list(home.rglob("*")))
            # The session holds neither the server's listening socket nor the warm parent's.
            server_sockets = listening_tcp(served.port) & socket_inodes(served.process.pid)
            # bound under a temporary name, then renamed into place once listening
            warm_sockets = unix_bound(f"{served.home / SOCKET_NAME}.new")
            assert server_sockets and warm_sockets
            assert not (server_sockets | warm_sockets) & socket_inodes(session)
            server_nice = int(stat_fields(served.process.pid)[16])
            assert int(stat_fields(session)[16]) == server_nice + NICENESS
            assert int(stat_fields(client_pid)[16]) == server_nice + NICENESS
            await tab.socket.close()
            wait_gone(session, client_pid)
            assert alive(warm)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["platform.py"]


async def test_a_killed_warm_parent_is_restarted_and_sigterm_ends_every_session() -> None:
    """Without its warm parent a tab gets the plain start, and the parent is started again;
    SIGTERM then ends every session, detached or not, and the warm parent."""
    with serving("--keep", "5") as served:  # an idle tab that misses a ping is kept
        warm = warm_parent(served)
        async with aiohttp.ClientSession() as client:
            first = await open_tab(client, served, ready=True)
            [forked] = children(warm)
            os.kill(warm, signal.SIGKILL)
            wait_gone(warm)
            second = await open_tab(client, served)  # the plain command, while it restarts
            await second.wait_for("tick 0")
            await first.press(" ", then="tick 1")  # the first session outlives its warm parent
            await asyncio.to_thread(served.wait_log, "warm parent ended")
            assert served.log().count("warm parent start") == 2
            again = await asyncio.to_thread(warm_parent, served)  # the tabs keep answering pings
            assert again != warm
            third = await open_tab(client, served)
            await third.wait_for("tick 0")
            [forked_again] = children(again)  # forked by the new one
            assert alive(forked)
            clients = served.wait_sessions(3)
            await first.socket.close()  # one detached (kept), the others attached
            assert served.stop() == 0
            wait_gone(again, forked, forked_again, *clients)


def test_the_client_imports_little_and_runs_the_plain_command_without_a_warm_parent(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-X", "importtime", str(CLIENT), str(tmp_path / "none"), *SH],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 7  # the plain command ran, in its place
    imported = {
        line.split("|")[-1].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:")
    }
    assert imported >= CLIENT_MODULES
    assert not NOT_IN_THE_CLIENT & imported
