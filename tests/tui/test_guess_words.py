"""Guess mode reads a yes or no typed as a whole word, in every language of the tutor: its first
letter answers, and the rest of the word is part of it, never a key of the screen (not ``a`` of
tak, all solutions; ``s`` of yes, the next solution; ``o`` of no, the place board; ``i`` of nie,
an iteration). The plain tutor reads the same words.
"""

from __future__ import annotations

import io

import pytest

from lessons import i18n
from solver.guess.question import Question
from solver.guess.stage import Stage
from solver.methods.iterative.engine import IterativeEngine
from solver.session.board import BoardSession
from solver.stepping import Mode, SteppableSearch
from tests.tiers import sweep
from tests.tui.guess_keys import lecture_rule
from tui.app import QueensTutorApp
from tui.plain.board_words import PlainBoard
from tui.plain.output import Out
from tui.screens.main_screen import MainScreen


def truly_free(engine: SteppableSearch, question: Question) -> bool:
    """The square asked about is free, by the Wrocław lecture's isfree on the board's b."""
    assert isinstance(engine, IterativeEngine) and question.test is not None
    return lecture_rule(tuple(engine.b), *question.test.square) is None


WORDS = [
    ("en", "yes", True),
    ("en", "no", False),
    ("it", "sì", True),
    ("it", "si", True),
    ("it", "no", False),
    ("pl", "tak", True),
    ("pl", "nie", False),
    ("pl", "yes", True),  # English words in every language
]


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("language", "word", "yes"),
    sweep(
        WORDS,
        # Polish: "tak" holds the letters of other keys (t, a); the other languages' words
        # are read by the same code, their every word in the thorough tier
        everyday=[("pl", "tak", True), ("pl", "nie", False)],
        several=True,
    ),
)
async def test_a_whole_word_answers_once_and_runs_nothing(
    language: str, word: str, yes: bool
) -> None:
    i18n.set_language(language)
    app = QueensTutorApp(4, guess=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MainScreen)
        for _ in range(8):
            await pilot.press("space")
            question = screen.session.game.question
            if question is not None and question.stage is Stage.FREE:
                break
        else:
            pytest.fail("no yes/no question in 8 ticks")
        session = screen.session
        tick, asked, right = session.engine.tick, session.game.tally.asked, session.game.tally.right
        free = truly_free(screen.session.engine, question)
        await pilot.press(*word, "enter")
        await pilot.pause()
        assert screen.session.game.tally.asked == asked + 1  # one answer, not one a letter
        # The tick asked about, nothing run after it (a right "attacked" first asks the rule).
        played = tick if (free, yes) == (False, False) else tick + 1
        assert screen.session.engine.tick == played
        assert screen.session.engine.mode is Mode.FIRST  # not the a of tak
        assert screen.tree_follower is None  # not t
        assert app.screen is screen  # not o: the place board is not open
        assert screen.session.game.tally.right == right + (free == yes)  # read as the word it is
        await pilot.press("space")  # the word is over: the keys are the screen's again
        await pilot.pause()
        assert screen.session.engine.tick > played or screen.session.game.question is not None


@pytest.mark.parametrize(("language", "word", "yes"), WORDS)
def test_the_plain_tutor_reads_the_same_words(language: str, word: str, yes: bool) -> None:
    i18n.set_language(language)
    session = BoardSession(n=4, guessing=True)
    board = PlainBoard(Out(io.StringIO()), session)
    for _ in range(8):
        board.tick()
        question = session.game.question
        if question is not None and question.stage is Stage.FREE:
            break
    else:
        pytest.fail("no yes/no question in 8 ticks")
    asked, right = session.game.tally.asked, session.game.tally.right
    free = truly_free(session.engine, question)
    assert not board.answer("perhaps")  # not a yes or no: refused, nothing counted
    assert board.answer(word)
    assert session.game.tally.asked == asked + 1
    assert session.game.tally.right == right + (free == yes)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("up", "right", "down", "left")),
        ("it", ("su", "destra", "giù", "sinistra")),
        ("it", ("SU", "Destra", "giu", "sinistra")),
        ("pl", ("góra", "prawo", "dół", "lewo")),
        ("pl", ("gora", "prawo", "dol", "lewo")),
        ("pl", ("up", "right", "down", "left")),  # English in every language
    ],
)
def test_the_plain_tutor_takes_the_maze_moves_as_the_narration_names_them(
    language: str, words: tuple[str, ...]
) -> None:
    """The maze's next step was read in English only (destra: no such command)."""
    i18n.set_language(language)
    for word in words:
        session = BoardSession("maze", 4, Mode.FIRST, "corridor", guessing=True)
        board = PlainBoard(Out(io.StringIO()), session)
        board.iteration()  # guess mode asks where the path goes next
        question = session.game.question
        assert question is not None and question.stage is Stage.LAND
        asked = session.game.tally.asked
        assert board.answer(word), word
        assert session.game.tally.asked == asked + 1, word
