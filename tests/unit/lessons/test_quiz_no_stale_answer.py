"""Lesson 6's quiz drew placeQueens at row 3 with the state table's
q[3] = (1), a column the search had left, and row 3's queen went to column 1 again: the
bracketed number was the answer. A drawn situation never shows its answer so; and a column
typed past where the queen lands is named attacked by its queen when it is, even a queen that
no square tested before the landing met (it said only that a free square came first)."""

from __future__ import annotations

from lessons import i18n
from lessons.model import Question, Text
from lessons.parsing.parser import parse
from lessons.quiz.draw import situations
from lessons.quiz.drawers.live import move_to
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage
from solver.session.board import BoardSession


def test_no_drawn_placequeens_question_shows_its_answer_in_q() -> None:
    i18n.set_language("en")
    text = "@lesson s\n@title S\n@page P\n@board n=6 algorithm=recursive\n@step 30\n"
    parsed = parse(text + "@question next-choice\n@end\n", "s.md").lesson
    assert parsed is not None
    stage = Stage()
    question = None
    for block in parsed.pages[0].blocks:
        if isinstance(block, Question):
            question = block
        elif not isinstance(block, Text):
            stage.apply(block)
    assert question is not None and stage.engine is not None
    ticks = situations(question, stage)
    assert ticks
    stale = 0
    for tick in range(stage.engine.tick, stage.engine.tick + 40):
        move_to(stage.engine, tick)
        try:
            posed = pose(question, stage.session)
        except QuizError:
            continue
        row = int(posed.values["row"])
        q = [entry.strip() for entry in posed.values["q"].strip("[]").split(",")]
        if q[row] == posed.expected:  # tick 47: q[3] = 1 kept, and row 3's queen lands on 1
            stale += 1
            assert tick not in ticks, (tick, posed.values)
    assert stale  # the board has such situations: none is drawn


def test_a_column_past_the_landing_names_its_attacker() -> None:
    """Tick 17 of placeQueens on 6 x 6: q = [0, 2, 4, -1, ...], row 3's queen lands on
    column 1; column 3 is attacked by row 0's queen on its row-col diagonal, a queen that the
    test of column 0 (attacked by c[0]) met, and column 5 by row 2's."""
    i18n.set_language("en")
    session = BoardSession("recursive", 6, lesson=True)
    for _ in range(17):
        session.tick_forward()
    posed = pose(Question(line=1, kind="next-choice"), session)
    assert posed.values["q"].startswith("[0, 2, 4, -1") and posed.expected == "1"
    assert "row 0, column 0 attacks row 3, column 3" in posed.wrong["3"], posed.wrong["3"]
    assert "row 2, column 4 attacks row 3, column 5" in posed.wrong["5"], posed.wrong["5"]
