"""Answers on the quiz: a choice question never answers for the student (Enter with nothing chosen
or after a feedback answers nothing; a word typed, a choice's first words, an arrow's highlight
are one answer); keys arriving together are typed in order; a list with a wrong entry is named;
two students asked about two situations of the board are each graded from the screen."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot

from lessons import i18n
from lessons.answers.checking import CHOICE_QUOTED
from lessons.answers.feedback import MESSAGES
from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from lessons.stage.expect_names import read
from solver.registry import make_engine
from solver.stepping import Mode, Stop
from tests.tiers import sweep
from tests.tui.guess_keys import lecture_rule
from tests.tui.lesson_apps import (
    lesson_screen,
    open_quiz,
    run_opened,
    tutor_on,
    tutor_on_builtin,
)
from tests.tui.screen_text import lines, pauses, pressed, wait_for
from tests.tui.screen_text import screen_words as text
from tui.app import QueensTutorApp
from tui.widgets.quiz_answer import AnswerField

LESSON = """\
@lesson never-guesses
@title Never guesses
@lang {lang}

@page Before the quiz
Some text to read first.

@quiz Quiz
@question exists n=3
@end
@question same-diagonal square=1,2 other=3,1
@end
@question same-diagonal square=1,2 other=3,0
@end
"""
"""Question 0: no solution for n = 3 (yes / no). Questions 1 and 2: (1,2) and (3,1) are on no
diagonal ("neither", choice 3); (1,2) and (3,0) have the same col+row (choice 1)."""

LANGUAGES = ("en", "it", "pl")


def said(language: str, message_id: str, **params: object) -> str:
    """A feedback message as the language says it."""
    i18n.set_language(language)
    try:
        return i18n._(MESSAGES[message_id]).format(**params)
    finally:
        i18n.set_language(language)


async def to_the_quiz(pilot: Pilot[None]) -> LessonRun:
    """From the page before the quiz, Enter: the quiz's first question waits."""
    screen = await lesson_screen(pilot)
    run = screen.lesson_run
    assert run.asked is None
    await pilot.press("enter")
    await wait_for(pilot, lambda: run.asked is not None and run.asked.key == "1.0")
    return run


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pressed(pilot, *keys)


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
async def test_enter_with_nothing_chosen_answers_nothing_and_an_arrow_chooses(
    language: str,
) -> None:
    """Enter after a wrong answer's feedback, after a right one's, and with nothing chosen
    answers nothing (the note under the feedback says so); an arrow chooses from nothing."""
    app = tutor_on(LESSON.format(lang=language), language)
    none = " ".join(said(language, "format.choice_none", count=2).split())
    async with app.run_test(size=(80, 24)) as pilot:
        run = await to_the_quiz(pilot)
        await press(pilot, "1")  # wrong (there is none for n = 3): the feedback shows
        await wait_for(pilot, lambda: run.asked is not None and run.asked.attempts == 1)
        wrong = run.feedback
        assert wrong is not None and not wrong.correct
        await press(pilot, "enter")  # not the same choice again
        assert run.asked is not None and run.asked.attempts == 1 and not run.answered
        shown = text(app)  # the wrong answer's feedback stays, the note under it
        assert " ".join(wrong.message.split())[:30] in shown and none in shown, shown
        await press(pilot, "2")
        await wait_for(pilot, lambda: run.answered)
        await press(pilot, "enter")  # closes the feedback: the next question
        await wait_for(pilot, lambda: run.asked is not None and run.asked.key == "1.1")
        await press(pilot, "enter")  # the second Enter, then a third
        await press(pilot, "enter")
        asked = run.asked
        assert asked is not None and asked.key == "1.1" and asked.attempts == 0
        assert "1.1" not in run.record.open and "1.1" not in run.record.answers
        assert " ".join(said(language, "format.choice_none", count=3).split()) in text(app)
        await press(pilot, "down", "down", "down")  # from nothing: choice 1, 2, then 3
        assert run.asked is not None and run.asked.attempts == 0
        await press(pilot, "enter")  # the highlighted choice: the first attempt, and the point
        await wait_for(pilot, lambda: run.answered)
        assert run.record.answers["1.1"].right and run.record.answers["1.1"].points == 1


WORDS = [
    ("en", "no", True), ("en", "n", True), ("en", "yes", False),
    ("it", "no", True), ("it", "sì", False), ("it", "s", False),
    ("pl", "nie", True), ("pl", "n", True), ("pl", "tak", False), ("pl", "t", False),
]  # fmt: skip


NEITHER = {"en": "neither", "it": "nessuna", "pl": "żadna"}
"""The first words of question 1.1's right choice, "neither", in each language."""
EVERYDAY_WORDS = [("pl", "nie", True), ("it", "sì", False)]
"""The words the everyday run types (the rest of :data:`WORDS` thorough): a right and a wrong
answer, a whole word and one with an accent; one reading of a typed word for every case
(lessons/answers), every word of which tests/unit/lessons/test_answer_reading.py reads."""


@pytest.mark.parametrize(
    ("language", "word", "right"), sweep(WORDS, everyday=EVERYDAY_WORDS, several=True)
)
async def test_a_word_typed_and_enter_is_one_answer_on_a_quiz_first_question(
    language: str, word: str, right: bool
) -> None:
    """A yes or no word typed then Enter is one answer; right, the next question refuses words
    that begin no choice, costing nothing, and takes a choice typed as its first words."""
    app = tutor_on(LESSON.format(lang=language), language)
    async with app.run_test(size=(80, 24)) as pilot:
        run = await to_the_quiz(pilot)
        await press(pilot, *word)
        assert run.asked is not None and run.asked.attempts == 0  # typed, not yet an answer
        assert f"{word}_" in text(app)  # shown as typed, under the choices
        await press(pilot, "enter")  # the first Enter answers: it is not swallowed
        if right:
            await wait_for(pilot, lambda: run.answered)
            record = run.record.answers["1.0"]
            assert record.right and record.attempts == 1 and record.points == 1
        else:
            await wait_for(pilot, lambda: run.asked is not None and run.asked.attempts == 1)
            assert not run.answered
        i18n.set_language(language)
        given = i18n._("no" if right else "yes")
        if not right:  # "You answered yes", the choices still listed
            assert f"1. {given}" in text(app)
            return
        # graded as typed: the feedback names the choice
        assert i18n._(CHOICE_QUOTED).format(number=2, words=given) in text(app)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.key == "1.1")
        await press(pilot, *"xyz", "enter")  # no choice: refused naming it, costs nothing
        await wait_for(pilot, lambda: run.feedback is not None and not run.feedback.counted)
        refused = said(language, "format.choice_typed", typed="xyz", count=3)
        assert " ".join(refused.split()) in text(app)
        assert run.asked is not None and run.asked.attempts == 0
        await press(pilot, *NEITHER[language], "enter")  # a choice typed as its first words
        await wait_for(pilot, lambda: run.answered)
        assert run.record.answers["1.1"].right and run.record.answers["1.1"].points == 1


START, AHEAD = 3, 3
LISTING = f"""\
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
    app = tutor_on(LISTING)
    async with run_opened(app) as (pilot, _screen, run):
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
        named = f"q[1] is not {wrong[1]} then"  # the right value left for the student
        assert named in run.feedback.message and f" {right[1]} " not in run.feedback.message
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
            await pressed(pilot, "f3", "enter")
        asked = run.asked
        assert asked is not None and not asked.posed.choices
        field = screen.query_one(AnswerField)
        await pressed(pilot, "9", "9")
        for key, character in (("backspace", "\x7f"), ("backspace", "\x7f"), ("7", "7")):
            app.post_message(events.Key(key, character))
        await pauses(pilot, 2)
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
    async with run_opened(app, (100, 40)) as (pilot, _screen, run):
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
