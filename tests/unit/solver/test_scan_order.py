"""A kit that tries a line's squares in its own order (docs/extending.md): every reason that
speaks of that order follows it, and the first subject it fills is the one guess mode skips."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from solver import peek
from solver.methods.recursive.kit import RecursiveKit
from solver.peek import Along, Iteration, Threat

N = 8


def middle_out(n: int) -> list[int]:
    """n // 2, then alternately below and above it: 4, 3, 5, 2, 6, 1, 7, 0 for 8."""
    return sorted(range(n), key=lambda v: (abs(2 * v - n + 0.5), v))


class MiddleOut(RecursiveKit):
    """The Turin kit's words, its lines and its subjects tried middle out."""

    def scan_order(self, n: int) -> Sequence[int]:
        return middle_out(n)

    def fill_order(self, n: int) -> Sequence[int]:
        return middle_out(n)


def attacked(square: tuple[int, int]) -> peek.Test:
    return peek.Test(square, False, (Threat((0, square[1]), Along.LINE),))


@given(first=st.integers(0, N - 1), landed=st.integers(0, N - 1), guess=st.integers(0, N - 1))
def test_every_reason_of_a_wrong_landing_follows_the_kits_order(
    first: int, landed: int, guess: int
) -> None:
    """From the ``first`` place of the order to ``landed``: a guess later in the order was
    missed, the one just before ``first`` is the queen undone, an earlier one was not tried,
    one tested on the way was attacked."""
    kit, order = MiddleOut(), middle_out(N)
    first, landed = sorted((first, landed))

    def square(place: int) -> tuple[int, int]:
        return kit.square_at(2, order[place])

    tests = tuple(attacked(square(p)) for p in range(first, landed))
    it = Iteration(2, True, order[landed], square(landed), tests, n=N)
    if guess == landed:
        return
    said = [m.id for m in kit.explain_land(it, order[guess])[0]]
    if first <= guess < landed:
        assert said == ["guess.wrong.attacked"], said
    elif guess > landed:
        assert said[0] == "guess.wrong.missed", said
    elif guess == first - 1:
        assert said == ["guess.wrong.undone"], said
    else:
        assert said == ["guess.wrong.not_tried"], said


def test_the_first_subject_the_kit_fills_is_free_by_construction() -> None:
    kit = MiddleOut()
    column = middle_out(N)[0]
    assert kit.asks_nothing(peek.Test(kit.square_at(column, 1), True), N)
    assert not kit.asks_nothing(peek.Test(kit.square_at(0, 1), False), N)
