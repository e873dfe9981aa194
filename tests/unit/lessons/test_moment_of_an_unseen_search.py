""" "Later in the same search: tick N." only where the student has seen
that search before on the page; the first question about a board the quiz has just set up
names its moment plainly ("The board shows this search at tick N.")."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.i18n import speaking
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_run, waiting
from tests.unit.lessons.review_progress import lesson

SEEDS = (1, 7, 99)


def _moments(lesson_id: str, seed: int, path: Path) -> list[tuple[bool, str]]:
    """(whether a question about the live board was asked on this search before, the first
    line of its prompt) of each question drawn on the live board."""
    run = quiz_run(lesson(lesson_id), seed, path / f"{lesson_id}-{seed}.json")
    found: list[tuple[bool, str]] = []
    for asked in waiting(run):
        if asked.instance.startswith("tick="):
            found.append((bool(found), asked.posed.prompt.splitlines()[0]))
        run.reveal()
    return found


@pytest.mark.parametrize("seed", sweep(SEEDS, everyday=[1]))
@pytest.mark.parametrize("lesson_id", ["diagonals", "iterative", "recursive", "recipe"])
def test_the_same_search_only_once_it_was_seen(tmp_path: Path, lesson_id: str, seed: int) -> None:
    with speaking("en"):
        found = _moments(lesson_id, seed, tmp_path)
    assert found
    for seen, first in found:
        if not seen:
            assert "same search" not in first, (lesson_id, seed, first)
    # Each of these quizzes sets its board up just before its first question about it.
    first_lines = [first for seen, first in found if not seen]
    assert all(
        line.startswith("The board shows this search at tick ") or "tick" not in line
        for line in first_lines
    )
