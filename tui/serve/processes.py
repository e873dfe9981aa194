"""Finding and ending ``queens-tutor serve``'s session processes (Linux ``/proc``) by the
session folder on their command line, so that nothing outlives the server."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import time
from pathlib import Path

PROC = Path("/proc")


def processes_with_arg(arg: str) -> list[int]:
    """The ids of this user's processes that have ``arg`` as one of their arguments."""
    wanted = os.fsencode(arg)
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if entry.stat().st_uid != os.getuid():
                continue
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue  # gone meanwhile, or not ours to read
        if any(part == wanted or part.startswith(wanted + b"/") for part in argv):
            found.append(int(entry.name))
    return found


def children_mentioning(text: str) -> list[int]:
    """The ids of this process's children whose command line mentions ``text``, in any
    argument (a shell's command too: a session's process is a shell until it execs)."""
    wanted = os.fsencode(text)
    me = os.getpid()
    found = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            mentions = wanted in (entry / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue  # gone meanwhile, or not ours to read
        if parent == me and mentions:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        state = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"  # a zombie has ended: its parent only has not collected it yet


def end_processes(pids: list[int], grace: float = 3.0) -> list[int]:
    """SIGTERM each process, wait up to ``grace`` seconds, SIGKILL the rest; those killed."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    left = [pid for pid in pids if _alive(pid)]
    while left and time.monotonic() < deadline:
        time.sleep(0.05)
        left = [pid for pid in left if _alive(pid)]
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return left


async def until_ended(pid: int) -> bool:
    """Wait until process ``pid`` has ended, through a Linux pidfd (no polling): True then;
    False at once where the process cannot be watched so."""
    try:
        descriptor = os.pidfd_open(pid)
    except ProcessLookupError:
        return True  # it has ended (and been collected) already
    except (AttributeError, OSError):
        return False
    ended = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_reader(descriptor, ended.set)
    try:
        await ended.wait()
    finally:
        loop.remove_reader(descriptor)
        os.close(descriptor)
    return True


async def until_collected(pid: int, limit: float = 5.0) -> None:
    """Wait at most ``limit`` seconds until child ``pid`` has been collected and asyncio told,
    so that its transport is closed before the loop."""
    deadline = time.monotonic() + limit
    while (PROC / str(pid)).exists() and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)  # the watcher's call, then the transport's close, on the loop


def die_with_parent(parent: int) -> None:
    """Have Linux send this process SIGTERM when its parent ``parent`` dies; end at once if it
    is already gone. Elsewhere, nothing."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        raise SystemExit(0)


PID_FILE = "server.pid"
"""In a server's own folder: its process id, so that the next server knows it ended."""


def remove_stale_homes(folder: Path, prefix: str) -> list[str]:
    """Remove the folders ``prefix*`` in ``folder`` left by this account's killed servers,
    ending their session processes first; the folders removed."""
    removed = []
    uid = os.geteuid()
    for home in sorted(folder.glob(prefix + "*")):
        try:
            info = home.lstat()
            pid_text = (home / PID_FILE).read_text(encoding="ascii").strip()
        except (OSError, UnicodeDecodeError):
            continue  # not a server's folder of this version, or not ours to read
        if info.st_uid != uid or not home.is_dir() or home.is_symlink():
            continue
        if not pid_text.isdecimal() or _server_alive(int(pid_text), home):
            continue
        left = processes_with_arg(str(home))
        if left:
            end_processes(left)
        shutil.rmtree(home, ignore_errors=True)
        removed.append(str(home))
    return removed


def _server_alive(pid: int, home: Path) -> bool:
    """Whether process ``pid`` is still the server of ``home`` (a reused id is not)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"serve" in cmdline and _alive(pid)
