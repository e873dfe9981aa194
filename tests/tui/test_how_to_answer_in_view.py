"""Lesson 9's compare page says how to answer (run ``queens-tutor compare 10``) in view above its
question at 80x24."""

from __future__ import annotations

import re

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import region_lines
from tui.widgets.lesson_pane import LessonPage

RUN_IT = {
    "en": r"Run\s+queens-tutor\s+compare\s+10\s+in\s+a\s+second\s+shell",
    "it": r"Esegui\s+queens-tutor\s+compare\s+10\s+in\s+una\s+seconda\s+shell",
    "pl": r"Uruchom\s+queens-tutor\s+compare\s+10\s+w\s+drugiej\s+powłoce",
}


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_compare_page_says_how_to_answer_above_its_question(lang: str) -> None:
    app = tutor_on_builtin("9", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        pages = screen.lesson_run.lesson.pages
        page = next(
            i
            for i, p in enumerate(pages)
            if any(getattr(q, "kind", "") == "examined" for q in p.questions)
        )
        await open_page(pilot, screen, page)
        await pilot.pause()
        asked = screen.lesson_run.asked
        assert asked is not None and "compare 10" in asked.posed.prompt
        shown = " ".join(region_lines(app, screen.query_one(LessonPage))).replace("\u00a0", " ")
        assert re.search(RUN_IT[lang], shown), shown
