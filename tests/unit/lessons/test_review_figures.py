"""What a review asks of figures, sizes and arrays: no earlier review's instance, printed figure
or lesson answer of the kind while another is left; every size before one again; array indexes
that vary; the rule named rather than the sum."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.model import BoardOp
from lessons.progress.records import QuestionRecord
from lessons.progress.reviews import ReviewHistory, ReviewOutcome
from lessons.progress.store import ProgressStore
from lessons.quiz.draw import where_asked as where_asked_once
from lessons.quiz.drawers.base import Instance, Situation, plain_question, read_instance
from lessons.quiz.drawers.live import lesson_stretches, move_to
from lessons.quiz.pose import pose
from lessons.review.choose import NEAR, Seen, played
from lessons.review.figures import figures_in, printed_figures, right_figure
from lessons.review.plan import ReviewItem, plan_review
from lessons.review.session import Loaded, compose
from lessons.stage import Stage
from solver.stepping import Stop
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    answered,
    at,
    item_of,
    lesson,
    lessons,
    miss,
    reviews_in_a_row,
    seen_of,
    store_at,
)

QUIZ_RANDOM_TRIES = "6.3"
"""Lesson 3's quiz question ``random-tries n=6 pool=6,7``."""


@pytest.mark.parametrize("seed", sweep(range(1, 9), everyday=[1]))
def test_random_tries_asks_unprinted_figures_before_printed_ones(tmp_path: Path, seed: int) -> None:
    """Drawn n = 7: 9 (1,031) and the quiz's own 6 (180) first, the printed 4 and 8 after."""
    store = store_at(tmp_path)
    answered(store, "naive-search", {QUIZ_RANDOM_TRIES: "n=7"}, revealed=True, scored=True)
    asked: list[tuple[int, str | None]] = []
    for _day, review in reviews_in_a_row(store, seed, range(1, 5)):
        item = item_of(review, "random-tries")
        asked.append((int(dict(item.instance.asks)["n"]), right_figure(item.instance)))
    assert sorted(asked[:2]) == [(6, "180"), (9, "1031")], asked
    assert sorted(asked[2:]) == [(4, "12"), (8, "438")], asked  # then the printed ones, new


def test_an_angle_is_no_printed_figure_and_a_quiz_instance_never_read_is_not_either() -> None:
    said = "the rotations by 0, 90, 180 and 270\ndegrees: 40,320 / 92"
    assert figures_in(said) == {"40320", "92"}  # a two-digit count is a figure too
    assert not figures_in("di 90, 180 e 270 gradi") and not figures_in("o 90, 180 i 270 stopni")
    assert {"180", "438", "12"} <= printed_figures(lessons())  # the quiz's own n = 6 read
    unmet = frozenset({("naive-search", QUIZ_RANDOM_TRIES)})
    for language in ("en", "it", "pl"):
        printed = printed_figures(lessons(language), unmet)
        assert "180" not in printed and {"438", "12"} <= printed, language


def _array_index_reviews(tmp_path: Path, seed: int, days: int) -> list[dict[str, str]]:
    """``days`` reviews in a row of "array index", lesson 4's quiz a[] and b[] missed first."""
    store = store_at(tmp_path)
    miss(store, "diagonals", ["6.3", "6.4"], when=at(0))
    asked: list[dict[str, str]] = []
    for _day, review in reviews_in_a_row(store, seed, range(1, days + 1)):
        item = item_of(review, "array-index")
        asked.append(dict(item.instance.asks))
    return asked


@pytest.mark.parametrize("seed", sweep(range(1, 7), everyday=[1]))
def test_array_index_varies_its_answers_variants_and_tells_mistakes_apart(
    tmp_path: Path, seed: int
) -> None:
    """Six answers no lesson asked, each telling sum and difference apart, Pascal too."""
    from lessons.quiz.drawers.pooled import index_answer, tells_mistakes_apart

    asked = _array_index_reviews(tmp_path, seed, 6)
    answers = [index_answer(asks) for asks in asked]
    assert len(set(answers)) == len(answers), answers
    assert all(tells_mistakes_apart(asks) for asks in asked), asked
    assert all(asks["col"] != "0" for asks in asked if asks.get("base") != "pascal"), asked
    variants = {(asks["array"], asks.get("base", "c")) for asks in asked}
    assert ("a", "pascal") in variants or ("b", "pascal") in variants, variants
    assert len(variants) >= 3, variants
    lesson_own = {7, 4, -3, 0, 10}  # the answers lesson 4's own questions ask
    assert not set(answers) & lesson_own, answers


@pytest.mark.parametrize("seed", sweep(range(1, 7), everyday=[1]))
def test_search_space_repeats_no_reviews_question_while_others_are_left(
    tmp_path: Path, seed: int
) -> None:
    """Eight reviews in a row ask eight questions with eight answers (the kind has more), the
    first five no figure a page prints (lesson 3 prints 1820 and 256)."""
    printed = printed_figures(lessons())
    assert {"1820", "256", "53130"} <= printed  # the page's sentence and a question's feedback
    store = store_at(tmp_path)
    miss(store, "naive-search", ["0.0", "2.0"], when=at(0))
    texts: list[str] = []
    figures: list[str | None] = []
    for day, review in reviews_in_a_row(store, seed, range(1, 9)):
        item = item_of(review, "search-space")
        assert item.instance.text not in texts, (day, item.instance.text, texts)
        figure = right_figure(item.instance)
        assert figure is not None and figure not in figures, (day, figure, figures)
        assert figure not in printed or day > 5, (day, figure)
        texts.append(item.instance.text)
        figures.append(figure)


WALKED_QUIZ = {"10.0": "tick=90", "10.2": "", "10.3": "tick=96", "10.4": "tick=104"}


def _walked_store(tmp_path: Path) -> ProgressStore:
    """Lesson 5's live questions and guess stretches missed, its quiz drawn at WALKED_QUIZ."""
    store = store_at(tmp_path)
    answered(store, "iterative", {**WALKED_QUIZ, "10.6": "", "10.7": "", "10.8": ""}, revealed=True)
    return store


def _lesson_ticks() -> dict[tuple[str, int], list[tuple[int, int]]]:
    """The ticks the lessons (and WALKED_QUIZ) ask or play on each board (method, size)."""
    found: dict[tuple[str, int], list[tuple[int, int]]] = {}
    for (board, size, _all, _maze), spans in lesson_stretches(Loaded(lessons()), {"guess"}).items():
        found.setdefault((board, size), []).extend(spans)
    for each in lessons():
        for where in where_asked_once(each).values():
            if where.board is not None and not where.board.all_solutions:
                key = (where.board.algorithm, where.board.n)
                found.setdefault(key, []).append((where.tick, where.tick))
    for instance in WALKED_QUIZ.values():
        if instance:
            tick = int(instance.removeprefix("tick="))
            found.setdefault(("iterative", 6), []).append((tick, tick))
    return found


@pytest.mark.parametrize("seed", sweep(range(1, 9), everyday=[1]))
def test_a_review_keeps_off_the_ticks_earlier_reviews_and_her_lessons_played(
    tmp_path: Path, seed: int
) -> None:
    """A guess stretch shares no tick with this or the last review's questions, the first three
    reviews' stretches (while the board has room), a lesson's or her quiz's. Any other live
    question comes within NEAR ticks of none of the last review's (first two days: any
    earlier), this review's or her quiz's, and never asks an earlier review's of its kind."""
    store = _walked_store(tmp_path)
    answered(store, "iterative", {"10.1": "tick=74"}, attempts=2)
    lesson_ticks = _lesson_ticks()
    quiz = [(("iterative", 6, False, None), 74, 77), (("iterative", 6, False, None), 90, 92)]
    last: list[tuple[Situation, int, int]] = []
    stretches: list[tuple[Situation, int, int]] = []
    reviews: list[list[tuple[Situation, int, int]]] = []
    asked: list[tuple[str, Seen]] = []
    for day, review in reviews_in_a_row(store, seed, range(1, 7)):
        now = [each for each in map(played, (i.instance.text for i in review.items)) if each]
        spans = {item.instance.text: _spans(item) for item in review.items}
        for item in review.items:
            if item.kind == "guess":
                mine = played(item.instance.text)
                assert mine is not None
                board, start, end = mine
                others = [each for each in now if each != mine]
                for other, first, stop in [*last, *others, *stretches[:3]]:
                    clash = other == board and start <= stop and first <= end
                    assert not clash, (day, item.instance.text, (other, first, stop))
                stretches.append(mine)
                for first, stop in lesson_ticks.get((board[0], board[1]), []):
                    assert not (start <= stop and first <= end), (day, item.instance.text, first)
                continue
            if item.instance.board is None:
                continue
            found = spans[item.instance.text]
            assert found is not None
            board, start, end = found
            others = [v for k, v in spans.items() if k != item.instance.text and v is not None]
            earlier = [each for one in (reviews if day <= 2 else reviews[-1:]) for each in one]
            for other, first, stop in [*earlier, *others, *quiz]:
                near = other == board and start - NEAR <= stop and first <= end + NEAR
                assert not near, (day, item.kind, item.instance.text, (other, first, stop))
            seen = seen_of(item)
            for kind, before in asked:
                same = before.situation == seen.situation and kind == item.kind
                column = len(before.placed) == len(seen.placed)
                again = same and column and before.answers & seen.answers
                assert not again, (day, item.instance.text, before)
        assert len(stretches) == day, day  # a stretch in each review
        last = now
        reviews.append([each for each in spans.values() if each is not None])
        for item in review.items:
            if item.kind != "guess" and item.instance.board is not None:
                asked.append((item.kind, seen_of(item)))


def _spans(item: ReviewItem) -> tuple[Situation, int, int] | None:
    """The board ``item`` asks on and the ticks it asks and plays (next-choice: till it places)."""
    found = played(item.instance.text)  # the recorded words: board, tick, ticks=
    if found is None or item.kind != "next-choice":
        return found
    board, tick, end = found
    stage = Stage()
    stage.apply(BoardOp(0, board[1], all_solutions=board[2], algorithm=board[0]))
    engine = stage.engine
    assert engine is not None
    move_to(engine, tick)
    placed = _queens(engine)
    while not engine.finished and _queens(engine) == placed:
        engine.run(Stop.TICK, max_ticks=1)
    return board, tick, max(end, engine.tick)


def _queens(engine: object) -> object:
    """The queens ``engine``'s snapshot says are placed (a method or a field, by engine)."""
    placed = engine.snapshot().placed  # type: ignore[attr-defined]
    return placed() if callable(placed) else placed


def _unprinted_examined(printed: frozenset[str]) -> set[str]:
    """Lesson 3's "examined" figures for n = 4 to 7 no lesson page prints."""
    found: set[str] = set()
    question = next(
        q
        for each in lessons()
        for page in each.pages
        for q in page.questions
        if q.kind == "examined"
    )
    for method in ("bruteforce", "permutations"):
        for n in (4, 5, 6, 7):
            params = {**question.params, "method": method, "n": str(n)}
            posed = pose(dataclasses.replace(question, params=params), Stage().session)
            figure = posed.choices[int(posed.expected)] if posed.choices else posed.expected
            digits = "".join(char for char in figure if char.isdecimal())
            if digits not in printed:
                found.add(digits)
    return found


def _figures_shown(item: ReviewItem) -> set[str]:
    """The numbers of 3 digits or more ``item``'s question shows: prompt, choices, feedback."""
    posed = pose(item.instance.question, Stage().session)
    found = set()
    for words in (posed.prompt, posed.explanation, *posed.choices):
        for figure in re.findall(r"\d[\d,]*", words):
            digits = figure.replace(",", "")
            if len(digits) >= 3:
                found.add(digits)
    return found


@pytest.mark.parametrize("seed", sweep(range(1, 7), everyday=[1]))
def test_a_sized_answer_was_not_shown_by_the_last_review(tmp_path: Path, seed: int) -> None:
    """No number the last review's or this review's other sized questions showed; examined asks
    no printed figure (compare 6's table either), none twice while an unprinted one is left."""
    store = store_at(tmp_path)
    miss(store, "naive-search", ["0.0", "5.0"], when=at(0))
    printed = printed_figures(tuple(lessons()))
    assert "533331" in printed  # the page's table, read as the student reads it
    left = _unprinted_examined(printed)
    assert len(left) >= 2  # brute force 4 and 7 (5: a feedback prints 8,097; 11: printed)
    last: set[str] = set()
    examined: list[str | None] = []
    for day, review in reviews_in_a_row(store, seed, range(1, 6)):
        items = {item.kind: item for item in review.items}
        assert {"search-space", "examined"} <= items.keys()
        for kind, item in items.items():
            others = set().union(*(_figures_shown(o) for k, o in items.items() if k != kind))
            figure = right_figure(item.instance)
            assert figure not in last | others, (day, kind, item.instance.text, figure)
        figure = right_figure(items["examined"].instance)
        assert figure not in printed, (day, figure)
        assert figure not in examined or day > len(left), (day, figure, examined)
        examined.append(figure)
        last = set().union(*(_figures_shown(item) for item in review.items))


SIZES = range(4, 10)  # the sizes a review asks random tries for


def _student(tmp_path: Path, drawn: str) -> ProgressStore:
    """Lesson 3 done: its random-tries page question (n = 5) missed, its quiz drawn ``drawn``."""
    store = store_at(tmp_path)
    miss(store, "naive-search", ["3.0"], when=at(0))
    answered(store, "naive-search", {_quiz_key(): f"n={drawn}"}, True, scored=True, points=1)
    return store


def _quiz_key() -> str:
    return next(
        f"{index}.{number}"
        for index, page in enumerate(lesson("naive-search").pages)
        for number, question in enumerate(page.questions)
        if question.kind == "random-tries" and "pool" in question.params
    )


def _reviews(store: ProgressStore, seed: int, days: int) -> list[tuple[int, str | None]]:
    """The size and right figure of random tries in ``days`` reviews in a row, each missed."""
    asked: list[tuple[int, str | None]] = []
    for _day, review in reviews_in_a_row(store, seed, range(1, days + 1)):
        item = item_of(review, "random-tries")
        asked.append((int(read_instance(item.instance.text)["n"]), right_figure(item.instance)))
    return asked


def _figure(n: int) -> str | None:
    question = next(
        q
        for page in lesson("naive-search").pages
        for q in page.questions
        if q.kind == "random-tries"
    )
    asks = {"n": str(n), "given": "solutions"}
    return right_figure(Instance(plain_question(question, asks), None, 0, tuple(asks.items())))


@pytest.mark.parametrize(
    ("seed", "drawn"),
    sweep(
        [(seed, d) for seed in range(1, 7) for d in "67"],
        everyday=[(1, "6"), (1, "7")],
        several=True,
    ),
)
def test_random_tries_asks_every_size_she_never_met_before_any_again(
    tmp_path: Path, seed: int, drawn: str
) -> None:
    """Every size she never met (the page's 5, her quiz's draw) before any size again; a printed
    figure (n = 8's 438) only once every unprinted size was; with her quiz's 6 the first two
    reviews ask 7 and 9, not n = 4's practised 12."""
    printed = printed_figures(lessons())
    practised = {
        right_figure(Instance(question, None, 0, ()))
        for page in lesson("naive-search").pages
        for question in page.questions
        if question.kind == "random-tries"
    }
    assert "438" in printed and "12" in practised and _figure(4) == "12"  # a coincidence
    met, lesson_sizes = {5, int(drawn)}, {5, 6, int(drawn)}  # the page's, the quiz's own, hers
    reviews = _reviews(_student(tmp_path, drawn), seed, 6)
    asked: list[int] = []
    for n, figure in reviews:
        assert n in SIZES, (n, asked)
        unasked = set(SIZES) - met - set(asked)
        assert (n not in asked and n not in met) or not unasked, (n, asked, unasked)
        if figure in printed:
            left = [
                s for s in SIZES if s not in lesson_sizes | set(asked) and _figure(s) not in printed
            ]
            assert not left, (n, figure, asked, left)
        asked.append(n)
    assert set(asked) >= set(SIZES) - met, asked
    if drawn == "6":
        assert {n for n, _figure_asked in reviews[:2]} == {7, 9}, reviews
        assert not {figure for _n, figure in reviews[:2]} & practised


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


SEEDS = [range(1, 11), range(11, 21), range(21, 31), range(31, 41)]  # the first ten everyday


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
    # plain counts: only 5, the quiz's own size she was drawn another for; the count of
    # orbits takes its turn too (she never gave it)
    plain = {each["n"] for each in asked if each.get("unique", "no") == "no"}
    assert plain <= {"5"}, asked
    assert all(each == {"n": "5"} or each.get("unique") == "yes" for each in asked), asked
