"""A class starting at once: 30 tabs opened in the same second against ``queens-tutor serve``
with forked sessions (the default), with ``--no-fork``, and against plain textual-serve
serving a minimal Textual app; time until each tab shows its first frame, and memory per idle
session.

Run: ``python -m benchmarks serve_start`` (or ``python benchmarks/bench_serve_start.py``);
``--tabs 30`` and ``--rounds 3`` are the defaults.

Method. Each variant's server runs on a free loopback port with its own TMPDIR, and is ready
once it accepts connections (and, with forking, once its warm parent listens: its socket
exists). Then ``--tabs`` websocket clients (aiohttp, what the page's script does) connect at
once, each asking for a 100x30 terminal; a tab's start is from the moment all were launched
until its output shows its first frame: the board's ``tick 0`` for the tutor, the minimal
app's text for textual-serve. With all open, after 3 s of idling, memory is the proportional
set size (Pss, /proc/PID/smaps_rollup: shared pages divided among the processes sharing them)
of every process under the server (a tab's shell, client and session), divided by the number
of tabs; the warm parent is reported on its own (it is one per server, not per tab). Then the
tabs close and the server gets SIGTERM. The variants take turns (the order rotates each
round), because the machine is shared and its load changes: the table gives the median over
the rounds and, in brackets, the lowest and highest.
"""

from __future__ import annotations

import argparse
import asyncio
import os
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

from benchmarks.bench_serve import Session
from benchmarks.home import leave_home_alone

ROOT = Path(__file__).resolve().parents[1]
MINIMAL_TEXT = "minimal app ready"
MINIMAL_APP = f"""
from textual.app import App
from textual.widgets import Static


class Minimal(App):
    def compose(self):
        yield Static({MINIMAL_TEXT!r})


Minimal().run()
"""
TEXTUAL_SERVE = """
import sys
from textual_serve.server import Server

Server(sys.argv[1], port=int(sys.argv[2])).serve()
"""
VARIANTS = ("fork", "no-fork", "textual-serve")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def stat_fields(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def descendants(root: int) -> list[int]:
    """The live processes under ``root`` (not itself)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = stat_fields(int(entry.name))
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    found: list[int] = []
    wanted = {root}
    while True:
        more = [pid for pid, parent in parents.items() if parent in wanted and pid not in found]
        if not more:
            return found
        found += more
        wanted = set(more)


def pss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    raise LookupError(pid)


def is_warm_parent(pid: int) -> bool:
    argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    return b"tui.serve.fork_zygote" in argv


Tab = Session
"""A tab that reads its output all the time, as the page does (bench_serve's own)."""


async def open_tab(
    client: aiohttp.ClientSession, url: str, words: str, t0: float
) -> tuple[Tab, float]:
    tab = Tab(await client.ws_connect(url))
    await tab.until(words)
    return tab, time.perf_counter() - t0


async def class_start(port: int, server: int, tabs: int, words: str) -> dict[str, float]:
    url = f"http://127.0.0.1:{port}/ws?width=100&height=30"
    async with aiohttp.ClientSession() as client:
        t0 = time.perf_counter()
        both = await asyncio.gather(*(open_tab(client, url, words, t0) for _ in range(tabs)))
        opened = [tab for tab, _seconds in both]
        starts = [seconds for _tab, seconds in both]
        await asyncio.sleep(3)
        processes = descendants(server)
        warm = [p for p in processes if is_warm_parent(p) and int(stat_fields(p)[1]) == server]
        per_tab = sum(pss_mib(pid) for pid in processes if pid not in warm) / tabs
        for tab in opened:
            await tab.socket.close()
            await tab.reader
    return {
        "median": statistics.median(starts),
        "last": max(starts),
        "pss": per_tab,
        "warm": sum(pss_mib(pid) for pid in warm),
        "load": os.getloadavg()[0],
    }


def wait_ready(port: int, process: subprocess.Popen[bytes], scratch: Path, fork: bool) -> None:
    deadline = time.monotonic() + 120
    while True:
        ready = True
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            ready = False
        if ready and fork:
            ready = any(scratch.glob("queens-tutor-serve-*/fork.sock"))
        if ready:
            return
        if process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.1)


def run_variant(variant: str, tabs: int) -> dict[str, float]:
    port = free_port()
    scratch = Path(tempfile.mkdtemp(prefix="bench-serve-start-"))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(scratch)}
    for name in ("XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
        env[name] = str(scratch / name.lower())
    if variant == "textual-serve":
        app = scratch / "minimal_app.py"
        app.write_text(MINIMAL_APP)
        command = [sys.executable, "-c", TEXTUAL_SERVE, f"{sys.executable} {app}", str(port)]
        words = MINIMAL_TEXT
    else:
        command = [sys.executable, "-m", "tui", "serve", "--port", str(port)]
        command += ["--max-sessions", str(tabs), "--seats-per-user", str(tabs), "--keep", "0"]
        command += ["--no-fork"] if variant == "no-fork" else []
        command += ["--server-data", str(scratch / "served")]  # never the home's
        words = "tick 0"
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_ready(port, process, scratch, variant == "fork")
        return asyncio.run(class_start(port, process.pid, tabs, words))
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(scratch, ignore_errors=True)


def spread(values: list[float], unit: str, scale: float = 1.0, digits: int = 1) -> str:
    median, low, high = statistics.median(values), min(values), max(values)
    return (
        f"{median * scale:.{digits}f} {unit} ({low * scale:.{digits}f}-{high * scale:.{digits}f})"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    print(
        f"machine: {os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}; "
        f"{args.tabs} tabs at once, {args.rounds} rounds",
        flush=True,
    )
    results: dict[str, list[dict[str, float]]] = {variant: [] for variant in VARIANTS}
    for round_ in range(args.rounds):
        order = VARIANTS[round_ % 3 :] + VARIANTS[: round_ % 3]
        for variant in order:
            result = run_variant(variant, args.tabs)
            results[variant].append(result)
            print(
                f"round {round_ + 1} {variant}: median {result['median']:.2f} s, "
                f"last {result['last']:.2f} s, Pss {result['pss']:.1f} MiB per tab, "
                f"warm parent {result['warm']:.0f} MiB, load {result['load']:.1f}",
                flush=True,
            )
    print()
    print(
        "| variant | first frame, median tab | first frame, last tab | Pss per idle tab "
        "| warm parent Pss | load avg |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for variant in VARIANTS:
        rows = results[variant]
        print(
            f"| {variant} | {spread([r['median'] for r in rows], 's')} "
            f"| {spread([r['last'] for r in rows], 's')} "
            f"| {spread([r['pss'] for r in rows], 'MiB')} "
            f"| {spread([r['warm'] for r in rows], 'MiB', digits=0)} "
            f"| {spread([r['load'] for r in rows], '')} |"
        )
    return 0


if __name__ == "__main__":
    leave_home_alone()  # the tutors it starts keep their files there (benchmarks/home.py)
    raise SystemExit(main(sys.argv[1:]))
