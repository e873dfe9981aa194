"""``queens-tutor serve`` with K tabs open at once: start-up, memory and CPU per tab, key
latency, and how many tabs fit on this machine.

``python benchmarks/bench_serve.py [--sessions 10,30]`` (the numbers of tabs, in turn)

Each tab is a websocket client (what the page's script does) asking for a 100x30 terminal, all
K connecting at once; its start runs until it shows ``tick 0``. With all K open and idle (2 s
after), a tab's processes (its client and forked session) are read from /proc: VmRSS of the
session, Pss of both (shared pages divided among their sharers), their CPU to start and over
5 s idle; then each tab in turn gets a space, timed until it shows ``tick 1``. Then all close
and no tab's process may be left.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import (
    Tab,
    cpu_seconds,
    load,
    options,
    p95,
    print_table,
    proc_kib,
    pss_mib,
    served,
    server,
)
from benchmarks.home import run_main


async def level(url: str, pid: int, count: int) -> dict[str, float]:
    import aiohttp

    async with aiohttp.ClientSession() as client:

        async def opened() -> tuple[Tab, float]:
            started = time.perf_counter()
            tab = await Tab.open(client, url)
            return tab, await tab.until("tick 0") - started

        tabs, starts = zip(*await asyncio.gather(*(opened() for _ in range(count))), strict=True)
        await asyncio.sleep(2)  # the first frame's idle work
        found = served(pid)
        sessions, processes = found["sessions"], found["sessions"] + found["clients"]
        assert len(sessions) == count, (len(sessions), count)
        figures = {
            "start_cpu": cpu_seconds(*processes) / count,
            "rss": statistics.median(proc_kib(p, "VmRSS") / 1024 for p in sessions),
            "pss": sum(pss_mib(p) for p in processes) / count,
        }
        before = cpu_seconds(*processes)
        await asyncio.sleep(5)
        figures["idle_cpu"] = (cpu_seconds(*processes) - before) / 5
        keys = []
        before = cpu_seconds(*processes)
        for tab in tabs:
            pressed = await tab.press(" ")
            keys.append(await tab.until("tick 1") - pressed)
        figures["key_cpu"] = (cpu_seconds(*processes) - before) / count
        for tab in tabs:
            await tab.close()
    deadline = time.monotonic() + 60
    while (left := served(pid))["sessions"] + left["clients"]:
        if time.monotonic() > deadline:
            raise RuntimeError("tab processes left after their tabs closed")
        await asyncio.sleep(0.1)
    figures.update(start=statistics.median(starts), start_p95=p95(list(starts)))
    figures.update(key=statistics.median(keys), key_p95=p95(keys))
    return figures


def main(argv: list[str]) -> int:
    levels = [int(text) for text in options(argv, __doc__, sessions="10,30").sessions.split(",")]
    mem_total = proc_kib(os.getpid(), "MemTotal", "../meminfo") / 1024
    print(f"machine: {os.cpu_count()} cores, {mem_total / 1024:.1f} GiB; load average {load():.1f}")
    rows = []
    with server(["--max-sessions", str(max(levels)), "--keep", "0"]) as (url, pid):
        print(f"server alone: VmRSS {proc_kib(pid, 'VmRSS') / 1024:.0f} MiB", flush=True)
        for count in levels:
            last = asyncio.run(level(url, pid, count))
            rows.append(
                [
                    str(count),
                    f"{last['start']:.2f} s / {last['start_p95']:.2f} s",
                    f"{last['start_cpu']:.2f} s",
                    f"{last['rss']:.0f} MiB",
                    f"{last['pss']:.1f} MiB",
                    f"{100 * last['idle_cpu']:.1f}% of one core",
                    f"{1000 * last['key']:.0f} ms / {1000 * last['key_p95']:.0f} ms",
                    f"{1000 * last['key_cpu']:.0f} ms",
                    f"{load():.1f}",
                ]
            )
    print_table(
        "tabs | start-up median / p95 | CPU to start one | VmRSS per session | Pss per tab "
        "| CPU of all idle tabs | key latency median / p95 | CPU per key | load avg",
        rows,
    )
    print(
        f"memory: 80% of {mem_total / 1024:.1f} GiB / {last['pss']:.1f} MiB Pss "
        f"= about {int(0.8 * mem_total / last['pss'])} tabs"
    )
    burst = last["start_cpu"] * levels[-1] / (os.cpu_count() or 1)
    print(
        f"CPU: {levels[-1]} tabs opened at once need about {burst:.0f} s of all "
        f"{os.cpu_count()} cores to start; then each key costs {1000 * last['key_cpu']:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    run_main(main)
