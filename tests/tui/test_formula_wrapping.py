"""A formula or a list of numbers is never split across lines where the tutor wraps text: the
lesson pane's prose and the question's prompt and feedback (``wrap_words``); a list held whole
that is wider than the line breaks at its spaces, never inside a word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import region_lines
from tests.tui.test_polish_typography import _prose
from tui.widgets.lesson_pane import LessonPage
from tui.widgets.lesson_text import Prose
from tui.widgets.no_break import wrap_words

ROOT = Path(__file__).resolve().parents[2]
ENDS_IN_OPERATOR = re.compile(r"[\w\])] (==|!=|<=|>=|[=<>+/×]|-)$")
STARTS_WITH_OPERATOR = re.compile(r"^(==|!=|<=|>=|[=<>+/]) [\w(\[]")
OPEN_LIST = re.compile(r"[\[{](-?\d+|None),$|^(-?\d+|None)[\]}]")


def _split(line: str) -> bool:
    line = line.strip()
    return bool(ENDS_IN_OPERATOR.search(line) or STARTS_WITH_OPERATOR.search(line)) or bool(
        OPEN_LIST.search(line)
    )


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
# the narrowest and a wide one: a line ends at other places of the text
@pytest.mark.parametrize("width", sweep([31, 38, 44, 53, 61], everyday=[31, 53]))
def test_no_lesson_line_splits_a_formula(lang: str, width: int) -> None:
    problems = []
    for where, text in _prose(lang):
        console = Console(width=width, record=True, color_system=None)
        console.print(Prose(text))
        problems += [
            f"{where} at {width}: {line.rstrip()!r}"
            for line in console.export_text().splitlines()
            if _split(line)
        ]
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("width", range(20, 40))
def test_feedback_wraps_around_formulas(width: int) -> None:
    text = "Right: 7. The squares share i + j = 7, so b[i-j+n-1] = true; b = [1, 3, 0, 2]."
    wrapped = wrap_words(text, width)
    assert " ".join(wrapped) == text
    assert not [line for line in wrapped if _split(line)], wrapped
    assert "n\u00a0=\u00a04" in " ".join(wrap_words("a\u00a0b n\u00a0=\u00a04", width))


async def test_the_italian_lesson_2_opens_with_n_equals_4_whole() -> None:
    text = (ROOT / "lessons" / "builtin" / "it" / "02-small-boards.md").read_text("utf-8")
    app = tutor_on(text, "it")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await pilot.pause()
        shown = [line.strip() for line in region_lines(app, screen.query_one(LessonPage))]
        assert any("n = 4." in line for line in shown), shown
        assert not [line for line in shown if _split(line)], shown


async def test_the_italian_index_questions_keep_i_and_j_whole_in_the_question_box() -> None:
    """Lesson 4's array-index questions, in the box under the page at 80x24: "i = 4" and
    "j = 6" are never broken across two lines."""
    from tests.tui.lesson_apps import open_page, tutor_on_builtin
    from tui.widgets.quiz_panel import QuizPanel

    app = tutor_on_builtin("4", "it")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        seen = 0
        for page in range(len(run.lesson.pages)):
            await open_page(pilot, screen, page)
            for _ in range(8):
                asked = run.asked
                if asked is None:
                    break
                await pilot.pause()
                if "i = " in asked.posed.prompt:
                    shown = [
                        line.strip(" │") for line in region_lines(app, screen.query_one(QuizPanel))
                    ]
                    assert not [line for line in shown if _split(line)], shown
                    assert any("i = " in line for line in shown), shown
                    seen += 1
                run.reveal()
                run.go_on()
                screen.show(ask=True)
        assert seen >= 4  # p5, p6 and the quiz's three


def _salerno_paragraph(lang: str) -> str:
    text = (ROOT / "lessons" / "builtin" / lang / "08-recipe.md").read_text("utf-8")
    page = text.split("\n@page ")[2]  # the Salerno notes with N = 9
    return page.split("\n", 1)[1].split("\n@")[0]


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("width", [36, 40, 44, 48])
def test_the_salerno_list_breaks_between_its_items(lang: str, width: int) -> None:
    text = _salerno_paragraph(lang)
    assert "None, None" in text
    words = set(re.split(r"\s+", text.replace("`", "").replace("\u00a0", " ")))
    console = Console(width=width, record=True, color_system=None)
    console.print(Prose(text))
    drawn = console.export_text().split()
    cut = [word for word in drawn if word not in words]
    assert not cut, cut


def test_a_held_formula_that_fits_stays_whole() -> None:
    console = Console(width=30, record=True, color_system=None)
    console.print(Prose("some words and then b = [0, 2, -1, -1] at the end"))
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert any("b = [0, 2, -1, -1]" in line for line in lines), lines
