"""The review's questions: fresh instances of the kinds missed, never what a lesson or the previous
review asked; at most 10; the kinds a lesson writes itself left out; docs/review.md's promises:
boards from 4 x 4 to 9 x 9, no printed figure while another is left, ``--today DATE``."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Hashable, Iterator
from functools import cache
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import BUILTIN_DIR
from lessons.model import Question, Text
from lessons.progress.store import ProgressStore
from lessons.quiz.draw import where_asked
from lessons.quiz.drawers.base import Instance, Template, read_instance
from lessons.quiz.kinds import KINDS
from lessons.quiz.pose import QuizError, pose
from lessons.review import MAX_QUESTIONS
from lessons.review.missed import question_at
from lessons.review.plan import ReviewItem, plan_review
from lessons.review.run import ReviewRun
from lessons.review.session import Loaded, ReviewSession, compose
from lessons.review.words import due_label
from lessons.runner import LessonRun
from lessons.stage import Stage
from solver.registry import make_engine
from solver.stepping import Mode, Stop
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    Clock,
    at,
    every_question_missed,
    lessons,
    miss,
    reviewer,
    reviews_in_a_row,
    store_at,
)
from tests.unit.lessons.review_progress import lesson as lesson_by_id

MISSED = {
    "diagonals": ["0.0", "3.0", "3.1", "4.0"],  # same-diagonal, attacker, attack-rule, array-index
    "naive-search": ["5.0"],  # examined
    "iterative": ["4.0", "10.6"],  # next-state, guess
    "small-boards": ["2.0"],  # place
    "symmetry": ["1.0"],  # orbit
    "recipe": ["5.0"],  # maze
}
MISSED_KINDS = {"same-diagonal", "attacker", "attack-rule", "array-index", "examined", "next-state"}
MISSED_KINDS |= {"guess", "place", "orbit", "maze"}
Board = tuple[str, int, int]
"""A board situation: its method, size and tick."""
Asked = tuple[str, Board | None]
"""What a question asks: its prompt, and the board it is asked on (method, size, tick)."""


def lessons_own() -> dict[tuple[str, str], tuple[str, Asked]]:
    """What every lesson question asks (by lesson and key: its kind and what it asks), posed
    where the lesson poses it (played here as a lesson plays: each question's own ticks)."""
    return {key: (kind, (prompt, where)) for key, kind, prompt, where, _board in _played()}


def lessons_boards() -> set[Board]:
    """Every board situation (method, size, tick) a lesson asks any question at, whatever its
    kind (played as a lesson plays)."""
    return {board for _key, _kind, _prompt, _where, board in _played() if board is not None}


@functools.cache
def _played() -> list[tuple[tuple[str, str], str, str, Board | None, Board | None]]:
    """Every lesson question played as a lesson plays: its lesson and key, kind, prompt, its
    board if it is about the live board, and the board it is asked at (None: none)."""
    found: list[tuple[tuple[str, str], str, str, Board | None, Board | None]] = []
    for lesson in lessons():
        stage = Stage()
        for index, page in enumerate(lesson.pages):
            number = 0
            for block in page.blocks:
                if isinstance(block, Text):
                    continue
                if not isinstance(block, Question):
                    stage.apply(block)
                    continue
                posed = pose(block, stage.session)
                engine = stage.engine
                board = (engine.method, engine.n, engine.tick) if engine is not None else None
                where = board if _on_board(block) else None
                key = (lesson.id, f"{index}.{number}")
                found.append((key, block.kind, posed.prompt, where, board))
                number += 1
                if engine is not None:
                    engine.run(Stop.END, max_ticks=posed.play)
    return found


def _on_board(question: Question) -> bool:
    return question.kind in ("next-choice", "next-state", "attacker", "attack-rule", "guess")


SMALL_POOLS = {"place"}
"""Kinds whose every instance of the missed question is one a lesson asks (exhausting a 3 x 3
board is lesson 2's question too): asked anew, but as another lesson question asks it."""


def asked_in(
    review: ReviewSession, store: ProgressStore | None = None, day: int = 1
) -> dict[str, Asked]:
    """What each page of the review asks, by kind, as the runner poses it; each answer shown
    (saved in ``store`` on ``day``: missed, due again the next day)."""
    run = ReviewRun(review, store, Clock(days=day))
    found: dict[str, Asked] = {}
    for index, item in enumerate(review.items):
        run.goto(index)
        assert run.asked is not None, item.kind
        engine = run.engine
        where = (engine.method, engine.n, engine.tick) if engine is not None else None
        found[item.kind] = (
            run.asked.posed.prompt,
            where if _on_board(item.template.question) else None,
        )
        run.reveal()
    return found


def missed_store(tmp_path: Path, missed: dict[str, list[str]]) -> ProgressStore:
    store = store_at(tmp_path)
    for lesson_id, keys in missed.items():
        miss(store, lesson_id, keys, when=at(0))
    return store


def test_a_review_asks_fresh_instances_of_the_kinds_missed(tmp_path: Path) -> None:
    store = missed_store(tmp_path, MISSED)
    plan = plan_review(lessons(), store, at(1))
    assert {s.kind for s in plan.due} == MISSED_KINDS and plan.count == len(MISSED_KINDS)
    first = compose(plan, lessons(), store.review, seed=1234)
    assert first is not None and {item.kind for item in first.items} == MISSED_KINDS
    again, other = (compose(plan, lessons(), store.review, seed) for seed in (1234, 99))
    assert again is not None and other is not None  # drawn again the same until answered
    texts = [i.instance.text for i in first.items]
    assert [i.instance.text for i in again.items] == texts != [i.instance.text for i in other.items]
    own = lessons_own()
    by_kind: dict[str, set[Asked]] = {kind: set() for kind in MISSED_KINDS}
    for kind, asked in own.values():
        by_kind.setdefault(kind, set()).add(asked)
    missed_own = {own[lesson_id, key][1] for lesson_id, keys in MISSED.items() for key in keys}
    first_asked = asked_in(first, store)
    for kind, asked in first_asked.items():
        assert asked not in missed_own, kind  # never the question missed
        assert asked not in by_kind[kind] or kind in SMALL_POOLS, kind  # nor another lesson's
    # Each question was missed (the answer shown, saved as it went): the next day's review asks
    # every kind again, each anew.
    second = compose(plan_review(lessons(), store, at(2)), lessons(), store.review, seed=1234)
    assert second is not None and {item.kind for item in second.items} == MISSED_KINDS
    for kind, asked in asked_in(second).items():
        assert asked not in missed_own, kind
        assert asked not in by_kind[kind] or kind in SMALL_POOLS, kind
        assert asked != first_asked[kind], kind  # nor the previous review's


def test_at_most_ten_questions_and_written_kinds_left_out(tmp_path: Path) -> None:
    """The due line says how many are due beyond the ten a review asks."""
    store = every_question_missed(tmp_path)
    plan = plan_review(lessons(), store, at(1))
    assert due_label(plan) == f"Review: {len(plan.due)} questions due; a review asks 10"
    kinds = {s.kind for s in plan.due}
    assert not kinds & {"choice", "number", "reach-n"}
    assert len(kinds) > MAX_QUESTIONS and plan.count == MAX_QUESTIONS
    review = compose(plan, lessons(), store.review, seed=3)
    assert review is not None and len(review.items) == MAX_QUESTIONS == len(review.lesson.pages)
    only_written = missed_store(tmp_path / "w", {"problem": ["5.0", "5.2", "5.5"]})
    assert plan_review(lessons(), only_written, at(1)).standings == {}
    few = missed_store(tmp_path / "few", {"diagonals": ["0.0", "4.0"]})
    assert due_label(plan_review(lessons(), few, at(1))) == "Review: 2 questions due"


@pytest.mark.slow(5)
@pytest.mark.parametrize("seed", sweep([1, 2, 3], everyday=[1]))
def test_no_review_asks_a_question_a_lesson_asks(tmp_path: Path, seed: int) -> None:
    """No review question is one a lesson asks: not its prompt (on its board), its
    parameters, nor a board and tick a lesson asks at."""
    own = lessons_own()
    prompts = {asked for _kind, asked in own.values()}
    boards = lessons_boards()
    kinds = {s.kind for s in plan_review(lessons(), every_question_missed(tmp_path), at(1)).due}
    lesson_params: dict[str, set[Hashable]] = {}
    assert {"next-choice", "random-tries", "next-state", "guess", "attacker"} <= kinds
    failed: list[str] = []
    chosen: dict[tuple[str, str], tuple[str, str]] = {}  # each lesson's first of each kind
    for (lesson_id, key), (kind, _asked) in own.items():
        chosen.setdefault((lesson_id, kind), (lesson_id, key))
    walked = [("iterative", "3.0"), ("iterative", "4.1"), ("iterative", "7.3")]
    for lesson_id, key in sorted({*chosen.values(), *walked}):
        kind = own[lesson_id, key][0]
        if kind not in kinds or kind in SMALL_POOLS:
            continue
        store = missed_store(tmp_path / f"{lesson_id}-{key}-{seed}", {lesson_id: [key]})
        for day in (1, 2, 3):  # each review missed: the next day's asks the kind anew
            plan = plan_review(lessons(), store, at(day))
            review = compose(plan, lessons(), store.review, seed)
            assert review is not None and [i.kind for i in review.items] == [kind]
            item = review.items[0]
            asked = asked_in(review, store, day)[kind]
            where = f"{kind} missed at {lesson_id} {key}, seed {seed}, day {day}: {asked}"
            if asked in prompts or asked[1] in boards:
                failed.append(where)
            found = reviewer(kind)
            assert found is not None
            params = found.key(dict(item.instance.asks))
            if kind not in lesson_params:  # each kind's lesson questions, worked out once
                lesson_params[kind] = _lesson_params(own, kind)
            if params in lesson_params[kind]:
                failed.append(f"{where} (its parameters)")
    assert not failed, "\n".join(failed)


def _lesson_params(own: dict[tuple[str, str], tuple[str, Asked]], kind: str) -> set[Hashable]:
    """What every lesson question of ``kind`` asks, as the review compares instances."""
    found = reviewer(kind)
    assert found is not None
    asked = (
        found.own(_template(lesson_id, key))
        for (lesson_id, key), (k, _) in own.items()
        if k == kind
    )
    return {found.key(each) for each in asked if each is not None}


def _template(lesson_id: str, key: str) -> Template:
    found = lesson_by_id(lesson_id)
    question = question_at(found, key)
    assert question is not None
    return Template(found, key, question, where_asked(found)[key])


@pytest.mark.parametrize("language", ["it", "pl"])
def test_a_review_speaks_the_students_language(tmp_path: Path, language: str) -> None:
    store = missed_store(tmp_path, {"diagonals": ["0.0"], "small-boards": ["2.0"]})
    i18n.set_language(language)
    plan = plan_review(lessons(language), store, at(1))
    review = compose(plan, lessons(language), store.review, seed=5)
    assert review is not None
    words = i18n.translation(language)
    assert review.lesson.title == words.gettext("Review") != "Review"
    run = ReviewRun(review, None)
    assert run.asked is not None
    english = i18n.translation("en")
    for index in range(len(review.items)):
        run.goto(index)
        assert run.asked is not None
        prompt = run.asked.posed.prompt
        i18n.set_language("en")
        run_en = ReviewRun(review, None)
        run_en.goto(index)
        assert run_en.asked is not None and run_en.asked.posed.prompt != prompt
        i18n.set_language(language)
    intro = review.lesson.pages[0].blocks[0]
    assert isinstance(intro, Text) and english.gettext("Here is a new one.") not in intro.markdown


def _unnamed_wrong(expected: str, named: set[str], tolerance: int) -> str:
    """A wrong number no mistake of the kind names, away from the tolerance."""
    value = int(expected) + tolerance + 7
    while str(value) in named:
        value += 1
    return str(value)


def test_a_wrong_answer_in_a_review_is_told_the_working(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    miss(store, "naive-search", ["3.0"], when=at(0))  # random tries
    review = compose(plan_review(lessons(), store, at(1)), lessons(), store.review, 3)
    assert review is not None and review.items[0].kind == "random-tries"
    run = ReviewRun(review, store, Clock(1))
    run.goto(0)
    asked = run.asked
    assert asked is not None and asked.posed.hint
    posed = asked.posed
    wrong = _unnamed_wrong(posed.expected, set(posed.wrong), posed.tolerance)
    verdict = run.answer(wrong)
    assert not verdict.correct
    said = verdict.message
    assert not said.startswith(f"{wrong} is not right. Try again"), said  # not a bare verdict
    assert f"{wrong} is not right. {posed.hint}" in said, said
    assert "ask for a hint" not in said  # the hint's words were said
    # the answer is still to be found: nothing of it is given away
    assert posed.expected not in said.replace(wrong, "")


def test_a_lessons_wrong_answer_is_said_as_before() -> None:
    run = LessonRun(lesson_by_id("naive-search"), None)
    run.goto(3)
    asked = run.asked
    assert asked is not None and asked.question.kind == "random-tries"
    posed = asked.posed
    wrong = _unnamed_wrong(posed.expected, set(posed.wrong), posed.tolerance)
    said = run.answer(wrong)
    text = said.message
    assert f"{wrong} is not right. Try again, or ask for a hint." in text, text


FIGURE = re.compile(r"\d{1,3}(?:[,.\u00a0\u202f]\d{3})+(?!\d)|\d+")
ANGLE = re.compile(r"\d+(?:\s*,\s*\d+)*(?:,?\s+(?:and|or)\s+\d+)?\s*(?:°|degrees?\b)")


def _figures(text: str) -> set[str]:
    """The numbers of two digits or more in ``text``, digits only (an angle is no count)."""
    found = {re.sub(r"\D", "", each) for each in FIGURE.findall(ANGLE.sub(" ", text))}
    return {each for each in found if len(each) >= 2}


@cache
def printed() -> frozenset[str]:
    """Every figure the built-in lessons print: their text but the directives, and their
    questions as posed on no board."""
    found: set[str] = set()
    for path in sorted((BUILTIN_DIR / "en").glob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        found |= _figures("\n".join(line for line in lines if not line.startswith("@")))
    for lesson in lessons():
        for page in lesson.pages:
            for question in page.questions:
                if KINDS[question.kind].board:
                    continue
                try:
                    posed = pose(question, None)
                except QuizError:
                    continue
                words = [posed.prompt, posed.hint, posed.explanation, *posed.choices]
                words += [f"{typed} {why}" for typed, why in posed.wrong.items()]
                found |= _figures(" ".join(words))
    return frozenset(found)


def _sizes(instance: Instance) -> Iterator[int]:
    """The board sizes a review's question is about."""
    asks = read_instance(instance.text)
    if instance.board is not None and instance.board.maze is None:
        yield instance.board.n
    for name in ("n", "size"):
        if asks.get(name, "").isdecimal() and "maze" not in asks:
            yield int(asks[name])
    if "b" in asks:
        yield len(asks["b"].split(","))


def _figure(item: ReviewItem) -> str | None:
    """The right answer of a counted question, digits only."""
    posed = pose(item.instance.question, None)
    answer = posed.expected
    if posed.choices and answer.isdecimal():
        answer = posed.choices[int(answer)]
    return re.sub(r"\D", "", answer) or None


def _unprinted(kind: str) -> set[str]:
    """The figures of every instance a review may draw of a counted ``kind`` that no page
    prints."""
    known = Loaded(lessons())
    found: set[str] = set()
    for lesson, key in known.of_kind(kind):
        template = known.template(lesson, key, KINDS[kind].drawer)
        assert template is not None
        for instance in KINDS[kind].drawer.instances(template, known, random.Random(0)):
            posed = pose(instance.question, None)
            answer = posed.choices[int(posed.expected)] if posed.choices else posed.expected
            figure = re.sub(r"\D", "", answer)
            if len(figure) >= 2 and figure not in printed():
                found.add(figure)
    return found


@pytest.mark.slow(8)
@pytest.mark.parametrize("seed", sweep(range(1, 31), everyday=[1]))
def test_review_questions_keep_their_sizes_and_figures(tmp_path: Path, seed: int) -> None:
    """Every question missed, six reviews of ten in a row: boards 4 x 4 to 9 x 9, no printed
    count until every unprinted one of its kind was asked; the first two reviews' prompts the
    ones the report poses again from what the outcomes keep."""
    from lessons.review.asked import review_prompt

    store = every_question_missed(tmp_path)
    asked: dict[str, set[str]] = {}
    for day, review in reviews_in_a_row(store, seed, range(1, 7)):
        assert len(review.items) == 10
        run = ReviewRun(review, None)
        for index, item in enumerate(review.items):
            where = (day, item.kind, item.instance.text)
            if day <= 2:  # twenty pages, every kind
                run.goto(index)
                assert run.asked is not None
                again = review_prompt(item.template.lesson, item.template.key, item.instance.text)
                assert again == " ".join(run.asked.posed.prompt.split()), where
            exhaust = (
                item.kind == "place" and read_instance(item.instance.text)["goal"] == "exhaust"
            )
            low = 2 if exhaust else 4  # every try of a board without a solution: 2 x 2, 3 x 3
            assert all(low <= n <= 9 for n in _sizes(item.instance)), where
            if KINDS[item.kind].drawer.counted:
                figure = _figure(item)
                if figure is not None and figure in printed():
                    left = _unprinted(item.kind) - asked.get(item.kind, set())
                    assert not left, (where, figure, left)
                asked.setdefault(item.kind, set()).add(figure or "")


def test_no_drawer_offers_a_review_a_board_out_of_4_to_9() -> None:
    """Every instance the drawers offer a review, for every built-in question of every kind a
    review asks: its boards are from 4 x 4 to 9 x 9 (placing every try: 2 x 2 or 3 x 3)."""
    known = Loaded(lessons())
    for kind, entry in KINDS.items():
        if not entry.drawer.reviewed:
            continue
        for lesson, key in known.of_kind(kind):
            template = known.template(lesson, key, entry.drawer)
            assert template is not None
            for instance in entry.drawer.instances(template, known, random.Random(0)):
                goal = read_instance(instance.text).get("goal")
                low = 2 if goal == "exhaust" else 4
                sizes = list(_sizes(instance))
                assert all(low <= n <= 9 for n in sizes), (lesson.id, key, instance.text)


def test_the_figures_read_are_the_pages(tmp_path: Path) -> None:
    """The test's own reading of the pages finds lesson 3's compare figures and brute force
    4's 1820, and no angle."""
    assert {"26", "31", "1820", "533331"} <= printed()
    assert "270" not in printed()


def test_try_the_review_on_another_day(tmp_path: Path) -> None:
    """``review --today`` asks what is due on that day and saves nothing (``progress --today``:
    tests/unit/i18n/test_tried_day_line.py); a day not written as a date is a usage error."""
    env = {"XDG_DATA_HOME": str(tmp_path)}
    store = ProgressStore(tmp_path / "queens-tutor" / "progress.json")
    miss(store, "naive-search", ["0.0"], when=at(0))
    saved = store.path.read_bytes()
    answers = "1\n1\n1\nstatus\nquit\n"
    result = run_main("review", "--plain", "--today", "2026-03-10", stdin=answers, env=env)
    assert result.status == 0, result.err
    assert result.out.startswith("A try as on 2026-03-10: nothing is saved, neither the review")
    assert "A try as on 2026-03-10, not saved: 0 of 1 question right so far" in result.out
    assert store.path.read_bytes() == saved  # nothing saved
    bad = run_main("review", "--today", "tomorrow", env=env)
    assert bad.status == 2 and "DATE must be a day written as 2026-11-28" in bad.err


def test_a_reviews_drive_is_a_few_dozen_steps_at_most() -> None:
    """Typed one step at a time: every size a review draws reaches its first solution within 40
    ticks of the loop (6 x 6 takes 197)."""
    place = Template(None, "0.0", Question(1, "place", {"goal": "drive"}, "", "", ""), None)  # type: ignore[arg-type]
    drawn = KINDS["place"].drawer.instances(place, {}, random.Random(1))
    sizes = {int(dict(instance.question.params)["n"]) for instance in drawn}
    loop = [make_engine("iterative", n, Mode.FIRST).run(Stop.END).ticks for n in sizes]
    assert len(sizes) > 1 and max(loop) <= 40, (sizes, loop)
