"""Lesson text as drawn: a formula or a list never split across lines (prose, prompts, feedback),
a list held whole wider than the line breaking at its spaces; keys marked [o] and code spans
apart from the words around them, in every language, without colour."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from lessons.catalog import load_catalog
from lessons.model import Text
from tests.catalogs import catalog
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_opened, run_opened, tutor_on
from tests.tui.screen_text import region_lines
from tests.tui.test_polish_typography import _prose
from tui.plain.markdown_text import plain_lines
from tui.widgets.lesson_pane import LessonPage, LessonPane
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


async def test_the_italian_lesson_2_keeps_n_equals_4_whole_and_marks_the_drives_keys() -> None:
    """Its first page says "n = 4." whole; its drive page shows the keys marked at 80x24 (the
    practice box names them, the page does not say them again)."""
    from tests.tui.lesson_apps import open_page

    text = (ROOT / "lessons" / "builtin" / "it" / "02-small-boards.md").read_text("utf-8")
    app = tutor_on(text, "it")
    async with lesson_opened(app) as (pilot, screen):
        await pilot.pause()
        shown = [line.strip() for line in region_lines(app, screen.query_one(LessonPage))]
        assert any("n = 4." in line for line in shown), shown
        assert not [line for line in shown if _split(line)], shown
        pages = screen.lesson_run.lesson.pages
        drive = next(
            i
            for i, p in enumerate(pages)
            if any(q.params.get("goal") == "drive" for q in p.questions)
        )
        await open_page(pilot, screen, drive)
        await pilot.pause()
        lines = region_lines(app, screen.query_one(LessonPane))
        shown = [" ".join(line.strip("│ ") for line in lines)]
        assert re.search(r"Premi\s+\[o\] e guida", shown[0]), shown
        assert re.search(r"\[spazio\],\s+la\s+casella", shown[0]), shown
        assert "[b] se il ciclo" in shown[0] and "<kbd>" not in shown[0], shown


async def test_the_italian_index_questions_keep_i_and_j_whole_in_the_question_box() -> None:
    """Lesson 4's array-index questions, in the box under the page at 80x24: "i = 4" and
    "j = 6" are never broken across two lines."""
    from tests.tui.lesson_apps import open_page, tutor_on_builtin
    from tui.widgets.quiz_panel import QuizPanel

    app = tutor_on_builtin("4", "it")
    async with run_opened(app) as (pilot, screen, run):
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


BARE_KEY = {
    "en": re.compile(r"\b[Pp]ress [a-z]\b(?!\])"),
    "it": re.compile(r"\b[Pp]remi [a-z]\b(?!\])"),
    "pl": re.compile(r"\b[Nn]aciśnij [a-z]\b(?!\])"),
}
NOT_ON_THE_LESSON_PATH = ("Your progress in this tab",)
"""The served tutor's quit question: not on the lesson path, and its keys (d, q) are no word in
en/it/pl. The start-up notices (tui/lesson_offer.py) mark theirs, as lesson text does."""
BARE_POLISH_VARIABLE = re.compile(r"(?<![`\w])[ij] to (wiersz|kolumna)")


def _shown(value: str | tuple[str, ...]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_the_catalogs_mark_the_keys_they_ask_for(lang: str) -> None:
    bare = []
    for message in catalog(lang):
        if not message.id or str(message.id).startswith(NOT_ON_THE_LESSON_PATH):
            continue
        for text in _shown(message.id if lang == "en" else message.string):
            text = text.replace("\u00a0", " ")
            if BARE_KEY[lang].search(text) or (lang == "pl" and BARE_POLISH_VARIABLE.search(text)):
                bare.append(text[:100])
    assert not bare, bare


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_the_lessons_mark_the_keys_they_ask_for(lang: str) -> None:
    bare = []
    for lesson in load_catalog(lang).lessons:
        for page in lesson.pages:
            for block in page.blocks:
                if isinstance(block, Text):
                    text = re.sub(r"`[^`]*`", "", block.markdown).replace("\u00a0", " ")
                    bare += [f"{lesson.id}: {m.group()}" for m in BARE_KEY[lang].finditer(text)]
                    bare += [
                        f"{lesson.id}: {m.group()}"
                        for m in re.finditer(
                            r"(?<![\w<>/])[rs] (brings|runs|riporta|przywraca)", text
                        )
                    ]
    assert not bare, bare


def test_a_key_and_a_code_span_are_drawn_apart_without_colour() -> None:
    text = "Premi <kbd>o</kbd> o <kbd>s</kbd>: tu `i` to wiersz."
    console = Console(width=60, record=True, color_system=None)
    console.print(Prose(text))
    assert console.export_text().strip() == "Premi [o] o [s]: tu i to wiersz."
    styled = Console(width=60, record=True, color_system="truecolor")
    styled.print(Prose(text))
    # the code span carries a text style of its own (bold), not only a colour
    assert "\x1b[1;" in styled.export_text(styles=True)
    assert plain_lines(text) == ["Premi [o] o [s]: tu i to wiersz."]


@pytest.mark.parametrize(("lang", "keys"), [("en", "[b]"), ("it", "[b]"), ("pl", "[b]")])
def test_the_drive_prompt_marks_its_keys(lang: str, keys: str) -> None:
    """The drive question's b is the key, not the array b[]."""
    from lessons import i18n
    from lessons.parsing.parser import parse
    from lessons.quiz.pose import pose

    with i18n.speaking(lang):
        lesson = parse(
            "@lesson d\n@title D\n@page P\n@question place n=4 goal=drive\n@end\n", "d.md"
        )
        assert lesson.lesson is not None
        question = lesson.lesson.pages[0].questions[0]
        prompt = pose(question, None).prompt
        assert keys in prompt and "[o]" in prompt, prompt
