"""Feedback on answers: a wrong choice's ``why:`` (data, whole at 80x24) or the generic words;
choices that are numbers lettered a, b, c; hints, which cost nothing where they give nothing
and are offered (feedback, help, key bar) only where there is one."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import MESSAGES
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.tui.lesson_apps import run_opened, tutor_on
from tests.tui.screen_text import press_for, pressed, screen_lines, screen_words, wait_for
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_screen import LessonScreen
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


def reason(language: str) -> str:
    return WHY[language]


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_wrong_choice_shows_its_reason_and_one_without_the_generic_feedback(
    language: str,
) -> None:
    app = tutor_on(LESSONS[language], language)
    async with run_opened(app) as (pilot, _screen, run):
        why = reason(language)
        assert why not in screen_words(app)  # not before the choice is picked
        await pilot.press("1")
        await wait_for(pilot, lambda: run.feedback is not None)
        assert run.feedback is not None and not run.feedback.correct
        await pilot.pause()
        assert why in screen_words(app), screen_words(app)  # whole, at 80x24, [bold] as written
        await pilot.press("3")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.attempts == 2)
        await pilot.pause()
        shown = screen_words(app)
        assert GENERIC[language] in shown and why not in shown, shown
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
WORDS = """
@page Diagonals
@question choice
prompt: Which equality shows the shared diagonal?
- [ ] same col+row (sum)
- [x] same row-col (difference)
- [ ] neither
@end
"""


def test_a_number_is_a_choices_value_and_a_letter_its_label() -> None:
    posed = Posed("choice", "How many?", AnswerType.CHOICE, "2", ".", choices=("11", "24", "26"))
    assert posed.lettered and [posed.choice_label(i) for i in range(3)] == ["a", "b", "c"]
    assert posed.read("26") == "2" and posed.read("c") == "2" and posed.read("B") == "1"
    assert posed.read("2") is None and posed.read("15") is None  # never a place in the list
    refused = posed.check("2")
    assert not refused.counted and "choose a to c, or type one of the numbers" in refused.message
    assert posed.check("24").message.startswith("Not right: choice b, “24”.")
    words = Posed("choice", "Which?", AnswerType.CHOICE, "1", ".", choices=("i+j", "i-j", "no"))
    assert not words.lettered and words.read("2") == "1" and words.choice_label(1) == "2"


async def test_full_screen_reads_a_number_as_a_value_a_letter_as_a_label_words_by_number() -> None:
    """Numbers are lettered a, b, c: a letter chooses at once, a number typed is read whole
    (15 is not 1. 11); choices of words keep their numbers."""
    app = tutor_on(LESSON + WORDS)
    async with run_opened(app) as (pilot, screen, run):
        shown = "\n".join(screen_lines(app))
        assert "a. 11" in shown and "c. 26" in shown and "1. 11" not in shown
        assert "press [a] to [c], or type the number, then Enter" in shown
        for keys, said in [
            (("b",), "Not right: choice b, “24”."),
            (("1", "5", "enter"), "“15” is not one of the choices"),
            (("2", "6", "enter"), "Right: choice c, “26”."),
        ]:
            before = run.feedback
            await pilot.press(*keys)
            await wait_for(pilot, lambda b=before: run.feedback is not b)  # type: ignore[misc]
            assert run.feedback is not None and said in run.feedback.message, run.feedback
            assert run.feedback.correct == said.startswith("Right")
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.page_index == 1 and run.asked is not None)
        assert screen.query_one(QuizChoices).labels == ()
        await pilot.press("2")
        await wait_for(pilot, lambda: run.feedback is not None and run.page_index == 1)
        assert run.feedback is not None and run.feedback.correct


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
    assert "Not right: choice b, “24”." in out and "Right: choice c, “26”." in out


async def test_beside_a_board_the_answer_line_says_it_shorter() -> None:
    """Beside a 9 x 9 board the answer line says "(a to c, or the number)", whole."""
    app = tutor_on(LESSON.replace("@page Counting\n", "@page Counting\n@board n=9\n"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = "\n".join(screen_lines(app))
        assert "(a to c, or the number)" in shown and "then Enter" not in shown, shown


NO_HINT = """@question choice
prompt: Which array records the rising diagonals (i+j)?
- [ ] c[]
- [x] a[]
@end
"""
QUIZ = f"""@lesson hints
@title Hints
@quiz
{NO_HINT}{NO_HINT}@question choice
prompt: Which array records the columns?
hint: The first letter of column.
- [x] c[]
- [ ] a[]
@end
"""


async def help_offers_f2(pilot: Pilot[None], screen: LessonScreen) -> bool:
    """Whether ? lists f2, the help closed again."""
    await press_for(pilot, HelpScreen, "question_mark")
    await pilot.pause()
    offered = "f2" in screen_words(pilot.app)  # type: ignore[arg-type]
    await pilot.press("escape")
    await wait_for(pilot, lambda: pilot.app.screen is screen)
    return offered


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["en"]))
async def test_hints_are_offered_only_where_there_is_one_and_none_costs_no_point(
    lang: str,
) -> None:
    """Without a hint: neither the bar, the help nor a wrong answer's feedback offers f2, and
    f2 says there is none (the feedback kept), the point kept; a real hint is offered, and
    shown it costs the question's point."""
    app = tutor_on(QUIZ, lang)
    none = " ".join(i18n.translation(lang).gettext(MESSAGES["hint.none"]).split()[:4])
    offer = " ".join(i18n.translation(lang).gettext(MESSAGES["answer.try_again"]).split())
    async with run_opened(app) as (pilot, screen, run):
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert "f2" not in bar and "f3" in bar, bar
        assert not await help_offers_f2(pilot, screen)
        await pressed(pilot, "f2")
        assert none in screen_words(app) and run.asked is not None and not run.asked.hint_shown
        await pilot.press("2")  # right: the point is kept
        await wait_for(pilot, lambda: run.answered)
        assert run.score == 1
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None)
        await pilot.press("1")  # wrong
        await wait_for(pilot, lambda: run.feedback is not None)
        await pilot.pause()
        wrong = run.feedback.message if run.feedback is not None else ""
        assert wrong.split()[0] in screen_words(app) and offer not in screen_words(app)
        await pressed(pilot, "f2")  # the hint there is not: said, the feedback stays
        shown = screen_words(app)
        assert none in shown and " ".join(wrong.split()[:4]) in shown, shown
        await pilot.press("2")
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.posed.hint != "")
        await pilot.pause()
        costs = f"f2 {i18n.translation(lang).gettext('Hint (no point)')}"  # a quiz's first try
        assert costs in screen_lines(app)[-1] and " f3 " in screen_lines(app)[-1]  # both fit
        await pressed(pilot, "2")  # wrong: this one has a hint, and offers it (its point gone)
        assert offer in screen_words(app) and await help_offers_f2(pilot, screen)
        assert "f2" in screen_lines(app)[-1] and costs not in screen_lines(app)[-1]
        await pressed(pilot, "f2")  # shown: f2 leaves the bar, and the question scores nothing
        assert run.asked is not None and run.asked.hint_shown
        bar = screen_lines(app)[-1]
        assert "f2" not in bar and "f3" in bar, bar
        await pilot.press("1")
        await wait_for(pilot, lambda: run.answered)
        assert (run.score, run.lesson.max_score) == (1, 3)
