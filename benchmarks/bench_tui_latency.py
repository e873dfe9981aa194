"""The tutor in a terminal: key-to-frame latency, start-up to first frame, resident memory.

Run: ``python benchmarks/bench_tui_latency.py`` (or ``python -m benchmarks tui_latency``);
``--keys N``, ``--idle SECONDS`` and ``--runs N`` change the defaults (200 keys, 0.2 s, 7);
``--methods a,b`` measures only those methods (default: every steppable method).

Method. Each program runs on a fresh pseudo-terminal (``pty.fork``: its controlling tty, sized
80x24 before the program starts, ``TERM=xterm-256color``, ``NO_COLOR`` / ``TEXTUAL_THEME`` /
``COLUMNS`` / ``LINES`` removed). The tutor is the installed console script next to this Python
(``queens-tutor --method M -n 8``, then ``-n 32``, for each method M; the maze has one size),
not the pyenv shim in front of it, with ``PYTHONPATH``
set to this repository so that it runs this working tree's code, compiled to bytecode first
(``compileall``, as ``pip install`` does; ``PYTHONDONTWRITEBYTECODE`` is removed from the
programs' environment), so that no start-up pays for compiling the tutor's sources while the
floor's Textual comes precompiled from site-packages; the floor is a minimal
Textual app written below (one ``Static`` showing ``count N``, ``space`` adds one), run with
``sys.executable -c``. The benchmark reads the terminal's output as soon as it arrives and stamps
each read with ``time.perf_counter()`` when ``os.read`` returns.

``--vs TREE`` runs each tutor a second time from another checkout (``--vs ../main``), its turn
right after this tree's, both through env(1) with their own ``PYTHONPATH``; the start-ups print
this tree's medians over the other's, wall and CPU (the other tree's bytecode is compiled too).

``--size 120x50`` runs every program on a terminal of that size (default 80x24); several sizes,
comma-separated (``--size 80x24,120x50``, issue 42's command), are measured one after the other,
each with its own start-ups and keys, and the bytes a key are printed against what the tutor
wrote before its main screen was one Line-API widget (:data:`BYTES_BEFORE`).

* Start-up to first frame: from just before ``fork`` until the last byte of the first complete
  screen (the output shows ``tick 0`` / ``count 0`` and then nothing comes for the idle gap).
  The programs take turns, one start each per round, as the keys do below; the median of the
  runs is printed, and beside it the CPU time each program took to that last byte (every
  thread's, from /proc/PID/task/*/schedstat read as each output arrives): on a loaded machine
  the wall time is mostly waiting for a core, the CPU time far less. ``--startup-only``
  measures only this.
* Key-to-frame latency: the three programs run side by side and take turns, one key each
  per round, so that a shared machine's drift in speed reaches all three alike; only one
  works at a time. The program is quiet (nothing for the idle gap); the key is written
  and the clock starts just after ``os.write``; the output is read until nothing comes for the
  idle gap; the latency is the stamp of the LAST byte minus the write. The idle wait that ends
  the read is not counted (it comes after the last byte); nothing else is subtracted. Every
  frame the key causes is counted (the tutor may draw twice: the new state, then a scroll to
  keep the tried square in view). The longest pause seen inside one key's output is printed: it
  must stay well under the idle gap, or a late second frame would have been cut off. After
  each key the new ``tick N`` / ``count N`` must be on screen, or the run fails. 5 keys are
  played first and not counted (first-use costs). Median and p95 (nearest rank) are printed,
  and the ratio tutor / floor (target: within 1.5x, the brief's budget). Beside it, the CPU
  time of each program's main thread a key (median; /proc/PID/task/PID/schedstat read before
  the write and after the frame): on a loaded machine the wall time waits for a core, this
  does not, so ``--vs`` runs compare trees by it (this tree's over the other's).
* Memory: VmRSS from /proc/PID/status of the tutor (``-n 32``, first-solution mode, whose first
  solution is millions of ticks away) after autoplay at its top speed (10,000 ticks/s, ``+``
  pressed 8 times, then ``p``) until the screen shows ``tick N`` with N >= 100,000, then ``p``
  again to stop; then after ``s`` (run to the next solution, in a worker) until N >= 1,000,000
  and ``escape``. The tick count is read from the screen, not assumed.

The programs quit with ``q`` (exit status checked); any still running afterwards get SIGTERM,
then SIGKILL, so none is left behind.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.home import leave_home_alone
from benchmarks.pty_terminal import Burst, PtyProgram
from solver.registry import METHODS, steppable_methods, stepped

ROOT = Path(__file__).resolve().parent.parent

FLOOR_APP = """
from textual.app import App
from textual.widgets import Static


class Floor(App[None]):
    BINDINGS = [("space", "bump", "bump"), ("q", "quit", "quit")]

    def compose(self):
        self.count = 0
        yield Static("count 0")

    def action_bump(self) -> None:
        self.count += 1
        self.query_one(Static).update(f"count {self.count}")


Floor().run()
"""

WARM_UP = 5
"""Keys played before the measured ones (first-use costs: imports, caches)."""


def environment() -> dict[str, str]:
    removed = {"NO_COLOR", "TEXTUAL_THEME", "PYTHONDONTWRITEBYTECODE"}
    env = {k: v for k, v in os.environ.items() if k not in removed}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    env["TERM"] = "xterm-256color"
    # The code of this working tree, whichever tree the editable install points to.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def tutor_argv(n: int, method: str = "iterative") -> list[str]:
    script = Path(sys.executable).parent / "queens-tutor"
    if not script.exists():
        raise SystemExit("queens-tutor is not installed next to this Python (pip install -e .)")
    if not stepped(method).queens:  # a large maze in all-paths mode: no end within the keys
        return [str(script), "--method", method, "--all", "--maze", "random:1:31x31"]
    return [str(script), "--method", method, "-n", str(n)]


FLOOR_ARGV = [sys.executable, "-c", FLOOR_APP]
PANES_ARGV = [sys.executable, str(ROOT / "benchmarks" / "six_panes_app.py")]
"""Six panes that change one line each (``--panes``): see benchmarks/six_panes_app.py."""
TUTOR_LINES_ARGV = [*PANES_ARGV, "--tutor-lines"]
"""The same six panes changing as many lines a key as a tick does (``--panes``)."""


def last_number(label: str, text: str) -> int | None:
    """The last ``label N`` in the text (e.g. ``tick 17``), None when there is none."""
    found = re.findall(rf"{label} ([\d,]+)\b", text)
    return int(found[-1].replace(",", "")) if found else None


def shows(label: str, at_least: int) -> Callable[[str], bool]:
    def check(text: str) -> bool:
        number = last_number(label, text)
        return number is not None and number >= at_least

    return check


TERMINAL = [80, 24]
"""The pseudo-terminal's columns and rows (``--size``)."""


def start(argv: list[str], label: str, idle: float) -> tuple[PtyProgram, float]:
    """Start ``argv``; returns it once its first frame is complete, and the start-up time. The
    CPU time it took to the first frame's last byte (all its threads) is then the program's
    :attr:`~PtyProgram.cpu_at_last_read`."""
    columns, rows = TERMINAL
    program = PtyProgram(argv, environment(), columns, rows, sample_cpu=True)
    try:
        _, last = program.wait_for(shows(label, 0), idle)
    except BaseException:
        program.quit()
        raise
    program.sample_cpu = False  # the keys' reads stay as cheap as they were
    return program, last - program.started


def compile_sources(root: Path = ROOT) -> None:
    """Compile the tree's packages to bytecode, as ``pip install`` does for an installed
    package (the floor's Textual is precompiled in site-packages)."""
    for package in ("solver", "lessons", "tui"):
        compileall.compile_dir(root / package, quiet=1)


def from_tree(argv: list[str], tree: Path) -> list[str]:
    """``argv`` run with ``tree``'s code first on the path (``--vs``): through env(1), as every
    tutor of such a run is, so that each start pays the same extra exec."""
    return ["env", f"PYTHONPATH={tree}", *argv]


def startups(
    programs: list[tuple[str, list[str], str]], idle: float, runs: int
) -> dict[str, float]:
    """Median seconds from start to the last byte of the first frame, for each program; the
    programs take turns, one start each per round."""
    return {name: took for name, (took, _) in startups_and_cpu(programs, idle, runs).items()}


def startups_and_cpu(
    programs: list[tuple[str, list[str], str]], idle: float, runs: int
) -> dict[str, tuple[float, float]]:
    """:func:`startups`, and the median CPU seconds each program took to its first frame (all
    its threads, read at the first frame's last byte): on a loaded machine the wall time is
    mostly waiting for a core, the CPU time far less."""
    times: dict[str, list[float]] = {name: [] for name, _, _ in programs}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in programs}
    for _ in range(runs):
        for name, argv, label in programs:
            program, took = start(argv, label, idle)
            used = program.cpu_at_last_read or 0.0
            status = program.quit()
            if status != 0:
                raise RuntimeError(f"{argv[0]} exited with status {status}")
            times[name].append(took)
            cpu[name].append(used)
    return {
        name: (statistics.median(values), statistics.median(cpu[name]))
        for name, values in times.items()
    }


def press(program: PtyProgram, key: bytes, label: str, expect: int, idle: float) -> Burst:
    """One key and the frame(s) it causes; the screen must then show ``label expect``."""
    burst = program.burst(idle, since=program.write(key))
    shown = last_number(label, burst.text)
    if shown != expect:
        raise RuntimeError(f"after the key the screen shows {label} {shown}, expected {expect}")
    return burst


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def latencies(
    programs: list[tuple[str, list[str], str]], keys: int, idle: float
) -> dict[str, dict[str, float]]:
    """Key-to-frame latency of ``space`` (seconds) for each program: median, p95, the longest
    pause inside a frame, bytes a key, and the median CPU time of the program's main thread a
    key (from the write to the frame's end and its idle gap: on a loaded machine the wall time
    waits for a core, this does not).

    The programs run side by side and take turns, one key each per round, so a machine that
    gets slower or faster during the run (a shared server) moves every program's figures
    alike instead of only those measured at that moment. Only one program works at a time:
    each key's frame is read to its end before the next program's key is written.
    """
    running: list[tuple[str, PtyProgram, str]] = []
    try:
        for name, argv, label in programs:
            program, _ = start(argv, label, idle)
            running.append((name, program, label))
        measured: dict[str, list[float]] = {name: [] for name, _, _ in running}
        gap = dict.fromkeys(measured, 0.0)
        volume = dict.fromkeys(measured, 0)
        cpu: dict[str, list[float]] = {name: [] for name in measured}
        for count in range(1, WARM_UP + keys + 1):
            for name, program, label in running:
                before = program.main_thread_cpu_seconds()
                burst = press(program, b" ", label, count, idle)
                if count > WARM_UP:
                    cpu[name].append(program.main_thread_cpu_seconds() - before)
                    measured[name].append(burst.latency)
                    gap[name] = max(gap[name], burst.longest_gap)
                    volume[name] += len(burst.data)
    finally:
        statuses = [(program.quit(), name) for name, program, _ in running]
    for status, name in statuses:
        if status != 0:
            raise RuntimeError(f"{name} exited with status {status}")
    return {
        name: {
            "median": statistics.median(values),
            "p95": p95(values),
            "gap": gap[name],
            "bytes": volume[name] / keys,
            "cpu": statistics.median(cpu[name]),
        }
        for name, values in measured.items()
    }


def run_until(
    program: PtyProgram, go: bytes, stop: bytes, ticks: int, idle: float, what: str
) -> tuple[str, int, int]:
    """Press ``go`` until the screen shows ``tick N`` with N >= ``ticks``, then ``stop``.

    Returns what ran, the tick on screen once the run has stopped (status ``ready``), VmRSS.
    """
    program.write(go)
    program.watch_for(shows("tick", ticks), timeout=300)
    program.write(stop)
    burst, _ = program.wait_for(lambda text: "ready" in text, idle)
    tick = last_number("tick", burst.text)
    if tick is None or tick < ticks:
        raise RuntimeError(f"{what}: the screen shows tick {tick} after the stop")
    return what, tick, program.rss_kib()


def memory(idle: float) -> list[tuple[str, int, int]]:
    """(what, ticks on screen, VmRSS KiB) of the tutor at n=32: idle, then after long runs."""
    program, _ = start(tutor_argv(32), "tick", idle)
    rows = []
    try:
        rows.append(("first frame", 0, program.rss_kib()))
        for _ in range(8):
            program.write(b"+")
            faster = program.burst(idle)
        if "speed 10000/s" not in faster.text:
            raise RuntimeError("autoplay did not reach 10000 ticks/s")
        rows.append(run_until(program, b"p", b"p", 100_000, idle, "autoplay at 10,000 ticks/s"))
        rows.append(run_until(program, b"s", b"\x1b", 1_000_000, idle, "then `s` (a worker run)"))
    finally:
        status = program.quit()
    if status != 0:
        raise RuntimeError(f"queens-tutor exited with status {status}")
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=200, help="keys measured per program")
    parser.add_argument("--idle", type=float, default=0.2, help="idle gap ending a frame (s)")
    parser.add_argument("--runs", type=int, default=7, help="start-ups per program")
    parser.add_argument(
        "--methods",
        default=",".join(steppable_methods()),
        help="the methods to measure, comma-separated (default: every steppable method)",
    )
    parser.add_argument(
        "--startup-only", action="store_true", help="measure start-up to first frame only"
    )
    parser.add_argument(
        "--panes",
        action="store_true",
        help=(
            "also measure six panes that change one line each (what the layout alone costs), "
            "and the same panes changing as many lines a key as a tick of the tutor does"
        ),
    )
    parser.add_argument(
        "--lang", help="run the tutor in this language (--lang it, pl): its catalog is loaded"
    )
    parser.add_argument(
        "--size",
        default="80x24",
        help="the terminal's COLUMNSxROWS; several, comma-separated, are measured in turn",
    )
    parser.add_argument("--no-memory", action="store_true", help="leave the memory measure out")
    parser.add_argument(
        "--vs",
        type=Path,
        metavar="TREE",
        help=(
            "also run the tutor from another checkout (e.g. main's), each program right after "
            "this tree's, and print this tree's medians over the other's"
        ),
    )
    args = parser.parse_args(argv)
    compile_sources()
    if args.vs is not None:
        args.vs = args.vs.resolve()
        compile_sources(args.vs)
    for size in args.size.split(","):
        TERMINAL[:] = [int(part) for part in size.split("x")]
        if measure(args, size) and args.startup_only:
            return 0
    if args.no_memory or args.startup_only:
        return 0
    print("\nresident memory of queens-tutor -n 32 (VmRSS):")
    for what, tick, kib in memory(args.idle):
        print(f"  {what:<38} tick {tick:>10,}   {kib / 1024:6.1f} MiB")
    print("  target: at most 50 MB after 100,000 ticks")
    return 0


BYTES_BEFORE = {("80x24", 8): 2_194, ("120x50", 32): 4_285}
"""Bytes a key of ``iterative`` before the Line-API main screen (issue 42): the most a key may
write at these sizes and board sizes."""


def measure(args: argparse.Namespace, size: str) -> bool:
    """Start-up and key-to-frame of every program on a ``size`` terminal; whether it measured
    start-up only."""
    methods = args.methods.split(",")
    tick, lang_argv = "tick", []
    if args.lang:
        from lessons import i18n

        i18n.set_language(args.lang)
        tick, lang_argv = i18n._("tick {tick}").split(" {")[0], ["--lang", args.lang]
    idle = args.idle
    print(
        f"\n{size} pty, TERM=xterm-256color, {args.keys} keys (after {WARM_UP}), "
        f"idle gap {idle}s, load average {os.getloadavg()[0]:.1f}"
    )

    programs = [("floor (one Static)", FLOOR_ARGV, "count")]
    if args.panes:
        programs.append(("six panes, 1 line each", PANES_ARGV, "count"))
        programs.append(("six panes, a tick's lines", TUTOR_LINES_ARGV, "count"))
    for method in methods:
        # The maze's size is its own: one program for it.
        sizes = (8, 32) if METHODS[method].queens else (8,)
        for n in sizes:
            name = f"{method} -n {n}" if METHODS[method].queens else "maze 31x31"
            argv = tutor_argv(n, method) + lang_argv
            if args.vs is None:
                programs.append((name, argv, tick))
                continue
            # The other tree's tutor takes its turn right after this tree's.
            programs.append((name, from_tree(argv, ROOT), tick))
            programs.append((f"{name} (--vs)", from_tree(argv, args.vs), tick))
    starts = startups_and_cpu(programs, idle, args.runs)
    floor_start, floor_cpu = starts[programs[0][0]]
    print(f"\nstart-up to first frame (median of {args.runs}; CPU: all threads, to its last byte):")
    for name, (took, used) in starts.items():
        print(
            f"  {name:<26} {took * 1000:7.0f} ms   ratio to floor {took / floor_start:.2f}"
            f"   CPU {used * 1000:5.0f} ms, ratio {used / floor_cpu:.2f}"
        )
    print("  target: within 1.3x of the floor (the brief's budget: 1.5x)")
    if args.vs is not None:
        print(f"  this tree / {args.vs} (medians of each):")
        for name, (took, used) in starts.items():
            other = starts.get(f"{name} (--vs)")
            if other is not None:
                print(f"    {name:<24} wall {took / other[0]:.3f}   CPU {used / other[1]:.3f}")
    if args.startup_only:
        return True

    print("\nkey-to-frame latency of `space` (median / p95; ratio to floor):")
    measured = latencies(programs, args.keys, idle)
    floor = measured[programs[0][0]]
    for name, figures in measured.items():
        print(
            f"  {name:<26} {figures['median'] * 1000:6.1f} ms / {figures['p95'] * 1000:6.1f} ms"
            f"   ratio {figures['median'] / floor['median']:.2f} / "
            f"{figures['p95'] / floor['p95']:.2f}"
            f"   ({figures['bytes']:,.0f} bytes a key, longest pause inside a frame "
            f"{figures['gap'] * 1000:.1f} ms)"
        )
    print("  target: median within 1.5x of the floor at n=8, 2x at n=32, every method")
    print("\nmain thread's CPU time a key (median; ratio to floor):")
    for name, figures in measured.items():
        ratio = figures["cpu"] / floor["cpu"]
        print(f"  {name:<26} {figures['cpu'] * 1000:6.2f} ms   ratio {ratio:.2f}")
    if args.vs is not None:
        print(f"  this tree / {args.vs} (medians of each):")
        for name, figures in measured.items():
            other = measured.get(f"{name} (--vs)")
            if other is not None:
                print(
                    f"    {name:<24} CPU {figures['cpu'] / other['cpu']:.3f}"
                    f"   wall {figures['median'] / other['median']:.3f}"
                    f"   bytes {figures['bytes']:,.0f} / {other['bytes']:,.0f}"
                )
    limits = [f"{most:,} at n={n}" for (at, n), most in BYTES_BEFORE.items() if at == size]
    if limits:
        print(f"  target: bytes a key at most {', '.join(limits)} (before the Line-API screen)")
    return False


if __name__ == "__main__":
    leave_home_alone()  # the tutors it starts keep their files there (benchmarks/home.py)
    raise SystemExit(main(sys.argv[1:]))
