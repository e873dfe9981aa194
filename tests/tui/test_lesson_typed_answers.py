"""Answers typed on the quiz: keys arriving together typed in their order; a list with a wrong
entry named, a line that is no list refused without counting; two students asked about two
situations of the board, each graded right from the state table on screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual import events

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from lessons.stage.expect_names import read
from solver.registry import make_engine
from solver.stepping import Mode, Stop
from tests.tui.guess_keys import lecture_rule
from tests.tui.lesson_apps import lesson_screen, open_quiz, tutor_on, tutor_on_builtin
from tests.tui.screen_text import lines, wait_for
from tui.app import QueensTutorApp
from tui.widgets.quiz_answer import AnswerField

START, AHEAD = 3, 3
LESSON = f"""\
@lesson listing
@title Listing

@quiz
@board n=5 algorithm=recursive
@step {START}
@question next-state of=q ticks={AHEAD}
@end
"""


def q_then(tick: int) -> list[str]:
    """placeQueens' q[] ``AHEAD`` ticks after ``tick``, from a recursive engine of its own."""
    engine = make_engine("recursive", 5, Mode.FIRST, None)
    engine.run(Stop.END, max_ticks=tick + AHEAD)
    return read(engine, "recursive", "q").strip("[]").split(", ")


def shown(app: QueensTutorApp, widget: str) -> str:
    """The words one widget of the quiz pane shows on the screen, its wrapped lines joined."""
    return " ".join(" ".join(lines(app.screen.query_one(widget))).split())


async def test_a_list_typed_with_a_wrong_entry_is_named_and_the_right_list_is_graded() -> None:
    app = tutor_on(LESSON)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        assert run.asked is not None and run.asked.question.kind == "next-state"
        assert run.engine is not None  # the quiz's drawn tick: the board shows it
        right = q_then(run.engine.tick)
        wrong = list(right)
        wrong[1] = str(int(wrong[1]) + 2)
        assert "what will q be then? Type its entries in order, like [0, 2, -1]" in shown(
            app, "#quiz-prompt"
        )
        await pilot.press(*" ".join(wrong), "enter")
        await wait_for(pilot, lambda: run.feedback is not None)
        assert run.feedback is not None and run.feedback.counted
        named = f"q[1] is {right[1]} then, not {wrong[1]}"
        assert named in run.feedback.message
        assert named in shown(app, "#quiz-feedback")
        await pilot.press(*"[1;2", "enter")  # no closing bracket: not read, not an attempt
        await wait_for(pilot, lambda: run.feedback is not None and not run.feedback.counted)
        assert "“[1;2” is not a list the tutor can read" in shown(app, "#quiz-feedback")
        await pilot.press(*f"[{','.join(right)}]", "enter")
        await wait_for(pilot, lambda: run.answered)
        assert run.feedback is not None and run.feedback.correct
        assert f"Right: [{', '.join(right)}]" in shown(app, "#quiz-feedback")
    saved = ProgressStore().records["listing"]
    answer = next(iter(saved.answers.values()))
    assert answer.right and answer.attempts == 2


async def test_backspace_a_digit_and_enter_posted_at_once_answer_the_digit() -> None:
    app = tutor_on_builtin("1")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quiz(pilot)
        run = screen.lesson_run
        for _ in range(8):  # to the quiz's first question typed as a number
            if run.asked is not None and not run.asked.posed.choices:
                break
            await pilot.press("f3", "enter")
            await pilot.pause()
        asked = run.asked
        assert asked is not None and not asked.posed.choices
        field = screen.query_one(AnswerField)
        await pilot.press("9", "9")
        await pilot.pause()
        for key, character in (("backspace", "\x7f"), ("backspace", "\x7f"), ("7", "7")):
            app.post_message(events.Key(key, character))
        await pilot.pause()
        await pilot.pause()
        assert field.text == "7", field.text


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
