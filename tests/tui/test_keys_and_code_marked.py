"""Keys and code are marked apart from the words around them, in every language, without colour:
a key as ``[o]``, a code span in the code style (with its backticks in the plain tutor)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from lessons.catalog import load_catalog
from lessons.model import Text
from tests.catalogs import catalog
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import region_lines
from tui.plain.markdown_text import plain_lines
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.lesson_text import Prose

ROOT = Path(__file__).resolve().parents[2]
BARE_KEY = {
    "en": re.compile(r"\b[Pp]ress [a-z]\b(?!\])"),
    "it": re.compile(r"\b[Pp]remi [a-z]\b(?!\])"),
    "pl": re.compile(r"\b[Nn]aciśnij [a-z]\b(?!\])"),
}
NOT_ON_THE_LESSON_PATH = ("Your progress in this tab",)
"""The served tutor's quit question: not on the lesson path this issue covers, and its keys
(d, q) are no word in en/it/pl. The start-up notices (tui/lesson_offer.py) mark theirs, as
lesson text does (student walk 4, issue 39)."""
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
    assert plain_lines(text) == ["Premi [o] o [s]: tu `i` to wiersz."]


async def test_the_italian_drive_page_shows_its_keys_marked_at_80x24() -> None:
    path = ROOT / "lessons" / "builtin" / "it" / "02-small-boards.md"
    text = path.read_text("utf-8")
    head, *pages = text.split("\n@page ")
    # the keys are the practice box's to name (the page said them again, word for word)
    page = next(page for page in pages if "goal=drive" in page)
    app = tutor_on(f"{head}\n@page {page}", "it")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await pilot.pause()
        shown = " ".join(
            line.strip("│ ") for line in region_lines(app, screen.query_one(LessonPane))
        )
        assert re.search(r"Premi\s+\[o\] e guida", shown), shown
        assert re.search(r"\[spazio\],\s+la\s+casella", shown) and "[b] se il ciclo" in shown, shown
        assert "<kbd>" not in shown


@pytest.mark.parametrize(("lang", "keys"), [("en", "[b]"), ("it", "[b]"), ("pl", "[b]")])
def test_the_drive_prompt_marks_its_keys(lang: str, keys: str) -> None:
    """The drive question's b is the key, not the array b[]."""
    from lessons import i18n
    from lessons.parsing.parser import parse
    from lessons.quiz.pose import pose

    i18n.set_language(lang)
    try:
        lesson = parse(
            "@lesson d\n@title D\n@page P\n@question place n=4 goal=drive\n@end\n", "d.md"
        )
        assert lesson.lesson is not None
        question = lesson.lesson.pages[0].questions[0]
        prompt = pose(question, None).prompt
        assert keys in prompt and "[o]" in prompt, prompt
    finally:
        i18n.set_language("en")
