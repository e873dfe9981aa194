"""A quiz's questions drawn per student by the kinds' drawers: the student's seed draws the same
instance each time she opens the lesson, another in each new attempt, never a practice
question's; questions about the live board draw a tick instead. :func:`played` tells where a
lesson asks each question."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from lessons.model import BoardOp, Lesson, Page, Question, Text
from lessons.quiz.drawers import live
from lessons.quiz.drawers.base import QuizDraw, Where, instance_text, prefer
from lessons.quiz.drawers.live import Avoided, Said, Spot, between, said, spot_of
from lessons.quiz.drawers.pooled import boards_in
from lessons.quiz.kinds import KINDS, LIVE
from lessons.quiz.pose import QuizError, pose
from lessons.stage import Stage, StageError
from solver.stepping import Stop


def pool(question: Question, board_n: int | None = None) -> list[dict[str, str]]:
    """Every instance a student may be asked in place of ``question``."""
    return KINDS[question.kind].drawer.pool(question, board_n)


def drawable(
    question: Question, lesson: Lesson, board_n: int | None = None
) -> list[dict[str, str]]:
    """The instances of a quiz question a student may be drawn (no practice question's)."""
    return KINDS[question.kind].drawer.drawable(question, lesson, board_n)


def draw(
    question: Question,
    seed: int,
    key: str,
    lesson: Lesson,
    board_n: int | None = None,
    taken: Iterable[dict[str, str]] = (),
    asked_before: Iterable[str] = (),
) -> Question:
    """The instance of ``question`` the student with ``seed`` is asked at ``key`` (a kind not drawn
    this way as it is), none of ``taken`` (drawn before it on its page) nor of ``asked_before``
    (earlier attempts) while others are left."""
    drawer = KINDS[question.kind].drawer
    if not (drawer.varied or drawer.reorders) or drawer.live or seed == 0:
        return question
    context = QuizDraw(lesson, seed, key, board_n, tuple(taken), tuple(asked_before))
    choices = drawer.narrowed(drawer.drawable(question, lesson, board_n), context)
    before = set(context.asked_before)
    choices = prefer(choices, lambda p: instance_text(p) not in before)
    if not choices:
        return question
    return dataclasses.replace(question, params=drawer.picked(choices, context, context.rng()))


def attempt_key(key: str, attempt: int) -> str:
    """What a question's draw is keyed by in the student's ``attempt``-th run of the lesson
    (0: the first): each attempt draws anew, the same each time that attempt is opened."""
    return key if attempt == 0 else f"{key}@{attempt}"


def new_seed() -> int:
    """A student's seed: never 0 (0 means "the lesson's own numbers")."""
    return random.SystemRandom().randrange(1, 2**31)


def situations(question: Question, stage: Stage, avoid: Iterable[Avoided] = ()) -> list[int]:
    """The ticks of the page's board a student may be asked the live ``question`` at."""
    return [] if question.kind not in LIVE else live.situations(question, stage, pose, avoid)


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
    visited: Iterable[int] = (),
) -> int:
    """The tick the student with ``seed`` is asked the live ``question`` (at ``key``) at, by
    :func:`~lessons.quiz.drawers.live.draw_tick`; the runner and the teacher's report draw
    with it."""
    engine = stage.engine
    if engine is None:
        return 0
    if seed == 0 or question.kind not in LIVE:
        return engine.tick
    rng = random.Random(f"{seed}:{lesson.id}:{key}")
    listed: Iterable[tuple[int, ...]] = ()
    drawer = KINDS[question.kind].drawer
    if isinstance(drawer, live.OnBoard) and drawer.plays:
        place = key.partition("@")[0]
        shown = next((each.listed for each in played(lesson) if each.key == place), frozenset())
        listed = [b for b in shown if len(b) == engine.n]
    return live.draw_tick(
        question, stage, pose, rng, avoid, asked_before, after, left, earlier, listed, visited
    )


def live_questions_after(page: Page, number: int) -> int:
    """How many questions about the live board follow question ``number`` of ``page`` before
    the page's next board."""
    count = 0
    seen = -1
    for block in page.blocks:
        if isinstance(block, Question):
            seen += 1
            count += seen > number and block.kind in LIVE
        elif isinstance(block, BoardOp) and seen >= number:
            break
    return count


@dataclass(frozen=True, slots=True)
class Played:
    """A lesson question as the runner plays it: its key (``PAGE.QUESTION``), whether its page
    is scored, where it is asked, the board's situation there, and its words and answer as the
    student reads them (None: it cannot be posed there, or has no board)."""

    key: str
    scored: bool
    question: Question
    where: Where
    spot: Spot | None
    said: Said | None
    listed: frozenset[tuple[int, ...]] = frozenset()
    """The solutions (as b[]) the pages before this one listed: under their boards, or in
    their text."""
    play: int = 0
    """The ticks its answer plays (its feedback tells what they did)."""


_played: dict[int, tuple[Lesson, tuple[Played, ...]]] = {}
"""Each lesson played once per process (by identity, the lesson kept)."""


def played(lesson: Lesson) -> tuple[Played, ...]:
    """Every question of ``lesson`` where it is asked, the lesson played as the runner plays
    it (each question's ticks included); a lesson that cannot be played to the end gives the
    questions before the trouble (``lessons check`` says why)."""
    known = _played.get(id(lesson))
    if known is not None and known[0] is lesson:
        return known[1]
    found = tuple(_play(lesson))
    _played[id(lesson)] = (lesson, found)
    return found


def _play(lesson: Lesson) -> list[Played]:
    stage = Stage()
    board: BoardOp | None = None
    found: list[Played] = []
    listed: set[tuple[int, ...]] = set()
    for index, page in enumerate(lesson.pages):
        number = 0
        shown = frozenset(listed)
        for block in page.blocks:
            if isinstance(block, Text):
                listed.update(boards_in(block.markdown))
                continue
            if not isinstance(block, Question):
                if isinstance(block, BoardOp):
                    listed.update(_listed(stage))
                try:
                    stage.apply(block)
                except StageError:
                    return found
                if isinstance(block, BoardOp):
                    board = block
                continue
            engine = stage.engine
            where = Where(
                board,
                engine.tick if engine is not None else 0,
                between(engine) if engine is not None else True,
                stage.queens_n,
            )
            spot = spot_of(engine) if engine is not None else None
            key = f"{index}.{number}"
            number += 1
            try:
                posed = pose(block, stage.session)
            except QuizError:
                found.append(Played(key, page.scored, block, where, spot, None, shown))
                continue
            words = said(block.kind, posed.prompt, posed.expected, engine.n) if engine else None
            found.append(Played(key, page.scored, block, where, spot, words, shown, posed.play))
            if engine is not None:
                engine.run(Stop.END, max_ticks=posed.play)
        listed.update(_listed(stage))
    return found


def _listed(stage: Stage) -> tuple[tuple[int, ...], ...]:
    """The solutions the list under the stage's board shows, as b[]."""
    session = stage.session
    if session is None or stage.engine is None:
        return ()
    return session.kit.placements(stage.engine.snapshot())


def where_asked(lesson: Lesson) -> dict[str, Where]:
    """Every question of ``lesson`` by its key and where it is asked."""
    return {each.key: each.where for each in played(lesson)}


def practice_situations(lesson: Lesson) -> frozenset[Avoided]:
    """Where the lesson's practice pages ask a question about the live board (and the ticks its
    answer plays), and what they ask there: a quiz draws neither."""
    found: set[Avoided] = set()
    for each in played(lesson):
        if each.scored or each.question.kind not in LIVE or each.spot is None:
            continue
        method, n, tick = each.spot  # and the ticks its feedback tells of
        found.update((method, n, at) for at in range(tick, tick + each.play + 1))
        if each.said is not None:
            found.add(each.said)
    return frozenset(found)
