"""The 8 symmetries of the square: group laws, orbits, canonical forms, unique counts."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from solver.checker import is_valid
from solver.symmetry import ROTATIONS, Symmetry, canonical, is_canonical, orbit, unique
from tests.tiers import examples
from tests.unit.solver.reference_solutions import reference_solutions

permutations = st.integers(1, 10).flatmap(lambda n: st.permutations(list(range(n))))


@settings(max_examples=examples(100), deadline=None)
@given(permutations)
def test_four_quarter_turns_and_two_reflections_are_the_identity_and_composition_is_closed(
    b: list[int],
) -> None:
    image = tuple(b)
    for _ in range(4):
        image = Symmetry.ROT90.apply(image)
    assert image == tuple(b)
    for s in (Symmetry.MIRROR, Symmetry.FLIP, Symmetry.DIAGONAL, Symmetry.ANTIDIAGONAL):
        assert s.apply(s.apply(b)) == tuple(b)
    for s, t in itertools.product(Symmetry, repeat=2):
        assert t.apply(s.apply(b)) == s.then(t).apply(b)
        assert s.inverse().apply(s.apply(b)) == tuple(b)


def test_group_table_is_d4() -> None:
    elements = list(Symmetry)
    assert len({s.then(t) for s in elements for t in elements}) == 8
    for s in elements:
        assert s.then(Symmetry.IDENTITY) is s and Symmetry.IDENTITY.then(s) is s
        assert sum(1 for t in elements if s.then(t) is Symmetry.IDENTITY) == 1
    assert Symmetry.ROT90.then(Symmetry.ROT90) is Symmetry.ROT180
    assert Symmetry.MIRROR.then(Symmetry.FLIP) is Symmetry.ROT180
    assert Symmetry.ROT90.then(Symmetry.ROT90).then(Symmetry.ROT90) is Symmetry.ROT270


def test_rotation_moves_squares_anticlockwise() -> None:
    assert Symmetry.ROT90.square(1, 0, 3) == (2, 1)  # bottom middle -> right middle
    assert Symmetry.ROT90.apply((1, 3, 0, 2)) == (1, 3, 0, 2)  # the 4x4 solution turns into itself
    assert Symmetry.ROT90.apply((0, 2, 4, 1, 3)) == (2, 4, 1, 3, 0)  # (0,0) goes to (4,0)
    assert [r.label for r in ROTATIONS][1] == "rotation by 90 degrees"


def test_images_of_solutions_are_solutions_and_orbits_partition_them_as_oeis_counts() -> None:
    unique_counts = []
    for n in range(1, 10):
        solutions = set(reference_solutions(n))
        for b in solutions:
            assert orbit(b) <= solutions
            assert all(is_valid(image) for image in orbit(b))
            assert is_canonical(b) == (canonical(b) == b)
        assert len({s for b in unique(solutions) for s in orbit(b)}) == len(solutions)
        unique_counts.append(len(unique(solutions)))
    assert unique_counts == [1, 0, 0, 1, 2, 1, 6, 12, 46]  # OEIS A002562
    sizes = sorted(len(orbit(b)) for b in unique(reference_solutions(8)))
    assert sizes == [4] + [8] * 11  # one of the 12 is symmetric under 180 degrees
