"""Fast counting: bit-mask backtracking with the mirror trick, on every core.

The board is filled row by row (the Turin notes' ``q[i]``). Instead of the Turin notes' three
boolean arrays, three integers hold their bits: ``cols`` (the arrays ``c[]``), ``ld`` and ``rd``
(the diagonals ``a[]`` and ``b[]``, shifted one square left and right per row, so the bits of the
next row's attacked squares are already in place). The free squares of a row are then ``full &
~(cols | ld | rd)``, and ``avail & -avail`` picks the lowest one.

The mirror trick: reflecting a solution left-right gives a different solution whose first
queen is on the other half of the first row. So it is enough to count the solutions with the
first queen in the left half, and double; for odd n, a first queen in the middle column needs
the second queen in the left half (doubled likewise).

The work is cut into jobs, one per square pair of the first two rows, shared among worker
processes for larger n. Ctrl-C (KeyboardInterrupt in the caller) terminates the workers before
it goes on up: no process is left behind.

Unique (fundamental) solutions: every orbit under the 8 symmetries has exactly one member that
is lexicographically smallest (:func:`solver.symmetry.is_canonical`), and its first queen is in
the left half or the middle. Counting those members counts the orbits.
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiprocessing.pool import Pool

Progress = Callable[[int, int], None]
"""Called with (jobs finished, jobs in all) as the count goes on."""

PARALLEL_FROM = 11
"""Smaller boards are counted in the calling process: starting workers would cost more."""


@dataclass(frozen=True, slots=True)
class CountResult:
    """All solutions of the n x n board, and the unique ones when they were asked for."""

    n: int
    solutions: int
    unique: int | None = None


@dataclass(frozen=True, slots=True)
class _Job:
    """A partial placement of the first ``row`` rows and the weight of what it finds."""

    n: int
    row: int
    cols: int
    ld: int
    rd: int
    weight: int
    q: tuple[int, ...]


def count_below(n: int, cols: int, ld: int, rd: int, row: int) -> int:
    """Solutions completing a partial placement of rows ``0..row-1`` given as bit masks.

    Each call handles two rows (the second inline), and the last row is counted with
    ``bit_count`` instead of being placed: that halves the calls of the plain recursion.
    """
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

    if row == n:
        return 1
    return solve(cols, ld & full, rd, row)


def solutions_below(job: _Job) -> Iterator[tuple[int, ...]]:
    """Every solution completing the job's placement, as ``q`` (row -> column), lazily."""
    n = job.n
    full = (1 << n) - 1
    q = list(job.q) + [0] * (n - job.row)

    def place(cols: int, ld: int, rd: int, row: int) -> Iterator[tuple[int, ...]]:
        if row == n:
            yield tuple(q)
            return
        avail = full & ~(cols | ld | rd)
        while avail:
            bit = avail & -avail
            avail ^= bit
            q[row] = bit.bit_length() - 1
            yield from place(cols | bit, ((ld | bit) << 1) & full, (rd | bit) >> 1, row + 1)

    return place(job.cols, job.ld, job.rd, job.row)


def _is_canonical(q: tuple[int, ...]) -> bool:
    """True when ``q`` is the smallest of its 8 images (a fast copy of symmetry.is_canonical)."""
    n = len(q)
    m = n - 1
    inv = [0] * n
    for c, r in enumerate(q):
        inv[r] = c
    images = (
        [inv[m - c] for c in range(n)],  # rotation by 90
        [m - q[m - c] for c in range(n)],  # rotation by 180
        [m - inv[c] for c in range(n)],  # rotation by 270
        [q[m - c] for c in range(n)],  # left-right
        [m - r for r in q],  # top-bottom
        inv,  # main diagonal
        [m - inv[m - c] for c in range(n)],  # anti-diagonal
    )
    t = list(q)
    return all(t <= image for image in images)


def _run_job(job: _Job, unique: bool) -> tuple[int, int]:
    """(solutions, canonical solutions) found by one job, solutions already weighted."""
    if not unique:
        return job.weight * count_below(job.n, job.cols, job.ld, job.rd, job.row), 0
    found = 0
    canonical = 0
    for q in solutions_below(job):
        found += 1
        canonical += _is_canonical(q)
    return job.weight * found, canonical


def _run_job_star(args: tuple[_Job, bool]) -> tuple[int, int]:
    return _run_job(*args)


def jobs(n: int, unique: bool) -> list[_Job]:
    """The jobs of an n x n count: the first row's left half (and middle), split by row 1.

    For a plain count the middle column's second queen is limited to the left half (mirror
    trick). For unique counting every solution with its first queen in the left half or the
    middle is visited (weights still give the total).
    """
    full = (1 << n) - 1
    mid = n // 2
    firsts = list(range(mid)) + ([mid] if n % 2 else [])
    out: list[_Job] = []
    for c0 in firsts:
        bit0 = 1 << c0
        cols, ld, rd = bit0, (bit0 << 1) & full, bit0 >> 1
        in_middle = n % 2 == 1 and c0 == mid
        if n == 1:
            out.append(_Job(n, 1, cols, ld, rd, 1, (c0,)))
            continue
        avail = full & ~(cols | ld | rd)
        for c1 in range(n):
            if not avail >> c1 & 1:
                continue
            if in_middle and not unique and c1 >= mid:
                continue
            bit1 = 1 << c1
            weight = 1 if in_middle and unique else 2
            out.append(
                _Job(
                    n,
                    2,
                    cols | bit1,
                    ((ld | bit1) << 1) & full,
                    (rd | bit1) >> 1,
                    weight,
                    (c0, c1),
                )
            )
    return out


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_pool(workers: int) -> Pool:
    """A pool whose workers ignore SIGINT from birth: Ctrl-C reaches only the caller."""
    import multiprocessing

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    in_main = threading.current_thread() is threading.main_thread()
    previous: Any = signal.signal(signal.SIGINT, signal.SIG_IGN) if in_main else None
    try:
        return ctx.Pool(workers, initializer=_ignore_sigint)
    finally:
        if in_main:
            signal.signal(signal.SIGINT, previous)


def count(
    n: int, unique: bool = False, workers: int | None = None, progress: Progress | None = None
) -> CountResult:
    """Count the solutions (and with ``unique`` the fundamental ones) of the n x n board."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    if n == 1:
        return CountResult(1, 1, 1 if unique else None)
    todo = jobs(n, unique)
    total = 0
    canonical = 0
    workers = default_workers() if workers is None else workers
    if workers <= 1 or n < PARALLEL_FROM:
        for done, job in enumerate(todo, 1):
            found, canon = _run_job(job, unique)
            total += found
            canonical += canon
            if progress is not None:
                progress(done, len(todo))
    else:
        pool = _start_pool(workers)
        try:
            tasks = [(job, unique) for job in todo]
            for done, (found, canon) in enumerate(pool.imap_unordered(_run_job_star, tasks), 1):
                total += found
                canonical += canon
                if progress is not None:
                    progress(done, len(todo))
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
    return CountResult(n, total, canonical if unique else None)


def count_solutions(n: int, unique: bool = False) -> int:
    """The number of solutions of the n x n board; with ``unique``, of fundamental ones."""
    result = count(n, unique=unique)
    if unique:
        assert result.unique is not None
        return result.unique
    return result.solutions
