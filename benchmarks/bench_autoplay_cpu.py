"""Autoplay's cost: the CPU the tutor uses while autoplay plays all solutions of 16x16 at its top
speed, in a terminal and served to a browser tab, and the keys answered meanwhile.

Run: ``python benchmarks/bench_autoplay_cpu.py`` (or ``python -m benchmarks autoplay_cpu``);
``--seconds S`` (default 8), ``--rounds N`` (default 3), ``--keys K`` (default 20 keys each way),
``--no-served`` to leave the served measure out.

Method. In a terminal: ``queens-tutor -n 16 --all`` on a fresh 80x24 pseudo-terminal, as
bench_tui_latency.py starts it (this working tree's code, compiled first). ``+`` is pressed 8
times (10,000 ticks/s), then ``p``; after 1 s of warm-up the benchmark reads the terminal for S
seconds and counts the process's CPU time (utime + stime from /proc/PID/stat, all its threads:
the worker that plays the ticks and the one that builds and draws frames), the ticks played
(``tick N`` on screen at both ends) and the frames that reached the terminal (the reads that
contain a ``tick`` status, at most one a read). Printed per round and as the median: CPU in
cores (CPU seconds per second), ticks per second, frames per second.

Served: ``python -m tui serve`` on a free loopback port and one tab (a websocket client asking
for an 80x24 terminal, as bench_serve.py's); ``]`` 8 times and ``a`` (a tab starts on 8 x 8 in
first-solution mode), then the same keys and the same S seconds; the CPU is that of the server
and every process under it (the tab's session and its client), less what the same processes use
idle over as long before the keys (the server's own housekeeping).

Keys during autoplay: with autoplay running at the top speed, ``-`` and ``+`` in turn (10,000
and 1,000 ticks/s: both batch the ticks a frame); a key's latency is from its write until the
status shows the new speed. The same keys with autoplay paused are the latency at rest, and the
minimal Textual app of bench_tui_latency.py (its ``count N`` after ``space``), taking turns with
them, is the floor; printed: medians and ratios to the floor (the brief's bound: 1.5x). While the
floor's key is timed the tutor's output is read all along, as a terminal emulator reads it:
left unread for that quarter of a second, the tutor took its terminal for a slow link
(tui/terminal_output.py) and its next key's frame queued behind the frames already written.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.bench_serve import wait_listening
from benchmarks.bench_tui_latency import (
    FLOOR_ARGV,
    ROOT,
    compile_sources,
    environment,
    last_number,
    start,
)
from benchmarks.home import leave_home_alone
from benchmarks.pty_terminal import PtyProgram, visible_text

TICKS_PER_CLOCK = os.sysconf("SC_CLK_TCK")
N = 16
"""All solutions of 16 x 16: millions of ticks, no end within the measure."""
FASTER = 8
"""``+`` presses from the default speed (5/s) to the top one (10,000/s)."""


def cpu_seconds(pid: int) -> float:
    """The process's user + system CPU time so far (all threads)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS_PER_CLOCK


def tree(pid: int) -> list[int]:
    """``pid`` and every process under it."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += children.get(current, [])
    return found


def tree_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):  # gone
            total += cpu_seconds(pid)
    return total


def tutor_argv() -> list[str]:
    script = Path(sys.executable).parent / "queens-tutor"
    return [str(script), "-n", str(N), "--all"]


# -- in a terminal -----------------------------------------------------------------------------


def terminal_round(seconds: float, idle: float) -> tuple[float, float, float]:
    """(cores, ticks per second, frames per second) of one autoplay of ``seconds``."""
    program, _ = start(tutor_argv(), "tick", idle)
    try:
        for _ in range(FASTER):
            program.write(b"+")
            program.burst(idle)
        program.write(b"p")
        program.burst(idle=0.05, timeout=1.0)  # warm-up: autoplay under way
        first_tick = last_number("tick", visible_text(program.transcript[-20000:]))
        cpu0, wall0 = cpu_seconds(program.pid), time.perf_counter()
        frames = 0
        deadline = wall0 + seconds
        while time.perf_counter() < deadline:
            got = program._read(deadline - time.perf_counter())
            if got is not None and b"tick" in got[0]:
                frames += 1
        cpu1, wall1 = cpu_seconds(program.pid), time.perf_counter()
        last_tick = last_number("tick", visible_text(program.transcript[-20000:]))
        program.write(b"p")
    finally:
        program.quit()
    elapsed = wall1 - wall0
    played = (last_tick or 0) - (first_tick or 0)
    return (cpu1 - cpu0) / elapsed, played / elapsed, frames / elapsed


def speed_key(program: PtyProgram, key: bytes, speed: int, timeout: float = 10.0) -> float:
    """Write ``key``; seconds until the status shows ``speed N/s``."""
    since = program.write(key)
    wanted = f"speed {speed}/s"
    seen = bytearray()
    deadline = since + timeout
    while time.perf_counter() < deadline:
        got = program._read(deadline - time.perf_counter())
        if got is None:
            continue
        seen += got[0]
        if wanted in visible_text(seen):
            return got[1] - since
    raise TimeoutError(f"{wanted!r} never shown")


def floor_key(program: PtyProgram, count: int, idle: float) -> float:
    burst = program.burst(idle, since=program.write(b" "))
    if last_number("count", burst.text) != count:
        raise RuntimeError("the floor did not count the key")
    return burst.latency


@contextlib.contextmanager
def reading(program: PtyProgram) -> Iterator[None]:
    """Read ``program``'s output on a thread of its own meanwhile, as a terminal emulator
    does: a tutor whose output nobody reads counts its terminal as behind (a slow link,
    tui/terminal_output.py) and holds its frames back, and its next key's frame would queue
    behind the frames already written. What is left when the block ends is read at once."""
    stop = threading.Event()

    def drain() -> None:
        while not stop.is_set():
            program._read(0.005)

    thread = threading.Thread(target=drain, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        while program._read(0) is not None:
            pass


def keys_while_playing(keys: int, idle: float) -> dict[str, float]:
    """Median key latency (seconds) during autoplay, at rest, and the floor's, taking turns."""
    tutor, _ = start(tutor_argv(), "tick", idle)
    floor, _ = start(FLOOR_ARGV, "count", idle)
    playing: list[float] = []
    resting: list[float] = []
    floors: list[float] = []
    count = 0
    try:
        for _ in range(FASTER):
            tutor.write(b"+")
            tutor.burst(idle)
        tutor.write(b"p")
        tutor.burst(idle=0.05, timeout=1.0)
        for index in range(2 * keys):  # - then + in turn, autoplay running
            key, speed = (b"-", 1000) if index % 2 == 0 else (b"+", 10_000)
            playing.append(speed_key(tutor, key, speed))
            count += 1
            with reading(tutor):  # the tutor's frames go on meanwhile, read as they come
                floors.append(floor_key(floor, count, idle))
                time.sleep(0.05)
        tutor.write(b"p")  # paused: the same keys at rest
        tutor.wait_for(lambda text: "ready" in text, idle)
        for index in range(2 * keys):
            key, speed = (b"-", 1000) if index % 2 == 0 else (b"+", 10_000)
            resting.append(speed_key(tutor, key, speed))
            # The rest of the key's frame, if any: often it all came with the speed (one
            # frame), and then nothing comes at rest; a burst would wait its whole timeout.
            tutor.burst(idle, timeout=1.0)
            count += 1
            floors.append(floor_key(floor, count, idle))
    finally:
        tutor.quit()
        floor.quit()
    return {
        "playing": statistics.median(playing),
        "resting": statistics.median(resting),
        "floor": statistics.median(floors),
    }


# -- served ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def served_round(port: int, server: int, seconds: float) -> tuple[float, float]:
    """(cores of the server's processes while one tab autoplays, and idle) over ``seconds``."""
    import aiohttp

    url = f"http://127.0.0.1:{port}/ws?width=80&height=24"
    async with aiohttp.ClientSession() as client, client.ws_connect(url) as tab:
        text = ""

        async def read_for(wait: float, until: str | None = None) -> None:
            nonlocal text
            deadline = time.monotonic() + wait
            while time.monotonic() < deadline:
                try:
                    message = await tab.receive(timeout=max(deadline - time.monotonic(), 0.01))
                except TimeoutError:
                    continue
                if message.type == aiohttp.WSMsgType.BINARY:
                    text = (text + message.data.decode("utf-8", "replace"))[-20000:]
                    if until is not None and until in visible_text(text.encode()):
                        return
                elif message.type != aiohttp.WSMsgType.TEXT:
                    raise RuntimeError("the tab was closed")

        await read_for(60, "tick 0")
        for key in "]" * (N - 8) + "a":  # a tab starts on 8 x 8 in first-solution mode
            await tab.send_json(["stdin", key])
            await read_for(0.2)
        await read_for(60, f"n = {N}")
        await read_for(2)  # settle: the first frame's idle work
        pids = tree(server)
        before = tree_cpu(pids)
        await read_for(seconds)
        idle = (tree_cpu(pids) - before) / seconds
        for _ in range(FASTER):
            await tab.send_json(["stdin", "+"])
            await read_for(0.2)
        await tab.send_json(["stdin", "p"])
        await read_for(1.0)  # warm-up
        pids = tree(server)
        before = tree_cpu(pids)
        first_tick = last_number("tick", visible_text(text.encode()))
        await read_for(seconds)
        busy = (tree_cpu(pids) - before) / seconds
        # The ticks went on (only the lines that change are sent: the tick's, not the mode's).
        last_tick = last_number("tick", visible_text(text.encode()))
        if first_tick is None or last_tick is None or last_tick - first_tick < 100 * seconds:
            raise RuntimeError("the tab's autoplay was not running")
        await tab.send_json(["stdin", "p"])
        await read_for(0.5)
    return busy, idle


def served(seconds: float, rounds: int) -> list[tuple[float, float]]:
    port = free_port()
    env = {**environment(), "PYTHONPATH": str(ROOT)}
    # The server's data in a folder of the benchmark's own, removed after: never the home's
    # (a run left ~/.local/share/queens-tutor/served behind).
    with tempfile.TemporaryDirectory(prefix="bench-autoplay-") as data:
        command = [sys.executable, "-m", "tui", "serve", "--port", str(port)]
        command += ["--server-data", data]
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        try:
            wait_listening(port, 60)
            return [asyncio.run(served_round(port, server.pid, seconds)) for _ in range(rounds)]
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(60)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--keys", type=int, default=20, help="keys each way, playing and at rest")
    parser.add_argument("--idle", type=float, default=0.2)
    parser.add_argument("--no-served", action="store_true", help="leave the served measure out")
    args = parser.parse_args(argv)
    compile_sources()
    print(f"all solutions of {N}x{N} at 10,000 ticks/s; load average {os.getloadavg()[0]:.1f}")
    rows = []
    for number in range(1, args.rounds + 1):
        cores, ticks, frames = terminal_round(args.seconds, args.idle)
        rows.append((cores, ticks, frames))
        print(
            f"terminal round {number}: {cores:.3f} cores, {ticks:,.0f} ticks/s, "
            f"{frames:.0f} frames/s",
            flush=True,
        )
    cores, ticks, frames = (statistics.median(column) for column in zip(*rows, strict=True))
    print(f"terminal median: {cores:.3f} cores, {ticks:,.0f} ticks/s, {frames:.0f} frames/s")
    print("  target: at most 0.1 of a core")
    if not args.no_served:
        found = served(args.seconds, args.rounds)
        for number, (busy, idle) in enumerate(found, 1):
            print(
                f"served round {number}: {busy:.3f} cores while playing, {idle:.3f} idle, "
                f"{busy - idle:.3f} for autoplay"
            )
        busy = statistics.median(b - i for b, i in found)
        print(f"served median: {busy:.3f} cores for autoplay (server and tab, less idle)")
        print("  target: at most 0.1 of a core")
    latency = keys_while_playing(args.keys, args.idle)
    floor = latency["floor"]
    playing, resting = latency["playing"], latency["resting"]
    print(
        f"keys (- and +): during autoplay {playing * 1000:.1f} ms ({playing / floor:.2f}x the "
        f"floor), at rest {resting * 1000:.1f} ms ({resting / floor:.2f}x), "
        f"floor {floor * 1000:.1f} ms"
    )
    print("  target: during autoplay within the bound at rest (1.5x the floor)")
    return 0


if __name__ == "__main__":
    leave_home_alone()  # the tutors it starts keep their files there (benchmarks/home.py)
    raise SystemExit(main(sys.argv[1:]))
