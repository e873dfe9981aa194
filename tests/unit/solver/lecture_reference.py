"""A literal transcription of the Wrocław lecture's queens() and isfree(), for tests only: the
engine is compared with the lecture's own code, not with values typed by hand."""

from __future__ import annotations

from collections.abc import Sequence


def isfree(b: Sequence[int], x: int, y: int) -> bool:
    """The lecture's isfree (the Wrocław lecture), in one expression, as a reference."""
    return not any(b[i] - i == y - x or b[i] + i == y + x or b[i] == y for i in range(x))


def lecture_ticks(n: int, all_solutions: bool = False) -> list[tuple[str, tuple[int, ...], int]]:
    """(kind, b, k) after each tick of the Wrocław lecture's loop; kind is
    try-attacked/placed/backtrack/..."""
    b = [-1] * n
    out: list[tuple[str, tuple[int, ...], int]] = []

    def isfree(x: int, y: int) -> bool:
        for i in range(x):  # noqa: SIM110  (the lecture's loop, literally)
            if b[i] - i == y - x or b[i] + i == y + x or b[i] == y:
                return False
        return True

    # b[0]=0; k=1 -- the first tick
    b[0] = 0
    k = 1
    out.append(("placed", tuple(b), k))
    while True:
        while k < n and k >= 0:
            # do b[k]++ while (b[k]<n && !isfree(k,b[k])): one tick per increment
            while True:
                b[k] += 1
                if b[k] >= n:
                    break
                if isfree(k, b[k]):
                    break
                out.append(("attacked", tuple(b), k))
            if b[k] < n:
                k += 1
                out.append(("placed", tuple(b), k))
            else:
                b[k] = -1
                k -= 1
                out.append(("backtrack", tuple(b), k))
        if k == n:
            out.append(("solution", tuple(b), k))
            if not all_solutions:
                return out
            k = n - 1  # all-solutions mode goes on from the last column
            continue
        out.append(("done", tuple(b), k))
        return out
