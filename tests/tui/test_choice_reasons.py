"""Feedback on answers: a wrong choice's ``why:`` (data, whole at 80x24) or the generic words;
choices that are numbers lettered a, b, c; hints, which cost nothing where they give nothing
and are offered (feedback, help, key bar) only where there is one."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import MESSAGES
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.widgets.quiz_choices import QuizChoices

WHY = {
    "en": (
        "Refusing the squares on the path does not make it the shortest: the "
        "recipe keeps the first path it completes, trying up, right, down, left "
        "in that order. [bold]"
    ),
    "it": (
        "Rifiutare le caselle del percorso non lo rende il più breve: la "
        "ricetta tiene il primo percorso che completa, provando su, destra, "
        "giù, sinistra in quest'ordine. [bold]"
    ),
    "pl": (
        "Odrzucanie pól ze ścieżki nie czyni jej najkrótszą: przepis zachowuje "
        "pierwszą ukończoną ścieżkę, próbując ruchów w kolejności góra, prawo, "
        "dół, lewo. [bold]"
    ),
}
"""The reason of choice 1, ending in markup that must show as written."""

LESSONS = {
    "en": """\
@lesson reasons
@title Reasons

@page The maze
@question choice
prompt: In the maze, why must isAdm refuse squares already on the path?
- [ ] to find the shortest path
  why: {why}
- [x] so that the search never walks in circles forever
- [ ] because walls move
@end
""",
    "it": """\
@lesson reasons
@title Motivi
@lang it

@page Il labirinto
@question choice
prompt: Nel labirinto, perché isAdm deve rifiutare le caselle già nel percorso?
- [ ] per trovare il percorso più breve
  why: {why}
- [x] perché la ricerca non giri in tondo all'infinito
- [ ] perché i muri si spostano
@end
""",
    "pl": """\
@lesson reasons
@title Powody
@lang pl

@page Labirynt
@question choice
prompt: Dlaczego w labiryncie isAdm musi odrzucać pola, które już są na ścieżce?
- [ ] żeby znaleźć najkrótszą ścieżkę
  why: {why}
- [x] żeby przeszukiwanie nigdy nie chodziło w kółko bez końca
- [ ] bo ściany się przesuwają
@end
""",
}
LESSONS = {lang: text.replace("{why}", WHY[lang]) for lang, text in LESSONS.items()}

GENERIC = {
    "en": "Not right: choice 3, “because walls move”. Try again.",
    "it": "Sbagliato: scelta 3, «perché i muri si spostano». Riprova.",
    "pl": "Źle: nr 3, „bo ściany się przesuwają”.",
}


def text(app: QueensTutorApp) -> str:
    return " ".join(" ".join(line.strip("│ ").split()) for line in screen_lines(app))


def reason(language: str) -> str:
    return WHY[language]


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_wrong_choice_shows_its_reason_and_one_without_the_generic_feedback(
    language: str,
) -> None:
    app = tutor_on(LESSONS[language], language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        why = reason(language)
        assert why not in text(app)  # not before the choice is picked
        await pilot.press("1")
        await wait_for(pilot, lambda: run.feedback is not None)
        assert run.feedback is not None and not run.feedback.correct
        await pilot.pause()
        shown = text(app)
        assert why in shown, shown  # whole, at 80x24, with [bold] as written
        await pilot.press("3")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.attempts == 2)
        await pilot.pause()
        shown = text(app)
        assert GENERIC[language] in shown, shown
        assert why not in shown
        await pilot.press("2")
        await wait_for(pilot, lambda: run.answered)
        assert run.record.answers["0.0"].right and run.record.answers["0.0"].attempts == 3


LESSON = """\
@lesson numbers
@title Numbers

@page Counting
@question choice
prompt: How many placements does it check until its first solution?
- [ ] 11
- [ ] 24
- [x] 26
@end
"""

WORDS = """\
@lesson words
@title Words

@page Diagonals
@question choice
prompt: Which equality shows the shared diagonal?
- [ ] same col+row (sum)
- [x] same row-col (difference)
- [ ] neither
@end
"""


def _posed() -> Posed:
    return Posed("choice", "How many?", AnswerType.CHOICE, "2", ".", choices=("11", "24", "26"))


def test_a_number_is_a_choices_value_and_a_letter_its_label() -> None:
    posed = _posed()
    assert posed.lettered and [posed.choice_label(i) for i in range(3)] == ["a", "b", "c"]
    assert posed.read("26") == "2" and posed.read("c") == "2" and posed.read("B") == "1"
    assert posed.read("2") is None and posed.read("15") is None  # never a place in the list
    refused = posed.check("2")
    assert not refused.counted and "choose a to c, or type one of the numbers" in refused.message
    assert posed.check("24").message.startswith("Not right: choice b, “24”.")
    words = Posed("choice", "Which?", AnswerType.CHOICE, "1", ".", choices=("i+j", "i-j", "no"))
    assert not words.lettered and words.read("2") == "1" and words.choice_label(1) == "2"


async def _typed(lesson: str, keys: tuple[str, ...]) -> tuple[bool, str, str]:
    """``keys`` pressed on the question: whether it was answered right, what the screen shows
    before the keys, and the feedback."""
    app = tutor_on(lesson)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        shown = "\n".join(screen_lines(app))
        await pilot.press(*keys)
        await wait_for(pilot, lambda: run.feedback is not None)
        assert run.feedback is not None
        return run.feedback.correct, shown, run.feedback.message


@pytest.mark.parametrize(
    ("keys", "right", "said"),
    [
        (("2", "6", "enter"), True, "Right: choice c, “26”."),  # a typed number read whole
        (("1", "5", "enter"), False, "“15” is not one of the choices"),  # not 1. 11
        (("b",), False, "Not right: choice b, “24”."),  # a letter chooses at once
    ],
)
async def test_full_screen_reads_a_number_as_a_value_and_a_letter_as_a_label(
    keys: tuple[str, ...], right: bool, said: str
) -> None:
    graded, shown, message = await _typed(LESSON, keys)
    assert graded == right and said in message, message
    assert "a. 11" in shown and "c. 26" in shown and "1. 11" not in shown
    assert "press [a] to [c], or type the number, then Enter" in shown


async def test_full_screen_choices_of_words_keep_their_numbers() -> None:
    app = tutor_on(WORDS)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        assert screen.query_one(QuizChoices).labels == ()
        await pilot.press("2")
        await wait_for(pilot, lambda: screen.lesson_run.feedback is not None)
        assert screen.lesson_run.feedback is not None and screen.lesson_run.feedback.correct


def test_plain_reads_the_same_as_full_screen(tmp_path: Path) -> None:
    (tmp_path / "11-numbers.md").write_text(LESSON, encoding="utf-8")
    result = run_main(
        "--plain", "--lessons-dir", str(tmp_path), "--only-course",
        stdin="lesson 11\n2\n15\nb\n26\n",
    )  # fmt: skip
    assert result.status == 0, result.err
    out = result.out
    assert "a. 11\nb. 24\nc. 26\nChoose a to c, or type the number itself." in out
    assert "“2” is not one of the choices" in out and "“15” is not one of the choices" in out
    assert "Not right: choice b, “24”." in out
    assert "Right: choice c, “26”." in out


BESIDE_A_BOARD = LESSON.replace("@page Counting\n", "@page Counting\n@board n=9\n")


async def test_beside_a_board_the_answer_line_says_it_shorter() -> None:
    """Beside a 9 x 9 board the answer line says "(a to c, or the number)", whole."""
    app = tutor_on(BESIDE_A_BOARD)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = "\n".join(screen_lines(app))
        assert "(a to c, or the number)" in shown and "then Enter" not in shown, shown


QUIZ = """@lesson hints
@title Hints
@quiz
@question choice
prompt: Which array records the rising diagonals (i+j)?
- [ ] c[]
- [x] a[]
@end
@question choice
prompt: Which array records the columns?
hint: The first letter of column.
- [x] c[]
- [ ] a[]
@end
"""


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["en"]))
async def test_no_hint_costs_no_point(lang: str) -> None:
    app = tutor_on(QUIZ, lang)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.press("f2")
        await pilot.pause()
        none = i18n.translation(lang).gettext(MESSAGES["hint.none"])
        shown = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert " ".join(none.split()[:4]) in shown  # there is none, said in its language
        assert run.asked is not None and not run.asked.hint_shown
        await pilot.press("2")  # the right choice: the point is kept
        await wait_for(pilot, lambda: run.answered)
        assert run.score == 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.press("f2")  # a real hint: this question no longer scores
        await pilot.pause()
        await pilot.press("1")
        await wait_for(pilot, lambda: run.answered)
        assert (run.score, run.lesson.max_score) == (1, 2)


def _shown(app: object) -> str:
    return " ".join(" ".join(screen_lines(app)).replace("│", " ").split())  # type: ignore[arg-type]


async def test_a_question_without_a_hint_offers_none() -> None:
    app = tutor_on(QUIZ)
    offer = i18n.translation("en").gettext(MESSAGES["answer.try_again"])
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert "f2" not in bar and "f3" in bar, bar
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "f2" not in _shown(app)  # no hint written: the help does not offer one
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("1")  # wrong
        await pilot.pause()
        shown = _shown(app)
        assert "Not right: choice 1, “c[]”." in shown and "Try again." in shown, shown
        assert offer not in shown, shown
        await pilot.press("f2")  # asking for the hint there is not: the feedback stays
        await pilot.pause()
        shown = _shown(app)
        assert " ".join(MESSAGES["hint.none"].split()[:4]) in shown, shown
        assert "Not right: choice 1, “c[]”." in shown, shown
        await pilot.press("2")  # right
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.posed.hint != "")
        await pilot.pause()
        assert "f2 Hint" in screen_lines(app)[-1], screen_lines(app)[-1]
        await pilot.press("2")  # wrong: this one has a hint, and offers it
        await pilot.pause()
        assert offer in _shown(app)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "f2" in _shown(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("f2")  # shown: it stays in the feedback, and f2 leaves the bar
        await pilot.pause()
        assert run.asked is not None and run.asked.hint_shown
        bar = screen_lines(app)[-1]
        assert "f2" not in bar and "f3" in bar, bar
