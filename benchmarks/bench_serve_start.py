"""A class starting at once: ``--tabs`` tabs opened in the same second against ``queens-tutor
serve`` (forked sessions), with ``--no-fork``, and against plain textual-serve serving a minimal
Textual app; each tab's time to its first frame, and the Pss an idle tab costs.

``python benchmarks/bench_serve_start.py [--tabs 30] [--rounds 3]``

Each tab asks for 100x30 and starts until it shows its first frame (``tick 0``, or the minimal
app's text). With all open and 3 s idle, a tab's Pss is that of every process under the
server but the warm parent (one per server, shown apart), divided by the tabs. The variants
take turns, the order rotating each round; the table gives the median (lowest-highest).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import Tab, load, options, print_table, pss_mib, served, server, spread
from benchmarks.home import run_main

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


async def class_start(url: str, pid: int, tabs: int, words: str) -> dict[str, float]:
    import aiohttp

    async with aiohttp.ClientSession() as client:
        began = time.perf_counter()

        async def opened() -> tuple[Tab, float]:
            tab = await Tab.open(client, url)
            return tab, await tab.until(words) - began

        both = await asyncio.gather(*(opened() for _ in range(tabs)))
        await asyncio.sleep(3)
        found = served(pid)
        tab_processes = found["clients"] + found["sessions"]
        figures = {
            "median": statistics.median(seconds for _, seconds in both),
            "last": max(seconds for _, seconds in both),
            "pss": sum(pss_mib(p) for p in tab_processes) / tabs,
            "warm": sum(pss_mib(p) for p in found["warm"]),
            "load": load(),
        }
        for tab, _ in both:
            await tab.close()
    return figures


def run_variant(variant: str, tabs: int) -> dict[str, float]:
    if variant == "textual-serve":
        with tempfile.TemporaryDirectory(prefix="bench-minimal-") as folder:
            app = Path(folder) / "minimal_app.py"
            app.write_text(MINIMAL_APP)
            command = [sys.executable, "-c", TEXTUAL_SERVE, f"{sys.executable} {app}"]
            with server([], command=command) as (url, pid):
                return asyncio.run(class_start(url, pid, tabs, MINIMAL_TEXT))
    flags = ["--max-sessions", str(tabs), "--seats-per-user", str(tabs), "--keep", "0"]
    flags += ["--no-fork"] if variant == "no-fork" else []
    with server(flags) as (url, pid):
        return asyncio.run(class_start(url, pid, tabs, "tick 0"))


def main(argv: list[str]) -> int:
    args = options(argv, __doc__, tabs=30, rounds=3)
    print(f"load average before: {load():.1f}; {args.tabs} tabs at once, {args.rounds} rounds")
    results: dict[str, list[dict[str, float]]] = {variant: [] for variant in VARIANTS}
    for round_ in range(args.rounds):
        for variant in VARIANTS[round_ % 3 :] + VARIANTS[: round_ % 3]:
            result = run_variant(variant, args.tabs)
            results[variant].append(result)
            print(
                f"round {round_ + 1} {variant}: median {result['median']:.2f} s, last "
                f"{result['last']:.2f} s, Pss {result['pss']:.1f} MiB a tab, warm parent "
                f"{result['warm']:.0f} MiB, load {result['load']:.1f}",
                flush=True,
            )
    rows = []
    for variant, found in results.items():
        column = {key: [r[key] for r in found] for key in found[0]}
        rows.append(
            [
                variant,
                spread(column["median"], "s"),
                spread(column["last"], "s"),
                spread(column["pss"], "MiB"),
                spread(column["warm"], "MiB", digits=0),
                spread(column["load"]),
            ]
        )
    print_table(
        "variant | first frame, median tab | first frame, last tab | Pss a tab "
        "| warm parent Pss | load avg",
        rows,
    )
    ratio = statistics.median(r["pss"] for r in results["fork"]) / statistics.median(
        r["pss"] for r in results["textual-serve"]
    )
    print(f"Pss a tab, fork / textual-serve: {ratio:.2f} (budget: 1.0)")
    return 0


if __name__ == "__main__":
    run_main(main)
