"""The lessons as Polish typography wants them (no line ends with a one-letter word, „…”
quotations), and no English or wrong word left over in Polish and Italian."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from lessons.catalog import load_catalog
from lessons.model import Text
from tests.catalogs import translated_strings
from tests.tiers import sweep
from tui.widgets.lesson_text import Prose, blocks

ROOT = Path(__file__).resolve().parents[2]
ONE_LETTER_AT_END = re.compile(r"(?:^|[\s(„»])[aiouwzAIOUWZ]$")


def _prose(lang: str) -> list[tuple[str, str]]:
    """(where, prose) of every text block of every built-in lesson in ``lang``."""
    found = []
    for lesson in load_catalog(lang).lessons:
        for number, page in enumerate(lesson.pages, start=1):
            for block in page.blocks:
                if isinstance(block, Text):
                    for part in blocks(block.markdown):
                        if part.lexer is None:
                            found.append((f"{lesson.id} p{number}", part.text))
    return found


@pytest.mark.parametrize("width", sweep([28, 33, 39, 44, 51, 58, 66, 75], everyday=[28, 44]))
def test_no_polish_line_ends_with_a_one_letter_word(width: int) -> None:
    problems = []
    for where, text in _prose("pl"):
        console = Console(width=width, record=True, color_system=None)
        console.print(Prose(text))
        for line in console.export_text().splitlines():
            if ONE_LETTER_AT_END.search(line.rstrip()):
                problems.append(f"{where} at {width}: {line.rstrip()!r}")
    assert not problems, "\n".join(problems[:20])


def test_the_pane_draws_a_no_break_space_as_a_space_and_keeps_it() -> None:
    console = Console(width=20, record=True, color_system=None)
    console.print(Prose("aaaa bbbb cccc dd w\u00a0kolumnie"))
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert lines == ["aaaa bbbb cccc dd", "w kolumnie"], lines


def test_polish_quotations_use_polish_marks() -> None:
    problems = [
        f"{where}: {line!r}"
        for where, text in _prose("pl")
        for line in text.splitlines()
        if '"' in re.sub(r"`[^`]*`", "", line)
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    ("lang", "word"),
    [
        ("pl", "kandydatury"),
        ("pl", "gotowe"),
        ("it", "Tavolozza"),
        ("it", "tavolozza"),
        ("it", "insegna queste dispense"),
    ],
)
def test_words_known_to_be_wrong_are_gone(lang: str, word: str) -> None:
    lessons = "\n".join(
        p.read_text("utf-8") for p in (ROOT / f"lessons/builtin/{lang}").glob("*.md")
    )
    strings = "\n".join(translated_strings(lang))
    assert word not in lessons
    if word != "gotowe":  # the main screen's "ready" is "gotowe": a whole word there
        assert word not in strings


def test_italian_names_isfree_as_a_function_and_polish_explains_posizioni() -> None:
    italian = " ".join(text for _where, text in _prose("it"))
    assert not re.search(r"\b[Ll]a\s+`isfree`", italian)
    polish = " ".join(text for _where, text in _prose("pl"))
    assert "`posizioni` to po włosku „pozycje”" in polish
