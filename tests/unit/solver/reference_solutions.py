"""An independent, deliberately plain reference: every solution by filtering permutations.

It shares no code with ``solver``: the tests compare every method against it.
"""

from __future__ import annotations

import functools
import itertools


@functools.cache
def _solutions(n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(
        b
        for b in itertools.permutations(range(n))
        if all(abs(b[i] - b[j]) != j - i for i in range(n) for j in range(i + 1, n))
    )


def reference_solutions(n: int) -> list[tuple[int, ...]]:
    """Every solution b (row of the queen in each column), in lexicographic order."""
    return list(_solutions(n))
