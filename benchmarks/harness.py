"""What the benchmarks share: their options, statistics, readings of /proc, a server of the
tutor and a browser tab's client."""

from __future__ import annotations

import argparse
import asyncio
import compileall
import contextlib
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import aiohttp

ROOT = Path(__file__).resolve().parent.parent
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


def options(argv: list[str] | None, doc: str | None, **defaults: Any) -> argparse.Namespace:
    """``argv`` parsed: each keyword is an option (``no_served`` is ``--no-served``, a
    one-letter name ``-n``) whose default gives its type; a default of False makes a flag."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    for name, default in defaults.items():
        flag = ("-" if len(name) == 1 else "--") + name.replace("_", "-")
        if default is False:
            parser.add_argument(flag, action="store_true")
        else:
            kind = str if default is None else type(default)
            parser.add_argument(flag, type=kind, default=default)
    return parser.parse_args(argv)


def load() -> float:
    """The machine's load average over the last minute."""
    return os.getloadavg()[0]


def p95(values: list[float]) -> float:
    """The 95th percentile, nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def spread(values: list[float], unit: str = "", digits: int = 1) -> str:
    """``median unit (lowest-highest)``."""
    low, high, median = min(values), max(values), statistics.median(values)
    unit = f" {unit}" if unit else ""
    return f"{median:.{digits}f}{unit} ({low:.{digits}f}-{high:.{digits}f})"


T = TypeVar("T")


def best_of(repeats: int, work: Callable[[], T]) -> tuple[float, T]:
    """The quickest of ``repeats`` calls of ``work`` (seconds), and what the last returned."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        value = work()
        best = min(best, time.perf_counter() - started)
    return best, value


def timed(call: Callable[[], object], rounds: int) -> tuple[float, float, float]:
    """The median and the slowest wall time of a call, and its median CPU time."""
    walls, cpus = [], []
    for _round in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), max(walls), statistics.median(cpus)


def compile_sources(root: Path = ROOT) -> None:
    """Compile ``root``'s packages to bytecode, as ``pip install`` does."""
    for package in ("solver", "lessons", "tui"):
        compileall.compile_dir(root / package, quiet=1)


def print_table(header: str, rows: list[list[str]]) -> None:
    """A Markdown table whose header is ``"first | second | ..."``."""
    names = header.split(" | ")
    for cells in (names, ["---"] * len(names), *rows):
        print(f"| {' | '.join(cells)} |")


# -- /proc -----------------------------------------------------------------------------------


def proc_stat(pid: int) -> list[str]:
    """/proc/PID/stat's fields after the command's name (the state first)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(*pids: int) -> float:
    """The user and system CPU time of ``pids`` so far, all their threads (a process gone is
    not counted)."""
    ticks = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = proc_stat(pid)
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def cores(pids: list[int], seconds: float = 5.0) -> float:
    """The cores ``pids`` use together over the next ``seconds``."""
    before = cpu_seconds(*pids)
    time.sleep(seconds)
    return (cpu_seconds(*pids) - before) / seconds


def descendants(root: int) -> list[int]:
    """The live processes under ``root`` (not itself)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                fields = proc_stat(int(entry.name))
                if fields[0] != "Z":
                    parents[int(entry.name)] = int(fields[1])
    found: list[int] = []
    wanted = {root}
    while wanted:
        wanted = {pid for pid, parent in parents.items() if parent in wanted}
        found += wanted
    return found


def served(server: int) -> dict[str, list[int]]:
    """The processes under a ``queens-tutor serve``: its ``warm`` parent (none with
    ``--no-fork``), its tabs' ``clients`` (with forking) and their ``sessions``."""
    found: dict[str, list[int]] = {"warm": [], "clients": [], "sessions": []}
    for pid in descendants(server):
        with contextlib.suppress(OSError):
            argv = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"fork_client" in argv:
                found["clients"].append(pid)
            elif b"tui.serve.fork_zygote" in argv and int(proc_stat(pid)[1]) == server:
                found["warm"].append(pid)
            else:
                found["sessions"].append(pid)
    return found


def proc_kib(pid: int, field: str, name: str = "status") -> int:
    """A field in KiB of /proc/PID/``name`` (``VmRSS`` of status, ``Pss`` of smaps_rollup)."""
    for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def pss_mib(pid: int) -> float:
    """The proportional set size: the pages shared with others divided among them."""
    return proc_kib(pid, "Pss", "smaps_rollup") / 1024


# -- a server and its tabs --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def server(
    options: list[str],
    root: Path = ROOT,
    command: list[str] | None = None,
    size: tuple[int, int] = (100, 30),
) -> Iterator[tuple[str, int]]:
    """``queens-tutor serve`` of ``root``'s code with ``options`` on a free loopback port (or
    ``command``, given the port as its last argument), its data and temporary files in a
    folder of its own; the URL of a tab of ``size`` and the server's process id, once it
    listens and its warm parent is ready. SIGTERM at the end."""
    port = free_port()
    scratch = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    env = {**os.environ, "PYTHONPATH": str(root), "TMPDIR": str(scratch)}
    if command is None:
        command = [sys.executable, "-m", "tui", "serve", "--server-data", str(scratch / "data")]
        command += [*options, "--port"]
    forks = command[1:3] == ["-m", "tui"] and "--no-fork" not in options
    process = subprocess.Popen(
        [*command, str(port)],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 120
        while not listening(port) or (forks and not any(scratch.glob("*/fork.sock"))):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/ws?width={size[0]}&height={size[1]}", process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(scratch, ignore_errors=True)


def listening(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


class Tab:
    """A browser tab: reads its tutor's output all the time, as the page does (a client that
    stops reading is dropped); keeps the last ``keep`` characters."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse, keep: int = 0) -> None:
        self.socket = socket
        self.keep = keep
        self.text = ""
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self.read())

    @classmethod
    async def open(cls, client: aiohttp.ClientSession, url: str, keep: int = 0) -> Tab:
        return cls(await client.ws_connect(url), keep)

    async def read(self) -> None:
        import aiohttp

        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.text += message.data.decode("utf-8", "replace")
                self.text = self.text[-self.keep :] if self.keep else self.text
                self.changed.set()
        self.changed.set()

    @property
    def shown(self) -> str:
        return visible_text(self.text.encode())

    async def until(self, words: str, timeout: float = 300.0) -> float:
        """Wait until the tab shows ``words``; the moment it did."""
        while True:
            self.changed.clear()
            if words in self.shown:
                return time.perf_counter()
            if self.reader.done():
                raise RuntimeError(f"the tab closed before {words!r}")
            await asyncio.wait_for(self.changed.wait(), timeout)

    async def press(self, keys: str) -> float:
        """Send ``keys``; the moment they were sent."""
        await self.socket.send_json(["stdin", keys])
        return time.perf_counter()

    async def close(self) -> None:
        await self.socket.close()
        await self.reader
