"""A late student in a busy class: while ``--load`` students autoplay every solution of 16x16 at
the top speed, how long the next one waits for her board and for one key's answer, against
the same on an idle machine; served (``queens-tutor serve``) and in terminals (a tutor each in
a pseudo-terminal of its own session, as SSH logins on a lab server).

``python benchmarks/bench_serve_fair.py [--load 30] [--rounds 3] [--where serve,terminals]
[--root DIR]`` (``--root``: another checkout's code instead of this one)

First ``--rounds`` late students on the idle machine (board: until ``tick 0``; key: a space
until ``tick 1``); then the load starts (``]`` x8, ``a``, ``+`` x8, ``p``) and, once every
run is playing and its output is being read and dropped, ``--rounds`` late
students again. The bound: board within 2x the idle median + 0.5 s, key within 2x + 0.2 s.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import ROOT, Tab, cores, descendants, load, options, print_table, server
from benchmarks.home import run_main
from benchmarks.pty_terminal import PtyProgram, environment, shows

LOAD_KEYS = "]]]]]]]]a++++++++p"
"""16x16, all solutions, the top speed, autoplay."""
TIMEOUT = 120.0


@dataclass
class Figures:
    board: list[float] = field(default_factory=list)
    key: list[float] = field(default_factory=list)

    def add(self, board: float, key: float, say: str = "") -> None:
        self.board.append(board)
        self.key.append(key)
        if say:
            print(f"  {say}: board {board:.2f} s, key {key:.3f} s", flush=True)


def within(late: Figures, idle: Figures) -> tuple[bool, float, float]:
    """Whether every late figure keeps the bound; the two bounds."""
    board_bound = 2 * statistics.median(idle.board) + 0.5
    key_bound = 2 * statistics.median(idle.key) + 0.2
    return (max(late.board) <= board_bound and max(late.key) <= key_bound), board_bound, key_bound


async def late_tab(client: aiohttp.ClientSession, url: str) -> tuple[float, float]:
    """A tab's seconds to its board, then to its first key's answer."""
    started = time.perf_counter()
    tab = await Tab.open(client, url, keep=20_000)
    board = await tab.until("tick 0", TIMEOUT) - started
    tab.text = ""
    pressed = await tab.press(" ")
    key = await tab.until("tick 1", TIMEOUT) - pressed
    await tab.close()
    return board, key


async def browser_class(url: str, pid: int, count: int, rounds: int) -> tuple[Figures, Figures]:
    import aiohttp

    idle, late = Figures(), Figures()
    async with aiohttp.ClientSession() as client:
        for _ in range(rounds):
            idle.add(*await late_tab(client, url))
            await asyncio.sleep(1)
        tabs = [await Tab.open(client, url, keep=20_000) for _ in range(count)]
        await asyncio.gather(*(tab.until("tick 0", TIMEOUT) for tab in tabs))
        for tab in tabs:
            await tab.press(LOAD_KEYS)
        await asyncio.gather(*(tab.until("ticks at", TIMEOUT) for tab in tabs))
        await asyncio.sleep(3)
        used = await asyncio.to_thread(cores, descendants(pid))
        print(f"  the {count} autoplaying sessions use {used:.2f} cores", flush=True)
        for _ in range(rounds):
            late.add(*await late_tab(client, url), "late tab")
        for tab in tabs:
            await tab.close()
    return idle, late


def in_browsers(root: Path, count: int, rounds: int) -> tuple[Figures, Figures]:
    flags = ["--max-sessions", str(count + 2), "--seats-per-user", str(count + 2)]
    with server([*flags, "--keep", "0", "--run-cpu", "0"], root) as (url, pid):
        return asyncio.run(browser_class(url, pid, count, rounds))


def late_tutor(root: Path) -> tuple[float, float]:
    program = PtyProgram([sys.executable, "-m", "tui"], environment(root), columns=100, rows=30)
    try:
        program.watch_for(lambda text: "tick 0" in text, TIMEOUT)
        board = time.perf_counter() - program.started
        pressed = program.write(b" ")
        program.watch_for(lambda text: "tick 1" in text, TIMEOUT)
        key = time.perf_counter() - pressed
    finally:
        program.quit()
    return board, key


def in_terminals(root: Path, count: int, rounds: int) -> tuple[Figures, Figures]:
    idle, late = Figures(), Figures()
    for _ in range(rounds):
        idle.add(*late_tutor(root))
    argv = [sys.executable, "-m", "tui"]
    programs = [PtyProgram(argv, environment(root), columns=100, rows=30) for _ in range(count)]
    readers: list[subprocess.Popen[bytes]] = []
    try:
        for program in programs:
            program.watch_for(lambda text: "tick 0" in text, TIMEOUT)
        for program in programs:
            program.write(LOAD_KEYS.encode())
        for program in programs:
            program.watch_for(shows("tick", 10_000), TIMEOUT)
        # One reader each, in a session of its own, as each SSH login has its own sshd.
        readers = [
            subprocess.Popen(
                ["cat"], stdin=program.fd, stdout=subprocess.DEVNULL, start_new_session=True
            )
            for program in programs
        ]
        time.sleep(3)
        used = cores([program.pid for program in programs])
        print(f"  the {count} autoplaying tutors use {used:.2f} cores", flush=True)
        for _ in range(rounds):
            late.add(*late_tutor(root), "late tutor")
    finally:
        for reader in readers:
            reader.terminate()
            reader.wait(5)
        for program in programs:
            program.quit(b"q", grace=5)
    return idle, late


def main(argv: list[str]) -> int:
    args = options(argv, __doc__, load=30, rounds=3, where="serve,terminals", root=str(ROOT))
    root = Path(args.root).resolve()
    print(
        f"load average before: {load():.1f}; {args.load} students autoplaying 16x16, "
        f"{args.rounds} late students; code: {root}",
        flush=True,
    )
    rows = []
    status = 0
    for where in args.where.split(","):
        print(f"{where}:", flush=True)
        measure = in_browsers if where == "serve" else in_terminals
        idle, late = measure(root, args.load, args.rounds)
        kept, board_bound, key_bound = within(late, idle)
        status |= 0 if kept else 1
        rows.append(
            [
                where,
                f"{statistics.median(idle.board):.2f} s / "
                f"{1000 * statistics.median(idle.key):.0f} ms",
                f"{statistics.median(late.board):.2f} s (most {max(late.board):.2f})",
                f"{1000 * statistics.median(late.key):.0f} ms (most {1000 * max(late.key):.0f})",
                f"{board_bound:.2f} s / {1000 * key_bound:.0f} ms",
                "yes" if kept else "NO",
                f"{load():.1f}",
            ]
        )
    print_table(
        "where | alone: board / key | late, busy class: board | late: key | bound: board / key "
        "| kept | load avg",
        rows,
    )
    return status


if __name__ == "__main__":
    run_main(main)
