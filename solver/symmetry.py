"""The 8 symmetries of the square board (the Italian Python course, exercise 4) acting on
solutions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

Square = tuple[int, int]


@dataclass(frozen=True, slots=True)
class _Map:
    """A symmetry as a rule: the square's column and row swapped (``swap``) or not, then each
    mirrored (``m - x``) or not; the 8 choices are the 8 symmetries."""

    label: str
    swap: bool
    mirror_col: bool
    mirror_row: bool

    def square(self, c: int, r: int, m: int) -> Square:
        x, y = (r, c) if self.swap else (c, r)
        return (m - x if self.mirror_col else x), (m - y if self.mirror_row else y)


class Symmetry(Enum):
    """One of the 8 symmetries; ``value.square(col, row, n - 1)`` moves one square."""

    IDENTITY = _Map("identity", False, False, False)
    ROT90 = _Map("rotation by 90 degrees", True, True, False)
    ROT180 = _Map("rotation by 180 degrees", False, True, True)
    ROT270 = _Map("rotation by 270 degrees", True, False, True)
    MIRROR = _Map("reflection in the vertical axis (left-right)", False, True, False)
    FLIP = _Map("reflection in the horizontal axis (top-bottom)", False, False, True)
    DIAGONAL = _Map("reflection in the main diagonal (col <-> row)", True, False, False)
    ANTIDIAGONAL = _Map("reflection in the anti-diagonal", True, True, True)

    @property
    def label(self) -> str:
        return self.value.label

    def square(self, col: int, row: int, n: int) -> Square:
        """Where the square (col, row) of an n x n board goes."""
        return self.value.square(col, row, n - 1)

    def apply(self, b: Sequence[int]) -> tuple[int, ...]:
        """The image of the placement ``b`` (one queen per column and per row)."""
        n = len(b)
        image = [-1] * n
        for col, row in enumerate(b):
            new_col, new_row = self.value.square(col, row, n - 1)
            image[new_col] = new_row
        if -1 in image:
            raise ValueError(f"{list(b)} has two queens in one row: its image is not a placement")
        return tuple(image)

    def then(self, other: Symmetry) -> Symmetry:
        """The symmetry "first ``self``, then ``other``", found by where it sends two squares."""
        n = 3  # (0,0) and (1,0) on a 3x3 board tell every element of D4 apart
        probe = [(0, 0), (1, 0)]
        moved = [other.square(*self.square(c, r, n), n) for c, r in probe]
        for candidate in Symmetry:
            if [candidate.square(c, r, n) for c, r in probe] == moved:
                return candidate
        raise AssertionError("D4 is closed under composition")  # pragma: no cover


ROTATIONS = (Symmetry.IDENTITY, Symmetry.ROT90, Symmetry.ROT180, Symmetry.ROT270)
"""The 4 rotations of the Italian Python course's exercise 4 ("le 4 simmetriche per rotazione")."""


def images(b: Sequence[int]) -> dict[Symmetry, tuple[int, ...]]:
    """The image of ``b`` under each of the 8 symmetries (some may coincide)."""
    return {s: s.apply(b) for s in Symmetry}


def orbit(b: Sequence[int]) -> frozenset[tuple[int, ...]]:
    """The distinct images of ``b``: 8, 4 (symmetric under 180 degrees), 2, or 1 (n = 1)."""
    return frozenset(images(b).values())


def canonical(b: Sequence[int]) -> tuple[int, ...]:
    """The lexicographically smallest image of ``b``: one name for the whole orbit."""
    return min(orbit(b))


def is_canonical(b: Sequence[int]) -> bool:
    """True when ``b`` is the smallest of its orbit (each orbit has exactly one such member)."""
    t = tuple(b)
    return all(t <= s.apply(t) for s in Symmetry)


def unique(solutions: Iterable[Sequence[int]]) -> list[tuple[int, ...]]:
    """The canonical forms of the given solutions, each once, sorted."""
    return sorted({canonical(b) for b in solutions})
