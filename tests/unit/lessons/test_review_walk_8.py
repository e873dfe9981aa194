"""Review walk 8's items about what a review draws and records (issue 43).

- F5: a kind missed in lesson 5 (the iterative loop on b[]) came back on lesson 6's recursive
  placeQueens (q[], c[], a[], b[] and a call stack), a lesson the student never opened, and
  the report filed it under lesson 6.
- F1: a search-space question asked brute force n = 4 = 1820, a figure lesson 3 prints.
- F6, F4: random tries repeated n = 7 word for word while n = 8 was never asked, and asked
  on 10 x 10.
- F7: what the student answered is kept with a review's outcome.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.progress.reviews import ReviewOutcome
from lessons.progress.store import ProgressStore
from lessons.review.figures import printed_figures, right_figure
from lessons.review.plan import ReviewItem, plan_review
from lessons.review.session import compose
from tests.tiers import sweep
from tests.unit.lessons.review_progress import at, lesson, lessons, miss, store_at


def _record(store: ProgressStore, item: ReviewItem, day: float, seed: int) -> None:
    """The item missed at ``day`` (a wrong first answer: due again the next day)."""
    template = item.template
    missed_in = item.missed_in.id if item.missed_in is not None else ""
    outcome = ReviewOutcome(
        at(day),
        item.kind,
        template.lesson.id,
        template.key,
        item.instance.text,
        False,
        1,
        cause="wrong",
        missed_in=missed_in,
    )
    assert store.add_review(outcome, seed)


def _lessons_1_3_5(store: ProgressStore) -> None:
    """The walk's student: lessons 1, 3 and 5 done, every question of lesson 5 missed (the
    answer shown)."""
    miss(store, "problem", [], when=at(0))
    miss(store, "naive-search", [], when=at(0))
    every = [
        f"{index}.{number}"
        for index, page in enumerate(lesson("iterative").pages)
        for number, _question in enumerate(page.questions)
    ]
    miss(store, "iterative", every, when=at(0), how="shown")


@pytest.mark.parametrize("seed", sweep(range(1, 7), everyday=[1]))
def test_a_kind_comes_back_on_the_method_of_the_lesson_it_was_missed_in(
    tmp_path: Path, seed: int
) -> None:
    """F5 as walked: nine reviews in a row (each missed) ask "where the search goes next" on
    the iterative loop's board, b[], every time, never on lesson 6's recursive placeQueens,
    which she never opened; each is filed under lesson 5, where she missed it (a question of
    lesson 2 or 8 on the same loop, lessons she did not open, is not named)."""
    store = store_at(tmp_path)
    _lessons_1_3_5(store)
    for day in range(1, 10):
        review = compose(plan_review(lessons(), store, at(day)), lessons(), store.review, seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "next-choice"]
        assert item.template.lesson.id != "recursive", (day, item.instance.text)
        assert item.instance.board is not None and item.instance.board.algorithm == "iterative"
        assert item.lesson.id == "iterative"
        # asked on another lesson's question: filed under the lesson of the miss
        assert item.template.lesson.id == item.lesson.id or (
            item.missed_in is not None and item.missed_in.id == item.lesson.id
        )
        if day == 1:
            page = review.lesson.pages[review.items.index(item)]
            assert "In lesson 5," in page.blocks[0].markdown  # type: ignore[union-attr]
        for each in review.items:  # every kind missed: each due the next day
            _record(store, each, day, review.seed)


@pytest.mark.parametrize("seed", sweep(range(1, 7), everyday=[2]))
def test_a_finished_lessons_method_may_be_asked_and_is_named_apart(
    tmp_path: Path, seed: int
) -> None:
    """With lesson 6 finished too, the kind may come back on its placeQueens; the item then
    keeps the lesson of the miss (lesson 5), which the intro names and the outcome records."""
    store = store_at(tmp_path)
    _lessons_1_3_5(store)
    miss(store, "recursive", [], when=at(0))
    seen: set[str] = set()
    for day in range(1, 10):
        review = compose(plan_review(lessons(), store, at(day)), lessons(), store.review, seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "next-choice"]
        seen.add(item.template.lesson.id)
        assert item.lesson.id == "iterative"
        # asked on another lesson's question: filed under the lesson of the miss
        assert item.template.lesson.id == item.lesson.id or (
            item.missed_in is not None and item.missed_in.id == item.lesson.id
        )
        for each in review.items:
            _record(store, each, day, review.seed)
    assert seen <= {"iterative", "recursive", "small-boards", "recipe"}


def test_a_review_keeps_what_the_student_answered(tmp_path: Path) -> None:
    """F7: the outcome of a review's question keeps each answer typed, the first first, saved
    with the attempts (and read back from the file)."""
    from lessons.review.run import ReviewRun

    store = store_at(tmp_path)
    miss(store, "naive-search", ["0.0"], when=at(0))
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, 3)
    assert review is not None
    run = ReviewRun(review, store, clock=lambda: at(1))
    while run.asked is None:
        assert run.next_page()
    expected = run.asked.posed.expected
    assert not run.answer(" 12 ").correct
    assert run.answer(expected).correct
    (outcome,) = store_at(tmp_path).review.outcomes
    assert outcome.given == ("12", expected)
    assert not outcome.right and outcome.attempts == 2


def _printed_review(
    tmp_path: Path, kind: str, keys: list[str], seed: int, days: int, loaded: tuple = ()
) -> list[str | None]:
    """The right figures of ``days`` reviews in a row of ``kind`` (each missed), lesson 3's
    questions ``keys`` missed first, with the lessons ``loaded`` (default: the built-in)."""
    loaded = loaded or lessons()
    store = store_at(tmp_path)
    miss(store, "naive-search", keys, when=at(0))
    figures: list[str | None] = []
    for day in range(1, days + 1):
        review = compose(plan_review(loaded, store, at(day)), loaded, store.review, seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == kind]
        figures.append(right_figure(item.instance))
        _record(store, item, day, review.seed)
    return figures


@pytest.mark.parametrize("seed", range(1, 9))
def test_search_space_never_asks_a_figure_a_lesson_page_prints(tmp_path: Path, seed: int) -> None:
    """F1 as walked: "brute force, n = 4" (1820, which lesson 3 prints: "One queen per column
    has 256 placements on 4 x 4, and brute force 1820.") was asked at +4. Five reviews in a
    row ask five figures no lesson page prints (the kind has more)."""
    printed = printed_figures(lessons())
    assert {"1820", "256", "53130"} <= printed  # the page's sentence and a question's feedback
    figures = _printed_review(tmp_path, "search-space", ["0.0"], seed, 5)
    assert not set(figures) & printed, figures


@pytest.mark.parametrize("seed", range(1, 5))
def test_random_tries_never_asks_a_figure_a_lesson_page_prints(tmp_path: Path, seed: int) -> None:
    """The rule holds for every kind computed from a size: random tries too."""
    printed = printed_figures(lessons())
    figures = _printed_review(tmp_path, "random-tries", ["3.0"], seed, 2)
    assert not set(figures) & printed, figures


@pytest.mark.parametrize("seed", range(1, 5))
def test_a_courses_pages_figures_are_kept_off_too(tmp_path: Path, seed: int) -> None:
    """A course's lesson that prints the figures of brute force n = 9 and the permutations
    of 9 (one in its text, one in a question's explanation) keeps them out of the review
    while others are left."""
    import math

    from lessons.model import Lesson, Page, Question, Text

    brute, perms = math.comb(81, 9), math.factorial(9)
    page = Page(
        1,
        "Big boards",
        False,
        (
            Text(2, f"Brute force on 9 x 9 has {brute:,} placements."),
            Question(3, "number", prompt="9! ?", answer="1", explain=f"It is {perms:,}."),
        ),
    )
    course = Lesson("big-boards", "Big boards", "en", Path("big.md"), (page,))
    loaded = (*lessons(), course)
    printed = printed_figures(loaded)
    assert {str(brute), str(perms)} <= printed
    figures = _printed_review(tmp_path, "search-space", ["0.0"], seed, 4, loaded)
    assert not set(figures) & printed, figures


@pytest.mark.parametrize("seed", sweep(range(1, 9), everyday=[1]))
def test_random_tries_asks_every_size_before_one_again(tmp_path: Path, seed: int) -> None:
    """F6 and F4 as walked: +1 asked n = 7, +2 n = 9, +4 n = 10 (past the README's 4 x 4 to
    9 x 9) and +8 n = 7 again word for word while n = 4 and 8 were never asked: the kind only
    had 7, 9 and 10 beyond the lessons' own. Four reviews in a row ask four sizes, each from
    4 to 9; a fifth and sixth stay within 4 to 9."""
    store = store_at(tmp_path)
    miss(store, "naive-search", ["3.0"], when=at(0))
    sizes: list[int] = []
    for day in range(1, 7):
        review = compose(plan_review(lessons(), store, at(day)), lessons(), store.review, seed)
        assert review is not None
        (item,) = [item for item in review.items if item.kind == "random-tries"]
        n = int(dict(item.instance.asks)["n"])
        assert 4 <= n <= 9, (day, n)
        if day <= 4:
            assert n not in sizes and n != 5, (day, n, sizes)  # 5: the lesson's own
        sizes.append(n)
        _record(store, item, day, review.seed)
