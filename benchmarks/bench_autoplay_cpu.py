"""Autoplay's cost: the CPU the tutor uses while autoplay plays all solutions of 16x16 at its
top speed (10,000 ticks/s), in a terminal and served to a browser tab, and the keys answered
meanwhile.

``python benchmarks/bench_autoplay_cpu.py [--seconds 8] [--rounds 3] [--keys 20] [--idle 0.2]
[--no-served]``

In a terminal: ``queens-tutor -n 16 --all`` as bench_tui_latency.py starts it; after 1 s of
warm-up, for S seconds, the CPU of all its threads (/proc), the ticks played (read on screen)
and the reads holding a ``tick`` status (its frames). Served: one tab of ``python -m tui serve``
plays the same; the CPU is that of the server and every process under it, less what they use
idle. Keys: ``-`` and ``+`` in turn during autoplay and at rest, each timed until the status
shows its speed, taking turns with the floor's ``space`` (the tutor's output read meanwhile, as
a terminal emulator reads it).
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import (
    Tab,
    compile_sources,
    cpu_seconds,
    descendants,
    load,
    options,
    visible_text,
)
from benchmarks.harness import server as serving
from benchmarks.home import run_main
from benchmarks.pty_terminal import FLOOR, PtyProgram, last_number, start, tutor

N = 16
FASTER = 8
"""``+`` presses from the default speed (5/s) to the top one (10,000/s)."""
SPEEDS = ((b"-", 1000), (b"+", 10_000))


def shown_tick(program: PtyProgram) -> int:
    return last_number("tick", visible_text(program.transcript[-20000:])) or 0


def autoplay(program: PtyProgram, idle: float) -> None:
    """Top speed, autoplay on, and 1 s of warm-up."""
    for _ in range(FASTER):
        program.write(b"+")
        program.burst(idle)
    program.write(b"p")
    program.burst(idle=0.05, timeout=1.0)


def terminal_round(seconds: float, idle: float) -> tuple[float, float, float]:
    """(cores, ticks per second, frames per second) of one autoplay of ``seconds``."""
    program, _ = start(tutor("-n", str(N), "--all"), "tick", idle)
    try:
        autoplay(program, idle)
        first_tick, cpu0, wall0 = shown_tick(program), cpu_seconds(program.pid), time.perf_counter()
        frames = 0
        while (now := time.perf_counter()) < wall0 + seconds:
            got = program.read(wall0 + seconds - now)
            if got is not None and b"tick" in got[0]:
                frames += 1
        elapsed = time.perf_counter() - wall0
        cpu, played = cpu_seconds(program.pid) - cpu0, shown_tick(program) - first_tick
    finally:
        program.quit()
    return cpu / elapsed, played / elapsed, frames / elapsed


def speed_key(program: PtyProgram, key: bytes, speed: int, timeout: float = 10.0) -> float:
    """Write ``key``; seconds until the status shows ``speed N/s``."""
    since = program.write(key)
    seen = bytearray()
    while time.perf_counter() < since + timeout:
        got = program.read(since + timeout - time.perf_counter())
        if got is not None:
            seen += got[0]
            if f"speed {speed}/s" in visible_text(seen):
                return got[1] - since
    raise TimeoutError(f"speed {speed}/s never shown")


def floor_key(program: PtyProgram, count: int, idle: float) -> float:
    burst = program.burst(idle, since=program.write(b" "))
    if last_number("count", burst.text) != count:
        raise RuntimeError("the floor did not count the key")
    return burst.latency


@contextlib.contextmanager
def reading(program: PtyProgram) -> Iterator[None]:
    """Read ``program``'s output on a thread meanwhile, as a terminal emulator does (a tutor
    whose output nobody reads holds its frames back: tui/terminal_output.py)."""
    done = threading.Event()

    def drain() -> None:
        while not done.is_set():
            program.read(0.005)

    thread = threading.Thread(target=drain)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()
        while program.read(0) is not None:
            pass


def keys_while_playing(keys: int, idle: float) -> dict[str, list[float]]:
    """Key latencies (seconds) during autoplay, at rest, and the floor's, taking turns."""
    tutor_program, _ = start(tutor("-n", str(N), "--all"), "tick", idle)
    floor, _ = start(FLOOR, "count", idle)
    taken: dict[str, list[float]] = {"playing": [], "resting": [], "floor": []}
    try:
        autoplay(tutor_program, idle)
        for index in range(2 * keys):
            taken["playing"].append(speed_key(tutor_program, *SPEEDS[index % 2]))
            with reading(tutor_program):
                taken["floor"].append(floor_key(floor, len(taken["floor"]) + 1, idle))
                time.sleep(0.05)
        tutor_program.write(b"p")  # paused: the same keys at rest
        tutor_program.wait_for(lambda text: "ready" in text, idle)
        for index in range(2 * keys):
            taken["resting"].append(speed_key(tutor_program, *SPEEDS[index % 2]))
            tutor_program.burst(idle, timeout=1.0)  # the rest of its frame, if any
            taken["floor"].append(floor_key(floor, len(taken["floor"]) + 1, idle))
    finally:
        tutor_program.quit()
        floor.quit()
    return taken


async def served_round(url: str, server: int, seconds: float) -> tuple[float, float]:
    """(cores of the server's processes while one tab autoplays, and idle) over ``seconds``."""
    import aiohttp

    async with aiohttp.ClientSession() as client:
        tab = await Tab.open(client, url, keep=20_000)
        await tab.until("tick 0", 60)
        await tab.press("]" * (N - 8) + "a")  # a tab starts on 8 x 8 in first-solution mode
        await tab.until(f"n = {N}", 60)
        await asyncio.sleep(2)  # the first frame's idle work
        pids = [server, *descendants(server)]
        before = cpu_seconds(*pids)
        await asyncio.sleep(seconds)
        idle = (cpu_seconds(*pids) - before) / seconds
        for key in "+" * FASTER + "p":
            await tab.press(key)
            await asyncio.sleep(0.2)
        await asyncio.sleep(0.8)  # warm-up
        pids = [server, *descendants(server)]
        first_tick, before = last_number("tick", tab.shown), cpu_seconds(*pids)
        await asyncio.sleep(seconds)
        busy = (cpu_seconds(*pids) - before) / seconds
        last_tick = last_number("tick", tab.shown)
        if first_tick is None or last_tick is None or last_tick - first_tick < 100 * seconds:
            raise RuntimeError("the tab's autoplay was not running")
        await tab.press("p")
        await tab.close()
    return busy, idle


def rounded(cores: float, ticks: float, frames: float) -> str:
    return f"{cores:.3f} cores, {ticks:,.0f} ticks/s, {frames:.0f} frames/s"


def main(argv: list[str]) -> int:
    args = options(argv, __doc__, seconds=8.0, rounds=3, keys=20, idle=0.2, no_served=False)
    compile_sources()
    print(f"all solutions of {N}x{N} at 10,000 ticks/s; load average {load():.1f}")
    rows = []
    for number in range(1, args.rounds + 1):
        rows.append(terminal_round(args.seconds, args.idle))
        print(f"terminal round {number}: {rounded(*rows[-1])}", flush=True)
    print(f"terminal median: {rounded(*(statistics.median(c) for c in zip(*rows, strict=True)))}")
    print("  target: at most 0.1 of a core")
    if not args.no_served:
        with serving([], size=(80, 24)) as (url, pid):
            found = [asyncio.run(served_round(url, pid, args.seconds)) for _ in range(args.rounds)]
        for number, (busy, idle) in enumerate(found, 1):
            print(
                f"served round {number}: {busy:.3f} cores while playing, {idle:.3f} idle, "
                f"{busy - idle:.3f} for autoplay"
            )
        busy = statistics.median(b - i for b, i in found)
        print(f"served median: {busy:.3f} cores for autoplay (server and tab, less idle)")
        print("  target: at most 0.1 of a core")
    taken = keys_while_playing(args.keys, args.idle)
    floor, playing, resting = (statistics.median(taken[w]) for w in ("floor", "playing", "resting"))
    print(
        f"keys (- and +): during autoplay {playing * 1000:.1f} ms ({playing / floor:.2f}x the "
        f"floor), at rest {resting * 1000:.1f} ms ({resting / floor:.2f}x), "
        f"floor {floor * 1000:.1f} ms"
    )
    print("  target: during autoplay within the bound at rest (1.5x the floor)")
    return 0


if __name__ == "__main__":
    run_main(main)
