"""A choice question never answers for the student: Enter with nothing chosen, and the Enters after
a feedback, answer nothing; a word typed and Enter is one answer; a choice typed as its first
words, or highlighted by an arrow, is an answer."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from lessons.answers.checking import CHOICE_QUOTED
from lessons.answers.feedback import MESSAGES
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp

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


def text(app: QueensTutorApp) -> str:
    """The screen's words, each run of spaces and borders one space (wrapped lines joined)."""
    return " ".join(" ".join(line.replace("│", " ").split()) for line in screen_lines(app))


async def to_the_quiz(pilot: Pilot[None]) -> LessonRun:
    """From the page before the quiz, Enter: the quiz's first question waits."""
    screen = await lesson_screen(pilot)
    run = screen.lesson_run
    assert run.asked is None
    await pilot.press("enter")
    await wait_for(pilot, lambda: run.asked is not None and run.asked.key == "1.0")
    return run


async def press(pilot: Pilot[None], *keys: str) -> None:
    await pilot.press(*keys)
    await pilot.pause()


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
async def test_enter_with_nothing_chosen_answers_nothing_and_an_arrow_chooses(
    language: str,
) -> None:
    app = tutor_on(LESSON.format(lang=language), language)
    async with app.run_test(size=(80, 24)) as pilot:
        run = await to_the_quiz(pilot)
        await press(pilot, "enter")
        await press(pilot, "enter")
        asked = run.asked
        assert asked is not None and asked.key == "1.0" and asked.attempts == 0
        assert not run.answered and "1.0" not in run.record.open
        assert " ".join(said(language, "format.choice_none", count=2).split()) in text(app)
        await press(pilot, "down", "down")  # from nothing: choice 1, then choice 2
        assert run.asked is not None and run.asked.attempts == 0
        await press(pilot, "enter")  # the highlighted choice: the first attempt, and the point
        await wait_for(pilot, lambda: run.answered)
        assert run.record.answers["1.0"].right and run.record.answers["1.0"].points == 1


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
async def test_two_enters_after_a_feedback_answer_nothing(language: str) -> None:
    app = tutor_on(LESSON.format(lang=language), language)
    async with app.run_test(size=(80, 24)) as pilot:
        run = await to_the_quiz(pilot)
        await press(pilot, "1")  # wrong (there is none for n = 3): the feedback shows
        await wait_for(pilot, lambda: run.asked is not None and run.asked.attempts == 1)
        wrong = run.feedback
        assert wrong is not None and not wrong.correct
        await press(pilot, "enter")  # after a wrong answer's feedback: not the same choice again
        assert run.asked is not None and run.asked.attempts == 1 and not run.answered
        # the wrong answer's feedback stays, the note under it (it was replaced)
        shown = text(app)
        assert " ".join(wrong.message.split())[:30] in shown, shown
        assert " ".join(said(language, "format.choice_none", count=2).split()) in shown, shown
        await press(pilot, "2")
        await wait_for(pilot, lambda: run.answered)
        await press(pilot, "enter")  # closes the feedback: the next question
        await wait_for(pilot, lambda: run.asked is not None and run.asked.key == "1.1")
        await press(pilot, "enter")  # the second Enter
        asked = run.asked
        assert asked is not None and asked.key == "1.1" and asked.attempts == 0
        assert "1.1" not in run.record.open and "1.1" not in run.record.answers


WORDS = [
    ("en", "no", True), ("en", "n", True), ("en", "yes", False),
    ("it", "no", True), ("it", "sì", False), ("it", "s", False),
    ("pl", "nie", True), ("pl", "n", True), ("pl", "tak", False), ("pl", "t", False),
]  # fmt: skip


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
        if right:  # graded as typed: the feedback names the choice
            assert i18n._(CHOICE_QUOTED).format(number=2, words=given) in text(app)
        else:  # "You answered yes", the choices still listed
            assert f"1. {given}" in text(app)


@pytest.mark.parametrize(
    ("language", "words"),
    sweep(
        [("en", "neither"), ("it", "nessuna"), ("pl", "żadna")],
        everyday=[("pl", "żadna")],
        several=True,
    ),
)
async def test_a_choice_typed_as_its_first_words_is_an_answer(language: str, words: str) -> None:
    app = tutor_on(LESSON.format(lang=language), language)
    async with app.run_test(size=(80, 24)) as pilot:
        run = await to_the_quiz(pilot)
        await press(pilot, "2")
        await wait_for(pilot, lambda: run.answered)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.key == "1.1")
        await press(pilot, *"xyz", "enter")  # no choice: refused naming it, costs nothing
        await wait_for(pilot, lambda: run.feedback is not None and not run.feedback.counted)
        refused = said(language, "format.choice_typed", typed="xyz", count=3)
        assert " ".join(refused.split()) in text(app)
        assert run.asked is not None and run.asked.attempts == 0
        await press(pilot, *words, "enter")
        await wait_for(pilot, lambda: run.answered)
        assert run.record.answers["1.1"].right and run.record.answers["1.1"].points == 1
