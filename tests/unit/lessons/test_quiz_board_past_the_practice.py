"""Lesson 8's quiz asks where the queen goes next on the Salerno N = 9 board: at a situation
of the search the practice pages never played, whose answer must be worked out."""

from __future__ import annotations

import pytest

from lessons.model import Lesson, Question, Text
from lessons.quiz.draw import practice_situations, situations
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage
from solver.stepping import Stop, back_to, step
from tests.unit.lessons.quiz_runs import lesson_in


def _quiz_pool(lesson: Lesson) -> tuple[int, list[tuple[int, str, int]]]:
    """The last tick the practice pages played on the quiz's board (its method and size), and
    each situation the quiz's next-choice may be drawn at: its tick, its answer and how many
    ticks the iteration takes."""
    stage = Stage()
    avoid = practice_situations(lesson)
    played: dict[tuple[str, int], int] = {}
    for page in lesson.pages:
        for block in page.blocks:
            if isinstance(block, Text):
                continue
            engine = stage.engine
            if not isinstance(block, Question):
                stage.apply(block)
                continue
            if engine is None:
                continue
            if page.scored and block.kind == "next-choice":
                last = played.get((engine.method, engine.n), -1)
                start, pool = engine.tick, []
                for tick in situations(block, stage, avoid):
                    back_to(engine, start)
                    while engine.tick < tick:
                        step(engine)
                    posed = pose(block, stage.session)
                    pool.append((tick, posed.expected, posed.play))
                back_to(engine, start)
                return last, pool
            try:
                posed = pose(block, stage.session)
            except QuizError:
                continue
            engine.run(Stop.END, max_ticks=posed.play)
            if not page.scored:
                key = (engine.method, engine.n)
                played[key] = max(played.get(key, -1), engine.tick)
    raise AssertionError("the lesson's quiz asks no next-choice")


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_lesson_8_quiz_asks_past_what_page_2_played_and_never_a_backtrack_read_off(
    lang: str,
) -> None:
    last, pool = _quiz_pool(lesson_in(lang, "recipe"))
    assert last > 0 and pool
    assert all(tick > last for tick, _, _ in pool), (last, pool)
    # a backtrack in one tick is one whose queen already stood in the top row: nothing to
    # work out
    assert not [tick for tick, answer, ticks in pool if answer == "backtrack" and ticks == 1]
