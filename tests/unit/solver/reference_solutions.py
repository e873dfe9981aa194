"""An independent, deliberately plain reference: every solution by filtering permutations.

The reference shares no code with ``solver``: the tests compare every method against it.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence


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


def as_found(
    own_order: bool, found: Iterable[Sequence[int]], ref: list[tuple[int, ...]], every: bool
) -> bool:
    """``found`` is ``ref`` (``every``: all of it, else its first) in the notes' order, or for a
    method of its own order (a kit's ``own_order``) as a set and a count (its first: one)."""
    got, wanted = [tuple(b) for b in found], ref if every else ref[:1]
    return len(got) == len(wanted) and set(got) <= set(ref) if own_order else got == wanted


def in_b(method: str, ref: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """``ref`` read as the arrays ``method``'s notes find (row-wise: a column for each row), in
    that order, each given as ``b[]`` as a batch run gives them."""
    from solver.registry import kit

    as_b = getattr(kit(method), "as_b", None)
    return [as_b(b) for b in ref] if as_b else ref
