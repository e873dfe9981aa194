"""Fast counting: bit-mask backtracking with the mirror trick, in jobs, on every core.

Only the solutions whose first queen is in the left half of the first row (and, for odd n, the
middle column with the second queen in the left half) are counted, and doubled. The search tree
is cut at its first rows into independent jobs, run here, on a pool of processes or on a Dask
cluster (:mod:`solver.counting.cluster`)."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from solver.counting.unique import UniqueJob, run_unique_job, unique_jobs

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

Progress = Callable[[int, int], None]
"""Called with (jobs finished, jobs in all) as the count goes on."""

Engine = Literal["auto", "python", "compiled"]
ENGINES: tuple[Engine, ...] = ("auto", "python", "compiled")

PARALLEL_FROM = 11
"""Smaller boards are counted in the calling process: starting workers would cost more."""

COMPILED_FROM = 14
"""``auto`` picks the compiled engine from this n on (below, loading it costs more)."""

DEEPER_FROM = 17
"""From this n on, jobs are cut below the third row instead of the second (more, smaller jobs)."""

MAX_COMPILED_N = 32
"""The compiled kernels work on 64-bit integers."""


@dataclass(frozen=True, slots=True)
class CountResult:
    """All solutions of the n x n board, and the unique ones when they were asked for."""

    n: int
    solutions: int
    unique: int | None = None
    engine: str = "python"
    jobs: int = 0


@dataclass(frozen=True, slots=True)
class Job:
    """A partial placement of the first ``row`` rows and the weight of what it finds."""

    n: int
    row: int
    cols: int
    ld: int
    rd: int
    weight: int
    q: tuple[int, ...]


AnyJob = Job | UniqueJob
Found = tuple[int, int, int, int]
"""What a job found: (solutions, orbits of 2, of 4, of 8); the orbits only for unique jobs."""

Runner = Callable[[Sequence[AnyJob], str], Iterator[Found]]
"""Runs jobs with an engine and yields what each found, in any order."""


def count_below(n: int, cols: int, ld: int, rd: int, row: int) -> int:
    """Solutions completing a partial placement of rows ``0..row-1`` given as bit masks."""
    full = (1 << n) - 1
    last = n - 1

    def solve(cols: int, ld: int, rd: int, row: int) -> int:
        avail = full & ~(cols | ld | rd)
        if row == last:
            return avail.bit_count()
        total = 0
        nxt = row + 1
        if nxt == last:
            while avail:
                bit = avail & -avail
                avail ^= bit
                total += (full & ~(cols | bit | (ld | bit) << 1 | (rd | bit) >> 1)).bit_count()
            return total
        after = nxt + 1
        while avail:
            bit = avail & -avail
            avail ^= bit
            c = cols | bit
            left = (ld | bit) << 1
            right = (rd | bit) >> 1
            avail2 = full & ~(c | left | right)
            while avail2:
                bit2 = avail2 & -avail2
                avail2 ^= bit2
                total += solve(c | bit2, ((left | bit2) << 1) & full, (right | bit2) >> 1, after)
        return total

    return 1 if row == n else solve(cols, ld & full, rd, row)


def job_rows(n: int) -> int:
    """Below how many rows the search tree is cut into jobs."""
    return 3 if n >= DEEPER_FROM else 2


def jobs(n: int, rows: int | None = None) -> list[Job]:
    """The jobs of a plain n x n count: the first row's left half (and middle), each split by the
    squares of the next rows (``rows`` in all, default :func:`job_rows`)."""
    full = (1 << n) - 1
    mid = n // 2
    depth = min(job_rows(n) if rows is None else rows, max(n - 1, 1))
    out: list[Job] = []

    def split(job: Job, middle: bool) -> None:
        if job.row >= depth:
            out.append(job)
            return
        avail = full & ~(job.cols | job.ld | job.rd)
        if middle:  # the second queen of a middle first queen: left half only
            avail &= (1 << mid) - 1
        while avail:
            bit = avail & -avail
            avail ^= bit
            nxt = Job(
                n,
                job.row + 1,
                job.cols | bit,
                ((job.ld | bit) << 1) & full,
                (job.rd | bit) >> 1,
                job.weight,
                (*job.q, bit.bit_length() - 1),
            )
            split(nxt, False)

    for c0 in [*range(mid), *([mid] if n % 2 else [])]:
        bit = 1 << c0
        first = Job(n, 1, bit, (bit << 1) & full, bit >> 1, 1 if n == 1 else 2, (c0,))
        split(first, n > 1 and c0 == mid)
    return out


def plan(n: int, unique: bool = False) -> list[AnyJob]:
    """The jobs of a count: plain ones, or those of the symmetric search with ``unique``."""
    return list(unique_jobs(n, job_rows(n))) if unique and n >= 5 else list(jobs(n))


def run_job(job: AnyJob, engine: str = "python") -> Found:
    """Run one job; ``engine`` is ``python``, ``compiled``, or ``auto`` (compiled if installed)."""
    if engine == "auto":
        from solver.counting.compiled import available

        engine = "compiled" if available() else "python"
    if isinstance(job, Job):
        if engine == "compiled" and job.n <= MAX_COMPILED_N:
            from solver.counting.compiled import load

            found = load()[0](job.n, job.row, job.cols, job.ld, job.rd)
        else:
            found = count_below(job.n, job.cols, job.ld, job.rd, job.row)
        return job.weight * int(found), 0, 0, 0
    if engine == "compiled" and job.n <= MAX_COMPILED_N:
        import numpy as np

        from solver.counting.compiled import load

        board = np.zeros(job.n, np.int64)
        board[: len(job.board)] = job.board
        c2, c4, c8 = (
            int(x)
            for x in load()[1](
                job.n, job.kind == 0, job.bound1, job.row, job.left, job.down, job.right, board
            )
        )
    else:
        c2, c4, c8 = run_unique_job(job)
    return 2 * c2 + 4 * c4 + 8 * c8, c2, c4, c8


def _run_job_star(args: tuple[AnyJob, str]) -> Found:
    return run_job(*args)


def resolve_engine(engine: str, n: int) -> str:
    """``python`` or ``compiled``: what ``auto`` means for this n, and whether it is there."""
    from solver.counting.compiled import available, load

    if engine == "auto":
        engine = "compiled" if n >= COMPILED_FROM and available() else "python"
    if engine == "compiled":
        load()  # compiled (or loaded from the cache) here, before any worker starts
    return engine


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _worker_start(parent: int) -> None:
    """In each pool worker: ignore Ctrl-C (the caller handles it), die with the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the caller's handler: just end
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG (Linux)
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _start_pool(workers: int) -> Pool:
    """A pool whose workers ignore SIGINT from birth: Ctrl-C reaches only the caller."""
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    in_main = threading.current_thread() is threading.main_thread()
    previous: Any = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main else None
    try:
        return ctx.Pool(workers, initializer=_worker_start, initargs=(os.getpid(),))
    finally:
        if in_main:
            signal.signal(signal.SIGINT, previous)


def inline_runner(todo: Sequence[AnyJob], engine: str) -> Iterator[Found]:
    """Run the jobs one after another in this process."""
    for job in todo:
        yield run_job(job, engine)


def pool_runner(workers: int) -> Runner:
    """Run the jobs on a pool of ``workers`` processes, terminated on any exception."""

    def run(todo: Sequence[AnyJob], engine: str) -> Iterator[Found]:
        pool = _start_pool(workers)
        try:
            yield from pool.imap_unordered(_run_job_star, [(job, engine) for job in todo])
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()

    return run


def count(
    n: int,
    unique: bool = False,
    workers: int | None = None,
    progress: Progress | None = None,
    engine: str = "auto",
    runner: Runner | None = None,
) -> CountResult:
    """Count the solutions (and with ``unique`` the fundamental ones) of the n x n board."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    if unique and n < 5:
        return _small_unique(n)
    engine = resolve_engine(engine, n) if runner is None else engine
    todo = plan(n, unique)
    if runner is None:
        workers = default_workers() if workers is None else workers
        parallel = workers > 1 and n >= PARALLEL_FROM and len(todo) > 1
        runner = pool_runner(workers) if parallel else inline_runner
    totals = [0, 0, 0, 0]
    results = runner(todo, engine)
    try:
        for done, found in enumerate(results, 1):
            for i, value in enumerate(found):
                totals[i] += value
            if progress is not None:
                progress(done, len(todo))
    finally:
        close = getattr(results, "close", None)
        if close is not None:  # a generator: stop its workers now, not when it is collected
            close()
    solutions, c2, c4, c8 = totals
    return CountResult(n, solutions, c2 + c4 + c8 if unique else None, engine, len(todo))


def _small_unique(n: int) -> CountResult:
    """Boards below 5 x 5, too small for the symmetric search's corner/side split."""
    from solver.symmetry import is_canonical

    found = [q for job in jobs(n) for q in _solutions_below(job)]
    every = [b for q in found for b in {q, tuple(n - 1 - c for c in q)}]
    return CountResult(n, len(every), sum(1 for b in every if is_canonical(b)), "python", 1)


def _solutions_below(job: Job) -> Iterable[tuple[int, ...]]:
    """Every solution completing the job's placement, as ``q`` (row -> column)."""
    n = job.n
    full = (1 << n) - 1

    def place(cols: int, ld: int, rd: int, q: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(q) == n:
            yield q
            return
        avail = full & ~(cols | ld | rd)
        while avail:
            bit = avail & -avail
            avail ^= bit
            yield from place(
                cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1, (*q, bit.bit_length() - 1)
            )

    return place(job.cols, job.ld, job.rd, job.q)


def count_solutions(n: int, unique: bool = False) -> int:
    """The number of solutions of the n x n board; with ``unique``, of fundamental ones."""
    result = count(n, unique=unique)
    if unique:
        assert result.unique is not None
        return result.unique
    return result.solutions
