"""The questions about the live board on a quiz, drawn per student (issue 22, part 4).

A ``next-choice``, ``next-state``, ``attacker`` or ``attack-rule`` on a ``@quiz`` page is asked
about the page's board; each student is asked it about another, equivalent situation of that
board: the board as the lesson left it, played on by a number of ticks drawn by the student's
seed. The *pool* of situations (:func:`situations`) is every tick from where the lesson left the
board up to :data:`MAX_EXTRA` ticks on (never past the end of the search) where

- the question can be asked (posed on every method's board as the lesson's own is: its
  precondition holds, 0 <= k < n for next-choice, an attacked try for attacker and attack-rule),
- the board stands between the same kinds of tick as the lesson's own situation (between two
  iterations, or just after a square was tested), so the question means the same,
- and no practice question of the lesson was asked there (:func:`practice_situations`), nor a
  question of the same kind drawn before it on the page; nor does it ask a practice question
  again, word for word with the same answer, on another board (student walk 12, pl 15: the
  4 x 4 practice's "placeQueens(1) has just removed the queen of row 1 from column 2" came back
  on the 6 x 6 quiz, answer 3 again).

The lesson's own situation is in the pool when it is not a practice one. The runner plays the
drawn ticks on the page's board, so the pane shows the drawn situation, and after the question
takes the board back to where the lesson's own question would have left it. Every situation
of a pool is posed when the pool is made, so each one is answerable; ``lessons check`` reports
a quiz question whose pool is empty (every student would get the lesson's own situation).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence

from lessons.model import BoardOp, Lesson, Page, Question, Text
from lessons.quiz.instances import LIVE
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage, StageError
from solver.stepping import Kind, SteppableSearch, Stop, back_to, step

MAX_EXTRA = 60
"""The most ticks a drawn situation lies ahead of the lesson's own (the pool is every tick up
to there where the question can be asked: at most 61 situations, posed in a few milliseconds)."""

Situation = tuple[str, int, int]
"""A board's situation: its method, its size and its tick (a board's engine is deterministic,
so these name its state; a maze is named by its size only, which only makes the pool smaller)."""
Asked = tuple[str, str, str]
"""A practice question as the student read it: its kind, its prompt and its right answer
(:func:`asked`)."""
Avoided = Situation | Asked
"""What a drawn situation must not be: a practice question's situation, or its question."""

_BETWEEN = frozenset({None, Kind.PLACE, Kind.BACKTRACK, Kind.SOLUTION, Kind.CALL, Kind.RETURN})
"""The kinds of tick after which a board stands between two iterations (or calls)."""


def situation(engine: SteppableSearch) -> Situation:
    return (engine.method, engine.n, engine.tick)


def between(engine: SteppableSearch) -> bool:
    """The board stands between two iterations (or calls), not just after a square was tested:
    a question about it means the same only at a tick that stands the same way."""
    return engine.last_kind in _BETWEEN


def asked(kind: str, prompt: str, expected: str, n: int) -> Asked:
    """A question as the student reads it, whatever the board's size: the board's last row or
    column (the range its answer is typed in, "0 to 3") written as ``{last}``."""
    return (kind, re.sub(rf"(?<!\d){n - 1}(?!\d)", "{last}", prompt), expected)


def practice_situations(lesson: Lesson) -> frozenset[Avoided]:
    """Where the lesson's practice pages ask a question about the live board, and what they
    ask there (:data:`Asked`): the whole lesson replayed as the runner plays it (its
    questions' ticks included)."""
    stage = Stage()
    found: set[Avoided] = set()
    for page in lesson.pages:
        for block in page.blocks:
            if isinstance(block, Text):
                continue
            engine = stage.engine
            if not isinstance(block, Question):
                try:
                    stage.apply(block)
                except StageError:  # lessons check reports it at its line
                    return frozenset(found)
                continue
            if engine is None:
                continue
            if not page.scored and block.kind in LIVE:
                found.add(situation(engine))
            try:
                posed = pose(block, stage.session)
            except QuizError:  # lessons check reports it at its line
                continue
            if not page.scored and block.kind in LIVE:
                found.add(asked(block.kind, posed.prompt, posed.expected, engine.n))
            engine.run(Stop.END, max_ticks=posed.play)
    return frozenset(found)


def situations(question: Question, stage: Stage, avoid: Iterable[Avoided] = ()) -> list[int]:
    """The ticks of the page's board a student may be asked ``question`` at, from the board's
    tick on (the module's rules); the board is left as it was."""
    engine = stage.engine
    if engine is None or question.kind not in LIVE:
        return []
    avoided = set(avoid)
    start = engine.tick
    standing = between(engine)
    found: list[int] = []
    try:
        for extra in range(MAX_EXTRA + 1):
            if extra and not step(engine):
                break  # the search is over
            if between(engine) != standing or situation(engine) in avoided:
                continue
            try:
                posed = pose(question, stage.session)
            except QuizError:
                continue
            if asked(question.kind, posed.prompt, posed.expected, engine.n) in avoided:
                continue  # a practice question again, word for word
            if _stale_answer(posed.values, posed.expected):
                continue
            found.append(engine.tick)
    finally:
        back_to(engine, start)
    return found


def _stale_answer(values: Mapping[str, str], expected: str) -> bool:
    """Whether the state table shows the answer already: the Turin notes' q[] keeps a row's
    last column after the search came back from it, drawn in brackets, and where that is the
    column the queen lands on next the student copies it (student walk 14, pl 3: lesson 6's
    quiz showed q[3] = (1) and asked where row 3's queen goes: column 1)."""
    row, q = values.get("row", ""), values.get("q", "")
    if not row.isdecimal() or not q.startswith("["):
        return False
    entries = [entry.strip() for entry in q.strip("[]").split(",")]
    return int(row) < len(entries) and entries[int(row)] == expected


def draw_tick(
    question: Question,
    stage: Stage,
    seed: int,
    key: str,
    lesson: Lesson,
    avoid: Iterable[Avoided] = (),
    after: int | None = None,
    left: int = 0,
) -> int:
    """The tick the student with ``seed`` is asked ``question`` (at ``key``) at: the board's own
    tick when the seed is 0 or the pool is empty. ``after``: the tick the question before it on
    the page was drawn at, ``left``: how many questions about the board follow it there; the
    questions of a page then walk the search forward, in tick order, as a story does (student
    walk 6, F20: lesson 5's quiz went 64, 68, 54, 61, 79, 51), each drawn among the next
    situations but the last ``left`` (some kept for the questions after it)."""
    engine = stage.engine
    if engine is None:
        return 0
    ticks = situations(question, stage, avoid) if seed else []
    if after is not None:
        ticks = [tick for tick in ticks if tick > after] or ticks
    if left > 0 and len(ticks) > 1:
        ticks = ticks[: max(1, len(ticks) - left)]  # some left for the questions after it
    if not ticks:
        return engine.tick
    return random.Random(f"{seed}:{lesson.id}:{key}").choice(ticks)


def draw_tick_off(
    question: Question,
    stage: Stage,
    seed: int,
    key: str,
    lesson: Lesson,
    avoid: Sequence[Avoided],
    asked_before: Iterable[str] = (),
    after: int | None = None,
    left: int = 0,
    earlier: Iterable[int] = (),
) -> int:
    """:func:`draw_tick` for a student's run of the lesson: off ``avoid`` and off the ticks an
    earlier run asked at ``key`` (``asked_before``: instances ``tick=57``) while others are
    left, then among them all again; never the question a question of its kind drawn before
    it on the page asked (at the ticks ``earlier``), word for word with the same answer at
    another tick (student walk 16, en 8: lesson 5's quiz asked "Column 2 (b[2] = 5): where
    does the queen go next?" at ticks 45 and 88, answer b twice). The lesson runner draws
    with it, and the teacher's report replays the same draw (lessons/report/prompts.py)."""
    engine = stage.engine
    if engine is None:
        return 0
    avoid = [*avoid, *_asked_at(question, stage, earlier)]
    before = [
        (engine.method, engine.n, int(text.removeprefix("tick=")))
        for text in asked_before
        if text.startswith("tick=") and text.removeprefix("tick=").isdecimal()
    ]
    tick = draw_tick(question, stage, seed, key, lesson, [*avoid, *before], after, left)
    if before and tick == engine.tick and not situations(question, stage, [*avoid, *before]):
        tick = draw_tick(question, stage, seed, key, lesson, avoid, after, left)
    return tick


def _asked_at(question: Question, stage: Stage, ticks: Iterable[int]) -> list[Asked]:
    """``question`` as the student read it at each of ``ticks`` of the page's board (where it
    can be asked there); the board is left as it was."""
    engine = stage.engine
    if engine is None:
        return []
    start = engine.tick
    found: list[Asked] = []
    try:
        for tick in ticks:
            move_to(engine, tick)
            try:
                posed = pose(question, stage.session)
            except QuizError:
                continue
            found.append(asked(question.kind, posed.prompt, posed.expected, engine.n))
    finally:
        move_to(engine, start)
    return found


def live_questions_after(page: Page, number: int) -> int:
    """How many questions about the live board follow question ``number`` of ``page`` before
    the page's next board (:func:`draw_tick`'s ``left``: the runner and the report count
    alike)."""
    count = 0
    seen = -1
    for block in page.blocks:
        if isinstance(block, Question):
            seen += 1
            if seen > number and block.kind in LIVE:
                count += 1
        elif isinstance(block, BoardOp) and seen >= number:
            break
    return count


def move_to(engine: SteppableSearch, tick: int) -> None:
    """Play the board forward, or take it back, to ``tick``."""
    if engine.tick > tick:
        back_to(engine, tick)
    elif engine.tick < tick:
        engine.run(Stop.END, max_ticks=tick - engine.tick)
