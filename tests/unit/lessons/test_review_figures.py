"""What a review asks of figures and arrays: unprinted figures first, every size before one again,
array indexes that vary, the rule named rather than the sum."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from lessons.model import BoardOp
from lessons.progress.store import ProgressStore
from lessons.quiz.draw import where_asked as where_asked_once
from lessons.quiz.drawers.base import Situation
from lessons.quiz.drawers.live import lesson_stretches, move_to
from lessons.quiz.pose import pose
from lessons.review.choose import NEAR, Seen, played
from lessons.review.figures import figures_in, printed_figures, right_figure
from lessons.review.plan import ReviewItem
from lessons.review.session import Loaded
from lessons.stage import Stage
from solver.stepping import Stop
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    answered,
    at,
    item_of,
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
    """The quiz drew n = 7: 9 (1,031) and the quiz's own 6 (180, never read by her) come
    first, the printed 4 (12) and 8 (438) after them."""
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
    """``days`` reviews in a row of "array index" (each missed), lesson 4's quiz C++ a[] and
    b[] questions missed first."""
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
    """Six reviews in a row ask six answers no lesson asked, each telling the sum and the
    difference apart, through lesson 4's variants (Pascal too)."""
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


def test_array_index_feedback_names_the_rule_not_the_sum() -> None:
    """The feedback names the index rule (and the n-1 shift), not its worked-out sum."""
    from lessons.answers.checking import Posed
    from lessons.model import Question
    from lessons.quiz.pose import pose

    def cell(array: str, row: int, col: int) -> Posed:
        params = {"array": array, "row": str(row), "col": str(col), "n": "8"}
        return pose(Question(1, "array-index", params), None)

    a_cell = cell("a", 3, 4)
    for wrong in ("6", "-1"):  # b[]'s index, the difference
        said = a_cell.check(wrong).message
        assert "its index is" in said and "3+4" not in said, said
    b_cell = cell("b", 6, 1)
    said = b_cell.check("5").message  # i-j, the shift left out
    assert "shifted by n-1," in said and "n-1 = 7" not in said, said


@pytest.mark.parametrize("seed", sweep(range(1, 7), everyday=[1]))
def test_search_space_repeats_no_reviews_question_while_others_are_left(
    tmp_path: Path, seed: int
) -> None:
    """Eight reviews in a row ask eight questions with eight answers (the kind has more)."""
    store = store_at(tmp_path)
    miss(store, "naive-search", ["0.0", "2.0"], when=at(0))
    texts: list[str] = []
    figures: list[str | None] = []
    for day, review in reviews_in_a_row(store, seed, range(1, 9)):
        item = item_of(review, "search-space")
        assert item.instance.text not in texts, (day, item.instance.text, texts)
        figure = right_figure(item.instance)
        assert figure is not None and figure not in figures, (day, figure, figures)
        texts.append(item.instance.text)
        figures.append(figure)


WALKED_QUIZ = {"10.0": "tick=90", "10.2": "", "10.3": "tick=96", "10.4": "tick=104"}
"""The ticks lesson 5's quiz drew for a student (Q1 at 90, Q4 at 96, Q5 at 104)."""


def _walked_store(tmp_path: Path) -> ProgressStore:
    """Lesson 5's live questions and its three guess stretches missed, its quiz drawn at the
    walk's ticks."""
    store = store_at(tmp_path)
    answered(store, "iterative", {**WALKED_QUIZ, "10.6": "", "10.7": "", "10.8": ""}, revealed=True)
    return store


def _lesson_ticks() -> dict[tuple[str, int], list[tuple[int, int]]]:
    """The ticks the lessons ask or play on each board (method, size), and that quiz
    ticks."""
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
def test_a_guess_stretch_keeps_off_the_last_reviews_ticks_and_the_lessons(
    tmp_path: Path, seed: int
) -> None:
    """A guess stretch shares no tick with what this or the last review asked or played on its
    board, nor with a tick a lesson asks, plays or drew for the student."""
    store = _walked_store(tmp_path)
    lesson_ticks = _lesson_ticks()
    last: list[tuple[Situation, int, int]] = []
    for day, review in reviews_in_a_row(store, seed, range(1, 7)):
        spans = [played(item.instance.text) for item in review.items]
        now = [each for each in spans if each is not None]
        for item in review.items:
            if item.kind != "guess":
                continue
            mine = played(item.instance.text)
            assert mine is not None
            board, start, end = mine
            others = [each for each in now if each != mine]
            for other, first, stop in [*last, *others]:
                assert not (other == board and start <= stop and first <= end), (
                    day,
                    item.instance.text,
                    (other, first, stop),
                )
            for first, stop in lesson_ticks.get((board[0], board[1]), []):
                assert not (start <= stop and first <= end), (day, item.instance.text, first)
        last = now


def _spans(item: ReviewItem) -> tuple[Situation, int, int] | None:
    """The board ``item`` asks on and the ticks it asks and plays (a next-choice: up to the tick
    its queens placed change)."""
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


@pytest.mark.parametrize("seed", sweep(range(1, 9), everyday=[1]))
def test_a_live_question_keeps_off_the_ticks_an_earlier_review_played(
    tmp_path: Path, seed: int
) -> None:
    """No live question comes within NEAR ticks of what the last (first two days: any earlier)
    or this review asked or played, nor of a lesson's question played to its answer, nor asks
    an earlier review's question of its kind again (board, queens placed, answer)."""
    store = _walked_store(tmp_path)
    answered(store, "iterative", {"10.1": "tick=74"}, attempts=2)
    quiz = [(("iterative", 6, False, None), 74, 77), (("iterative", 6, False, None), 90, 92)]
    reviews: list[list[tuple[Situation, int, int]]] = []
    asked: list[tuple[str, Seen]] = []
    for day, review in reviews_in_a_row(store, seed, range(1, 7)):
        spans = {item.instance.text: _spans(item) for item in review.items}
        for item in review.items:
            if item.kind == "guess" or item.instance.board is None:
                continue
            mine = spans[item.instance.text]
            assert mine is not None
            board, start, end = mine
            others = [
                each
                for text, each in spans.items()
                if text != item.instance.text and each is not None
            ]
            earlier = [each for one in (reviews if day <= 2 else reviews[-1:]) for each in one]
            for other, first, last in [*earlier, *others, *quiz]:
                near = other == board and start - NEAR <= last and first <= end + NEAR
                assert not near, (day, item.kind, item.instance.text, (other, first, last))
            seen = seen_of(item)
            for kind, before in asked:
                same = before.situation == seen.situation and kind == item.kind
                column = len(before.placed) == len(seen.placed)
                assert not (same and column and before.answers & seen.answers), (
                    day,
                    item.instance.text,
                    before,
                )
        reviews.append([each for each in spans.values() if each is not None])
        for item in review.items:
            if item.kind != "guess" and item.instance.board is not None:
                asked.append((item.kind, seen_of(item)))


@pytest.mark.parametrize("seed", sweep(range(1, 7), everyday=[1]))
def test_examined_asks_another_methods_unprinted_size_before_a_printed_one(
    tmp_path: Path, seed: int
) -> None:
    """No printed figure and no figure twice while an unprinted one of any method is left."""
    store = store_at(tmp_path)
    miss(store, "naive-search", ["5.0"], when=at(0))
    printed = printed_figures(tuple(lessons()))
    left = _unprinted_examined(printed)
    assert len(left) >= 2  # brute force 4 and 7 (5: a feedback prints 8,097; 11: printed)
    figures: list[str | None] = []
    for day, review in reviews_in_a_row(store, seed, range(1, len(left) + 1)):
        (item,) = review.items
        figure = right_figure(item.instance)
        assert figure not in printed and figure not in figures, (day, item.instance.text)
        figures.append(figure)


def _unprinted_examined(printed: frozenset[str]) -> set[str]:
    """The figures of "examined until the first solution" for n = 4 to 8 with the methods
    lesson 3 asks it for, but the sizes it asks (8), that no lesson page prints."""
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
    """A search-space or examined answer is no number the last review's or this review's other
    sized questions showed."""
    store = store_at(tmp_path)
    miss(store, "naive-search", ["0.0", "5.0"], when=at(0))
    last: set[str] = set()
    for day, review in reviews_in_a_row(store, seed, range(1, 6)):
        items = {item.kind: item for item in review.items}
        assert {"search-space", "examined"} <= items.keys()
        for kind, item in items.items():
            others = set().union(*(_figures_shown(o) for k, o in items.items() if k != kind))
            figure = right_figure(item.instance)
            assert figure not in last | others, (day, kind, item.instance.text, figure)
        last = set().union(*(_figures_shown(item) for item in review.items))
