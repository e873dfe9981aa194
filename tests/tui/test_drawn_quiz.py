"""Two students (two seeds) are asked lesson 5's first quiz question about two situations of the
board; each answers from the state table on screen, is graded right, the situation recorded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from tests.tui.guess_keys import lecture_rule
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import lines, wait_for
from tui.app import QueensTutorApp

SEEDS = (11, 12)
"""Two students whose first quiz question is at two different ticks (checked below)."""


def _table_b(app: QueensTutorApp) -> tuple[int, ...]:
    """b[] as the lesson screen's state table shows it."""
    table = lines(app.screen.query_one("#lesson-table"))
    rows = [line.replace("│", "|") for line in table if line.lstrip("│ ").startswith("b[i]")]
    assert rows, table
    return tuple(int(v) for row in rows for v in row.split("|")[1].split())


def _answer(b: tuple[int, ...], prompt: str) -> str:
    """The row the loop's next iteration puts column k's queen in, or b for backtrack, from
    b[] and the prompt's column (the lecture's loop: b[k]++ until isfree, or b[k] reaching n)."""
    found = re.search(r"Column (\d+) \(b\[\d+\] = (-?\d+)\)", prompt)
    assert found, prompt
    k, start = int(found.group(1)), int(found.group(2))
    assert b[k] == start  # the table shows the situation the prompt names
    for row in range(start + 1, len(b)):
        if lecture_rule(b, k, row) is None:
            return str(row)
    return "b"


async def _first_answer(
    seed: int, home: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, tuple[int, ...], str]:
    monkeypatch.setenv("XDG_DATA_HOME", str(home))  # this student's own progress
    i18n.set_language("en")
    lesson = load_catalog("en").find("iterative")
    assert lesson is not None
    quiz = next(i for i, page in enumerate(lesson.pages) if page.scored)
    store = ProgressStore()
    record = store.lesson(lesson.id)
    assert not record.answers
    record.seed, record.page = seed, quiz
    store.save(lesson.id, record)
    app = tutor_on(lesson.path.read_text(encoding="utf-8"))
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None)
        asked = run.asked
        assert asked is not None and asked.question.kind == "next-choice"
        assert asked.key.endswith(".0")  # the quiz's first question
        await pilot.pause()
        b = _table_b(app)
        typed = _answer(b, asked.posed.prompt)
        await pilot.press(*typed, "enter")
        await wait_for(pilot, lambda: run.answered)
        answer = run.record.answers[asked.key]
        assert answer.right and answer.points == 1, (typed, asked.posed.expected)
        tick = int(answer.instance.removeprefix("tick="))
        assert ProgressStore().lesson(lesson.id).answers[asked.key].instance == answer.instance
        return tick, b, typed


async def test_two_students_see_two_situations_and_are_both_graded_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await _first_answer(SEEDS[0], tmp_path / "one", monkeypatch)
    second = await _first_answer(SEEDS[1], tmp_path / "two", monkeypatch)
    assert first[0] != second[0]  # two situations of the board
    assert first[1] != second[1]  # the state tables show them
