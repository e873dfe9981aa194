"""Unique (fundamental) solutions counted with the board's full eight-fold symmetry.

The search visits one member of every orbit and tells its size (8, 4 or 2), so one run gives
unique = c8 + c4 + c2 and all solutions = 8*c8 + 4*c4 + 2*c2. A queen in a corner makes an orbit
of 8; otherwise the member whose top queen (row ``bound1``) is nearest a corner is kept, ties
broken by comparing the board with its rotations (:func:`orbit_size`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

CORNER = 0
SIDE = 1


@dataclass(frozen=True, slots=True)
class UniqueJob:
    """A partial board of the symmetric search: the first ``row`` rows are placed."""

    n: int
    kind: int
    bound1: int
    row: int
    left: int
    down: int
    right: int
    board: tuple[int, ...]


def masks(n: int, bound1: int) -> tuple[int, int, int, int]:
    """(top bit, side mask, last-row mask, end bit) of the no-corner case for ``bound1``."""
    top = 1 << (n - 1)
    side = top | 1
    last = side
    for _ in range(bound1 - 1):
        last |= last >> 1 | last << 1
    return top, side, last & ((1 << n) - 1), top >> bound1


def allowed(n: int, kind: int, bound1: int, y: int, down: int, free: int) -> int:
    """The free squares of row ``y`` that the symmetric search may use (below the last row)."""
    if kind == CORNER:
        return free & ~2 if y < bound1 else free
    _, side, _, _ = masks(n, bound1)
    if y < bound1:
        return free & ~side
    if y == n - 1 - bound1:
        if not down & side:
            return 0
        if down & side != side:
            return free & side
    return free


def classify(n: int, bound1: int, board: list[int]) -> int:
    """The size of the orbit (2, 4 or 8) of a finished no-corner board, or 0 if the board is not its
    orbit's chosen member (a rotation of it is smaller)."""
    top, _, _, end = masks(n, bound1)
    return orbit_size(n, bound1, board, top, end)


def orbit_size(n: int, bound1: int, board: Sequence[int], top: int, end: int) -> int:
    """:func:`classify` with the masks given: written for the compiled kernel too
    (:mod:`solver.counting.kernels` compiles this very function), so plain loops and flags."""
    last = n - 1
    if board[last - bound1] == 1:  # rotated by 90 degrees, the top queen may land on bound1
        ptn = 2
        own = 1
        same = True
        while own <= last:
            bit = 1
            you = last
            while board[you] != ptn and board[own] >= bit:
                bit <<= 1
                you -= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                same = False
                break
            own += 1
            ptn <<= 1
        if same:
            return 2  # the same board after 90 degrees: also after 180 and 270
    if board[last] == end:  # rotated by 180 degrees
        own = 1
        you = last - 1
        same = True
        while own <= last:
            bit = 1
            ptn = top
            while ptn != board[you] and board[own] >= bit:
                bit <<= 1
                ptn >>= 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                same = False
                break
            own += 1
            you -= 1
        if same:
            return 4
    if board[bound1] == top:  # rotated by 270 degrees
        ptn = top >> 1
        own = 1
        while own <= last:
            bit = 1
            you = 0
            while board[you] != ptn and board[own] >= bit:
                bit <<= 1
                you += 1
            if board[own] > bit:
                return 0
            if board[own] < bit:
                break
            own += 1
            ptn >>= 1
    return 8


def unique_jobs(n: int, rows: int = 2) -> list[UniqueJob]:
    """The jobs of the symmetric search of an n x n board (n >= 5), cut below row ``rows``."""
    full = (1 << n) - 1
    out: list[UniqueJob] = []
    stop = max(2, min(rows, n - 2))

    def split(job: UniqueJob) -> None:
        if job.row >= stop:
            out.append(job)
            return
        free = full & ~(job.left | job.down | job.right)
        avail = allowed(n, job.kind, job.bound1, job.row, job.down, free)
        while avail:
            bit = avail & -avail
            avail ^= bit
            split(
                UniqueJob(
                    n,
                    job.kind,
                    job.bound1,
                    job.row + 1,
                    ((job.left | bit) << 1) & full,
                    job.down | bit,
                    (job.right | bit) >> 1,
                    (*job.board, bit),
                )
            )

    for bound1 in range(2, n - 1):  # corner: row 0 at bit 0, row 1 at bound1
        bit = 1 << bound1
        split(UniqueJob(n, CORNER, bound1, 2, ((2 | bit) << 1) & full, 1 | bit, bit >> 1, (1, bit)))
    bound1 = 1
    while bound1 < n - 1 - bound1:  # no corner: row 0 at bound1, left of the middle
        bit = 1 << bound1
        split(UniqueJob(n, SIDE, bound1, 1, (bit << 1) & full, bit, bit >> 1, (bit,)))
        bound1 += 1
    return out


def run_unique_job(job: UniqueJob) -> tuple[int, int, int]:
    """(orbits of 2, of 4, of 8) found below the job's partial board, in pure Python."""
    n = job.n
    full = (1 << n) - 1
    last = n - 1
    bound1 = job.bound1
    bound2 = last - bound1
    _, side, last_mask, _ = masks(n, bound1)
    board = list(job.board) + [0] * (n - job.row)
    found = [0, 0, 0, 0, 0, 0, 0, 0, 0]
    not2 = full & ~2
    not_side = full & ~side

    def corner(y: int, left: int, down: int, right: int) -> int:
        avail = full & ~(left | down | right)
        if y == last:
            return 1 if avail else 0
        if y < bound1:
            avail &= not2
        total = 0
        y += 1
        while avail:
            bit = avail & -avail
            avail ^= bit
            total += corner(y, ((left | bit) << 1) & full, down | bit, (right | bit) >> 1)
        return total

    def no_corner(y: int, left: int, down: int, right: int) -> None:
        avail = full & ~(left | down | right)
        if y == last:
            if avail and not avail & last_mask:
                board[y] = avail
                found[classify(n, bound1, board)] += 1
            return
        if y < bound1:
            avail &= not_side
        elif y == bound2:
            if not down & side:
                return
            if down & side != side:
                avail &= side
        nxt = y + 1
        while avail:
            bit = avail & -avail
            avail ^= bit
            board[y] = bit
            no_corner(nxt, ((left | bit) << 1) & full, down | bit, (right | bit) >> 1)

    if job.kind == CORNER:
        found[8] = corner(job.row, job.left, job.down, job.right)
    else:
        no_corner(job.row, job.left, job.down, job.right)
    return found[2], found[4], found[8]
