"""``queens-tutor serve``: memory per browser session, start-up and key latency with many
sessions open, and how many sessions fit on this machine.

Run: ``python -m benchmarks serve`` (or ``python benchmarks/bench_serve.py``); ``--sessions
10,30,60`` sets the numbers of sessions held open at once (default 10,30).

Method. The server is this working tree's ``python -m tui serve`` on a free loopback port.
Each session is a websocket client (aiohttp, what the page's script does, without a browser:
tests/serve/test_browser.py checks the page in a real one) asking for a 100x30 terminal. For
each level K the clients connect all at once; a session's start-up is from its connect until
its output shows ``tick 0`` (the first frame drawn). With all K open and idle, each session
process's memory is read from /proc: VmRSS and the proportional set size (Pss, from
smaps_rollup: shared pages divided among the processes that share them, the fair share of
one more session), and the CPU the K idle sessions use over 5 s (utime + stime). Then every
session in turn gets a space and the time until its output shows the next tick is taken (key
latency with K sessions open). Then all close, and the benchmark checks that no session
process is left. "Sessions that fit" divides 80% of MemTotal by the median Pss (memory) and
says what the CPU figures mean for 2 cores; the load average is printed, since the machine is
shared.
"""

from __future__ import annotations

import argparse
import asyncio
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
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.home import leave_home_alone

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-9;?$]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07")
TICKS = re.compile(r"tick (\d+)")
TIMEOUT = 300.0


def wait_listening(port: int, seconds: float) -> None:
    """Wait until a server accepts connections on ``port`` of this machine (at most ``seconds``;
    then the last connection's error is raised)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def sessions_of(server: int) -> list[int]:
    marker = [b"--server-pid", str(server).encode()]
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"tui.serve.session" in argv and argv[argv.index(marker[0]) :][:2] == marker:
            found.append(int(entry.name))
    return found


def status_kib(pid: int, field: str, name: str = "status") -> int:
    for line in Path(f"/proc/{pid}/{name}").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Session:
    """A tab: reads its tutor's output all the time, as the page does (which also answers the
    server's heartbeat pings; a client that stops reading is dropped after 15 s)."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.text = ""
        self.changed = asyncio.Event()
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.text += message.data.decode("utf-8", "replace")
                self.changed.set()
        self.changed.set()

    async def until(self, pattern: str) -> None:
        while True:
            self.changed.clear()
            if pattern in ANSI.sub("", self.text):
                return
            if self.reader.done():
                raise RuntimeError(f"session closed before {pattern!r}")
            await asyncio.wait_for(self.changed.wait(), TIMEOUT)

    async def close(self) -> None:
        await self.socket.close()
        await self.reader


async def open_session(client: aiohttp.ClientSession, url: str) -> tuple[Session, float]:
    started = time.perf_counter()
    session = Session(await client.ws_connect(url))
    await session.until("tick 0")
    return session, time.perf_counter() - started


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, round(0.95 * len(ordered)) - 1)]


async def level(url: str, server: int, count: int) -> dict[str, float]:
    async with aiohttp.ClientSession() as client:
        opened = await asyncio.gather(*(open_session(client, url) for _ in range(count)))
        sessions = [session for session, _ in opened]
        starts = [seconds for _, seconds in opened]
        await asyncio.sleep(2)  # settle: the first frame's idle work
        pids = sessions_of(server)
        assert len(pids) == count, (len(pids), count)
        start_cpu = [cpu_seconds(pid) for pid in pids]
        rss = [status_kib(pid, "VmRSS") / 1024 for pid in pids]
        pss = [status_kib(pid, "Pss", "smaps_rollup") / 1024 for pid in pids]
        before = sum(cpu_seconds(pid) for pid in pids)
        await asyncio.sleep(5)
        idle_cpu = (sum(cpu_seconds(pid) for pid in pids) - before) / 5
        latencies = []
        before_keys = sum(cpu_seconds(pid) for pid in pids)
        for session in sessions:
            started = time.perf_counter()
            await session.socket.send_json(["stdin", " "])
            await session.until("tick 1")
            latencies.append(time.perf_counter() - started)
        key_cpu = (sum(cpu_seconds(pid) for pid in pids) - before_keys) / count
        for session in sessions:
            await session.close()
    deadline = time.monotonic() + 60
    while sessions_of(server):
        if time.monotonic() > deadline:
            raise RuntimeError("session processes left after their tabs closed")
        await asyncio.sleep(0.1)
    return {
        "start_median": statistics.median(starts),
        "start_p95": p95(starts),
        "start_cpu": statistics.median(start_cpu),
        "key_cpu": key_cpu,
        "rss": statistics.median(rss),
        "pss": statistics.median(pss),
        "idle_cpu": idle_cpu,
        "key_median": statistics.median(latencies),
        "key_p95": p95(latencies),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", default="10,30", help="levels, e.g. 10,30,60")
    args = parser.parse_args(argv)
    levels = [int(text) for text in args.sessions.split(",")]
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "tui", "serve", "--port", str(port)]
    command += ["--max-sessions", str(max(levels)), "--keep", "0"]  # a closed tab ends at once
    data = tempfile.mkdtemp(prefix="bench-serve-")  # the server's data: never the home's
    command += ["--server-data", data]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    try:
        wait_listening(port, 30)
        url = f"http://127.0.0.1:{port}/ws?width=100&height=30"
        mem_total = status_kib(os.getpid(), "MemTotal", "../meminfo") / 1024
        print(
            f"machine: {os.cpu_count()} cores, {mem_total / 1024:.1f} GiB; "
            f"load average before: {os.getloadavg()[0]:.1f}"
        )
        print(f"server alone: VmRSS {status_kib(server.pid, 'VmRSS') / 1024:.0f} MiB")
        print(
            "| sessions | start-up median / p95 | CPU to start one | VmRSS per session "
            "| Pss per session | CPU of all idle sessions | key latency median / p95 "
            "| CPU per key | load avg |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        last: dict[str, float] = {}
        for count in levels:
            last = asyncio.run(level(url, server.pid, count))
            print(
                f"| {count} | {last['start_median']:.2f} s / {last['start_p95']:.2f} s "
                f"| {last['start_cpu']:.2f} s "
                f"| {last['rss']:.0f} MiB | {last['pss']:.0f} MiB "
                f"| {100 * last['idle_cpu']:.1f}% of one core "
                f"| {1000 * last['key_median']:.0f} ms / {1000 * last['key_p95']:.0f} ms "
                f"| {1000 * last['key_cpu']:.0f} ms "
                f"| {os.getloadavg()[0]:.1f} |",
                flush=True,
            )
        fit = int(0.8 * mem_total / last["pss"])
        print(
            f"memory: 80% of {mem_total / 1024:.1f} GiB / {last['pss']:.0f} MiB Pss "
            f"= about {fit} sessions"
        )
        most = levels[-1]
        burst = last["start_cpu"] * most / (os.cpu_count() or 1)
        print(
            f"CPU: {most} tabs opened at once need about {burst:.0f} s of all "
            f"{os.cpu_count()} cores to start; then each key costs "
            f"{1000 * last['key_cpu']:.0f} ms of CPU"
        )
    finally:
        server.send_signal(signal.SIGTERM)
        status = server.wait(60)
        shutil.rmtree(data, ignore_errors=True)
    left = sessions_of(server.pid)
    print(f"server stopped (status {status}); session processes left: {len(left)}")
    return 0 if status == 0 and not left else 1


if __name__ == "__main__":
    leave_home_alone()  # the tutors it starts keep their files there (benchmarks/home.py)
    raise SystemExit(main(sys.argv[1:]))
