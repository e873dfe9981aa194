"""The words a question invites are the words it reads: every question of every built-in lesson, in
every language, said by the plain tutor, takes as its answer (never as a command) each yes, no,
backtrack or number its own text names, and asks for what it asks (a column, a row) once; the main
board's guess questions and the full screen's key lines name keys they read, and the reminder
(Enter while a question waits) names commands no question reads as its answer. Choice questions
in the plain tutor: a wrong choice's reason (``why:``) said on the line after it, in English,
Italian and Polish, and the generic feedback for a wrong choice without one; ``n`` at a choice
(a script writer's ``n`` meant "next"): at a choice of a yes and a no it stays the answer no,
and the question's help line says so; at any other choice a yes or no letter is never an answer
(``no`` spelt whole still picks the choice worded as a no, ``neither``)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed, whole_sentence
from lessons.answers.feedback import say
from lessons.answers.reading import ANSWER_WORDS, choice_says, yes_key, yes_no
from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from lessons.quiz.guess import LEAVE_KEYS
from lessons.runner import LessonRun
from solver.guess.stage import Stage
from solver.registry import DEFAULT_METHOD
from solver.session.board import BoardSession
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.tui.test_choice_reasons import GENERIC, LESSONS, reason
from tui.lesson_context import LessonContext
from tui.plain import words as plain_words
from tui.plain.board_words import PlainBoard
from tui.plain.lesson_walk import LessonWalk
from tui.plain.output import Out
from tui.plain.tutor import PlainTutor
from tui.screens.guess_question import GuessQuestionScreen

LANGUAGES = ("en", "it", "pl")
NAMED = frozenset(word for words in ANSWER_WORDS.values() for kind in words for word in kind)
"""The answer words a question's text may name (yes, no, backtrack in every language)."""


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
            last = (posed.plain_prompt or posed.prompt).splitlines()[-1]  # a maze read between
            after = text.split(last, 1)[-1].splitlines()
            lines = [line for line in after if not re.match(r"\w+\. ", line)]
            words = named(" ".join([offered(posed.prompt), *lines]))
            if posed.answer_type is AnswerType.CHOICE:
                words = [w for w in words if not w.isdecimal() or 1 <= int(w) <= len(posed.choices)]
        says = {choice_says(i18n._(choice)) for choice in posed.choices} - {None}
        words += [key for key in (yes_key(lang), "n") if yes_no(key) in says]  # "sì: ..."'s s
        checked += len(words)
        for word in words:
            if not walk.reads_as_answer(word):
                problems.append(f"{where}: “{word}” named but read as a command: {text!r}")
        walk.enter()  # the reminder names commands, never a word the question reads
        reminder = stream.getvalue().splitlines()[-1]
        for word in re.findall(r"(\w+): ", reminder.split("(")[-1]):
            if walk.reads_as_answer(word):
                problems.append(f"{where}: the reminder names “{word}”, an answer: {reminder!r}")
        if posed.answer_type is AnswerType.ROW:
            asks = posed.line_help()  # b for backtrack offered where one is an answer
            own = walk.run.asked.question.prompt if walk.run.asked else ""
            if asks not in text and asks not in posed.prompt and own:
                problems.append(f"{where}: the input line does not ask for {asks!r}: {text!r}")
            reads_b = posed.read("b") is not None  # offered where it is read, and only there
            if reads_b != posed.backtrack:
                problems.append(f"{where}: b read as a backtrack: {reads_b}, told {asks!r}")
            lines = [say("format.row"), say("format.column")]
            if not own and any(line in text.replace(posed.prompt, "") for line in lines):
                problems.append(f"{where}: the prompt says how to answer, and again: {text!r}")
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


def plain_tutor(
    context: LessonContext, method: str = DEFAULT_METHOD
) -> tuple[PlainTutor, io.StringIO]:
    """The plain tutor on a 4x4 board, with the lessons of ``context``: it, and what it says."""
    stream = io.StringIO()
    out = Out(stream)
    board = PlainBoard(out, BoardSession(n=4, method=method))
    return PlainTutor(out, board, lambda: context), stream


def heard(tutor: PlainTutor, stream: io.StringIO, line: str) -> list[str]:
    stream.seek(0)
    stream.truncate()
    assert tutor.handle(line)
    return stream.getvalue().splitlines()


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_a_wrong_choice_is_told_its_reason(language: str, tmp_path: Path) -> None:
    folder = tmp_path / "lessons"
    for lang, text in LESSONS.items():
        path = folder / ("" if lang == "en" else lang) / "10-reasons.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    i18n.set_language(language)
    catalog = load_catalog(language, [folder])
    assert not catalog.errors, [str(e) for e in catalog.errors]
    context = LessonContext(catalog, ProgressStore(tmp_path / "progress.json"), None, [])
    tutor, stream = plain_tutor(context)
    opened = heard(tutor, stream, "lesson reasons")
    assert not any(reason(language) in line for line in opened)
    words = LESSONS[language].split("- [ ] ")[1].splitlines()[0]
    assert heard(tutor, stream, "1") == [
        {
            "en": f"Not right: choice 1, “{words}”. ",
            "it": f"Sbagliato: scelta 1, «{words}». ",
            "pl": f"Źle: nr 1, „{words}”. ",
        }[language]
        + whole_sentence(reason(language))  # its full stop added
        + {
            # the question has no hint: none is offered
            "en": " Try again.",
            "it": " Riprova.",
            "pl": " Spróbuj jeszcze raz.",
        }[language]
    ]
    (generic,) = heard(tutor, stream, "3")
    assert generic.startswith(GENERIC[language]) and reason(language) not in generic


LESSON = """\
@lesson steps
@title First steps

@quiz Quiz
@question choice
prompt: Is b = [1,3,0,2] a solution?
- [x] yes
- [ ] no
@end
@question choice
prompt: Which equality shows that `(0,1)` and `(1,2)` share a diagonal?
- [ ] `i+j`
- [x] `i-j`
- [ ] neither
@end
"""


def test_a_letter_answers_only_a_choice_of_a_yes_and_a_no() -> None:
    yes_no = Posed("choice", "Is it?", AnswerType.CHOICE, "0", "Yes.", choices=("yes", "no"))
    assert yes_no.yes_no_question
    assert yes_no.read("n") == "1" and yes_no.read("y") == "0"
    three = Posed(
        "choice", "Which?", AnswerType.CHOICE, "1", ".", choices=("i+j", "i-j", "neither")
    )
    assert not three.yes_no_question
    assert three.read("n") is None and three.read("y") is None  # no answer: "next" in a script
    assert three.read("no") == "2"  # a no spelt whole picks the choice worded as one
    held = Posed("choice", "?", AnswerType.CHOICE, "1", ".", choices=("si ferma: no row", "k--"))
    assert not {held.read(word) for word in ("no", "nie", "sì", "si")} - {None}  # held, begun


def test_plain_says_n_is_no_at_a_yes_no_question_and_next_elsewhere(tmp_path: Path) -> None:
    (tmp_path / "11-first-steps.md").write_text(LESSON, encoding="utf-8")
    result = run_main(
        "--plain", "--lessons-dir", str(tmp_path), "--only-course",
        stdin="lesson 11\nn\ny\nenter\nn\n2\nenter\n",
    )  # fmt: skip
    assert result.status == 0, result.err
    out = result.out
    first, second = out.split("Quiz question 2 of 2")
    assert "y or n answers it: n is no here, not next" in first
    assert "You answered" in first or "not the answer" in first  # n answered: no
    assert "y or n answers it" not in second and "2. i-j" in second and "`" not in out
    # n at the three-way choice (one worded as a no: neither) is no answer, nor next: told so
    after = second.split("> n\n", 1)[1].split(">", 1)[0]
    assert "“n” does not say which choice it means" in after
    assert "Right" in second.split("> 2\n", 1)[1]
