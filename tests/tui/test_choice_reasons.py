"""A wrong choice shows its ``why:`` (data, not markup, whole at 80x24), one without shows the
generic feedback."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp

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
