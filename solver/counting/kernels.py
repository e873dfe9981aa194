"""The compiled counting kernels (numba): imported only by :mod:`solver.counting.compiled`."""

from __future__ import annotations

from typing import Any

import numba
import numpy as np

from solver.counting.unique import orbit_size


@numba.njit("int64(int64, int64, int64, int64, int64)", cache=True, nogil=True)
def plain(n: int, row: int, cols: int, ld: int, rd: int) -> int:
    full = (1 << n) - 1
    last = n - 1
    if row >= n:
        return 1
    avail = full & ~(cols | ld | rd)
    if row == last:
        return 1 if avail else 0
    a = np.zeros(n, np.int64)
    c = np.zeros(n, np.int64)
    left = np.zeros(n, np.int64)
    right = np.zeros(n, np.int64)
    d = row
    a[d] = avail
    c[d] = cols
    left[d] = ld & full
    right[d] = rd
    total = 0
    while True:
        avail = a[d]
        if avail == 0:
            if d == row:
                return total
            d -= 1
            continue
        bit = avail & -avail
        a[d] = avail ^ bit
        nc = c[d] | bit
        nl = ((left[d] | bit) << 1) & full
        nr = (right[d] | bit) >> 1
        free = full & ~(nc | nl | nr)
        if d + 1 == last:
            if free:
                total += 1
            continue
        d += 1
        a[d] = free
        c[d] = nc
        left[d] = nl
        right[d] = nr


classify = numba.njit("int64(int64, int64, int64[:], int64, int64)", cache=True, nogil=True)(
    orbit_size
)
"""The symmetric search's orbit test, compiled from the pure-Python counter's own function."""


@numba.njit(
    "UniTuple(int64, 3)(int64, boolean, int64, int64, int64, int64, int64, int64[:])",
    cache=True,
    nogil=True,
)
def unique(
    n: int, corner: bool, bound1: int, row: int, ld: int, down: int, rd: int, board: Any
) -> Any:
    full = (1 << n) - 1
    last = n - 1
    top = 1 << last
    side = top | 1
    last_mask = side
    for _ in range(bound1 - 1):
        last_mask |= last_mask >> 1 | last_mask << 1
    end = top >> bound1
    bound2 = last - bound1
    found = np.zeros(9, np.int64)
    a = np.zeros(n, np.int64)
    c = np.zeros(n, np.int64)
    left = np.zeros(n, np.int64)
    right = np.zeros(n, np.int64)
    d = row
    c[d] = down
    left[d] = ld
    right[d] = rd
    entering = True
    while True:
        if entering:
            entering = False
            free = full & ~(c[d] | left[d] | right[d])
            if d == last:
                if free:
                    if corner:
                        found[8] += 1
                    elif not free & last_mask:
                        board[d] = free
                        found[classify(n, bound1, board, top, end)] += 1
                free = 0
            elif corner:
                if d < bound1:
                    free &= ~2
            elif d < bound1:
                free &= ~side
            elif d == bound2:
                if not c[d] & side:
                    free = 0
                elif c[d] & side != side:
                    free &= side
            a[d] = free
        avail = a[d]
        if avail == 0:
            if d == row:
                return found[2], found[4], found[8]
            d -= 1
            continue
        bit = avail & -avail
        a[d] = avail ^ bit
        board[d] = bit
        c[d + 1] = c[d] | bit
        left[d + 1] = ((left[d] | bit) << 1) & full
        right[d + 1] = (right[d] | bit) >> 1
        d += 1
        entering = True
