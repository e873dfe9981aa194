"""A square guessed past where the queen lands: besides "a free square comes before it", the
feedback names a queen that attacks the guessed square itself, when one of the queens the
iteration met does."""

from __future__ import annotations

import pytest

from solver.peek import Along, Iteration
from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Stop

SQUARE_METHODS = [name for name in steppable_methods() if not stepped(name).moves]


def _iterations(name: str, n: int, count: int) -> list[Iteration]:
    """The first ``count`` iterations of the method on an n x n board that place a queen."""
    kit, engine = stepped(name), make_engine(name, n)
    found: list[Iteration] = []
    while len(found) < count and not engine.snapshot().finished:
        it = kit.next_iteration(engine)
        if it is not None and it.square is not None:
            found.append(it)
        if engine.run(Stop.ITERATION).ticks == 0:
            break
    return found


def _attacks(
    kit_row_wise: bool, queen: tuple[int, int], square: tuple[int, int], along: Along
) -> bool:
    (qx, qy), (x, y) = queen, square
    if along is Along.LINE:
        return qx == x if kit_row_wise else qy == y
    if along is Along.SUM:
        return qx + qy == x + y
    return qy - qx == y - x


@pytest.mark.parametrize("name", SQUARE_METHODS)
def test_a_guess_past_the_landing_is_told_its_own_attacker(name: str) -> None:
    kit = stepped(name)
    row_wise = kit.wording.row_wise
    told = 0
    for it in _iterations(name, 8, 12):
        assert it.square is not None and isinstance(it.answer, int)
        met = {threat.square for test in it.tests for threat in test.threats}
        for value in range(it.answer + 1, 8):
            said, square, threats = kit.explain_land(it, value)
            assert said[0].id == "guess.wrong.missed"
            assert square == kit.square_of(it, value)
            if not threats:
                assert len(said) == 1
                continue
            (threat,) = threats
            assert threat.square in met  # a queen on the board, not a guess of one
            assert _attacks(row_wise, threat.square, square, threat.along)
            assert [m.id for m in said] == ["guess.wrong.missed", "guess.wrong.also_attacked"]
            told += 1
    assert told > 0  # the first iterations of 8 x 8 hold such guesses for every method
