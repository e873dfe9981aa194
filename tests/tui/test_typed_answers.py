"""Answers typed as students type them, in every language: yes or no by its first letter, a
decimal with the language's comma, anything unreadable refused naming it; the hint and the
answer on keys that are never part of an answer."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.lesson_apps import run_opened, tutor_on
from tests.tui.screen_text import pressed, tutor_run, wait_for
from tests.tui.screen_text import screen_words as text
from tui.app import QueensTutorApp

LESSON = """\
@lesson typed
@title Typed

@page Questions
Three questions.
@question exists n=4
@end
@question random-tries n=8
@end
@question solutions n=6
@end
"""


def tutor(language: str) -> QueensTutorApp:
    return tutor_on(LESSON, language)


@pytest.mark.parametrize(
    ("language", "yes", "decimal"),
    sweep(
        [("en", "y", "438.26"), ("it", "s", "438,26"), ("pl", "t", "438,26")],
        everyday=[("en", "y", "438.26"), ("pl", "t", "438,26")],
        several=True,
    ),
)
async def test_letters_and_decimals_are_answers(language: str, yes: str, decimal: str) -> None:
    app = tutor(language)
    async with run_opened(app) as (pilot, _screen, run):
        await pressed(pilot, yes)  # yes, in the language's word: not "show the answer"
        assert not run.answered  # a letter is typed: Enter ends the answer
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.answered)
        assert run.record.answers["0.0"].right and not run.record.answers["0.0"].revealed
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.key == "0.1")
        await pilot.press("x")  # not a number: refused, named, not an attempt
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.feedback is not None and not run.feedback.counted)
        assert run.feedback is not None and "x" in run.feedback.message.split()[0]
        assert run.asked is not None and run.asked.attempts == 0
        await pilot.press(*decimal)  # 40,320/92 = 438.26: the tutor's own figure
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.answered)
        assert run.record.answers["0.1"].right and run.record.answers["0.1"].attempts == 1


async def test_hint_and_answer_keys_are_never_typed_letters() -> None:
    app = tutor("en")
    async with run_opened(app) as (pilot, screen, run):
        await pilot.press("1", "enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.key == "0.1")
        await pilot.press("h", "s")  # letters go into the answer, they reveal nothing
        assert run.asked is not None and not run.asked.hint_shown
        assert screen.query_one("#quiz-answer").text == "hs"  # type: ignore[attr-defined]
        assert "f2 Hint" in text(app) and "f3 Show answer" in text(app)  # in the key bar
        await pilot.press("f2")
        assert run.asked is not None and run.asked.hint_shown
        await pilot.press("f3")
        await wait_for(pilot, lambda: run.answered)
        assert run.record.answers["0.1"].revealed


@pytest.mark.parametrize(
    ("language", "yes"),
    sweep([("en", "y"), ("it", "s"), ("pl", "t")], everyday=[("pl", "t")], several=True),
)
async def test_guess_mode_takes_yes_in_every_language(language: str, yes: str) -> None:
    i18n.set_language(language)
    async with tutor_run(4, guess=True, size=(80, 24)) as (app, pilot):
        screen = app.screen
        for _ in range(8):
            await pilot.press("space")
            question = screen.session.game.question  # type: ignore[attr-defined]
            if question is not None and question.stage == "free":
                break
        asked = screen.session.game.tally.asked  # type: ignore[attr-defined]
        await pilot.press(yes)
        assert screen.session.game.tally.asked == asked + 1  # type: ignore[attr-defined]
        assert screen.tree_follower is None  # type: ignore[attr-defined]  # t did not open the tree
