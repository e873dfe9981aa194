"""Choice questions in the plain tutor: a wrong choice's reason (``why:``) said on the line after
it, in English, Italian and Polish, and the generic feedback for a wrong choice without one;
``n`` at a choice (a script writer's ``n`` meant "next"): at a choice of a yes and a no it stays
the answer no, and the question's help line says so; at any other choice a yes or no letter is
never an answer (``no`` spelt whole still picks the choice worded as a no, ``neither``)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed, whole_sentence
from lessons.catalog import load_catalog
from lessons.progress.store import ProgressStore
from solver.session.board import BoardSession
from tests.cli.clirun import run_main
from tests.tui.test_choice_reasons import GENERIC, LESSONS, reason
from tui.lesson_context import LessonContext
from tui.plain.board_words import PlainBoard
from tui.plain.output import Out
from tui.plain.tutor import PlainTutor


def _said(tutor: PlainTutor, stream: io.StringIO, line: str) -> list[str]:
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
    try:
        stream = io.StringIO()
        out = Out(stream)
        catalog = load_catalog(language, [folder])
        assert not catalog.errors, [str(e) for e in catalog.errors]
        context = LessonContext(catalog, ProgressStore(tmp_path / "progress.json"), None, [])
        tutor = PlainTutor(out, PlainBoard(out, BoardSession(n=4)), lambda: context)
        opened = _said(tutor, stream, "lesson reasons")
        assert not any(reason(language) in line for line in opened)
        words = LESSONS[language].split("- [ ] ")[1].splitlines()[0]
        assert _said(tutor, stream, "1") == [
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
        (generic,) = _said(tutor, stream, "3")
        assert generic.startswith(GENERIC[language]) and reason(language) not in generic
    finally:
        i18n.set_language("en")


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
prompt: Which equality shows that (0,1) and (1,2) share a diagonal?
- [ ] i+j
- [x] i-j
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
    assert "y or n answers it" not in second
    # n at the three-way choice is no answer: the tutor asks for the answer first
    after = second.split("> n\n", 1)[1].split(">", 1)[0]
    assert "Answer the question first" in after
    assert "Right" in second.split("> 2\n", 1)[1]
