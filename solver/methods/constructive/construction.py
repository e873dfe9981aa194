"""A solution for every n >= 4 without any search: an explicit, "regular" placement."""

from __future__ import annotations


def construct(n: int) -> list[int]:
    """The state table ``b`` (row of the queen in each column) of the explicit placement."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    if n in (2, 3):
        raise ValueError(f"there is no solution for n={n}")
    evens = list(range(2, n + 1, 2))
    odds = list(range(1, n + 1, 2))
    remainder = n % 6
    if remainder == 2:
        odds[0], odds[1] = odds[1], odds[0]
        odds.remove(5)
        odds.append(5)
    elif remainder == 3:
        evens.remove(2)
        evens.append(2)
        odds = [*odds[2:], 1, 3]
    return [v - 1 for v in evens + odds]
