"""The review keeps docs/review.md's promises: boards from 4 x 4 to 9 x 9, no printed figure while
another is left, ``--today DATE`` (saves nothing), lesson 1's reading of b[] comes back."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

from lessons.catalog import BUILTIN_DIR
from lessons.progress.store import ProgressStore
from lessons.quiz.drawers.base import Instance, read_instance
from lessons.quiz.kinds import KINDS
from lessons.quiz.pose import QuizError, pose
from lessons.review.plan import ReviewItem
from lessons.review.session import Loaded
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.unit.lessons.review_progress import (
    at,
    every_question_missed,
    lessons,
    miss,
    reviews_in_a_row,
)

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
    import random

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
    """Every question missed, six reviews of ten in a row: boards 4 x 4 to 9 x 9, and no
    printed count until every unprinted one of its kind was asked."""
    store = every_question_missed(tmp_path)
    asked: dict[str, set[str]] = {}
    for day, review in reviews_in_a_row(store, seed, range(1, 7)):
        assert len(review.items) == 10
        for item in review.items:
            where = (day, item.kind, item.instance.text)
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
    import random

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
    """``progress --today`` says what is due on that day; ``review --today`` asks it and saves
    nothing; a day not written as a date is a usage error."""
    env = {"XDG_DATA_HOME": str(tmp_path)}
    store = ProgressStore(tmp_path / "queens-tutor" / "progress.json")
    miss(store, "naive-search", ["0.0"], when=at(0))
    saved = store.path.read_bytes()
    result = run_main("progress", "--today", "2026-03-10", env=env)
    assert "As on 2026-03-10 – review: 1 question due, overdue since 2026-03-03" in result.out
    result = run_main("progress", "--today", "2026-03-02", env=env)
    assert "As on 2026-03-02 – review: nothing due; the next on 2026-03-03" in result.out
    answers = "1\n1\n1\nstatus\nquit\n"
    result = run_main("review", "--plain", "--today", "2026-03-10", stdin=answers, env=env)
    assert result.status == 0, result.err
    assert result.out.startswith("A try as on 2026-03-10: nothing is saved, neither the review")
    assert "A try as on 2026-03-10, not saved: 0 of 1 question right so far" in result.out
    assert store.path.read_bytes() == saved  # nothing saved
    bad = run_main("review", "--today", "tomorrow", env=env)
    assert bad.status == 2 and "DATE must be a day written as 2026-11-28" in bad.err
