"""9 p5 "press []] to grow the board an[d] s to to"): a key
mark or code span written wrong is an error of ``lessons check`` with its line, and no built-in
lesson has one, in any language."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.checking.marks import mark_problems
from lessons.checking.validate import check_file, check_text
from lessons.model import Text
from lessons.parsing.parser import parse_file
from tests.tiers import sweep

BUILTIN = Path(__file__).resolve().parents[3] / "lessons" / "builtin"
GARBLED = (
    "@lesson t\n@title T\n@summary S\n\n@page P\nSome words.\n\n"
    "Try it: on the main screen press <kbd>`</kbd>]` to grow the board an<kbd>d</kbd> `s` to to\n"
    "the next solution.\n"
)


def test_the_garbled_key_marks_of_9_p5_are_errors_with_their_line() -> None:
    errors = check_text(GARBLED, "t.md")
    assert [e.line for e in errors] == [8, 8, 8]
    messages = " | ".join(e.message for e in errors)
    assert "<kbd>`</kbd>" in messages
    assert "<kbd>d</kbd>" in messages
    assert "backtick without its pair" in messages
    assert not any(e.warning for e in errors)


@pytest.mark.parametrize(
    "text",
    [
        "press <kbd>]</kbd> to grow the board and <kbd>s</kbd> to run on",
        "(<kbd>space</kbd>: attacked; <kbd>enter</kbd>: free), `b[k]` and `isfree`",
        "a code span `over\ntwo lines` of one paragraph",
        '```\nprintf("`");\n```\nafter the fence',
    ],
)
def test_well_formed_marks_pass(text: str) -> None:
    assert list(mark_problems(text)) == []


@pytest.mark.parametrize(
    "text",
    ["press <kbd>s to run", "press s</kbd> to run", "press <kbd> </kbd> to run", "a`b` and `c"],
)
def test_each_kind_of_broken_mark_is_found(text: str) -> None:
    assert list(mark_problems(text))


# Every run reads the Polish files: a mark is broken where a line was translated.
@pytest.mark.parametrize(
    "path",
    sweep(sorted(BUILTIN.glob("*/*.md")), everyday=sorted(BUILTIN.glob("pl/*.md"))),
    ids=lambda p: p.parent.name + "/" + p.name,
)
def test_no_built_in_lesson_has_a_broken_mark(path: Path) -> None:
    lesson = parse_file(path).lesson
    assert lesson is not None
    broken = [
        (block.line + offset, message)
        for page in lesson.pages
        for block in page.blocks
        if isinstance(block, Text)
        for offset, message in mark_problems(block.markdown)
    ]
    assert broken == []
    assert [e for e in check_file(path) if "kbd" in e.message or "backtick" in e.message] == []
