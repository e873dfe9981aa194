"""The words a question invites are the words it reads: every question of every built-in lesson, in
every language, said by the plain tutor, takes as its answer (never as a command) each yes, no,
backtrack or number its own text names, and asks for what it asks (a column, a row); the main
board's guess questions and the full screen's key lines name keys they read."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType
from lessons.answers.feedback import say
from lessons.answers.reading import ANSWER_WORDS, yes_key
from lessons.catalog import load_catalog
from lessons.runner import LessonRun
from solver.guess.stage import Stage
from solver.session.board import BoardSession
from tests.tiers import sweep
from tui.plain import words as plain_words
from tui.plain.board_words import PlainBoard
from tui.plain.lesson_walk import LessonWalk
from tui.plain.output import Out
from tui.screens.guess_question import LEAVE_KEYS, GuessQuestionScreen

LANGUAGES = ("en", "it", "pl")
NAMED = frozenset(word for words in ANSWER_WORDS.values() for kind in words for word in kind)
"""The answer words a question's text may name (yes, no, backtrack in every language)."""


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def named(text: str) -> list[str]:
    """The answer words and numbers ``text`` names."""
    tokens = re.findall(r"[\wìó]+", text.lower())
    return [token for token in tokens if token in NAMED or token.isdecimal()]


def offered(prompt: str) -> str:
    """The answers a prompt offers in brackets: "(y or n)", "(s o n)", "(t lub n)"."""
    return " ".join(re.findall(r"\((\w+ (?:or|o|lub|albo) \w+)\)", prompt))


def said(walk: LessonWalk, stream: io.StringIO) -> str:
    stream.seek(0)
    stream.truncate()
    walk.say_question()
    return stream.getvalue()


def questions(lang: str) -> Iterator[tuple[str, LessonWalk, io.StringIO]]:
    """Every question of the language's lessons, waiting in the plain tutor."""
    for lesson in load_catalog(lang).lessons:
        run = LessonRun(lesson)
        for index in range(len(lesson.pages)):
            run.goto(index)
            while run.asked is not None:
                stream = io.StringIO()
                walk = LessonWalk(Out(stream), lesson, None, run=run)
                yield f"{lesson.id} p{index + 1} {run.asked.question.kind}", walk, stream
                walk.guess = None
                run.reveal()
                run.go_on()


@pytest.mark.parametrize("lang", sweep(LANGUAGES, everyday=["it"]))  # sì's s is show's too
def test_every_question_reads_the_words_it_names_as_answers(lang: str) -> None:
    i18n.set_language(lang)
    problems, asked, checked, stretches = [], 0, 0, 0
    for where, walk, stream in questions(lang):
        asked += 1
        text = said(walk, stream)
        posed = walk.run.asked.posed if walk.run.asked else None
        assert posed is not None
        guess = walk.guess
        if guess is not None:  # the stretch's first question is open: its yes and no words
            stretches += 1
            question = guess.round.game.question
            assert question is not None and question.stage is Stage.FREE, where
            keys = plain_words.prompt_line(question.prompt[-1])
            words = named(f"{offered(posed.prompt)} {keys}")
            if yes_key(lang) not in words:
                problems.append(f"{where}: its yes key {yes_key(lang)} is not named: {text!r}")
        else:  # the lines after the prompt that say how to answer, not the choices
            after = text.split(posed.plain_prompt or posed.prompt, 1)[-1].splitlines()
            lines = [line for line in after if not re.match(r"\w+\. ", line)]
            words = named(" ".join([offered(posed.prompt), *lines]))
            if posed.answer_type is AnswerType.CHOICE:
                words = [w for w in words if not w.isdecimal() or 1 <= int(w) <= len(posed.choices)]
        checked += len(words)
        for word in words:
            if not walk.reads_as_answer(word):
                problems.append(f"{where}: “{word}” named but read as a command: {text!r}")
        if posed.answer_type is AnswerType.ROW:
            asks = say("format.column" if posed.column_answer else "format.row")
            if asks not in text and asks not in posed.prompt:
                problems.append(f"{where}: the input line does not ask for {asks!r}: {text!r}")
    assert asked > 100 and checked > 60 and stretches >= 3, (asked, checked, stretches)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", sweep(LANGUAGES, everyday=["it"]))
def test_the_main_boards_guess_question_reads_the_keys_it_names(lang: str) -> None:
    """The plain main board's "is it free?" question, and the full screen's key line for it."""
    i18n.set_language(lang)

    def asking() -> PlainBoard:
        board = PlainBoard(Out(io.StringIO()), BoardSession(n=4))
        board.toggle_guess()
        for _ in range(5):
            if board.asking:
                break
            board.tick()
        assert board.asking
        return board

    question = asking().session.game.question
    assert question is not None and question.stage is Stage.FREE
    line = plain_words.prompt_line(question.prompt[-1])
    named_words = named(line)
    assert yes_key(lang) in named_words, line
    for word in named_words:
        assert asking().answer(word), (word, line)
    full_screen = named(i18n._(LEAVE_KEYS["guess.keys.yes_no"]))
    bound = {binding.key for binding in GuessQuestionScreen.BINDINGS if hasattr(binding, "key")}
    assert yes_key(lang) in full_screen
    assert set(full_screen) - {"no", "nie", "sì", "tak", "yes"} <= bound, full_screen
