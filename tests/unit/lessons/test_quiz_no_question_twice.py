"""A quiz never asks a question about its board twice, word for word with the same answer, at
two ticks (say "Column 2 (b[2] = 5): where does the queen go next?", answer b both times): a
second point is not earned by repeating the first's feedback."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.quiz.kinds import LIVE
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import lesson_in, quiz_run, waiting


@pytest.mark.parametrize("seed", sweep(range(1, 41), everyday=range(1, 4)))
def test_the_iterative_quiz_asks_each_board_question_once(seed: int, tmp_path: Path) -> None:
    lesson = lesson_in("en", "iterative")
    run = quiz_run(lesson, seed, tmp_path / "progress.json")
    seen: list[tuple[str, str, str]] = []
    for asked in waiting(run):
        posed = asked.posed
        if asked.question.kind in LIVE:
            # the question without the line the runner puts before it ("Later in the same
            # search: tick 88."), which names the tick and nothing of the question
            question = posed.prompt.split("\n", 1)[-1]
            seen.append((asked.question.kind, question, posed.expected))
        run.reveal()
    assert len(seen) >= 4, seen
    assert len(set(seen)) == len(seen), seen
