"""Guess mode's verdicts: a wrong rule named once, no question about a square no queen can attack,
a square guessed past where the queen lands."""

from __future__ import annotations

import pytest

from solver.guess.stage import Stage
from solver.messages import render
from solver.peek import Along, Iteration
from solver.registry import make_engine, steppable_methods, stepped
from solver.session.board import BoardSession
from solver.stepping import Stop

QUEENS_METHODS = [m for m in steppable_methods() if stepped(m).queens and stepped(m).tests_squares]
"""The methods whose ticks test squares: guess mode asks about each test."""


@pytest.mark.parametrize("method", QUEENS_METHODS)
def test_no_square_no_queen_can_attack_is_asked_and_a_wrong_rule_is_named_once(
    method: str,
) -> None:
    """A square of the first column (row-wise: row) is free by construction: never asked. A
    wrong rule is counted wrong and its reasons said once, by the tick's own sentence."""
    session = BoardSession(method, 5, guessing=True)
    asked = rules = 0
    for _ in range(400):
        question = session.game.question
        if question is None:
            if not session.tick_forward().played and session.game.question is None:
                break
            continue
        test = question.test
        assert test is not None
        if question.stage is Stage.FREE:
            x, y = test.square
            assert (y if question.kit.wording.row_wise else x) != 0, test
            asked += 1
            session.answer_yes(test.free if question.yes_means_free else not test.free)
            continue
        if rules:
            session.answer_rule(None)
            continue
        rules += 1
        holds = {t.along for t in test.threats}
        wrong = next(along for along in Along if along not in holds)
        whys = [render(question.kit.why(test.square, t, test)) for t in test.threats]
        session.answer_rule(wrong)
        verdict, *tick = (render(m) for m in session.frame().narration)
        assert session.game.tally.right < session.game.tally.asked  # counted wrong
        assert tick, verdict  # the tick's own sentence follows, and names the rule
        for why in whys:
            assert why not in verdict, verdict  # not said a second time before it
        said = " ".join(tick)
        assert all(said.count(why) <= 1 for why in whys), said
    assert asked > 5 and rules == 1


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
