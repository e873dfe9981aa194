"""``next-state ticks=N``: the value after N ticks of the lecture's loop, backtracks included,
checked against the loop written out again here; the engine is left exactly as it was."""

from __future__ import annotations

import pytest

from lessons.model import Question
from lessons.quiz.pose import QuizError, pose
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.session.board import BoardSession


def isfree(b: list[int], x: int, y: int) -> bool:
    return not any(b[i] - i == y - x or b[i] + i == y + x or b[i] == y for i in range(x))


def lecture_ticks(b: list[int], k: int, n: int, count: int) -> tuple[list[int], int, int]:
    """The Wrocław loop, one tick at a time: b[k]++ with isfree, or b[k]=-1; k--."""
    backtracks = 0
    for _ in range(count):
        if b[k] + 1 < n:
            b[k] += 1
            if isfree(b, k, b[k]):
                k += 1
        else:
            b[k] = -1
            k -= 1
            backtracks += 1
    return b, k, backtracks


@pytest.mark.parametrize("ticks", [3, 10, 25])
def test_k_several_ticks_ahead(ticks: int) -> None:
    engine = IterativeEngine(6, Mode.FIRST)
    for _ in range(15):
        engine.step()
    before = (engine.b, engine.k, engine.tick)
    posed = pose(
        Question(1, "next-state", {"of": "k", "ticks": str(ticks)}), BoardSession(engine=engine)
    )
    assert (engine.b, engine.k, engine.tick) == before
    _b, k, backtracks = lecture_ticks(list(engine.b), engine.k, 6, ticks)
    assert posed.expected == str(k) and posed.play == ticks
    if backtracks > 1:
        assert f"backtracked {backtracks} times" in posed.explanation


def test_past_the_end_is_refused() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    with pytest.raises(QuizError, match="the search ends"):
        pose(Question(1, "next-state", {"of": "k", "ticks": "50"}), BoardSession(engine=engine))
