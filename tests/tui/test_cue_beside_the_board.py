"""Beside a board, the cue that the page's text goes on above the question shows whole on the
box's border: its short form where the long one does not fit."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import screen_lines
from tests.tui.test_text_read_before_the_question import _cue, _to_question
from tui.widgets.lesson_pane import LessonPane

LONG = "More text above the question: PgDn reads on."
SHORT = "Text above: PgDn reads on."
SHORTEST = "PgDn: more above."
PAGE_DOWN = {"en": "PgDn", "it": "pag↓", "pl": "PgDn"}


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_cue_beside_a_board_shows_whole(language: str) -> None:
    app = tutor_on_builtin("diagonals", language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await _to_question(pilot, screen, 0)  # 4 p1: a board beside the text
        await pilot.pause()
        assert screen.query_one(LessonPane).page.more_below
        cue = _cue(screen)
        assert cue in (i18n._(LONG), i18n._(SHORT), i18n._(SHORTEST)), cue
        assert language == "en" or cue not in (LONG, SHORT, SHORTEST)  # translated
        shown = "\n".join(screen_lines(app))
        assert f"─ {cue} ─" in shown, shown  # whole on the border, nothing cut
        assert PAGE_DOWN[language] in cue  # the key named as the key bar names it


@pytest.mark.parametrize("language", sweep(["it", "pl"], everyday=["it"]))  # it 28, as walked
async def test_the_cue_beside_a_9_by_9_board_shows_whole(language: str) -> None:
    """Beside lesson 8 p2's 9 x 9 board the short cue itself was cut
    ("Testo sopra: PgDn continua a legge…" after a wrong answer); the shortest form fits."""
    app = tutor_on_builtin("recipe", language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await _to_question(pilot, screen, 1)
        await pilot.press("b", "enter")  # a wrong answer: the feedback comes, the cue stays
        await pilot.pause()
        cue = _cue(screen)
        shown = "\n".join(screen_lines(app))
        if cue:  # the page's text goes on above the question: the cue says so, whole
            assert PAGE_DOWN[language] in cue and "…" not in cue, cue
            assert f"─ {cue} ─" in shown, shown
        else:  # no cue: nothing above the question that was never in view
            assert not screen.query_one(LessonPane).unread, shown
