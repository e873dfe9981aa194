"""A review's live-board questions: another situation and answer than the lesson's, away from the
ticks earlier reviews and the student's lessons drew, on 4 x 4 to 9 x 9."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.model import Lesson
from lessons.progress.reviews import ReviewOutcome
from lessons.progress.store import ProgressStore
from lessons.quiz.draw import where_asked as where_asked_once
from lessons.quiz.drawers.base import read_instance
from lessons.quiz.drawers.live import OnBoard, lesson_stretches, span_of
from lessons.quiz.kinds import drawer_of as reviewer
from lessons.review.choose import NEAR, Seen, seen_in_lessons
from lessons.review.plan import ReviewItem, plan_review
from lessons.review.session import Loaded, compose
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    answered,
    at,
    lesson,
    lessons,
    miss,
    seen_of,
    store_at,
)


def _live_questions() -> list[tuple[str, str, str]]:
    """Every built-in question about a live board: lesson id, key, kind."""
    found = []
    for each in lessons():
        for index, page in enumerate(each.pages):
            for number, question in enumerate(page.questions):
                if isinstance(reviewer(question.kind), OnBoard):
                    found.append((each.id, f"{index}.{number}", question.kind))
    return found


def _own(each: Lesson, key: str, tick: int | None = None) -> Seen:
    where = where_asked_once(each)[key]
    if tick is not None:
        where = type(where)(where.board, tick, where.between, where.queens_n)
    page, number = (int(part) for part in key.split("."))
    seen = seen_in_lessons(where, each.pages[page].questions[number])
    assert seen is not None, (each.id, key)
    return seen


def _drawn(store: ProgressStore, kind: str, day: float, seed: int) -> ReviewItem:
    plan = plan_review(lessons(), store, at(day))
    review = compose(plan, lessons(), store.review, seed=seed)
    assert review is not None
    (item,) = [item for item in review.items if item.kind == kind]
    return item


def _first_of_each_kind(cases: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The first question of each kind: a kind's reviewer draws its instances alike."""
    first: dict[str, tuple[str, str, str]] = {}
    for case in cases:
        first.setdefault(case[2], case)
    return list(first.values())


@pytest.mark.parametrize(
    ("lesson_id", "key", "kind"),
    sweep(_live_questions(), everyday=_first_of_each_kind(_live_questions()), several=True),
)
def test_a_live_question_shows_other_queens_and_asks_another_answer(
    tmp_path: Path, lesson_id: str, key: str, kind: str
) -> None:
    """A missed live-board question comes back with other queens (or board) and, but for a
    guess stretch, another answer."""
    own = _own(lesson(lesson_id), key)
    for seed in (1, 2):
        store = store_at(tmp_path / str(seed))
        miss(store, lesson_id, [key], when=at(0))
        item = _drawn(store, kind, 1, seed)
        drawn = seen_of(item)
        same_board = drawn.situation == own.situation and drawn.placed == own.placed
        assert not same_board, (item.instance.text, own)
        if kind != "guess":
            assert not drawn.answers & own.answers, (item.instance.text, own, drawn)


@pytest.mark.parametrize(
    ("key", "tick", "kind", "revealed"),
    sweep([("10.3", 66, "next-choice", True), ("10.4", 111, "attacker", False)],
          everyday=[("10.3", 66, "next-choice", True)], several=True),
)  # fmt: skip
@pytest.mark.parametrize("seed", sweep(range(1, 9), everyday=[1]))
def test_a_quiz_question_drawn_comes_back_elsewhere_with_another_answer(
    tmp_path: Path, seed: int, key: str, tick: int, kind: str, revealed: bool
) -> None:
    """Lesson 5's quiz Q4 (tick 66, shown) or Q5 (tick 111, attacked by column 3) comes back
    with other queens, another answer, away from the tick the quiz drew."""
    store = store_at(tmp_path)
    instance = {key: f"tick={tick}"}
    answered(store, "iterative", instance, not revealed, 2 - revealed, revealed=revealed)
    shown = _own(lesson("iterative"), key, tick=tick)
    board = ((0, 0), (1, 3), (2, 1), (3, 4))  # Q4's queens; Q5's square attacked by column 3
    assert shown.placed == board if key == "10.3" else shown.answers == {"3"}
    item = _drawn(store, kind, 1, seed)
    drawn = seen_of(item)
    assert not (drawn.situation == shown.situation and drawn.placed == shown.placed)
    assert not drawn.answers & shown.answers, drawn
    _not_near(item, tick)


def _not_near(item: ReviewItem, tick: int) -> None:
    """``item`` is not asked within NEAR ticks of the lesson's 6 x 6 ``tick``."""
    asks = read_instance(item.instance.text)
    start = int(asks["tick"])
    end = start + span_of(asks)
    near = start - NEAR <= tick <= end + NEAR
    assert not (asks["size"] == "6" and near), item.instance.text


def _record(store: ProgressStore, item: ReviewItem, day: float, right: bool) -> None:
    template = item.template
    outcome = ReviewOutcome(
        at(day), item.kind, template.lesson.id, template.key, item.instance.text, right, 1
    )
    assert store.add_review(outcome, 0)


@pytest.mark.parametrize("seed", sweep(range(1, 9), everyday=[1]))
def test_reviews_in_a_row_keep_away_from_each_others_ticks_of_any_kind(
    tmp_path: Path, seed: int
) -> None:
    """No question comes within NEAR ticks of an earlier review's (first two days) or the last
    review's on its board, nor of the same review's."""
    store = store_at(tmp_path)
    miss(store, "iterative", ["10.0", "10.2", "10.4", "10.6"], when=at(0))
    taken: list[tuple[int, tuple[str, str, str], int, int, str]] = []
    # nor a lesson's guess stretch played again while the boards have room
    stretches = {
        (board[0], board[1]): spans
        for board, spans in lesson_stretches(Loaded(lessons()), {"guess"}).items()
    }
    for day in (1, 2, 3, 4):
        plan = plan_review(lessons(), store, at(day))
        review = compose(plan, lessons(), store.review, seed=seed)
        assert review is not None
        assert len([item for item in review.items if item.instance.board is not None]) == 4
        for item in review.items:
            asks = read_instance(item.instance.text)
            board = (asks["board"], asks["size"], asks["mode"])
            start = int(asks["tick"])
            end = start + span_of(asks)
            for when, other, first, last, text in taken:
                # a guess stretch (24 to 30 ticks) has room on the first review only: then
                # it keeps away from this review's questions, and shares no tick with the
                # last review's stretch
                stretch = "slack=" in item.instance.text
                if stretch and day > 1 and when < day:
                    shared = when == day - 1 and "slack=" in text
                    assert not (shared and other == board and start < last and first < end)
                    continue
                if day > 2 and when < day - 1:
                    continue
                near = other == board and start - NEAR <= last and first <= end + NEAR
                assert not near, (day, item.instance.text, when, text)
            for their_start, their_end in stretches.get((asks["board"], int(asks["size"])), []):
                lesson = start < their_end and their_start < end
                assert day > 2 or not lesson, (day, item.instance.text)
            taken.append((day, board, start, end, item.instance.text))
            _record(store, item, day, right=False)


TWO_ATTACKERS = "@lesson two\n@title Two\n@page P\n@board n=4\n@step 14\n@question attacker\n@end\n"
"""Square (column 3, row 1) attacked by the queens of columns 1 (row 3) and 2 (row 1)."""


@pytest.mark.parametrize(
    ("lang", "first", "second"),
    [
        ("en", "Attacked by the queen in column 1, row 3: ", "; the queen in column 2, row 1: "),
        (
            "it",
            "Attaccata dalla regina nella colonna 1, riga 3: ",
            "; dalla regina nella colonna 2, riga 1",
        ),
        (
            "pl",
            "Atakowane przez hetmana w kolumnie 1, wierszu 3: ",
            "; hetmana w kolumnie 2, wierszu 1",
        ),
    ],
)
def test_the_attackers_are_named_as_queens_in_every_language(
    lang: str, first: str, second: str
) -> None:
    """The Italian feedback said "Attaccata da: casella (colonna 2, riga 4)", a square
    that attacks; each attacker is a queen, named the same way in en, it and pl."""
    from lessons import i18n
    from lessons.parsing.parser import parse
    from lessons.runner import LessonRun

    with i18n.speaking(lang):
        parsed = parse(TWO_ATTACKERS, "two.md").lesson
        assert parsed is not None
        run = LessonRun(parsed, None)
        posed = run.asked.posed  # type: ignore[union-attr]
        (also,) = posed.also_right  # the other attacker is right as typed too
        message = run.answer(posed.expected).message
        also_said = LessonRun(parsed, None).answer(also)
    assert first in message and second in message, message
    assert "casella" not in message
    assert also_said.correct and (lang != "en" or also_said.message.startswith(f"Right: {also}."))


@pytest.mark.parametrize("seed", sweep(range(1, 17), everyday=[1]))
def test_no_kind_comes_near_the_ticks_a_lesson_drew_for_the_student(
    tmp_path: Path, seed: int
) -> None:
    """Every kind keeps away from the ticks lesson 5's quiz drew for the student."""
    store = store_at(tmp_path)
    answered(store, "iterative", {"10.2": "", "10.3": "tick=66", "10.4": "tick=111"}, True, 2)
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, seed=seed)
    assert review is not None and len(review.items) == 3
    for item in review.items:
        _not_near(item, 66)
        _not_near(item, 111)
