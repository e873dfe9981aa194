"""A count reviewed again: no earlier review's instance, printed figure or lesson answer of the
kind while another is left."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.progress.records import QuestionRecord
from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.progress.store import ProgressStore
from lessons.quiz.drawers.base import Instance, plain_question, read_instance
from lessons.review.figures import printed_figures, right_figure
from lessons.review.plan import plan_review
from lessons.review.session import compose
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    answered,
    at,
    item_of,
    lesson,
    lessons,
    miss,
    reviews_in_a_row,
    store_at,
)

SIZES = range(4, 10)
"""The sizes a review asks random tries for (README: n from 4 to 9)."""


def _student(tmp_path: Path, drawn: str) -> ProgressStore:
    """Lesson 3 done: its random-tries page question (n = 5) missed, and its quiz's random
    tries (n = 6, pool 6 and 7) answered with ``drawn`` the size the quiz drew for her."""
    store = store_at(tmp_path)
    miss(store, "naive-search", ["3.0"], when=at(0))
    answered(store, "naive-search", {_quiz_key(): f"n={drawn}"}, True, scored=True, points=1)
    return store


def _quiz_key() -> str:
    """The key of lesson 3's quiz question of random tries (the one with a pool)."""
    return next(
        f"{index}.{number}"
        for index, page in enumerate(lesson("naive-search").pages)
        for number, question in enumerate(page.questions)
        if question.kind == "random-tries" and "pool" in question.params
    )


def _reviews(store: ProgressStore, seed: int, days: int) -> list[tuple[int, str | None]]:
    """The size and right figure of random tries in ``days`` reviews in a row, each missed
    (due again the next day)."""
    asked: list[tuple[int, str | None]] = []
    for _day, review in reviews_in_a_row(store, seed, range(1, days + 1)):
        item = item_of(review, "random-tries")
        asked.append((int(read_instance(item.instance.text)["n"]), right_figure(item.instance)))
    return asked


def _figure(n: int) -> str | None:
    """The right figure of random tries for n, posed as a review poses it."""
    question = next(
        q
        for page in lesson("naive-search").pages
        for q in page.questions
        if q.kind == "random-tries"
    )
    asks = {"n": str(n), "given": "solutions"}
    return right_figure(Instance(plain_question(question, asks), None, 0, tuple(asks.items())))


@pytest.mark.parametrize("seed", sweep(range(1, 5), everyday=[1]))
def test_no_earlier_review_again_while_a_size_was_never_asked_her(
    tmp_path: Path, seed: int
) -> None:
    """Every size from 4 to 9 she was never asked (lesson: 5 and her 7) comes before any
    review's size again."""
    store = _student(tmp_path, "7")
    met = {5, 7}
    asked: list[int] = []
    for n, _figure_asked in _reviews(store, seed, 6):
        assert n in SIZES, (n, asked)
        unasked = set(SIZES) - met - set(asked)
        if n in asked:
            assert not unasked, (n, asked, unasked)
        assert n not in met or not unasked, (n, asked)
        asked.append(n)
    assert set(asked) >= set(SIZES) - met, asked


@pytest.mark.parametrize(
    ("seed", "drawn"),
    sweep(
        [(seed, d) for seed in range(1, 5) for d in "67"],
        everyday=[(1, "6"), (1, "7")],
        several=True,
    ),
)
def test_a_printed_figure_only_once_no_unprinted_size_is_left(
    tmp_path: Path, seed: int, drawn: str
) -> None:
    """A printed figure (n = 8's 438) only once every unprinted size she was not asked was."""
    printed = printed_figures(lessons())
    assert "438" in printed
    store = _student(tmp_path, drawn)
    lesson_sizes = {5, 6, int(drawn)}  # the page's, the quiz's own, her draw
    asked: list[int] = []
    for n, figure in _reviews(store, seed, 5):
        if figure in printed:
            left = [
                size
                for size in SIZES
                if size not in lesson_sizes and size not in asked and _figure(size) not in printed
            ]
            assert not left, (n, figure, asked, left)
        asked.append(n)


@pytest.mark.parametrize("seed", sweep(range(1, 7), everyday=[1]))
def test_no_answer_a_lessons_question_of_the_kind_had_while_others_are_left(
    tmp_path: Path, seed: int
) -> None:
    """N = 4's 12 is the practice's answer: with her quiz's 6, the first two reviews ask 7
    and 9, neither printed nor practised."""
    practised = {
        right_figure(Instance(question, None, 0, ()))
        for page in lesson("naive-search").pages
        for question in page.questions
        if question.kind == "random-tries"
    }
    assert "12" in practised and _figure(4) == "12"  # a coincidence
    store = _student(tmp_path, "6")
    first_two = _reviews(store, seed, 2)
    assert {n for n, _figure_asked in first_two} == {7, 9}, first_two
    assert not {figure for _n, figure in first_two} & practised


COUNTING = """@lesson my-counting
@title My counting
@summary How many solutions

@page Counting
Small boards have few solutions.
@question solutions n=4
@end

@quiz
@question solutions n=5 pool=5..7
@end
"""


SEEDS = [range(1, 11), range(11, 21), range(21, 31), range(31, 41)]
"""The reviews' seeds, ten a case: the everyday run draws with the first ten, the thorough tier
with all 40."""


@pytest.mark.parametrize(
    "seeds", sweep(SEEDS, everyday=SEEDS[:1]), ids=[f"seeds {r[0]}-{r[-1]}" for r in SEEDS]
)
def test_the_review_does_not_ask_the_count_the_quiz_drew(tmp_path: Path, seeds: range) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "11-count.md").write_text(COUNTING, encoding="utf-8")
    lessons = load_catalog("en", [course]).lessons
    store = store_at(tmp_path)
    record = store.lesson("my-counting")
    record.completed = True
    record.answers["0.0"] = QuestionRecord(right=True, attempts=2, at=at())  # the practice n=4
    record.answers["1.0"] = QuestionRecord(
        right=True, attempts=1, scored=True, points=1, at=at(), instance="n=7"
    )  # the quiz drew 7 x 7 for this student
    assert store.save("my-counting", record)
    asked = []
    for seed in seeds:
        for before in ("8", "6"):  # the day before the review asked 8 x 8 (or 6 x 6)
            past = ReviewOutcome(at(1), "solutions", "my-counting", "0.0", f"n={before}", True, 1)
            store.review = ReviewHistory((past,), seed)
            plan = plan_review(lessons, store, at(4))
            assert [standing.kind for standing in plan.due] == ["solutions"]
            session = compose(plan, lessons, store.review, seed)
            assert session is not None
            instance = read_instance(session.items[0].instance.text)
            asked.append(instance)
            assert instance != {"n": "7"}, f"seed {seed}: the quiz's own 7 x 7 asked again"
    # every size of the kind is one a lesson asks (4, 6 and 8 the built-in lessons, 5 the
    # quiz) or the student was drawn (7): the review asks 5, the quiz's own size, which it
    # drew another for her, before a question of a lesson she did not do or one she met
    # As lesson 6 asks no plain count, the kind's other variant, the
    # count of orbits, draws 5 x 5 and 7 x 7 too, and the review takes its turn with it: a
    # count the student never gave (the quiz drew the plain 7 x 7).
    plain = {each["n"] for each in asked if each.get("unique", "no") == "no"}
    assert plain <= {"5"}, asked
    assert all(each == {"n": "5"} or each.get("unique") == "yes" for each in asked), asked
