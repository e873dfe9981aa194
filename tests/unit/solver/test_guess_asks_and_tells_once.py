"""A wrong rule in guess mode: the verdict and the tick it plays named
the rule twice ("Not that rule: same row 0. Column 1, row 0 is attacked by the queen in column
0 (row 0): same row 0."; the recursive method: "c[0] is false (same column 0). ... c[0] is
false: ..."). The verdict says the answer is wrong; the tick's sentence names the rule, once."""

from __future__ import annotations

import pytest

from solver.guess.stage import Stage
from solver.messages import render
from solver.peek import Along
from solver.registry import steppable_methods, stepped
from solver.session.board import BoardSession

QUEENS_METHODS = [m for m in steppable_methods() if stepped(m).queens and stepped(m).tests_squares]
"""The methods whose ticks test squares: guess mode asks about each test."""


@pytest.mark.parametrize("method", QUEENS_METHODS)
def test_a_wrong_rule_is_named_once(method: str) -> None:
    session = BoardSession(method, 5, guessing=True)
    for _ in range(400):
        question = session.game.question
        if question is None:
            session.tick_forward()
            continue
        test = question.test
        assert test is not None
        if question.stage is Stage.FREE:
            session.answer_yes(test.free if question.yes_means_free else not test.free)
            continue
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
        return
    pytest.skip(f"{method}: no rule asked in 400 ticks")


@pytest.mark.parametrize("method", QUEENS_METHODS)
def test_no_question_about_a_square_no_queen_can_attack(method: str) -> None:
    """The recursive method's --guess asked first "Row 0, column 0: is the square free?" on the
    empty board: a square of the first column (row-wise: row) is free by construction."""
    session = BoardSession(method, 4, guessing=True)
    asked = 0
    for _ in range(300):
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
        else:
            session.answer_rule(None)
    assert asked > 5
