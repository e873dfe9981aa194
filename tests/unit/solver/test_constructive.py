"""The explicit placement for every n >= 4, checked by the O(n) checker."""

from __future__ import annotations

import pytest

from solver.checker import attacks, is_valid
from solver.methods.constructive.construction import construct
from tests.tiers import sweep


@pytest.mark.parametrize(
    "sizes", sweep([range(4, 200), range(200, 2001)], everyday=[range(4, 200)])
)
def test_valid_for_every_n_from_4_to_2000(sizes: range) -> None:
    """Every residue of n modulo 6 many times over in the everyday run; up to 2000 in the
    thorough tier."""
    for n in sizes:
        b = construct(n)
        assert sorted(b) == list(range(n))
        assert is_valid(b), n


@pytest.mark.parametrize(
    "n",
    sweep(
        [100_004, 99_999, 1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_004, 999_999],
        everyday=[100_004, 99_999],  # n % 6 == 2 and 3: the construction's two special cases
    ),
)
def test_valid_for_huge_n(n: int) -> None:
    assert is_valid(construct(n))


def test_small_boards() -> None:
    assert construct(1) == [0]
    assert construct(4) == [1, 3, 0, 2]
    assert attacks(construct(8)) == []
    for n in (2, 3):
        with pytest.raises(ValueError, match="no solution"):
            construct(n)
    with pytest.raises(ValueError):
        construct(0)
    b = construct(1000)  # the checker catches a broken construction
    b[10], b[11] = b[11], b[10]
    assert not is_valid(b)
