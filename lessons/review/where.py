"""Where a lesson asks each of its questions: the ``@board`` in force and the tick its board
stands at, found by playing the lesson as the runner plays it (each question's own ticks
included, :func:`lessons.quiz.instances_live.practice_situations` plays it the same way).

The review asks a question about a board on a board of its own (:mod:`lessons.review.reviewers`):
it needs the lesson's board to ask on the same method, size and kind of tick, and the lesson's
own situation to ask another one.
"""

from __future__ import annotations

from dataclasses import dataclass

from lessons.model import BoardOp, Lesson, Question, Text
from lessons.quiz.instances_live import between
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage, StageError
from solver.stepping import Stop


@dataclass(frozen=True, slots=True)
class Where:
    """The board a question is asked on: the ``@board`` in force (None: none yet), its tick,
    whether it stands between two iterations, and its size when it is a queens board."""

    board: BoardOp | None = None
    tick: int = 0
    between: bool = True
    queens_n: int | None = None


_played: dict[int, tuple[Lesson, dict[str, Where]]] = {}
"""Where each lesson asks its questions, played once per process (by identity, the lesson
kept)."""


def where_asked_once(lesson: Lesson) -> dict[str, Where]:
    """:func:`where_asked`, played once per process for each lesson (do not change what it
    gives)."""
    known = _played.get(id(lesson))
    if known is None or known[0] is not lesson:
        known = (lesson, where_asked(lesson))
        _played[id(lesson)] = known
    return known[1]


def where_asked(lesson: Lesson) -> dict[str, Where]:
    """Every question of ``lesson`` by its key (``PAGE.QUESTION``) and where it is asked. A
    lesson that cannot be played to the end (``lessons check`` says why) gives the questions
    before the trouble."""
    stage = Stage()
    board: BoardOp | None = None
    found: dict[str, Where] = {}
    for index, page in enumerate(lesson.pages):
        number = 0
        for block in page.blocks:
            if isinstance(block, Text):
                continue
            if not isinstance(block, Question):
                try:
                    stage.apply(block)
                except StageError:
                    return found
                if isinstance(block, BoardOp):
                    board = block
                continue
            engine = stage.engine
            found[f"{index}.{number}"] = Where(
                board,
                engine.tick if engine is not None else 0,
                between(engine) if engine is not None else True,
                stage.queens_n,
            )
            number += 1
            try:
                posed = pose(block, stage.session)
            except QuizError:
                continue
            if engine is not None:
                engine.run(Stop.END, max_ticks=posed.play)
    return found
